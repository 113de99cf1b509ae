"""Thin command-line front end over the Python API."""
