"""Importing LanceDB without paying for its REST namespace client.

`import lancedb` imports `lance_namespace`, which imports model classes of the generated REST client
`lance_namespace_urllib3_client` by their full names; that package's `__init__` also imports every API
class of the REST server (pydantic-validated methods, built at import): about 0.9 of the 2 CPU-s of
`import lancedb` on the 2-core machine, for a server a local connection never calls. Its `__init__` is
deferred (`vidmem.runtime.lazy_imports`): code that does use the REST client still gets all of it.
"""

from __future__ import annotations

from types import ModuleType

from vidmem.runtime.lazy_imports import defer_package_init

REST_CLIENT = "lance_namespace_urllib3_client"


def import_lancedb() -> ModuleType:
    defer_package_init(REST_CLIENT)
    import lancedb

    return lancedb


__all__ = ["import_lancedb"]
