"""A game session: set-up + the ordered log of entries (decisions, undos, seats, pacing); no widgets.

The engine is deterministic, so a session is an **append-only log**: any kernel rebuilds the game by
replaying it (:meth:`Session.open`), and a device that polls (:meth:`Session.refresh`) applies only the
entries appended since it last looked. Entry kinds (``body`` is JSON):

==============  ===================================================================================
``decision``    ``{"d": Decision.to_dict(), "by": "bot"|"human", "reason": {...}|null, "mark": bool}``:
                one decision, checked by the engine before it is stored; ``mark`` starts an undo step
``undo``        ``{"to": n}``: the game goes back to its first ``n`` decisions (the host's undo). Undo is
                itself an entry: the log stays append-only, a device that missed it replays it the same
                way, and what was taken back stays readable for a teacher (no truncation, no lost row)
``seat``        ``{"seat": i, "holder": sha256(token)|null}``: a human device takes the seat, or a bot
``pace``        ``{"paused": bool}``: the host's pacing (devices wait while paused)
``show``        ``{"tab", "chapter", "screen", "demo", "step", "lang"}`` (each optional): what the host
                shows every watcher (validated: ``schemas/session-show.schema.json``)
==============  ===================================================================================

Writes use optimistic concurrency: a write names the sequence number it expects to follow
(``expected_seq``, the device's :attr:`Session.seq`); the store's unique ``(code, seq)`` lets exactly
one of two racing devices win, the other gets :class:`~.errors.StaleDecision` with the session already
refreshed to the winner's state. Nothing is applied in memory unless it was stored: a store that
cannot be written raises :class:`~.errors.StoreUnavailable` and leaves the game as it was.

Tokens: each device has its own secret token (:func:`.codes.new_token`); the store holds only its
SHA-256. The creator's token makes it the *host*. A ``solo`` session (a single learner's guided game)
has no secrets to keep: any device with its code is host and may take any seat (the code in the
address is the key, as a downloaded save was).

Modules: :mod:`.setup` (the set-up and tokens), :mod:`.replay` (applying entries), :mod:`.visibility`
(what a device may see), :mod:`.store` (the tables).

Bots: empty seats are played by bots (``setup["bots"]``, default ``heuristic``, seeded ``seed*10+seat``
as the guided game always did). A bot's decision is an entry like any other, with its reason, so a
replay never asks a bot again. A session rebuilt in another kernel makes its bots anew, seeded from
``seed``, ``seat`` and the number of decisions already made, so their next choices do not depend on
the process either.
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Iterable, Sequence

from ..rules import errors as RE
from ..bots import Reason, make_bot
from ..rules.game import Game
from ..rules.state import Decision
from . import codes
from .errors import (BadCode, BadSetup, CodeInUse, CodeNotFound, Conflict, DamagedGame, IllegalDecision, NotHost,
                     NothingToUndo, NotYourSeat, SeatTaken, StaleDecision, StoreUnavailable)
from .replay import ENTRY_KINDS, Seat, apply_entries, gc_paused
from .setup import MAX_TOKEN, check_setup, game_from_setup, initial_setup, token_hash
from .store import Entry, Store
from .visibility import HIDDEN, View, view_for

__all__ = ["ENTRY_KINDS", "HIDDEN", "MAX_BATCH", "MAX_TOKEN", "Seat", "Session", "View", "check_setup",
           "game_from_setup", "initial_setup", "token_hash"]

MAX_BATCH = 64  # decisions in one submit (a whole plan is 11 at most, with the expansions 14)


class Session:
    """A game session bound to a store. Build one with :meth:`create` or :meth:`open`."""

    def __init__(self, store: Store, code: str, setup: dict, host: str):
        self.store, self.code, self.setup, self.host = store, code, setup, host
        self.solo = bool(setup.get("solo"))
        self.game: Game = game_from_setup(setup)
        self.start_decisions = 0
        self.seq = 0  # the last entry applied
        n = self.game.state.num_players
        self.seats: list[Seat] = [Seat(i) for i in range(n)]
        self.marks: list[int] = []  # number of decisions before each step (the undo points)
        self.reasons: dict[int, tuple[int, Reason]] = {}  # decision index -> (log length when made, bot's reason)
        self.positions: list[int] = []  # the log's length when each decision was made
        self.paused = False
        self.shown: dict = {}
        self.bot_name = setup.get("bots", "heuristic")
        self.bots = [make_bot(self.bot_name, self.game.state.seed * 10 + i) for i in range(n)]
        self._listeners: list[Callable[["Session"], None]] = []
        self.stored = True  # False: a deferred session that no decision has stored yet (create(defer=True))
        self._fixed_code = True
        self._row_made = False  # the deferred session's row is in the store (its first entries not yet)
        self._unstored: list[tuple[str, dict]] = []  # its entries held here until the first decision

    # --- creating and opening ---------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, setup: dict, host_token: str, *, code: str | None = None,
               seats: dict[int, str] | None = None, defer: bool = False) -> "Session":
        """A new session in ``store``: a fresh join code, the host's token, and the given human ``seats``
        (``{seat: token}``; the rest are bots) stored as its first entries.

        ``defer``: store nothing until the first decision (a learner's *New game*: a game never played leaves
        no stored session behind). Until then :attr:`stored` is False, the seats are held here only, and the
        code is a candidate: the first decision stores the session, its seats and itself in one go (with
        another code if that one was taken meanwhile)."""
        setup = check_setup(setup)
        host = token_hash(host_token)
        if defer:
            session = cls(store, code or codes.new_code(), setup, host)
            session.stored = False
            session._fixed_code = code is not None
        else:
            session = None
            for _attempt in range(20):
                candidate = code or codes.new_code()
                try:
                    store.create_session(candidate, setup, host)
                except CodeInUse:
                    if code:
                        raise
                    continue
                session = cls(store, candidate, setup, host)
                break
            if session is None:  # pragma: no cover - 20 collisions among 148 million codes
                raise StoreUnavailable("no free join code found")
        for seat, token in sorted((seats or {}).items()):
            session.claim_seat(seat, token)
        return session

    def _store_now(self) -> None:
        """A deferred session (:meth:`create` with ``defer``) gets its row in the store, under a free code."""
        for _attempt in range(20):
            try:
                self.store.create_session(self.code, self.setup, self.host)
            except CodeInUse:
                if self._fixed_code:
                    raise
                self.code = codes.new_code()
                continue
            self._row_made = True
            return
        raise StoreUnavailable("no free join code found")  # pragma: no cover - 20 collisions among 148 million codes

    @classmethod
    def adopt(cls, store: Store, game: Game, host_token: str, *, seats: dict[int, str] | None = None,
              solo: bool = True, bots: str = "heuristic") -> "Session":
        """A new session continuing ``game`` (a loaded save, a replayed record, a demo): its position before
        its first decision becomes the set-up (the plain set-up when a new game with the same settings gives
        that very position), its decisions the first entries (one transaction). The session holds ``game``
        itself, so what the caller holds stays valid."""
        setup = {**initial_setup(game), "solo": solo, "bots": bots}
        decisions = list(game.decisions)
        session = cls.create(store, setup, host_token, seats=seats, defer=not decisions)  # stored from a first decision
        if decisions:
            session._store_only([("decision", {"d": d.to_dict(), "by": "import", "reason": None, "mark": False})
                                 for d in decisions])
        session.game = game
        session.positions = [before.log_len for before in game.history]
        session._reseed_bots()
        return session

    def _store_only(self, entries: list[tuple[str, dict]]) -> None:
        """Store entries whose effect the caller applies itself (adopt)."""
        self.store.append(self.code, self.seq, entries, secrets.token_hex(8))
        self.seq += len(entries)

    @classmethod
    def open(cls, store: Store, code: str) -> "Session":
        """The session with this code, its game rebuilt by replaying its log.

        :class:`~.errors.BadCode` for text that is no code, :class:`~.errors.CodeNotFound` for an unknown code,
        :class:`~.errors.StoreReadFailed` when the store cannot be read, :class:`~.errors.DamagedGame` when what it
        holds for this code is damaged (:mod:`.rows`: bounded, schema-checked; then the engine replays the log).
        """
        code = codes.normalize(code)
        if not codes.is_code(code):
            raise BadCode(code)
        row = store.session(code)
        if row is None:
            raise CodeNotFound(code)
        try:
            session = cls(store, code, check_setup(row.setup), row.host)
        except DamagedGame:
            raise
        except BadSetup as exc:  # the stored set-up passed its schema, but the engine refuses it
            raise DamagedGame(code, exc.detail) from None
        entries = store.entries_after(code, 0)
        with gc_paused():  # the undo history grows by a state per decision: the cyclic GC re-walked it ~3x over
            session._apply_entries(entries)
        session._reseed_bots()
        return session

    def _reseed_bots(self) -> None:
        made = len(self.game.decisions)
        seed = self.game.state.seed
        self.bots = [make_bot(self.bot_name, (seed * 10 + i) * 100_003 + made) for i in range(len(self.seats))]

    # --- who is who ---------------------------------------------------------------------------
    def is_host(self, token: str | None) -> bool:
        if self.solo:
            return True
        try:
            return token is not None and secrets.compare_digest(token_hash(token), self.host)
        except NotYourSeat:
            return False

    def seat_of(self, token: str | None) -> int | None:
        """The seat this device holds (the first one; a hot-seat device may hold several: :meth:`seats_of`)."""
        mine = self.seats_of(token)
        return mine[0] if mine else None

    def seats_of(self, token: str | None) -> list[int]:
        if token is None:
            return []
        try:
            h = token_hash(token)
        except NotYourSeat:
            return []
        return [s.seat for s in self.seats if s.holder == h]

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if not s.bot]

    def claim_seat(self, seat: int, token: str) -> None:
        """This device takes ``seat``. :class:`SeatTaken` if another device holds it (in a solo game the seat
        simply changes hands: it is the same learner on a new page)."""
        self._check_seat_number(seat)
        h = token_hash(token)
        for _attempt in range(3):
            held = self.seats[seat].holder
            if held == h:
                return
            if held is not None and not self.solo:
                raise SeatTaken(seat)
            try:
                self._write([("seat", {"seat": seat, "holder": h})])
                return
            except StaleDecision:
                continue  # refreshed: look again whether the seat is still free
        raise SeatTaken(seat)

    def release_seat(self, seat: int, token: str) -> None:
        """The device gives its seat back (a bot plays it); the host may free any seat."""
        self._check_seat_number(seat)
        if self.seats[seat].bot:
            return
        if self.seats[seat].holder != token_hash(token) and not self.is_host(token):
            raise NotYourSeat(seat)
        self._write([("seat", {"seat": seat, "holder": None})])

    def set_bot(self, seat: int, token: str) -> None:
        """The host hands a seat to a bot (the device that held it becomes a watcher)."""
        self._require_host(token, "hand a seat to a bot")
        self._check_seat_number(seat)
        if not self.seats[seat].bot:
            self._write([("seat", {"seat": seat, "holder": None})])

    def _check_seat_number(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise NotYourSeat(seat if isinstance(seat, int) else None)

    def _require_host(self, token: str | None, what: str) -> None:
        if not self.is_host(token):
            raise NotHost(what)

    # --- playing --------------------------------------------------------------------------------
    def to_decide(self) -> tuple[str, int] | None:
        return self.game.to_decide()

    def waiting_for_human(self) -> bool:
        who = self.game.to_decide()
        return who is not None and not self.seats[who[1]].bot

    def submit(self, decisions: Decision | Sequence[Decision], token: str, expected_seq: int | None = None,
               *, mark: bool = True) -> list[dict]:
        """A human device's decision(s) (a whole plan may go at once: one step, one transaction).

        Checked in this order: the device is at ``expected_seq`` (else :class:`StaleDecision`, refreshed),
        it holds the deciding seat (:class:`NotYourSeat`), the engine accepts every decision
        (:class:`IllegalDecision`), the store takes them (:class:`StaleDecision` if another device was
        first, :class:`StoreUnavailable`). Returns the log events they caused.
        """
        batch = [decisions] if isinstance(decisions, Decision) else list(decisions)
        if not batch or len(batch) > MAX_BATCH:
            raise IllegalDecision(RE.MalformedDecision(f"{len(batch)} decisions in one submission"))
        self._check_expected(expected_seq)
        h = token_hash(token)
        for d in batch:
            if not isinstance(d, Decision):
                raise IllegalDecision(TypeError(f"not a Decision: {type(d).__name__}"))
            who = d.player if isinstance(d.player, int) and 0 <= d.player < len(self.seats) else None
            if who is None or (self.seats[who].holder != h and not (self.solo and not self.seats[who].bot)):
                raise NotYourSeat(who)
        entries = [("decision", {"d": d.to_dict(), "by": "human", "reason": None, "mark": mark and i == 0})
                   for i, d in enumerate(batch)]
        start = len(self.game.state.log)
        self._write(entries, checked=True)
        return self.game.state.log[start:]

    def bot_turn(self, mark: bool = False) -> bool:
        """One bot decision, stored; False when a human (or nobody) must decide, or another device moved first."""
        who = self.game.to_decide()
        if who is None or not self.seats[who[1]].bot:
            return False
        decision, reason = self.bots[who[1]].decide_with_reason(self.game)
        body = {"d": decision.to_dict(), "by": "bot", "reason": reason.to_dict(), "mark": mark}
        try:
            self._write([("decision", body)], checked=True)
        except StaleDecision:
            return False  # another device played on; the session holds its decision now
        return True

    def advance_bots(self, done: Callable[[], bool] | None = None, limit: int | None = None) -> int:
        """Let the bots decide (each decision stored) until ``done()``, ``limit`` decisions, or a human must
        decide; the first of them starts an undo step. Returns how many were applied."""
        applied = 0
        while (done is None or not done()) and (limit is None or applied < limit):
            if not self.bot_turn(mark=applied == 0):
                break
            applied += 1
        return applied

    def bot_steps(self, done: Callable[[], bool] | None = None, *, mark: bool = False, limit: int = MAX_BATCH) -> int:
        """The bots' decisions until ``done()``, a human's turn or ``limit``, stored in one append (:mod:`.stepping`)."""
        from .stepping import bot_steps

        return bot_steps(self, done, mark=mark, limit=limit)

    def undo(self, token: str) -> None:
        """The host takes the last step back (every decision of it)."""
        self._require_host(token, "undo")
        if not self.marks:
            raise NothingToUndo()
        self.undo_to(self.marks[-1], token)

    def undo_to(self, decisions: int, token: str) -> None:
        """The host takes the game back to its first ``decisions`` decisions (an ``undo`` entry)."""
        self._require_host(token, "undo")
        if isinstance(decisions, bool) or not isinstance(decisions, int) or not self.start_decisions <= decisions < len(self.game.decisions):
            raise NothingToUndo()
        self._write([("undo", {"to": decisions})])

    def set_paused(self, paused: bool, token: str) -> None:
        self._require_host(token, "pause")
        if bool(paused) != self.paused:
            self._write([("pace", {"paused": bool(paused)})])

    def show(self, view: dict, token: str) -> None:
        """The host shows every watcher a tab, chapter and screen, a demo or a step (validated)."""
        from ..rules.savefile import validate_schema

        self._require_host(token, "show")
        try:
            validate_schema(view, "session-show.schema.json")
        except RE.SaveFileError as exc:
            raise BadSetup(str(exc)) from None
        self._write([("show", dict(view))])

    # --- other devices ------------------------------------------------------------------------
    def refresh(self) -> bool:
        """Apply what other devices appended since :attr:`seq`; True if anything changed.
        Idle, it costs one indexed query that returns no row (nothing at all for a session not stored yet)."""
        if not self.stored:
            return False
        entries = self.store.entries_after(self.code, self.seq)
        if entries:
            self._apply_entries(entries)
        return bool(entries)

    def follow(self, callback: Callable[[], None]):
        """``callback()`` (from any thread) soon after another device changes this session: a hint to
        :meth:`refresh` (:func:`.notify.subscribe`; a :class:`~.notify.Subscription`, ``close()`` ends it)."""
        return self.store.subscribe(self.code, callback)

    def on_change(self, listener: Callable[["Session"], None]) -> Callable[[], None]:
        """Call ``listener(session)`` after every change (own or pulled); returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # --- what a device may see ------------------------------------------------------------------
    def view_for(self, token: str | None) -> View:
        """The game as the device of ``token`` may see it (:func:`.visibility.view_for`: every plan card of
        another seat not turned up yet, and what the rules keep face down, is :data:`HIDDEN`)."""
        return view_for(self, token)

    # --- the log ---------------------------------------------------------------------------------
    def _check_expected(self, expected_seq: int | None) -> None:
        if expected_seq is not None and expected_seq != self.seq:
            self.refresh()
            raise StaleDecision(self, expected_seq, self.seq)

    def _write(self, entries: list[tuple[str, dict]], checked: bool = False, applied: Sequence[int] = ()) -> None:
        """Store ``entries`` after :attr:`seq` in one transaction, then apply them here.

        ``checked``: decision entries, applied to the game first (the engine's check), taken back if the
        store refuses. ``applied``: they are in the game already, made when the log had these lengths
        (:mod:`.stepping`). On a conflict the session is refreshed and :class:`StaleDecision` raised.
        """
        game = self.game
        before = len(game.decisions) - len(applied)
        positions: list[int] = list(applied)  # the log's length before each decision applied here
        if checked and not applied:
            try:
                for kind, body in entries:
                    positions.append(len(game.state.log))
                    game.apply(Decision.from_dict(body["d"]))
            except (RE.RuleViolation, TypeError, ValueError) as exc:
                while len(game.decisions) > before:
                    game.undo()
                raise IllegalDecision(exc) from None
        nonce = secrets.token_hex(8)
        if not self.stored and not any(kind == "decision" for kind, _body in entries):
            # a deferred session before its first decision: kept here until one comes (nothing stored yet)
            self._unstored.extend(entries)
            self._apply_entries([Entry(self.seq + 1 + i, kind, body, nonce) for i, (kind, body) in enumerate(entries)])
            return
        try:
            if self.stored:
                self.store.append(self.code, self.seq, entries, nonce)
            else:  # its first decision: the session, what it held here and the decision, stored now
                if not self._row_made:
                    self._store_now()
                self.store.append(self.code, 0, [*self._unstored, *entries], nonce)
                self.stored, self._unstored = True, []
        except (Conflict, StoreUnavailable) as exc:
            while len(game.decisions) > before:
                game.undo()
            if isinstance(exc, StoreUnavailable):
                raise
            expected = self.seq
            try:
                self.refresh()
            except StoreUnavailable:
                pass
            raise StaleDecision(self, expected, self.seq) from None
        self._apply_entries([Entry(self.seq + 1 + i, kind, body, nonce) for i, (kind, body) in enumerate(entries)],
                            positions=positions)

    def _apply_entries(self, entries: Iterable[Entry], positions: Sequence[int] = ()) -> None:
        """Bring the session up to ``entries`` (:func:`.replay.apply_entries`)."""
        apply_entries(self, entries, positions)

    # --- reading the log ------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """The whole stored log (for tests, the CLI and a teacher reading back); a deferred session's entries
        held here before its first decision."""
        if not self.stored:
            return [Entry(i + 1, kind, body) for i, (kind, body) in enumerate(self._unstored)]
        return self.store.entries_after(self.code, 0)

    def address(self, step: int | None = None) -> str:
        """The query that reopens this session (``game=CODE``, ``&step=N`` when reading back)."""
        return f"game={self.code}" + (f"&step={step}" if step is not None else "")
