"""The app's kernel does not build jsonschema's RFC 3987 grammar (``shogun_tutor/ui/__init__.py``):
plotly's FigureWidget imports nbformat, jsonschema and, through its format checkers,
``rfc3987_syntax``, which builds a lark grammar as it is imported (~0.75 s of CPU on the click that
opens the guided game). Only the ``iri`` formats need it; the app's schemas use none."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


PROBE = """
import json, sys
import jsonschema
checker = jsonschema.FormatChecker()
print(json.dumps({"grammar": sys.modules.get("rfc3987_syntax") is not None,
                  "iri": "iri" in checker.checkers, "date": "date" in checker.checkers,
                  "bad_date_rejected": not checker.conforms("2026-13-45", "date")}))
"""


def test_the_app_kernel_opens_a_figure_without_the_iri_grammar():
    got = _run("import shogun_tutor.ui\nimport plotly.graph_objects as go\ngo.FigureWidget\n" + PROBE)
    assert got == {"grammar": False, "iri": False, "date": True, "bad_date_rejected": True}


def test_a_kernel_that_had_the_grammar_keeps_it():
    pytest.importorskip("rfc3987_syntax")  # installed with Jupyter (jupyter-events asks for it)
    got = _run("import jsonschema\nimport shogun_tutor.ui\n" + PROBE)
    assert got["grammar"] and got["iri"]


def test_the_app_schemas_ask_for_no_format():
    """If a schema of ours ever asks for a format, its checker must be there: no schema names one."""
    from importlib.resources import files

    def formats(node):
        if isinstance(node, dict):
            if isinstance(node.get("format"), str):  # the keyword (a property named "format" maps to a schema)
                yield node["format"]
            for value in node.values():
                yield from formats(value)
        elif isinstance(node, list):
            for value in node:
                yield from formats(value)

    from shogun_tutor.rulebook.scenario_schema import SCHEMA

    schemas = {p.name: json.loads(p.read_text()) for p in files("shogun_tutor").joinpath("schemas").iterdir()
               if p.name.endswith(".json")}
    assert len(schemas) >= 2
    schemas["scenario"] = SCHEMA
    for name, schema in schemas.items():
        assert list(formats(schema)) == [], name
