"""Deferring the parts of a library's import that a process never uses.

Some libraries import, at `import` time, whole sub-packages that only one of their features needs (LanceDB
its REST server client, spaCy its command line): seconds of a one-shot `vidmem ask` on two cores. Two
tools, both leaving the library whole for any code that does use those parts:

- `defer_package_init(name)`: registers package `name` with its real spec and `__path__` but without running
  its `__init__`; its submodules import as usual by their full names, and the first access to a name only
  `__init__` defines runs `__init__` then.
- `stand_in(name, **attrs)` (a context manager): while it is open, module `name` is a stand-in holding only
  `attrs`; on leaving, the stand-in is removed, so a later import gets the real module.

Call them before the library is first imported (they do nothing once it is).
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

_lock = threading.Lock()


def defer_package_init(name: str) -> bool:
    """True when `name` is now registered with its `__init__` deferred (False: already imported, not
    installed, or not a package)."""
    with _lock:
        if name in sys.modules:
            return False
        spec = _spec(name)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            return False
        module = importlib.util.module_from_spec(spec)
        ran = threading.Event()
        loader = spec.loader

        def __getattr__(attr: str) -> Any:
            if attr.startswith("__") or ran.is_set():
                raise AttributeError(f"module {name!r} has no attribute {attr!r}")
            with _lock:
                if not ran.is_set():
                    ran.set()
                    loader.exec_module(module)
            if attr in module.__dict__:
                return module.__dict__[attr]
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")

        module.__getattr__ = __getattr__  # type: ignore[method-assign]
        sys.modules[name] = module
        return True


def _spec(name: str) -> ModuleSpec | None:
    """The spec of `name` without importing its parent package (`importlib.util.find_spec` would)."""
    parent, _, _ = name.rpartition(".")
    if not parent:
        return importlib.util.find_spec(name)
    if parent in sys.modules:
        return importlib.util.find_spec(name)
    above = _spec(parent)
    if above is None or above.submodule_search_locations is None:
        return None
    return PathFinder.find_spec(name, list(above.submodule_search_locations))


@contextmanager
def stand_in(name: str, **attrs: Any) -> Iterator[None]:
    """Module `name` is a stand-in holding `attrs` inside the block, unless it is already imported."""
    if name in sys.modules:
        yield
        return
    module = ModuleType(name, f"stand-in for {name} while its importer loads")
    module.__dict__.update(attrs)
    sys.modules[name] = module
    try:
        yield
    finally:
        if sys.modules.get(name) is module:
            del sys.modules[name]
        parent, _, child = name.rpartition(".")
        holder = sys.modules.get(parent)
        if holder is not None and holder.__dict__.get(child) is module:
            del holder.__dict__[child]


__all__ = ["defer_package_init", "stand_in"]
