"""The deployment scripts under ``deploy/static/`` as modules, for tests: imported by name with their folder on
``sys.path``, as Python runs them (``python deploy/static/build.py`` puts its folder first), so their imports of
each other (``from slim import ...``) work the same in a test."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

STATIC = Path(__file__).resolve().parents[1] / "deploy" / "static"


def static_script(name: str) -> ModuleType:
    """``deploy/static/<name>.py`` imported (``build``, ``slim``)."""
    if str(STATIC) not in sys.path:
        sys.path.insert(0, str(STATIC))
    return importlib.import_module(name)
