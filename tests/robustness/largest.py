"""The largest files the loaders accept (for the benchmark and the size tests).

A real whole game's save and record (5 players, both expansions), grown to the schema's limits (5,000
log events, 5,000 decisions) and to just under :data:`~shogun_tutor.rules.savefile.MAX_BYTES`: the most
work a file can make before it is refused or accepted.
"""

from __future__ import annotations

import json
from functools import lru_cache

from shogun_tutor.bots import make_bot, play
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.record import make_record
from shogun_tutor.rules.savefile import MAX_BYTES, schema

SETUP = {"players": 5, "side": "moon", "seed": 2, "setup": "draft", "expansions": ["tenno", "samurai"]}


@lru_cache(maxsize=1)
def whole_game():
    game = new_game(players=5, side="moon", seed=2, setup="draft", expansions=("tenno", "samurai"), history=False)
    play(game, [make_bot("random", 20 + i) for i in range(5)])
    return game


def _fill(doc: dict, key: str, limit: int, pad: str | None) -> str:
    """``doc`` with its list ``key`` repeated up to ``limit`` items, then padded (a ``pad`` field) to MAX_BYTES."""
    items = doc[key]
    doc[key] = [dict(items[i % len(items)]) for i in range(limit)]
    text = json.dumps(doc, separators=(",", ":"))
    while len(text.encode()) > MAX_BYTES:  # too big with whole items: fewer items
        doc[key] = doc[key][: len(doc[key]) * 9 // 10]
        text = json.dumps(doc, separators=(",", ":"))
    if pad is not None:  # the last item takes the rest of the bytes (log events may carry any field)
        doc[key][-1][pad] = "x" * (MAX_BYTES - len(text.encode()) - len(f',"{pad}":""'))
        text = json.dumps(doc, separators=(",", ":"))
    return text


@lru_cache(maxsize=1)
def largest_save() -> str:
    """A real save whose log holds the most events the schema allows, at most MAX_BYTES long (it loads)."""
    doc = json.loads(whole_game().save())
    return _fill(doc, "log", schema()["properties"]["log"]["maxItems"], "pad")


@lru_cache(maxsize=1)
def largest_record() -> str:
    """A record with the most decisions and log events the schema allows, MAX_BYTES long (it passes the
    schema; its replay is refused at the first decision that does not fit)."""
    game = whole_game()
    doc = make_record(game, SETUP, ["random"] * 5)
    props = schema("record.schema.json")["properties"]
    _fill(doc, "decisions", props["decisions"]["maxItems"], None)
    return _fill(doc, "log", props["log"]["maxItems"], "pad")


@lru_cache(maxsize=1)
def whole_record() -> str:
    """The real record of the whole game (it replays)."""
    return json.dumps(make_record(whole_game(), SETUP, ["random"] * 5))
