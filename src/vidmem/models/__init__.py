"""Models: one small Protocol per capability, their adapters, and the profiles that pick adapters.

Knows nothing about the Library.
"""
