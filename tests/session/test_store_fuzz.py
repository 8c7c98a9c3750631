"""The store as an input surface: every table and column changed behind the app's back (truncated, another type,
huge, deeply nested, out of range, sequence gaps, another game's code), on SQLite and on PostgreSQL.

Whatever a row holds, opening a game gives either a valid game or one of the session layer's errors with its
sentence: never a raw exception, never a game whose state breaks the engine's invariants. The cases are a fixed
list (deterministic, about 700 per store, ~20 s each); the counts are printed (``-s``) and kept in docs/sessions.md.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from shogun_tutor.rules.game import Game
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.schemas import validate_schema
from shogun_tutor.session import DamagedGame, Session, SessionError, StoreUnavailable, new_token
from shogun_tutor.session.rows import ENTRY_KINDS

SETUP = {"players": 3, "side": "sun", "seed": 5, "setup": "beginner"}
DEEP = "[" * 100_000 + "]" * 100_000
HUGE = '"' + "a" * 2_100_000 + '"'
TEXTS = ["", "{broken", "null", "[]", '"x"', "1" * 5000, DEEP, HUGE, "NaN", '{"a": 1, "a": 2}']
WRONG = ["zzz", -1, -5, 10**30, 1.5, [], {}, None, True, ["x"], 5]


def _game(store) -> tuple[Session, Session]:
    """Two stored games: one of every entry kind, with decisions before and after an undo; and a plain one."""
    host = new_token()
    a = Session.create(store, {**SETUP, "solo": False}, host, seats={1: new_token()})
    a.advance_bots(limit=4)
    a.show({"tab": "game", "chapter": "battles", "screen": 2, "step": 3, "lang": "nl"}, host)
    a.set_paused(True, host)
    a.set_paused(False, host)
    a.undo_to(2, host)
    a.advance_bots(limit=3)
    b = Session.create(store, {**SETUP, "seed": 6}, new_token())
    b.advance_bots(limit=2)
    return a, b


def _rows(store, table: str) -> list[tuple]:
    with store._transaction() as cur:
        cur.execute(f"SELECT * FROM {table}")
        return [tuple(r) for r in cur.fetchall()]


def _restore(store, saved: dict[str, list[tuple]]) -> None:
    with store._transaction() as cur:
        cur.execute("DELETE FROM entries")
        cur.execute("DELETE FROM sessions")
        cur.execute("DELETE FROM schema_version")
        for table, rows in saved.items():
            for row in rows:
                marks = ", ".join("?" * len(row))
                cur.execute(store._sql(f"INSERT INTO {table} VALUES ({marks})"), row)


def _json_variants(text: str) -> list:
    """Truncations, foreign texts, and each top-level value of the JSON object given a wrong type or range."""
    out: list = [text[: len(text) // 2], text[:1], text + "x", *TEXTS, 7, 2.5, b"\xff\xfe"]
    data = json.loads(text)
    for key in data:
        for wrong in WRONG:
            out.append(json.dumps({**data, key: wrong}))
        out.append(json.dumps({k: v for k, v in data.items() if k != key}))
    out.append(json.dumps({**data, "extra": 1}))
    if isinstance(data.get("d"), dict):
        for key in data["d"]:
            for wrong in ("zzz", -1, 10**30, None, 99):
                out.append(json.dumps({**data, "d": {**data["d"], key: wrong}}))
    return out


def _cases(a: Session, b: Session, entries: list[tuple], sessions: list[tuple]):
    """(description, SQL, parameters) for every table and column."""
    for code, setup, host, _created, _updated in sessions:
        for value in _json_variants(setup):
            yield "sessions.setup", "UPDATE sessions SET setup = ? WHERE code = ?", (value, code)
        for value in ["", "x", 5, "A" * 64, "0" * 63, b"\x00" * 64]:
            yield "sessions.host", "UPDATE sessions SET host = ? WHERE code = ?", (value, code)
        for column in ("created", "updated"):
            for value in ["x", -1, 1e300, "NaN", 10**18]:
                yield f"sessions.{column}", f"UPDATE sessions SET {column} = ? WHERE code = ?", (value, code)
        for value in ["ZZZZZZ", code.lower(), "", "A" * 5000, 7]:
            yield "sessions.code", "UPDATE sessions SET code = ? WHERE code = ?", (value, code)
        yield "sessions (row gone)", "DELETE FROM sessions WHERE code = ?", (code,)
    chosen: dict[str, tuple] = {}  # one row of each kind, and the first and last decisions of the first game
    for row in entries:
        chosen.setdefault(row[2], row)
    decisions = [r for r in entries if r[2] == "decision" and r[0] == a.code]
    chosen["first decision"], chosen["last decision"] = decisions[0], decisions[-1]
    for name, (code, seq, kind, body, nonce, _created) in sorted(chosen.items()):
        key = "WHERE code = ? AND seq = ?"
        for value in _json_variants(body):
            yield f"entries.body ({name})", f"UPDATE entries SET body = ? {key}", (value, code, seq)
        for value in [k for k in ENTRY_KINDS if k != kind] + ["weird", "", 5, None]:
            yield f"entries.kind ({name})", f"UPDATE entries SET kind = ? {key}", (value, code, seq)
        for value in [seq + 5, 0, -1, 2**62, "abc", 1.5, seq + 1000]:
            yield f"entries.seq ({name})", f"UPDATE entries SET seq = ? {key}", (value, code, seq)
        for value in [None, 5, "x" * 1000, ""]:
            yield f"entries.nonce ({name})", f"UPDATE entries SET nonce = ? {key}", (value, code, seq)
        for value in ["x", None, -1]:
            yield f"entries.created ({name})", f"UPDATE entries SET created = ? {key}", (value, code, seq)
        other = b.code if code == a.code else a.code
        for value in [other, "ZZZZZZ", code.lower()]:
            yield f"entries.code ({name})", f"UPDATE entries SET code = ? {key}", (value, code, seq)
        yield f"entries (row gone: {name})", f"DELETE FROM entries {key}", (code, seq)
    for value in ["x", 99, -1, None, 1.5]:
        yield "schema_version.version", "UPDATE schema_version SET version = ?", (value,)


def _valid(session: Session) -> bool:
    """The opened game obeys the engine's invariants and is what its stored decisions replay to."""
    state = session.game.state
    check_state(state)
    again = Game(session.game.history[0].state) if session.game.history else None
    if again is not None:
        for d in session.game.decisions:
            again.apply(d)
        if again.state.log != state.log:
            return False
    validate_schema(session.shown, "session-show.schema.json")
    return (isinstance(session.paused, bool) and session.seq >= 0
            and len(session.positions) == len(session.game.decisions)
            and all(0 <= m < len(session.game.decisions) for m in session.marks)
            and all(s.holder is None or (isinstance(s.holder, str) and len(s.holder) == 64) for s in session.seats))


def test_no_stored_row_breaks_the_app_or_opens_an_invalid_game(store, store_url):
    a, b = _game(store)
    saved = {t: _rows(store, t) for t in ("schema_version", "sessions", "entries")}
    counts: Counter = Counter()
    raw: list[str] = []
    invalid: list[str] = []
    damaged_by: Counter = Counter()
    for what, sql, params in _cases(a, b, saved["entries"], saved["sessions"]):
        counts["cases"] += 1
        try:
            with store._transaction() as cur:
                cur.execute(store._sql(sql), params)
        except StoreUnavailable:
            counts["refused by the database"] += 1
            continue
        counts["stored"] += 1
        for code in (a.code, b.code):
            try:
                session = Session.open(store, code)
            except DamagedGame as exc:
                counts["damaged"] += 1
                damaged_by[what.split(" ")[0]] += 1
                assert exc.sentence().startswith("The stored game")
                continue
            except SessionError as exc:
                counts[type(exc).__name__] += 1
                assert exc.sentence()
                continue
            except Exception as exc:  # noqa: BLE001 - what the test counts
                raw.append(f"{what} {params[0]!r:.60}: {type(exc).__name__}: {exc!s:.200}")
                continue
            try:
                ok = _valid(session)
            except Exception as exc:  # noqa: BLE001
                ok, exc_text = False, f"{type(exc).__name__}: {exc!s:.200}"
            else:
                exc_text = ""
            if ok:
                counts["opened valid"] += 1
            else:
                invalid.append(f"{what} {params[0]!r:.60} {exc_text}")
        try:
            for info in store.list_sessions():
                assert isinstance(info.created, float) and isinstance(info.code, str)
        except SessionError:
            counts["list refused"] += 1
        except Exception as exc:  # noqa: BLE001
            raw.append(f"list after {what}: {type(exc).__name__}: {exc!s:.200}")
        _restore(store, saved)
    print(f"\n{store.kind}: {dict(counts)}; damaged by column: {dict(damaged_by)}; raw {len(raw)}; invalid {len(invalid)}")
    assert raw == []
    assert invalid == []
    assert counts["cases"] > 600 and counts["stored"] > 300
    assert damaged_by["entries.body"] > 100 and damaged_by["sessions.setup"] > 20 and damaged_by["entries.seq"] > 5


@pytest.mark.parametrize("body", ["{broken", DEEP, "1" * 5000, '{"to": -5}', '{"to": 1000000000000000000000000000000}',
                                  '{"paused": "no"}'])
def test_the_issues_examples_are_damaged_games(store, body):
    """The rows of issue 51: each one a damaged game with its sentence (before: JSONDecodeError, RecursionError,
    ValueError, NothingToUndo, or accepted with a wrong meaning)."""
    a, _b = _game(store)
    kind = "pace" if "paused" in body else "undo"
    store.append(a.code, a.seq, [(kind, {"paused": True} if kind == "pace" else {"to": 1})], "n")
    with store._transaction() as cur:
        cur.execute(store._sql("UPDATE entries SET body = ? WHERE code = ? AND seq = ?"), (body, a.code, a.seq + 1))
    with pytest.raises(DamagedGame) as err:
        Session.open(store, a.code)
    assert a.code in err.value.sentence()
    with store._transaction() as cur:
        cur.execute(store._sql("UPDATE sessions SET setup = ? WHERE code = ?"), ("{broken", a.code))
    with pytest.raises(DamagedGame):
        Session.open(store, a.code)
