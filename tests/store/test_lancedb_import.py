"""LanceDB without its REST namespace client's API classes, which a local connection never uses."""

from __future__ import annotations

import json
import subprocess
import sys

_PROBE = """
import json, sys, tempfile
import pyarrow as pa
from vidmem.store.lancedb_import import import_lancedb
db = import_lancedb().connect(tempfile.mkdtemp())
table = db.create_table("t", pa.table({"id": [1, 2], "vector": [[0.0, 1.0], [1.0, 0.0]]}))
near = table.search([0.9, 0.1]).limit(1).to_list()[0]["id"]
rest_api = "lance_namespace_urllib3_client.api.table_api" in sys.modules
from lance_namespace_urllib3_client import ApiClient, TableApi  # code that does use the REST client gets it
print(json.dumps({"near": near, "rest_api_loaded": rest_api, "after": [ApiClient.__name__, TableApi.__name__]}))
"""


def test_a_local_lancedb_works_without_the_rest_client_which_stays_importable() -> None:
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=300)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found == {"near": 2, "rest_api_loaded": False, "after": ["ApiClient", "TableApi"]}
