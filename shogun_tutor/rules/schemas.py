"""The published JSON Schemas of saves and records (``shogun_tutor/schemas/``) and their validators.

Part of :mod:`.savefile` (step 2 of loading, ``docs/save-format.md``); scenario files use the same
exact-integer validator and error reporting.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from .errors import SaveFileError


@lru_cache(maxsize=None)
def _published(name: str) -> dict:
    published = json.loads(resources.files("shogun_tutor").joinpath("schemas", name).read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(published).check_schema(published)
    return published


@lru_cache(maxsize=None)
def _validator(name: str) -> jsonschema.protocols.Validator:
    return exact_validator(inline_refs(_published(name)))


def inline_refs(schema: dict) -> dict:
    """The schema with each local ``{"$ref": "#/$defs/x"}`` replaced by ``x`` itself (the schemas have no cycles).

    The same constraints, checked about three times faster: resolving a reference costs more than the check
    behind it, and a record's 5,000 decisions hold 30,000 of them (docs/save-format.md: validation time)."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(v) for v in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return walk(defs[ref[len("#/$defs/"):]])
        return {k: (v if k == "$defs" else walk(v)) for k, v in node.items()}

    return {k: v for k, v in walk(schema).items() if k != "$defs"}


def exact_validator(schema: dict) -> jsonschema.protocols.Validator:
    """A validator of ``schema`` whose ``integer`` is exactly ``int`` (not 15.0, not True); saves and scenarios."""
    base = jsonschema.validators.validator_for(schema)
    base.check_schema(schema)
    # exact types: JSON Schema counts 15.0 as an integer, Python counts True as one; a save file holds neither
    types = base.TYPE_CHECKER.redefine("integer", lambda _checker, v: type(v) is int)
    return jsonschema.validators.extend(base, type_checker=types)(schema)


def schema(name: str = "save-v2.schema.json") -> dict:
    """The published JSON Schema (``save-v2.schema.json`` or ``record.schema.json``)."""
    return _published(name)


def validate_schema(data: Any, name: str = "save-v2.schema.json") -> None:
    """Raise SaveFileError for the most relevant way ``data`` breaks the schema, with its key path."""
    problem = schema_problem(_validator(name), data)
    if problem is not None:
        raise SaveFileError(problem[1], path=problem[0])


def schema_problem(validator: jsonschema.protocols.Validator, data: Any) -> tuple[str, str] | None:
    """The most relevant way ``data`` breaks the validator's schema: (key path or ``(top level)``, problem); None if valid."""
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:
        return None
    path = "/".join(str(p) for p in error.absolute_path)
    message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
    if error.validator == "oneOf" and error.context:  # say what the closest alternative wanted
        best = jsonschema.exceptions.best_match(error.context)
        message = best.message if len(best.message) <= 160 else best.message[:157] + "..."
    return path or "(top level)", message
