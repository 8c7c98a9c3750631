"""Seeded games and the rulebook's scenarios as canonical JSON, to show a restructure changed no behaviour.

A fixed set of games played by the random and heuristic bots (3, 4 and 5 players, both board
sides, beginner and draft set-ups, without and with each expansion), each written as its whole
record (set-up, decisions, the bots' reasons, the explanation log, scored winters, result) and
its final save; plus every prepared scenario (``data/scenarios/``): the position it builds and
the events its "try it" answer causes. Everything is canonical JSON (sorted keys, no spaces),
so the same behaviour gives the same bytes.

The strong bot is left out on purpose: its play is tuned on its own, and a change there is not
a change of the rules.

Run as a script to write the records and their digests::

    python -m tests.architecture.records OUT_DIR        # one .json per game, digests.json
    python -m tests.architecture.records --digests      # print the digests (what the test stores)

``tests/architecture/test_records.py`` re-plays every game and compares its digest with the
stored ``records_digests.json``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.record import make_record

from shogun_tutor.bots import BOTS

BOT_KINDS = ("random", "heuristic-v1", "heuristic")
MAX_DECISIONS = 20_000


def game_specs() -> list[dict]:
    """The fixed set of seeded games: every player count, side, set-up and expansion mix, both bot kinds."""
    specs = []
    n = 0
    for bot in BOT_KINDS:
        for players in (3, 4, 5):
            for side, setup in (("sun", "beginner"), ("sun", "draft"), ("moon", "draft")):
                for expansions in ((), ("tenno",), ("samurai",), ("tenno", "samurai")):
                    n += 1
                    specs.append({"bot": bot, "players": players, "side": side, "setup": setup,
                                  "expansions": list(expansions), "seed": 1000 + 37 * n})
    return specs


def spec_name(spec: dict) -> str:
    exp = "+".join(spec["expansions"]) or "base"
    return f"game-{spec['bot']}-{spec['players']}p-{spec['side']}-{spec['setup']}-{exp}-{spec['seed']}"


def canonical(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def play_spec(spec: dict) -> dict:
    game = new_game(players=spec["players"], side=spec["side"], seed=spec["seed"], setup=spec["setup"],
                    expansions=tuple(spec["expansions"]))
    bots = [BOTS[spec["bot"]](spec["seed"] * 10 + seat) for seat in range(spec["players"])]
    reasons = []
    for _ in range(MAX_DECISIONS):
        who = game.to_decide()
        if who is None:
            break
        decision, reason = bots[who[1]].decide_with_reason(game)
        reasons.append(reason.to_dict())
        game.apply(decision)
    else:  # pragma: no cover
        raise RuntimeError(f"{spec_name(spec)} did not end")
    setup = {k: spec[k] for k in ("players", "side", "seed", "setup", "expansions")}
    return {"record": make_record(game, setup, [spec["bot"]] * spec["players"]), "reasons": reasons,
            "save": json.loads(game.save())}


def play_scenario(sid: str) -> dict:
    from shogun_tutor.rulebook.scenario import load_scenario

    sc = load_scenario(sid)
    game = sc.build()
    before = json.loads(game.save())
    legal = [d.to_dict() for d in game.legal_decisions()]
    events = sc.play_answer(game)
    return {"scenario": sid, "before": before, "legal": legal, "events": events, "after": json.loads(game.save()),
            "decisions": [d.to_dict() for d in game.decisions]}


def scenario_ids() -> list[str]:
    from shogun_tutor.rulebook.scenario import scenario_ids as ids

    return list(ids())


def all_records():
    """(name, canonical bytes) of every game and every scenario, in a fixed order."""
    for spec in game_specs():
        yield spec_name(spec), canonical(play_spec(spec))
    for sid in scenario_ids():
        yield f"scenario-{sid}", canonical(play_scenario(sid))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def main(argv: list[str]) -> int:
    if argv[:1] == ["--digests"]:
        print(json.dumps({name: digest(data) for name, data in all_records()}, indent=1, sort_keys=True))
        return 0
    out = Path(argv[0]) if argv else Path("test-output/records")
    out.mkdir(parents=True, exist_ok=True)
    digests = {}
    for name, data in all_records():
        (out / f"{name}.json").write_bytes(data)
        digests[name] = digest(data)
    (out / "digests.json").write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    print(f"{len(digests)} records in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
