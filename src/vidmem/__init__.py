"""vidmem: a persistent, queryable memory of very long video."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vidmem.library import Library

__all__ = ["Library"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # `from vidmem import Library` keeps working, but importing a submodule (the CLI's `--help`) does not
    # pull in the stores and their native libraries
    if name == "Library":
        from vidmem.library import Library

        return Library
    raise AttributeError(f"module 'vidmem' has no attribute {name!r}")
