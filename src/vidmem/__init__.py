"""vidmem: a persistent, queryable memory of very long video."""

from vidmem.library import Library

__all__ = ["Library"]
__version__ = "0.1.0"
