"""Deferred package inits and stand-in modules: the library stays whole for code that uses those parts."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

PACKAGE = {
    "pkg/__init__.py": "import pkg.heavy\nfrom pkg.sub import VALUE\nTOP = 'from init'\n",
    "pkg/heavy.py": "LOADED = True\n",
    "pkg/sub.py": "VALUE = 42\n",
    "user.py": "from pkg.sub import VALUE\n",
}


def run(tmp_path: Path, code: str) -> str:
    for name, text in PACKAGE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    src = Path(__file__).resolve().parents[2] / "src"
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": f"{tmp_path}:{src}"}, check=True)
    return done.stdout.strip()


def test_a_deferred_init_runs_only_when_a_name_it_defines_is_asked_for(tmp_path: Path) -> None:
    out = run(tmp_path, """
        import sys
        from vidmem.runtime.lazy_imports import defer_package_init
        assert defer_package_init("pkg")
        import user
        print(user.VALUE, "pkg.heavy" in sys.modules)
        import pkg
        print(pkg.TOP, "pkg.heavy" in sys.modules, pkg.heavy.LOADED)
        assert not defer_package_init("pkg")  # already there
    """)
    assert out.splitlines() == ["42 False", "from init True True"]


def test_a_stand_in_lives_only_inside_its_block(tmp_path: Path) -> None:
    out = run(tmp_path, """
        import sys
        from vidmem.runtime.lazy_imports import defer_package_init, stand_in
        defer_package_init("pkg")
        with stand_in("pkg.sub", VALUE=-1):
            import user
        print(user.VALUE, "pkg.sub" in sys.modules)
        import pkg.sub
        print(pkg.sub.VALUE)
    """)
    assert out.splitlines() == ["-1 False", "42"]
