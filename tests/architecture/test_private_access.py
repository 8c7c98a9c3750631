"""Nothing outside :class:`.Game` and :class:`.GameState` touches an underscore name of theirs (issue 26).

Read from the source with :mod:`ast`: the underscore attributes the two classes define (methods, and
``self._x = ...`` in their bodies) are collected; then every ``x._name`` (and ``getattr(x, "_name")``,
``setattr``/``delattr``/``hasattr``) in the package outside those two class bodies fails, unless ``x`` is
``self`` of another class that defines that name itself (none does today: the test checks that the names
are the two classes' own, so an access cannot be mistaken). Covers the whole package, ``ui/tower_replay.py``
and ``rules/rewind.py`` included.

The tests are not covered: a test may set up a position with a game's private helpers, and may look
inside a game to check what its public interface promises.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "shogun_tutor"
OWNERS = {("rules/game.py", "Game"), ("rules/state.py", "GameState")}


def _files():
    return {p.relative_to(PACKAGE).as_posix(): ast.parse(p.read_text(encoding="utf-8"), str(p))
            for p in sorted(PACKAGE.rglob("*.py"))}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(cls: ast.ClassDef) -> set[str]:
    names = set()
    for node in ast.walk(cls):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node in cls.body and _private(node.name):
            names.add(node.name)
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr) and (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "copy")):
            names.add(node.attr)
    return names


def _classes(files):
    for path, tree in files.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                yield path, node


def private_names(files) -> set[str]:
    return {n for path, cls in _classes(files) if (path, cls.name) in OWNERS for n in _defined(cls)}


def accesses(files, names: set[str]) -> list[str]:
    """``path:line: expression`` of every access to one of ``names`` outside the owners' class bodies."""
    inside: set[int] = set()
    for path, cls in _classes(files):
        if (path, cls.name) in OWNERS:
            inside |= {id(n) for n in ast.walk(cls)}
    found = []
    for path, tree in files.items():
        for node in ast.walk(tree):
            if id(node) in inside:
                continue
            if isinstance(node, ast.Attribute) and node.attr in names:
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "setattr", "delattr", "hasattr") and len(node.args) >= 2
                  and isinstance(node.args[1], ast.Constant) and node.args[1].value in names):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    return sorted(found)


def test_the_private_names_are_the_game_and_states_own():
    files = _files()
    names = private_names(files)
    assert {"_history", "_sync_rng", "_log_len"} <= names
    elsewhere = {(path, cls.name, n) for path, cls in _classes(files) if (path, cls.name) not in OWNERS
                 for n in _defined(cls) & names}
    assert elsewhere == set(), "another class defines a name of the game's: rename one so accesses are unambiguous"


def test_nothing_outside_game_and_state_touches_their_private_names():
    files = _files()
    found = accesses(files, private_names(files))
    assert found == [], "private engine names used outside Game/GameState:\n" + "\n".join(found)


def test_the_check_finds_an_access():
    tree = ast.parse("def f(game):\n    return game._history, getattr(game.state, '_log_len', 0)\n")
    assert accesses({"x.py": tree}, {"_history", "_log_len"}) == [
        "x.py:2: game._history", "x.py:2: getattr(game.state, '_log_len', 0)"]
