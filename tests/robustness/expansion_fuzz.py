"""Fuzzing saves and records of games with the expansions (Tennō's Court and Samurai).

Each case is a real save (or record) mutated once: a field of ``extra`` (every path into it, each
mutation), random bit flips, or a value of any field swapped for one of another type. It must be
refused with :class:`SaveFileError` or load as a game in which the independent checker
(:mod:`.invariants`, not the loader) finds nothing, at load and after each of 12 legal decisions.
``run(cases, records, seed)`` counts the outcomes; the test runs a fixed budget and prints them,
``python -m tests.robustness.expansion_fuzz --cases 3000 --records 200`` runs more.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from shogun_tutor.rules import errors as E
from shogun_tutor.bots import make_bot, play
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.record import load_record, make_record, replay

from .invariants import problems

EXPANSIONS = ("tenno", "samurai")
#: what a field of ``extra`` becomes: other types, out of range, empty, too long, another card or seat
VALUES: list[Any] = ["abc", "5", "", True, False, None, 1.0, -1, 0, 1, 3, 5, 7, 8, 21, 22, 99, 2**63, [], [1], [[1]],
                     [5, 5, 5, 5], [None, None, None], {}, {"a": 1}, "reveal", "audience", "court"]


@lru_cache(maxsize=1)
def base_saves() -> tuple[str, ...]:
    """Saves of real games with both expansions, at every kind of decision (privilege, privilege_use, samurai...)."""
    saves: list[str] = []
    for players, side, setup, seed in ((3, "sun", "beginner", 11), (4, "moon", "draft", 12), (5, "sun", "draft", 13)):
        game = new_game(players=players, side=side, seed=seed, setup=setup, history=False, expansions=EXPANSIONS)
        bots = [make_bot("heuristic" if seed % 2 else "random", seed * 10 + i) for i in range(players)]
        seen: Counter = Counter()
        n = 0
        while not game.over:
            kind = game.to_decide()[0]
            if seen[kind] < 2 or n % 61 == 0:
                seen[kind] += 1
                saves.append(game.save())
            game.apply(bots[game.to_decide()[1]].decide(game))
            n += 1
        saves.append(game.save())
    return tuple(saves)


@lru_cache(maxsize=1)
def base_records() -> tuple[str, ...]:
    out = []
    for players, seed in ((3, 21), (5, 22)):
        game = new_game(players=players, seed=seed, history=False, expansions=EXPANSIONS)
        play(game, [make_bot("heuristic", seed * 10 + i) for i in range(players)])
        rec = make_record(game, {"players": players, "side": "sun", "seed": seed, "setup": "beginner",
                                 "expansions": list(EXPANSIONS)}, ["heuristic"] * players)
        out.append(json.dumps(rec))
    return tuple(out)


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, prefix + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _swap_type(value: Any) -> Any:
    """The same value as another JSON type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return int(value) if value.isdecimal() and len(value) < 5 else [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


def mutate(text: str, rnd: random.Random, in_extra: bool = True) -> str | bytes:
    """One mutation: of a field of ``extra`` (``in_extra``), a bit flip, or a type swap anywhere."""
    op = rnd.choice(["extra"] * 6 + ["bits", "swap"]) if in_extra else rnd.choice(["bits", "swap", "swap"])
    if op == "bits":
        raw = bytearray(text.encode())
        for _ in range(rnd.randint(1, 3)):
            raw[rnd.randrange(len(raw))] ^= 1 << rnd.randrange(8)
        return bytes(raw)
    doc = json.loads(text)
    if op == "swap":
        path = rnd.choice(paths(doc)[1:])
        parent = _get(doc, path[:-1])
        parent[path[-1]] = _swap_type(parent[path[-1]])
        return json.dumps(doc)
    if "extra" in doc:
        root = doc["extra"]
    else:  # a record: the expansions' decisions (privilege, privilege_use, samurai)
        root = [d for d in doc["decisions"] if d["kind"] in ("privilege", "privilege_use", "samurai")]
        root = rnd.choice(root) if root else doc["decisions"]
    path = rnd.choice(paths(root)[1:])
    parent = _get(root, path[:-1])
    key, value = path[-1], _get(root, path)
    how = rnd.choice(["value", "value", "drop", "number", "duplicate", "swap", "add"])
    if how == "drop":
        del parent[key]
    elif how == "number" and type(value) is int:
        parent[key] = value + rnd.choice([-7, -2, -1, 1, 2, 20])
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif how == "swap":
        parent[key] = _swap_type(value)
    elif how == "add" and isinstance(value, (dict, list)):
        if isinstance(value, dict):
            value[rnd.choice(["free_build", "zzz", "step"])] = rnd.choice(VALUES)
        else:
            value.append(copy.deepcopy(rnd.choice(VALUES)))
    else:
        parent[key] = copy.deepcopy(rnd.choice(VALUES))
    return json.dumps(doc)


def classify(text: str | bytes, rnd: random.Random, record: bool = False) -> tuple[str, str]:
    """('refused', message), ('valid', ''), ('raw', the raw error) or ('invalid', what the checker found)."""
    try:
        game = replay(load_record(text)) if record else Game.load(text)
    except E.SaveFileError as exc:
        return "refused", str(exc)
    except Exception as exc:  # noqa: BLE001 - exactly what the fuzz hunts
        return "raw", f"load: {type(exc).__name__}: {exc}"[:300]
    try:
        found = problems(game.save())
        for _ in range(0 if record else 12):
            if found or game.over:
                break
            game.apply(rnd.choice(game.legal_decisions()))
            found = problems(game.save())
        if not found and not record and Game.load(game.save()).save() != game.save():
            found = ["a save does not load as the same game"]
    except Exception as exc:  # noqa: BLE001
        return "raw", f"after loading: {type(exc).__name__}: {exc}"[:300]
    return ("invalid", "; ".join(found)[:300]) if found else ("valid", "")


def run(cases: int, records: int, seed: int = 0) -> dict[str, Counter]:
    """Count the outcomes of ``cases`` mutated saves and ``records`` mutated records; the first bad cases too."""
    rnd = random.Random(seed)
    out: dict[str, Counter] = {}
    for what, bases, n in (("saves", base_saves(), cases), ("records", base_records(), records)):
        counts: Counter = Counter()
        for _ in range(n):
            outcome, message = classify(mutate(rnd.choice(bases), rnd, in_extra=True), rnd, record=what == "records")
            counts[outcome] += 1
            if outcome in ("raw", "invalid") and counts["raw"] + counts["invalid"] <= 5:
                counts[f"first {outcome}: {message}"] += 1  # the first few, to read
        out[what] = counts
    return out


def report(result: dict[str, Counter]) -> str:
    lines = []
    for what, c in result.items():
        tried = sum(v for k, v in c.items() if k in ("refused", "valid", "raw", "invalid"))
        lines.append(f"{what}: tried {tried}, refused {c['refused']}, accepted and valid {c['valid']}, "
                     f"raw errors {c['raw']}, invalid states accepted {c['invalid']}")
        lines += [f"    {k}" for k in c if k.startswith("first ")][:5]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--records", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(report(run(args.cases, args.records, args.seed)))


if __name__ == "__main__":
    main()
