"""Rows read from the store, checked like a save before anything uses them.

A store is a file or a database that other processes, backups, older versions or a person with ``sqlite3`` can
change, so every value read back is input: each column's type and range is checked, each JSON text is parsed by
the bounded parser (:func:`..rules.savefile.parse_json`: size and nesting depth before :func:`json.loads`, no
``NaN``, no duplicate keys), then validated by its JSON Schema (``schemas/session-setup.schema.json``, or
``schemas/session-quiz.schema.json`` for a set-up whose ``kind`` is ``"quiz"``,
``schemas/session-<kind>.schema.json`` for each entry kind). The engine's own checks come after, when the log is
replayed (:mod:`.replay`). Anything else raises :class:`~.errors.DamagedGame` naming the game and what was wrong.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..rules import errors as RE
from ..rules.savefile import MAX_BYTES, parse_json
from ..rules.schemas import validate_schema
from .codes import is_code
from .errors import DamagedGame

GAME_ENTRY_KINDS = ("decision", "undo", "seat", "pace", "show")
QUIZ_ENTRY_KINDS = ("student", "ask", "answer", "reveal")  # a class quiz's log (:mod:`.quiz`)
ENTRY_KINDS = GAME_ENTRY_KINDS + QUIZ_ENTRY_KINDS
MAX_SETUP_CHARS = MAX_BYTES + 4_096  # a set-up may hold a whole saved position ("start")
MAX_SETUP_DEPTH = 4  # the set-up is flat (the saved position inside it is a string, parsed by Game.load)
MAX_ENTRY_CHARS = 8_192  # the largest entry written: a bot's decision with its reason, ~300 characters
MAX_ENTRY_DEPTH = 4  # {"d": {...}, "reason": {...}}: two levels
MAX_NONCE = 64
MAX_SEQ = 10_000_000
_HOST = re.compile(r"[0-9a-f]{64}")


def _text(code: str, value: Any, what: str, limit: int) -> str:
    if isinstance(value, (bytes, bytearray, memoryview)):
        try:
            value = bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            raise DamagedGame(code, f"the {what} is not UTF-8 text") from None
    if not isinstance(value, str):
        raise DamagedGame(code, f"the {what} is {type(value).__name__}, not text")
    if len(value) > limit:
        raise DamagedGame(code, f"the {what} is {len(value):,} characters long; at most {limit:,} are read")
    return value


def _json(code: str, text: Any, what: str, schema: str, limit: int, depth: int) -> Any:
    text = _text(code, text, what, limit)
    try:
        data = parse_json(text, what, max_bytes=limit, max_depth=depth)
        if schema == "session-setup.schema.json" and isinstance(data, dict) and data.get("kind") == "quiz":
            schema = "session-quiz.schema.json"  # a class quiz's set-up (:mod:`.quiz`)
        validate_schema(data, schema)
    except RE.SaveFileError as exc:
        raise DamagedGame(code, f"the {what}: {exc}") from None
    return data


def _time(code: str, value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 <= value < 1e11:
        raise DamagedGame(code, f"the {what} time {str(value)[:40]!r} is not a time")
    return float(value)


def check_code(value: Any) -> str:
    """A join code as stored (a row under another text is damaged: it can be neither opened nor listed right)."""
    if not isinstance(value, str) or not is_code(value):
        raise DamagedGame(str(value)[:12], f"the code {str(value)[:40]!r} is not a join code")
    return value


def session_fields(code: str, setup: Any, host: Any, created: Any, updated: Any) -> tuple[dict, str, float, float]:
    """A ``sessions`` row's values, checked: (set-up, host hash, created, updated)."""
    setup = _json(code, setup, "set-up", "session-setup.schema.json", MAX_SETUP_CHARS, MAX_SETUP_DEPTH)
    if not isinstance(host, str) or not _HOST.fullmatch(host):
        raise DamagedGame(code, "the host's token hash is not 64 hexadecimal digits")
    return setup, host, _time(code, created, "creation"), _time(code, updated, "last change")


def entry_fields(code: str, seq: Any, kind: Any, body: Any, nonce: Any) -> tuple[int, str, dict, str]:
    """An ``entries`` row's values, checked: (seq, kind, body, nonce). The body's schema is its kind's."""
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= MAX_SEQ:
        raise DamagedGame(code, f"an entry's number {str(seq)[:40]!r} is not a whole number from 1 to {MAX_SEQ:,}")
    if kind not in ENTRY_KINDS:
        raise DamagedGame(code, f"entry {seq} has the unknown kind {str(kind)[:40]!r}")
    nonce = _text(code, nonce, f"entry {seq}'s nonce", MAX_NONCE)
    data = _json(code, body, f"entry {seq} ({kind})", f"session-{kind}.schema.json", MAX_ENTRY_CHARS, MAX_ENTRY_DEPTH)
    return seq, kind, data, nonce
