"""The static build's Pyodide lock (deploy/static/lock.py) and the bytecode added to its wheels (precompile.py).

Small wheels are made here, so the tests need no download; ``tests/browser/test_static_site.py`` checks the real
site (its lock, its wheels and that the browser's Python runs their bytecode without compiling).
"""

from __future__ import annotations

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from tests.deploy_scripts import static_script

lock = static_script("lock")
precompile = static_script("precompile")


def make_wheel(folder: Path, name: str, version: str, requires: list[str] = (), files: dict[str, str] | None = None) -> Path:
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    entries = dict(files or {name.replace("-", "_") + "/__init__.py": ""})
    entries[f"{dist}.dist-info/METADATA"] = meta
    entries[f"{dist}.dist-info/RECORD"] = "".join(f"{n},,\n" for n in entries) + f"{dist}.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as whl:
        for n, text in entries.items():
            whl.writestr(n, text)
    return path


def test_the_lock_holds_the_closure_of_the_roots_as_the_browser_resolves_it(tmp_path):
    wheels = [
        make_wheel(tmp_path, "app", "1.0", ["lib>=2", 'term; sys_platform != "emscripten"', "fmt[color]",
                                            'old; python_version < "3.10"']),
        make_wheel(tmp_path, "lib", "1.5"), make_wheel(tmp_path, "lib", "2.1"), make_wheel(tmp_path, "lib", "3.0"),
        make_wheel(tmp_path, "fmt", "1.0", ['colors; extra == "color"', 'tests; extra == "test"']),
        make_wheel(tmp_path, "colors", "1.0"), make_wheel(tmp_path, "term", "1.0"), make_wheel(tmp_path, "old", "1.0"),
        make_wheel(tmp_path, "unused", "1.0"), make_wheel(tmp_path, "server", "1.0", ["numpy"]),
    ]
    chosen = lock.resolve(["app", "lib<3", "server"], wheels, no_deps={"server"})
    assert sorted(chosen) == ["app", "colors", "fmt", "lib", "server"]  # no marker-false, unasked or server-side deps
    assert chosen["lib"][0].name == "lib-2.1-py3-none-any.whl"  # the newest that every requirement allows
    assert chosen["app"][1] == ["fmt", "lib"] and chosen["fmt"][1] == ["colors"] and chosen["server"][1] == []


def test_a_requirement_no_shipped_wheel_meets_stops_the_build(tmp_path):
    wheels = [make_wheel(tmp_path, "app", "1.0", ["lib>=2"]), make_wheel(tmp_path, "lib", "1.0")]
    with pytest.raises(SystemExit, match="no shipped wheel meets lib>=2"):
        lock.resolve(["app"], wheels)
    wheels = [make_wheel(tmp_path, "a", "1.0", ["lib<2"]), make_wheel(tmp_path, "b", "1.0", ["lib>=2"]),
              make_wheel(tmp_path, "lib", "1.0"), make_wheel(tmp_path, "lib", "2.0")]
    with pytest.raises(SystemExit, match="does not meet"):
        lock.resolve(["a", "b"], wheels)


def test_the_lock_names_each_wheel_beside_it_with_its_hash_and_rehash_follows_a_changed_wheel(tmp_path):
    src, dest = tmp_path / "src", tmp_path / "site"
    src.mkdir(), dest.mkdir()
    npm = tmp_path / "npm-lock.json"
    npm.write_text(json.dumps({"info": {"version": "0.29.0"}, "packages": {"numpy": {}}}))
    wheels = [make_wheel(src, "My_App", "1.0", ["lib"]), make_wheel(src, "lib", "2.0")]
    lock.write_lock(npm, lock.resolve(["my-app"], wheels), dest)
    written = json.loads((dest / "pyodide-lock.json").read_text())
    assert written["info"] == {"version": "0.29.0"} and sorted(written["packages"]) == ["lib", "my-app"]
    entry = written["packages"]["my-app"]
    assert entry["file_name"] == "My_App-1.0-py3-none-any.whl" and entry["depends"] == ["lib"]
    assert entry["sha256"] == hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest()
    with zipfile.ZipFile(dest / entry["file_name"], "a") as whl:
        whl.writestr("my_app/extra.py", "x = 1\n")
    lock.rehash(dest)
    again = json.loads((dest / "pyodide-lock.json").read_text())["packages"]["my-app"]
    assert again["sha256"] == hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest() != entry["sha256"]


def test_bytecode_goes_into_the_wheel_that_holds_its_source_and_into_its_record(tmp_path):
    wheel = make_wheel(tmp_path, "pkg", "1.0", files={"pkg/__init__.py": "", "pkg/mod.py": "x = 1\n"})
    compiled = tmp_path / "compiled"
    pyc = {"pkg/__pycache__/mod.cpython-313.pyc": b"bytecode of mod",
           "pkg/__pycache__/__init__.cpython-313.pyc": b"bytecode of init",
           "other/__pycache__/mod.cpython-313.pyc": b"another wheel's"}
    for name, data in pyc.items():
        (compiled / name).parent.mkdir(parents=True, exist_ok=True)
        (compiled / name).write_bytes(data)
    before = zipfile.ZipFile(wheel).namelist()
    assert precompile.add_bytecode(wheel, compiled) == 2
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        assert set(names) == set(before) | {"pkg/__pycache__/mod.cpython-313.pyc", "pkg/__pycache__/__init__.cpython-313.pyc"}
        assert whl.read("pkg/__pycache__/mod.cpython-313.pyc") == b"bytecode of mod"
        assert whl.read("pkg/mod.py") == b"x = 1\n"  # the source stays: tracebacks keep their lines
        record = whl.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"bytecode of mod").digest()).rstrip(b"=").decode()
    assert f"pkg/__pycache__/mod.cpython-313.pyc,sha256={digest},15" in record
    assert record[-1] == "pkg-1.0.dist-info/RECORD,,"  # RECORD's own line stays last
    assert precompile.add_bytecode(make_wheel(tmp_path, "none", "1.0"), compiled) == 0
