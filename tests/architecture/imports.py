"""The package's import graph, read from the source with :mod:`ast` (nothing is imported or run).

Every ``import``/``from ... import`` counts, at module level or inside a function (an import
inside a function still ties the two modules together; it only hides the tie until run time),
except those under ``if TYPE_CHECKING:``, which never run. ``from .pkg import name`` is an arrow
to ``pkg.name`` when that is a module, else to the package ``pkg`` itself.

``python -m tests.architecture.imports [PACKAGE_PREFIX]`` prints the arrows and the loops.
"""

from __future__ import annotations

import ast
import sys
from functools import lru_cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "shogun_tutor"


def module_files() -> dict[str, Path]:
    files = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """The import nodes that run, skipping the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


UNRESOLVED: list[str] = []  # imports of the package's own modules that name no module (filled by graph())


@lru_cache(maxsize=1)
def graph() -> nx.DiGraph:
    files = module_files()
    g = nx.DiGraph()
    g.add_nodes_from(files)
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        here = mod.split(".") if is_pkg else mod.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = here[: len(here) - node.level + 1] if node.level else []
                prefix = ".".join(base + ([node.module] if node.module else []))
                if prefix.split(".")[0] == PACKAGE and prefix not in files:
                    UNRESOLVED.append(f"{mod} (line {node.lineno}): from {prefix} import ...")
                targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in files else prefix for a in node.names]
            for t in targets:
                while t and t not in files and "." in t:  # import a.b.func -> a.b
                    t = t.rsplit(".", 1)[0]
                if t in files and t != mod:
                    g.add_edge(mod, t, line=node.lineno)
    return g


def loops(prefix: str = PACKAGE) -> list[list[str]]:
    """The import loops (strongly connected groups of more than one module) among modules under ``prefix``."""
    g = graph().subgraph([m for m in graph() if m == prefix or m.startswith(prefix + ".")])
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


def arrows_from(prefix: str) -> list[tuple[str, str, int]]:
    return sorted((a, b, d["line"]) for a, b, d in graph().edges(data=True)
                  if a == prefix or a.startswith(prefix + "."))


def main(argv: list[str]) -> int:
    prefix = argv[0] if argv else PACKAGE
    for a, b, line in arrows_from(prefix):
        print(f"{a} -> {b}  (line {line})")
    for loop in loops(prefix):
        print(f"LOOP of {len(loop)}: {', '.join(loop)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
