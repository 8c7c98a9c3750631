"""Mutations of real save files and game records, as a hostile or careless user makes them.

Shared by the hypothesis fuzz tests (``test_fuzz.py``, which hands in a hypothesis-driven
``random.Random``) and the counting run (``python -m tests.robustness.fuzz_report``). Every
mutated file must be either refused with :class:`SaveFileError` or loaded as a game that
passes every invariant and plays on; :func:`classify` says which, or names the raw error.
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from typing import Any

from shogun_tutor.rules import errors as E
from shogun_tutor.bots import HeuristicBot, RandomBot, make_bot, play
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.record import load_record, make_record, replay
from shogun_tutor.rules.savefile import check_state

REPLACEMENTS: list[Any] = ["15", "", "x" * 50, 1.5, 15.0, True, False, None, -1, 0, 1, 4, 7, 10**9, -(10**9), 2**64,
                           [], {}, [1], {"a": 1}, "castle", "chest:5", "Aki", "plan", "winter", "end"]


@lru_cache(maxsize=1)
def base_saves() -> tuple[str, ...]:
    """Saves of real games at every kind of decision: draft, plan, place, moves, revolts, the end, version 1."""
    saves: list[str] = []
    for players, side, setup, seed in ((3, "sun", "beginner", 1), (4, "moon", "draft", 2), (5, "sun", "draft", 3)):
        game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
        bots = [(HeuristicBot if seed % 2 else RandomBot)(i) for i in range(players)]
        kinds_seen: set[str] = set()
        n = 0
        while not game.over:
            kind = game.to_decide()[0]
            if kind not in kinds_seen or n % 97 == 0:
                kinds_seen.add(kind)
                saves.append(game.save())
            game.apply(bots[game.to_decide()[1]].decide(game))
            n += 1
        saves.append(game.save())
    return tuple(saves)


@lru_cache(maxsize=1)
def base_records() -> tuple[str, ...]:
    out = []
    for players, side, setup, seed in ((3, "sun", "beginner", 4), (4, "moon", "draft", 5)):
        game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
        names = ["heuristic", "random"][: players] * players
        play(game, [make_bot(names[i], seed * 10 + i) for i in range(players)])
        rec = make_record(game, {"players": players, "side": side, "seed": seed, "setup": setup,
                                 "tower": game.tower_model.to_dict()}, names[:players])
        out.append(json.dumps(rec))
    return tuple(out)


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into the document (long lists: the first three items and the last)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        idx = list(range(len(doc)))
        for i in (idx[:3] + idx[-1:] if len(idx) > 4 else idx):
            out += _paths(doc[i], prefix + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _nest(depth: int) -> str:
    """JSON text nested ``depth`` levels deep (built as text: json.dumps itself would recurse)."""
    return '{"a":' * (depth // 2) + "[" * (depth - depth // 2) + "1" + "]" * (depth - depth // 2) + "}" * (depth // 2)


def mutate(text: str, rnd: random.Random) -> str | bytes:
    """One to three mutations of the JSON ``text`` (or of its bytes)."""
    op = rnd.choice(["value", "value", "value", "drop", "add", "duplicate", "swap", "number", "number",
                     "nest", "inflate", "truncate", "bytes"])
    if op == "truncate":
        return text[: rnd.randrange(len(text))]
    if op == "bytes":
        raw = bytearray(text.encode())
        for _ in range(rnd.randint(1, 3)):
            raw[rnd.randrange(len(raw))] = rnd.choice([0xFF, 0xC3, 0x00, ord("{"), ord('"'), ord("9")])
        return bytes(raw)
    doc = json.loads(text)
    nested = None
    for _ in range(rnd.randint(1, 3)):
        path = rnd.choice(_paths(doc)[1:])
        parent, key, value = _get(doc, path[:-1]), path[-1], _get(doc, path)
        if op == "value":
            _set(doc, path, copy.deepcopy(rnd.choice(REPLACEMENTS)))
        elif op == "drop":
            del parent[key]
        elif op == "add":
            if isinstance(value, dict):
                value[rnd.choice(["zzz", "phase", "seat", "kind"])] = rnd.choice(REPLACEMENTS)
            elif isinstance(value, list):
                value.append(copy.deepcopy(rnd.choice(value) if value else rnd.choice(REPLACEMENTS)))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif op == "swap":
            other = rnd.choice(_paths(doc)[1:])
            if other[: len(path)] != path and path[: len(other)] != other:
                a, b = copy.deepcopy(_get(doc, path)), copy.deepcopy(_get(doc, other))
                _set(doc, path, b)
                _set(doc, other, a)
        elif op == "number" and isinstance(value, int) and not isinstance(value, bool):
            _set(doc, path, value + rnd.choice([-100, -2, -1, 1, 2, 5, 1000]))
        elif op == "nest":
            doc = _set(doc, path, "__NEST__")
            nested = _nest(rnd.choice([5, 23, 30, 200, 5000]))
            break
        elif op == "inflate":
            _set(doc, path, rnd.choice([["Aki"] * 10**4, "x" * 10**5, list(range(10**6))]))
        if not isinstance(doc, (dict, list)) or not _paths(doc)[1:]:
            break
    text = json.dumps(doc)
    return text.replace('"__NEST__"', nested, 1) if nested else text


def play_on(game: Game, rnd: random.Random, steps: int = 12) -> None:
    """Check every invariant of a loaded game, play a few legal decisions, and save/load it again."""
    check_state(game.state)
    for _ in range(steps):
        options = game.legal_decisions()
        if game.over:
            break
        assert options, "a loaded game that is not over must offer a legal decision"
        game.apply(rnd.choice(options))
        check_state(game.state)
    again = Game.load(game.save())
    assert again.state.to_dict() == game.state.to_dict()


def classify(text: str | bytes, rnd: random.Random, record: bool = False) -> tuple[str, str]:
    """('refused', message), ('valid', '') or ('raw', description of the raw error)."""
    try:
        if record:
            game = replay(load_record(text))
        else:
            game = Game.load(text)
    except E.SaveFileError as exc:
        return "refused", str(exc)
    except Exception as exc:  # noqa: BLE001 - exactly what the fuzz hunts
        return "raw", f"load: {type(exc).__name__}: {exc}"[:300]
    try:
        if not record:
            play_on(game, rnd)
        else:
            check_state(game.state)
    except Exception as exc:  # noqa: BLE001
        return "raw", f"after loading: {type(exc).__name__}: {exc}"[:300]
    return "valid", ""
