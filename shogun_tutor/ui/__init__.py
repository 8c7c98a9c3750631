"""The app's ipywidgets panels: thin wiring between the engine, the text layer and the figures.

Importing this package also keeps one import out of the app's kernel: ``rfc3987_syntax``. plotly's
``FigureWidget`` imports plotly.io's renderers, which import nbformat, whose validator imports
jsonschema, whose format checkers import ``rfc3987_syntax`` when it is installed (jupyter-events
asks for it) — and that module builds a lark grammar of RFC 3987 as it is imported: ~0.75 s of
CPU, half of what the click that opens the guided game cost (``docs/performance.md``). It only
serves jsonschema's ``iri`` and ``iri-reference`` format checks, which nothing in the app's kernel
asks for (the save and scenario schemas use no ``format``). So, unless something imported it
already, it is marked as not importable: jsonschema then registers every other format checker as
usual (``tests/ui/test_lean_kernel.py``).
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)
