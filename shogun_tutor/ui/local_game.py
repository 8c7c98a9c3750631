"""The static build's guided game, kept in the visitor's browser: it survives a reload and goes on from its address.

On a server the guided game is a stored session and ``?game=CODE`` opens it again. In the static build the
store is in the page's memory (``session/memory.py``), gone with a reload; so after each step the page keeps the
session in its ``localStorage`` (through :class:`.widgets.address.Address`), as one JSON text: its store rows::

    {"format": "shogun-tutor-kept-game", "version": 1, "code": "K7P2QX", "setup": {...}, "host": "<sha-256>",
     "created": t, "updated": t, "entries": [[1, "decision", {...}, "nonce"], ...]}

A reload with ``?game=K7P2QX`` puts those rows back into the memory store and opens the session as a server opens
a stored one: every step can be read again, ``&step=N`` too. What the browser gives back is read like every
stored game: bounded (:data:`.widgets.address.MAX_KEPT` characters, ``rules/savefile.parse_json``'s size and
depth), each row checked by ``session/rows.py`` (the set-up's and each entry's schema), then the decisions
replayed by the rules (``Session.open``). A text that fails is not restored: the link's code is then unknown,
and the page says so as for any unknown code.
"""

from __future__ import annotations

import json
import os

from .widgets.address import MAX_KEPT

FORMAT = "shogun-tutor-kept-game"
VERSION = 1
MAX_ENTRIES = 20_000  # a whole game has a few hundred
STATIC_ENV = "SHOGUN_TUTOR_STATIC"  # set by the static build's first cell (deploy/static/build.py)


def in_static_build() -> bool:
    """Whether the app runs from the static build (Python in the browser, no server keeps games)."""
    return os.environ.get(STATIC_ENV) == "1"


def kept_text(store, code: str) -> str:
    """The text the page keeps for the session ``code`` of ``store`` ("" when the store has no such session)."""
    row = store.session(code)
    if row is None:
        return ""
    entries = [[e.seq, e.kind, e.body, e.nonce] for e in store.entries_after(code, 0)]
    return json.dumps({"format": FORMAT, "version": VERSION, "code": code, "setup": row.setup, "host": row.host,
                       "created": row.created, "updated": row.updated, "entries": entries}, separators=(",", ":"))


def kept_rows(text: str | None, code: str) -> tuple[tuple, list[tuple]] | None:
    """The session row and entry rows kept as ``text``, checked, if they are the game ``code``; else None."""
    from ..rules.errors import SaveFileError
    from ..rules.savefile import parse_json  # (jsonschema: imported when a kept game is first read)
    from ..session.errors import SessionError
    from ..session.rows import entry_fields, session_fields

    if not text or len(text) > MAX_KEPT:
        return None
    try:
        data = parse_json(text, "game kept in this browser", max_bytes=MAX_KEPT, max_depth=8)
        if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == VERSION
                and data.get("code") == code and isinstance(data.get("entries"), list)
                and len(data["entries"]) <= MAX_ENTRIES):
            return None
        setup, host, created, updated = session_fields(code, json.dumps(data.get("setup")), data.get("host"),
                                                       data.get("created"), data.get("updated"))
        entries = []
        for i, raw in enumerate(data["entries"]):
            if not (isinstance(raw, list) and len(raw) == 4) or raw[0] != i + 1:
                return None
            entries.append(entry_fields(code, raw[0], raw[1], json.dumps(raw[2]), raw[3]))
    except (SaveFileError, SessionError, TypeError, ValueError):
        return None
    return (setup, host, created, updated), entries


def keep(address, panel) -> None:
    """After a step of the guided game ``panel``: keep its session in the page (the static build only)."""
    if in_static_build() and panel.session is not None:
        address.keep_game(kept_text(panel.session.store, panel.session.code))


def restore_kept(address, store, code: str) -> bool:
    """Put the session ``code`` this page keeps back into ``store`` (the static build's, in memory); False when
    the page keeps no valid session of that code. Opening it then replays its decisions (``Session.open``)."""
    if not in_static_build() or store.session(code) is not None:
        return False
    rows = kept_rows(address.kept, code)
    if rows is None:
        return False
    (setup, host, created, updated), entries = rows
    store.create_session(code, setup, host, now=created)
    for seq, kind, body, nonce in entries:
        store.append(code, seq - 1, [(kind, body)], nonce, now=updated)
    return True
