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

Bots: empty seats are played by bots (``setup["bots"]``, default ``heuristic``, seeded ``seed*10+seat``
as the guided game always did). A bot's decision is an entry like any other, with its reason, so a
replay never asks a bot again. A session rebuilt in another kernel makes its bots anew, seeded from
``seed``, ``seat`` and the number of decisions already made, so their next choices do not depend on
the process either.
"""

from __future__ import annotations

import gc
import hashlib
import json
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..rules import errors as RE
from ..bots import Reason, make_bot
from ..rules.game import Game, new_game
from ..rules.state import Decision, GameState
from ..rules.tower import TowerState
from . import codes
from .errors import (BadCode, BadSetup, CodeInUse, CodeNotFound, Conflict, IllegalDecision, NotHost,
                     NothingToUndo, NotYourSeat, SeatTaken, StaleDecision, StoreUnavailable)
from .store import Entry, Store

HIDDEN = "?"  # a plan card another seat may not see yet
ENTRY_KINDS = ("decision", "undo", "seat", "pace", "show")
MAX_TOKEN = 200
MAX_BATCH = 64  # decisions in one submit (a whole plan is 11 at most, with the expansions 14)


def token_hash(token: str) -> str:
    """What the store keeps of a device's token."""
    if not isinstance(token, str) or not 8 <= len(token) <= MAX_TOKEN:
        raise NotYourSeat(None)
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_setup(setup: Any) -> dict:
    """The set-up as stored, or :class:`BadSetup` (JSON Schema ``session-setup.schema.json``, then the engine)."""
    from ..rules.savefile import validate_schema

    try:
        validate_schema(setup, "session-setup.schema.json")
    except RE.SaveFileError as exc:
        raise BadSetup(str(exc)) from None
    return json.loads(json.dumps(setup))


def game_from_setup(setup: dict) -> Game:
    """The game before its first decision: a new game, or the saved position ``setup["start"]`` (a demo, a load)."""
    try:
        if setup.get("start"):
            return Game.load(setup["start"])
        return new_game(players=setup["players"], side=setup["side"], seed=setup["seed"], setup=setup["setup"],
                        expansions=tuple(setup.get("expansions", ())))
    except (RE.SetupError, RE.SaveFileError, KeyError, TypeError, ValueError) as exc:
        raise BadSetup(str(exc)) from None


def initial_setup(game: Game) -> dict:
    """The set-up that rebuilds ``game`` before its first decision (see :meth:`Session.adopt`)."""
    from ..rules.tower import tower_model_from_dict

    s = game.state
    if game.decisions:
        history = game.history
        if len(history) != len(game.decisions):
            raise BadSetup("the game's history does not reach back to its first decision")
        before = history[0]
        first = Game(before.state.copy_with_log(s.log[:before.log_len]), tower=tower_model_from_dict(before.tower_model))
    else:
        first = game
    params = {"players": s.num_players, "side": s.side, "seed": s.seed, "setup": s.setup,
              "expansions": list(s.rules.expansions)}
    text = first.save()
    if game.started_at == 0:
        try:
            if new_game(players=s.num_players, side=s.side, seed=s.seed, setup=s.setup,
                        expansions=tuple(s.rules.expansions)).save() == text:
                return params
        except (RE.SetupError, ValueError):
            pass
    return {**params, "start": text}


@dataclass(frozen=True)
class Seat:
    """A seat: played by a bot (``holder`` None) or by the device whose token hashes to ``holder``."""

    seat: int
    holder: str | None = None

    @property
    def bot(self) -> bool:
        return self.holder is None


@dataclass(frozen=True)
class View:
    """What one device may see: its seat (None: a watcher), whether it is the host, and the game's state
    with every plan card it may not see yet replaced by :data:`HIDDEN` (state, log and decisions)."""

    seat: int | None
    host: bool
    state: GameState
    log: list
    decisions: list
    seq: int
    paused: bool
    shown: dict


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

        :class:`~.errors.BadCode` for text that is no code, :class:`~.errors.CodeNotFound` for an unknown code.
        """
        code = codes.normalize(code)
        if not codes.is_code(code):
            raise BadCode(code)
        row = store.session(code)
        if row is None:
            raise CodeNotFound(code)
        session = cls(store, code, check_setup(row.setup), row.host)
        entries = store.entries_after(code, 0)
        with _gc_paused():  # the undo history grows by a state per decision: the cyclic GC re-walked it ~3x over
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

    def on_change(self, listener: Callable[["Session"], None]) -> Callable[[], None]:
        """Call ``listener(session)`` after every change (own or pulled); returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # --- what a device may see ------------------------------------------------------------------
    def view_for(self, token: str | None) -> View:
        """The game as the device of ``token`` may see it: every plan card of another seat that the game has
        not turned up yet is :data:`HIDDEN` (in the players' plans, in the log's ``plan.done`` and in the
        decisions); so are what the rules keep face down from everyone (:func:`_hide_secrets`: the decks'
        order, the cubes lodged in the tower, the random generator, the court cards other seats keep).
        A hot-seat device sees the plans of all seats it holds; a watcher sees only public facts."""
        mine = set(self.seats_of(token))
        state = self.game.state.snapshot()
        log = self.game.state.log
        start = _round_start(log)
        up = _face_up_fields(log, start)

        def secret(field: str | None, card: object) -> bool:
            return up is not None and card is not None and field not in up

        for pl in state.players:
            if pl.seat not in mine:
                pl.plan = {f: (HIDDEN if secret(f, c) else c) for f, c in pl.plan.items()}
        public_log = []
        for i, e in enumerate(log):
            if e.get("rule") == "plan.done" and i >= start and e.get("player") not in mine:
                e = {**e, "plan": {f: (HIDDEN if secret(f, c) else c) for f, c in e.get("plan", {}).items()}}
            if "throw" in e:  # each cube's path through the tower: where those that stayed inside lie
                e = {k: v for k, v in e.items() if k != "throw"}
            public_log.append(e)
        state.log = public_log
        _hide_secrets(state, mine)
        decisions = []
        for i, d in enumerate(self.game.decisions):
            made = self.positions[i] if i < len(self.positions) else len(log)
            if d.kind == "plan" and d.player not in mine and made >= start and secret(d.field, d.card):
                d = Decision(d.kind, d.player, field=d.field, card=HIDDEN)
            decisions.append(d)
        return View(seat=min(mine) if mine else None, host=self.is_host(token), state=state, log=public_log,
                    decisions=decisions, seq=self.seq, paused=self.paused, shown=dict(self.shown))

    # --- the log ---------------------------------------------------------------------------------
    def _check_expected(self, expected_seq: int | None) -> None:
        if expected_seq is not None and expected_seq != self.seq:
            self.refresh()
            raise StaleDecision(self, expected_seq, self.seq)

    def _write(self, entries: list[tuple[str, dict]], checked: bool = False) -> None:
        """Store ``entries`` after :attr:`seq` in one transaction, then apply them here.

        ``checked``: decision entries, applied to the game first (the engine's check), taken back if the
        store refuses. On a conflict the session is refreshed and :class:`StaleDecision` raised.
        """
        game = self.game
        before = len(game.decisions)
        positions: list[int] = []  # the log's length before each decision applied here
        if checked:
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
        """Bring the session up to ``entries``; ``positions``: the first decisions among them are in the game
        already (applied by :meth:`_write`), made when the log had these lengths."""
        game = self.game
        done = list(positions)
        index = len(game.decisions) - len(done)
        for entry in entries:
            if entry.seq != self.seq + 1:
                raise BadSetup(f"the log jumps from entry {self.seq} to {entry.seq}")
            try:
                index = self._apply_entry(entry, done, index)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                raise BadSetup(f"entry {entry.seq} is malformed: {type(exc).__name__}: {exc}") from None
            self.seq = entry.seq
        for listener in list(self._listeners):
            listener(self)

    def _apply_entry(self, entry: Entry, done: list[int], index: int) -> int:
        """One entry (see :meth:`_apply_entries`); returns the index of the next decision."""
        game = self.game
        body = entry.body
        if entry.kind == "decision":
            if done:
                position = done.pop(0)
            else:
                index = len(game.decisions)
                position = len(game.state.log)
                try:
                    game.apply(Decision.from_dict(body["d"]))
                except (RE.RuleViolation, TypeError, ValueError, KeyError) as exc:
                    raise BadSetup(f"entry {entry.seq} does not replay: {exc}") from None
            del self.positions[index:]
            self.positions.append(position)
            if body.get("mark"):
                self.marks.append(index)
            if body.get("reason"):
                raw = dict(body["reason"])
                self.reasons[index] = (position, Reason(raw.pop("kind"), **raw))
            index += 1
        elif entry.kind == "undo":
            to = body["to"]
            while len(game.decisions) > to:
                game.undo()
            self.marks = [m for m in self.marks if m < to]
            del self.positions[to:]
            self.reasons = {i: r for i, r in self.reasons.items() if i < to}
        elif entry.kind == "seat":
            seat, holder = body["seat"], body.get("holder")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats) or not (
                    holder is None or isinstance(holder, str)):
                raise ValueError(f"no such seat {seat!r}")
            self.seats[seat] = Seat(seat, holder)
        elif entry.kind == "pace":
            self.paused = bool(body.get("paused"))
        elif entry.kind == "show":
            self.shown = dict(body)
        else:
            raise BadSetup(f"entry {entry.seq} has an unknown kind {entry.kind!r}")
        return index

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


@contextmanager
def _gc_paused():
    """Pause Python's cyclic garbage collector while a log is replayed (nothing cyclic is made there to be
    freed; the collections are only the cost of walking the growing history again and again)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _hide_secrets(state: GameState, mine: set[int]) -> None:
    """Replace in ``state`` (a snapshot: its own lists) what the rules keep face down from the device holding the
    seats ``mine``: each face-down card or cube becomes :data:`HIDDEN`, so how many there are stays public.

    * the event deck, the draft's province deck and the court's privilege deck (face down; their order decides
      what comes next); the province cards nobody holds are a set everyone sees on the board, kept in a sorted
      order (the pile's order is not shown);
    * the cubes lodged in the battle tower (nobody sees inside; the tray is public), and in the log each throw's
      cube paths (:meth:`Session.view_for` drops them; what came out and how many stayed inside remain);
    * the random generator's state (it foretells every draw and throw);
    * the privilege cards another seat keeps for later (its own: shown to it).
    """
    state.rng_state = None
    state.event_deck = [HIDDEN] * len(state.event_deck)
    state.card_supply = sorted(state.card_supply)
    state.draft.deck = [HIDDEN] * len(state.draft.deck)
    state.tower = TowerState([[HIDDEN] * len(level) for level in state.tower.levels], list(state.tower.tray))
    court = state.extra.get("tenno")
    if isinstance(court, dict):
        court = dict(court)
        if isinstance(court.get("deck"), list):
            court["deck"] = [HIDDEN] * len(court["deck"])
        if isinstance(court.get("kept"), list):
            court["kept"] = [list(k) if seat in mine else [HIDDEN] * len(k) for seat, k in enumerate(court["kept"])]
        state.extra = {**state.extra, "tenno": court}


def _round_start(log: list[dict]) -> int:
    """Index of the current round's first event (its planning starts there)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("rule") == "round.start":
            return i
    return 0


def _face_up_fields(log: list[dict], start: int) -> set[str] | None:
    """Plan fields of the current round whose cards the game has turned up (all once the round ended)."""
    shown: set[str] = set()
    for e in log[start:]:
        rule = e.get("rule")
        if rule == "action.reveal":
            shown.add(e.get("action"))
        elif rule == "order.bids":
            shown.add("bid")
        elif rule == "round.end":
            return None  # the round is over: every card of it has been seen
    return shown
