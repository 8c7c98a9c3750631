"""The guided game: bots (and optionally you) play; every step is explained with its numbers.

"Next step" lets whoever must decide decide, until something happens that can
be explained; the events of that step are told in the current language and the
board shows where it happened. "Next round" and "To the end" go faster; "Undo"
takes the last step back. Choose a seat to play it yourself.

The panel is a view of a :class:`~shogun_tutor.session.Session` (``self.session``): the game, the bots,
the undo points and the learner's seat live there, and every decision is stored from the first one
(``docs/sessions.md``). The address ``?game=<code>`` (``&step=N`` when reading back) reopens it in
any kernel: :meth:`GamePanel.open_session`.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import re

import ipywidgets as w

from .. import i18n
from ..data import COMPONENTS
from ..i18n import _
from ..rules.game import Game
from ..rules.state import SEED_MAX, Decision
from ..session import Session, SessionError, new_token, shared_store
from ..viz.board import Highlight, highlight_from_event
from ..text import terms
from ..text.decisions import describe_decision
from .board_panel import BoardPanel
from .widgets.board_scroll import BoardScroll
from .widgets.choice_list import ChoiceList
from .court_panel import CourtPanel
from .planning_board import PlanningBoard, PlanningBoardWidget
from .position_view import status_html, table_html
from .save_box import SaveBox
from .seat import SeatPanel
from .tower_replay import THROW_RULES, inside_before
from .step_view import StepView

MAX_SEED = SEED_MAX  # the one seed range of the engine, saves and records (0 to 2**63 - 1)
_SEED_RE = re.compile(r"\s*([0-9]{1,19})\s*")


class SeedError(ValueError):
    """A seed the learner typed that is not a whole number from 0 to MAX_SEED."""


def parse_seed(text: str) -> int:
    """The seed in ``text``; raises :class:`SeedError` for anything else (no clamping, no guessing)."""
    m = _SEED_RE.fullmatch(text or "")
    if not m or int(m.group(1)) > MAX_SEED:
        raise SeedError(text)
    return int(m.group(1))


class GamePanel:
    """``GamePanel().widget``: a whole guided game."""

    def __init__(self, players: int = 4, side: str = "sun", seed: int = 1, on_battle: Callable[[dict], None] | None = None):
        self.on_battle = on_battle
        self.session: Session | None = None  # the game, its bots, undo points and seats (stored: docs/sessions.md)
        self.token = new_token()  # this page's device token
        self.undo_token: str | None = None  # a group's game: the device's token for the host's rights (None: ``token``)
        self.store, self.store_problem = shared_store()
        self._step_mark = False  # the next bot decision starts a step (one undo takes the step back)
        self.on_address: Callable[..., None] | None = None  # (game=code, step=N or None): the page's address follows
        self.steps = StepView(describe_decision)  # the step panel: Back/Next re-read the game's steps
        self._quiet = False  # True while texts/options are refreshed: no setting "changes"
        self.players = w.Dropdown(options=[3, 4, 5], value=players, layout=w.Layout(width="auto"),
                                  style={"description_width": "initial"})
        self.side = w.Dropdown(layout=w.Layout(width="11em"))
        self.setup = w.Dropdown(layout=w.Layout(width="13em"))
        self.seed = w.Text(value=str(seed), layout=w.Layout(width="15em"), continuous_update=False,
                           style={"description_width": "initial"})
        self.seed_error = w.HTML()
        self.seed_error.add_class("shogun-seed-error")
        self.notice = w.HTML()  # what the store or the session refused, as one sentence
        self.notice.add_class("shogun-session-notice")
        self.intro = w.HTML()  # a demonstration's opening sentence: what it shows and what to try
        self.intro.add_class("shogun-demo-intro")
        self._intro_text: Callable[[], str] | None = None  # in the current language, again after a switch
        self.seed_value = seed
        self.human = w.Dropdown(layout=w.Layout(width="11em"))
        self.tenno = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.samurai = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.new_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.next_button = w.Button(button_style="success", icon="step-forward", layout=w.Layout(width="auto"))
        self.round_button = w.Button(icon="fast-forward", layout=w.Layout(width="auto"))
        self.end_button = w.Button(layout=w.Layout(width="auto"))
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.undo_mine_button = w.Button(icon="reply", layout=w.Layout(width="auto", display="none"))
        self.battle_button = w.Button(icon="cube", layout=w.Layout(width="auto", display="none"))
        self.next_button.add_class("shogun-next")
        self.battle_button.add_class("shogun-watch-battle")
        # the learner's options as whole sentences (an attack's odds are never cut), keyboard- and screen-reader-usable
        self.choice = ChoiceList(layout=w.Layout(width="100%", max_width="100%"))
        self._plan_token: int | None = None
        self._pending_token: int | None = None  # the decision the shown play button was made for
        # the learner pressed a control of the game (Play, Next, a whole plan, Undo): once drawn, the keyboard focus
        # goes to what comes next, since the pressed control may be gone (Play is made anew for each decision) or
        # disabled (Next on the learner's turn), and a lost focus sends a keyboard user back to the page's top
        self._refocus = False
        self.play_button = self._make_play_button(None)
        self.choice_box = w.HBox([self.choice, self.play_button],
                                 layout=w.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.choice_box.add_class("shogun-game-choice")
        self.plan_board: PlanningBoardWidget | None = None
        self.plan_box = w.Box(layout=w.Layout(display="none"))
        self.status = w.HTML()
        self.status.add_class("shogun-status")
        self.table = w.HTML()
        self.table.add_class("shogun-player-table")
        self.table.tabbable = True  # it scrolls sideways on a phone: reachable by keyboard too
        self.now, self.log_box = self.steps.now, self.steps.log_box
        self.board = BoardPanel(side=side, players=players, height=440, choose_board=False)  # the game's board from the start: no rebuild before the first view
        self.seat = SeatPanel(self)  # the learner's decisions: meanings, odds, the map, hints, the season's review
        settings = w.HBox([self.players, self.side, self.setup, self.seed, self.human, self.tenno, self.samurai,
                           self.new_button, self.seed_error],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        steps = w.HBox([self.steps.back_button, self.next_button, self.round_button, self.end_button, self.undo_button,
                        self.undo_mine_button, self.battle_button],
                       layout=w.Layout(flex_flow="row wrap"))
        steps.add_class("shogun-step-buttons")
        settings.add_class("shogun-game-settings")
        self.save_box = SaveBox(lambda: self.game, self.continue_game)
        self.court = CourtPanel()  # the expansions' boards (hidden without expansions)
        # layout (CSS in app.py, "guided game layout"): side by side on a laptop, the step text scrolling beside
        # the board; on a phone the board first, then the step buttons and a step text that scrolls by itself
        reading = w.VBox([self.steps.label, self.now], layout=w.Layout(width="100%"))
        reading.add_class("shogun-step-panel")
        right = w.VBox([self.intro, self.steps.banner, self.notice, self.status, steps, self.choice_box, self.seat.widget, self.plan_box, reading,
                        self.table, self.court.widget, self.log_box, self.save_box.widget],
                       layout=w.Layout(flex="1 1 380px", min_width="0", max_width="620px"))
        right.add_class("shogun-game-side")  # hooks for the layouts (ui/app.py: guided game layout, TEACHER_CSS)
        self.scroll = BoardScroll()  # on a phone: the board box scrolls to the province a step is about
        self._scrolled: tuple | None = None  # (step, province) last brought into view
        left = w.Box([self.board.widget, self.scroll], layout=w.Layout(flex="2 1 560px", min_width="0"))
        left.add_class("shogun-game-board")
        self.widget = w.VBox([settings, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))])
        self.widget.add_class("shogun-game-panel")
        self.steps.back_button.on_click(lambda _b: self.back())
        self.steps.present_button.on_click(lambda _b: self.to_present())
        self.new_button.on_click(lambda _b: self.new_game())
        self.next_button.on_click(lambda _b: self.next_step())
        self.round_button.on_click(lambda _b: self.next_round())
        self.end_button.on_click(lambda _b: self.to_end())
        self.undo_button.on_click(lambda _b: self.undo())
        self.undo_mine_button.on_click(lambda _b: self.undo_to_my_decision())
        self.battle_button.on_click(lambda _b: self._show_battle())
        # settings take effect on change: a new game with them (the seat: at once, in this game)
        for setting in (self.players, self.setup, self.seed, self.tenno, self.samurai):
            setting.observe(lambda _c: self._setting_changed(), names="value")
        self.side.observe(lambda _c: self._side_changed(), names="value")
        self.human.observe(lambda _c: self._seat_changed(), names="value")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()
        self.new_game()

    # --- the session ---------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    @property
    def bots(self) -> list:
        return self.session.bots if self.session is not None else []

    @property
    def _marks(self) -> list[int]:
        return self.session.marks if self.session is not None else []

    @property
    def code(self) -> str | None:
        """The session's join code (``?game=<code>`` reopens this game)."""
        return self.session.code if self.session is not None else None

    def address_params(self) -> dict:
        """``{"game": code, "step": N}`` (``step`` None unless an earlier step is read again)."""
        if self.session is None:
            return {"game": None, "step": None}
        if not self.session.stored:  # a new game not played yet: nothing to reopen (it is stored at its first decision)
            return {"game": None, "step": None}
        back = self.steps.reading_back(self.game) or not self.steps.in_present(self.game)
        return {"game": self.session.code, "step": self.steps.cursor if back else None}

    def _say(self, problem: SessionError | None) -> None:
        """One sentence about what was refused (nothing changed), or nothing."""
        self.notice.value = ("<span role='alert' style='color:#b00020'>" + escape(problem.sentence()) + "</span>"
                             if problem is not None else "")

    def _adopt(self, session: Session) -> None:
        self.session = session
        self._say(None)

    def _sync_seat(self) -> None:
        """The learner's seat in the session follows the seat picker (a solo game: the page's token)."""
        s, seat = self.session, self.human.value
        if s is None:
            return
        for held in s.seats_of(self.token):
            if held != seat:
                s.release_seat(held, self.token)
        if seat is not None and seat >= 0 and s.seats_of(self.token) != [seat]:
            s.claim_seat(seat, self.token)

    def open_session(self, code: str, step: int | None = None) -> bool:
        """Continue the stored game with this code (a reload, a new kernel); ``step``: read that step again.
        A wrong code: one sentence, the current game kept."""
        try:
            session = Session.open(self.store, code)
        except SessionError as problem:
            self._say(problem)
            return False
        self._adopt(session)
        game = session.game
        self._intro_text = None  # a demonstration's opening sentence belongs to its own game (open_demo says it)
        quiet, self._quiet = self._quiet, True  # the settings show its game without starting a new one
        try:
            self.players.value, self.side.value = game.state.num_players, game.state.side
            self._setup_options(game.state.setup)
            setup = session.setup
            if "start" not in setup:
                self.seed.value, self.seed_value = str(setup["seed"]), setup["seed"]
                self.tenno.value = "tenno" in setup.get("expansions", ())
                self.samurai.value = "samurai" in setup.get("expansions", ())
        finally:
            self._quiet = quiet
        self.refresh_texts()
        humans = session.human_seats()
        quiet, self._quiet = self._quiet, True
        try:
            self.human.value = humans[0] if humans else -1
        finally:
            self._quiet = quiet
        if humans:
            try:
                session.claim_seat(humans[0], self.token)  # a solo game: the same learner on a new page
            except SessionError as problem:
                self._say(problem)
        self.steps.reset(game, at_end=True)
        self.steps.reasons = dict(session.reasons)  # the bots' reasons are stored with their decisions
        if step is not None and 0 <= step < len(self.steps.steps(game)):
            self.steps.cursor = self.steps.frontier = step  # shown as the page showed it; Next reads on from there
        self._render()
        return True

    # --- texts -----------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        quiet, self._quiet = self._quiet, True
        try:
            self._render_intro()
            self._refresh_texts()
        finally:
            self._quiet = quiet
        if self.game is not None:
            self._render()

    def _refresh_texts(self) -> None:
        side, setup, human = self.side.value or "sun", self.setup.value or "beginner", self.human.value
        self.side.options = [(terms.side_name("sun"), "sun"), (terms.side_name("moon"), "moon")]
        self.side.value = side
        self._setup_options(setup)
        self.human.options = [(_("Bots only"), -1)] + [(_("I play {colour}").format(colour=terms.colour_name(c)), i)
                                                       for i, c in enumerate(COMPONENTS.colours[: self.players.value])]
        self.human.value = human if human is not None and human < self.players.value else -1
        self.players.description = _("Players")
        self.side.tooltip, self.setup.tooltip, self.human.tooltip = _("Board side"), _("Set-up"), _("Your seat")  # their names for screen readers
        self.seed.description = _("Seed")
        self.tenno.description = _("Expansion: Tennō's Court")
        self.samurai.description = _("Expansion: Samurai")
        self.new_button.description = _("New game")
        self.next_button.description = _("Next step")
        self.round_button.description = _("Next round")
        self.end_button.description = _("To the end")
        self.undo_button.description = _("Undo a step")
        self.undo_mine_button.description = _("Back to my last decision")
        self.battle_button.description = _("Watch the battle in the tower")
        self.play_button.description = _("Play it")
        self.seat.refresh_texts()
        self.new_button.tooltip = _("Start again with these settings")

    def _setup_options(self, value: str) -> None:
        opts = [(_("Draft the provinces"), "draft")]
        if self.side.value == COMPONENTS.beginner_setup_side:
            opts.insert(0, (_("Beginner set-up"), "beginner"))
        self.setup.options = opts
        self.setup.value = value if value in [v for _l, v in opts] else opts[0][1]

    def _side_changed(self) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            self._setup_options(self.setup.value or "beginner")
        finally:
            self._quiet = False
        self._setting_changed()

    def _setting_changed(self) -> None:
        """A setting changed: a new game with it, unless the seed is not a number (then say so, keep the game)."""
        if not self._quiet:
            self.new_game()

    def _seat_changed(self) -> None:
        if not self._quiet and self.game is not None:
            try:
                self._sync_seat()
                self._say(None)
            except SessionError as problem:  # the store is down: the seat stays as it was
                self._say(problem)
                held = self.session.seats_of(self.token)
                quiet, self._quiet = self._quiet, True
                try:
                    self.human.value = held[0] if held else -1
                finally:
                    self._quiet = quiet
            if self.learner_to_decide():
                self.steps.go_last(self.game)  # your turn: the latest step, where your decision is
            self._render()

    def _read_seed(self) -> bool:
        try:
            self.seed_value = parse_seed(self.seed.value)
        except SeedError:
            self.seed_error.value = ("<span role='alert' style='color:#b00020'>" + escape(
                _("The seed must be a whole number from 0 to {max}; the game was not changed.").format(
                    max=i18n.format_number(MAX_SEED))) + "</span>")
            return False
        self.seed_error.value = ""
        return True

    # --- the game ----------------------------------------------------------------------------
    def new_game(self) -> None:
        """A new game with the settings shown; a bad seed is refused visibly and the current game kept."""
        if not self._read_seed() and self.game is not None:
            return
        n = self.players.value
        self._intro_text = None  # a demonstration's opening sentence belongs to its own game
        self.refresh_texts()
        expansions = tuple(name for name, box in (("tenno", self.tenno), ("samurai", self.samurai)) if box.value)
        seed = self.seed_value
        human = self.human.value if self.human.value is not None and 0 <= self.human.value < n else None
        setup = {"players": n, "side": self.side.value, "seed": seed, "setup": self.setup.value,
                 "expansions": list(expansions), "bots": "heuristic", "solo": True}
        # stored from its first decision (issue 20): a new game never played leaves no stored session behind
        session = Session.create(self.store, setup, self.token, seats={human: self.token} if human is not None else None,
                                 defer=True)
        self._adopt(session)
        self.steps.reset(self.game, at_end=False)  # a new game is read from its set-up
        self._render()

    def show_intro(self, text: Callable[[], str] | None) -> None:
        """An opening sentence above the game (a demonstration's), until the next game; None removes it."""
        self._intro_text = text
        self._render_intro()

    def _render_intro(self) -> None:
        text = self._intro_text() if self._intro_text is not None else ""
        self.intro.value = f"<p role='status' class='shogun-demo-intro-text'>{escape(text)}</p>" if text else ""

    def continue_game(self, game: Game, from_start: bool = False) -> None:
        """Go on with a loaded game (a save or a replayed record) in place of the current one;
        ``from_start``: show its first step (a record is read step by step, as a replay).
        It becomes a stored session of its own (its decisions stored as its first entries)."""
        self._intro_text = None  # a demonstration's opening sentence belongs to its own game (open_demo says it)
        quiet, self._quiet = self._quiet, True  # the settings show its game without starting a new one
        try:
            self.players.value, self.side.value = game.state.num_players, game.state.side
        finally:
            self._quiet = quiet
        self.refresh_texts()
        human = self.human.value if self.human.value is not None and 0 <= self.human.value < game.state.num_players else None
        seats = {human: self.token} if human is not None else None
        try:
            session = Session.adopt(self.store, game, self.token, seats=seats)
        except SessionError as problem:
            self._say(problem)
            return
        self._adopt(session)
        self.steps.reset(game, at_end=not from_start)
        self._render()

    def learner_to_decide(self) -> bool:
        who = self.game.to_decide() if self.game is not None else None
        return bool(who) and who[1] == self.human.value

    def _bot_turn(self) -> bool:
        """Apply one bot decision (stored); False when a human (or nobody) must decide."""
        who = self.game.to_decide()
        if who is None or who[1] == self.human.value:
            return False
        index = len(self.game.decisions)
        if not self.session.bot_turn(mark=self._step_mark):
            return False
        self._step_mark = False
        if index in self.session.reasons:
            position, reason = self.session.reasons[index]
            self.steps.record(index, position, reason)
        return True

    def _advance(self, done: Callable[[], bool]) -> int:
        """Let the bots decide until ``done()`` (or until the learner or nobody must decide). A store that
        cannot be written stops them: what was stored stays, the rest is said in one sentence."""
        applied = 0
        try:
            while not done() and self._bot_turn():
                applied += 1
        except SessionError as problem:
            self._say(problem)
        return applied

    def _begin_step(self) -> int:
        """A step begins: its first decision carries the undo mark."""
        self._step_mark = True
        self._refocus = True
        self._say(None)
        return len(self.game.decisions)

    @property
    def step_events(self) -> list[dict]:
        """The events of the step shown."""
        return self.steps.events(self.game) if self.game is not None else []

    @property
    def step_moves(self) -> list[tuple]:
        """(decision, reason) of the bots' decisions in the step shown."""
        return self.steps.moves(self.game) if self.game is not None else []

    def next_step(self) -> None:
        """The next step of the game: one already played is re-read; else the bots play it to its end."""
        if self.game is None:
            return
        mark = self._begin_step()
        applied = self.steps.forward(self.game, self._advance)
        self._finish_step(mark, applied)

    def back(self) -> None:
        """Read the step before again; nothing is undone."""
        self.steps.back()
        self._render()

    def to_present(self) -> None:
        """Stop reading back: the latest step and the game as it is now."""
        if self.game is not None:
            self.steps.go_last(self.game)
            self._render()

    def next_round(self) -> None:
        if self.game is None or self.game.over:
            return
        s = self.game.state
        key, mark, start = (s.year, s.season), self._begin_step(), len(s.log)
        applied = self._advance(lambda: (self.game.state.year, self.game.state.season) != key)
        self.steps.go_to_end_of_round(self.game, start)  # how the round ended; Back reads the rest of it
        self._finish_step(mark, applied)

    def to_end(self) -> None:
        if self.game is None:
            return
        mark = self._begin_step()
        applied = self._advance(lambda: False)
        self.steps.go_last(self.game)
        self._finish_step(mark, applied)

    def _make_play_button(self, token: int | None) -> w.Button:
        """A play button bound to one pending decision: a second click (a double click) finds it stale."""
        button = w.Button(button_style="warning", description=_("Play it"), layout=w.Layout(width="auto", flex="0 0 auto"))
        button.add_class("shogun-play")
        button.on_click(lambda _b: self.play_choice(token))
        return button

    def _decision_token(self) -> int | None:
        return len(self.game.decisions) if self.learner_to_decide() else None

    def play_choice(self, token: int | None = None) -> bool:
        """Apply the chosen decision, once: ``token`` is the pending decision the click was made for."""
        if self.game is None or self.choice.value is None or not self.learner_to_decide():
            return False
        if token is not None and token != self._decision_token():
            return False  # the click was for a decision already taken (a double click)
        if not self.steps.in_present(self.game):
            return False  # never against a past position: the choice is hidden while an earlier step is shown
        return self.apply_decision(self.choice.value)

    def apply_decision(self, decision: Decision) -> bool:
        """Apply one decision of the learner as one step (stored; the engine's refusal is raised as before)."""
        return self.apply_decisions([decision])

    def apply_decisions(self, decisions: list[Decision]) -> bool:
        """Apply several decisions of the learner (a whole plan) as one step: one undo takes it back.
        The engine checks them all first (its :class:`RuleViolation` is raised, nothing applied); a store
        that cannot be written: one sentence, nothing applied."""
        start = len(self.game.state.log)
        self._refocus = True
        try:
            self.session.submit(decisions, self.token, expected_seq=self.session.seq)
        except SessionError as problem:
            from ..session import IllegalDecision

            if isinstance(problem, IllegalDecision) and hasattr(problem.violation, "rule"):
                self._refocus = False  # nothing was played: the focus stays where it is
                raise problem.violation from None  # the engine's own refusal, as before the session layer
            self._say(problem)
            self._render()
            return False
        self._say(None)
        self.steps.go_to_event(self.game, start)
        self._render()
        return True

    def undo(self) -> None:
        """Take the last step back (all decisions of that step)."""
        if not self._marks or self.game is None:
            return
        self._undo_to(self._marks[-1])

    def my_last_decision(self) -> int | None:
        """The index in the game's decisions where the learner's last step of decisions made in this panel begins
        (a whole plan is one step: going back to it takes all of it back, never half a plan)."""
        seat = self.human.value
        decisions, marks = self.game.decisions, set(self._marks)
        first = self._marks[0] if self._marks else len(decisions)
        for i in range(len(decisions) - 1, first - 1, -1):
            if decisions[i].player == seat:
                while i > first and i not in marks and decisions[i - 1].player == seat:
                    i -= 1
                return i
        return None

    def back_to_mine_means_something(self) -> bool:
        """Whether *Back to my last decision* does something of its own: the page may take decisions back, it
        holds a seat that decided, and the game went on after that decision (right after it, the step's undo, or
        the host's *Undo the last decision*, does the same: the button would only repeat it)."""
        seat = self.human.value
        if self.game is None or seat is None or seat < 0 or not self.may_undo():
            return False
        start = self.my_last_decision()
        if start is None:
            return False
        decisions = self.game.decisions
        end = start
        while end + 1 < len(decisions) and decisions[end + 1].player == seat and end + 1 not in self._marks:
            end += 1  # the rest of that step (a plan)
        return end + 1 < len(decisions)

    def undo_to_my_decision(self) -> None:
        """Go back to just before the learner's last decision: the learner decides it again."""
        index = self.my_last_decision() if self.back_to_mine_means_something() else None
        if index is not None:
            self._undo_to(index)

    def may_undo(self) -> bool:
        """Whether this page may take decisions back: always in a game of its own; in a group's game only the
        host's device (:attr:`undo_token`, set by ``ui/session_view.py``), as the session allows."""
        return self.session is not None and self.session.is_host(self.undo_token or self.token)

    def _undo_to(self, decisions: int) -> None:
        self._refocus = True
        try:
            self.session.undo_to(decisions, self.undo_token or self.token)
        except SessionError as problem:
            self._say(problem)
            return
        self._say(None)
        self.steps.forget_after(decisions)
        self.steps.go_last(self.game)
        self._render()

    def _finish_step(self, mark: int, applied: int) -> None:
        self._step_mark = False  # the session marked the step's first decision
        self._render()

    # --- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        g = self.game
        step_events = self.step_events
        located = [e for e in step_events if highlight_from_event(e) is not None]
        highlight = highlight_from_event(located[-1]) if located else None
        shown = self.steps.position(g).state  # the game as it stood right after the step shown
        learner = self.learner_to_decide()
        deciding = learner and self.steps.in_present(g)  # never a decision against a past position
        if not deciding:  # first, so the banner that says a past step is shown never stands beside a decision's controls
            self.choice_box.layout.display = "none"
            self.plan_box.layout.display = "none"
            self.seat.withdraw()
        self.board.set_state(shown, highlight)
        self._scroll_to(highlight)
        self.status.value = status_html(shown)
        self.steps.render(g, seat=self.human.value, waiting=learner and not deciding)
        self.table.value = table_html(shown)
        self.court.set_state(shown, self.human.value)
        self.undo_button.disabled = not self._marks
        mine = self.back_to_mine_means_something()  # shown only where it does something no other button does
        self.undo_mine_button.layout.display = None if mine else "none"
        self.undo_mine_button.disabled = not mine
        for b in (self.next_button, self.round_button, self.end_button):
            b.disabled = g.over or learner  # on the learner's turn they would do nothing
            b.tooltip = _("Your turn: choose your decision first") if learner else ""
        if self.steps.can_go_on(g):  # a step already played lies ahead: Next re-reads it
            self.next_button.disabled, self.next_button.tooltip = False, ""
        has_battle = any(e["rule"] in ("battle.result", "battle.revolt") for e in step_events)
        self.battle_button.layout.display = None if has_battle and self.on_battle else "none"
        token = self._decision_token()
        if token != self._pending_token:
            self._pending_token = token
            old, self.play_button = self.play_button, self._make_play_button(token)
            self.choice_box.children = [self.choice, self.play_button]
            old.close()
        if deciding and g.to_decide()[0] == "plan":
            if self.plan_board is None or self.plan_board.model.game is not g or self._plan_token != token:
                self._plan_token = token
                model = PlanningBoard(g, self.human.value)
                self.plan_board = PlanningBoardWidget(model, self.apply_decisions, on_select=self._highlight)
                self.plan_box.children = [self.plan_board.widget]
            else:
                self.plan_board.render()
            self.plan_box.layout.display = None
            self.choice_box.layout.display = "none"
        elif deciding:
            self.plan_box.layout.display = "none"
            self.seat.show_options(token)  # the options with their meaning (places, attacks with odds); never empty
            self.choice.description = _("Your decision")
            self.choice_box.layout.display = None
        self.seat.render(token if deciding else None)
        if self._refocus:
            self._refocus = False
            self._focus_next(deciding)
        if self.on_address is not None:
            self.on_address(**self.address_params())

    def _focus_next(self, deciding: bool) -> None:
        """The keyboard focus on what the learner does next: Play for a decision in the list, the planning board's
        first card for a plan, else Next step (if it may be pressed)."""
        if deciding and self.choice_box.layout.display != "none":
            self.play_button.focus()
        elif deciding and self.plan_board is not None and self.plan_box.layout.display != "none":
            self.plan_board.focus()
        elif not self.next_button.disabled:
            self.next_button.focus()

    def _scroll_to(self, highlight: Highlight | None) -> None:
        """Bring the step's province into view in the board's box (once per step; the reader may scroll away)."""
        province = (highlight.target or highlight.source) if highlight else None
        key = (self.steps.cursor, province)
        if province and key != self._scrolled:
            self.scroll.show(province)
        self._scrolled = key

    def _highlight(self, province: str | None) -> None:
        self.board.set_state(self.game.state, Highlight("province", province) if province else None)

    def _show_battle(self) -> None:
        """The step's battle in the tower tab, with what lay inside the game's tower when it was thrown."""
        step = self.steps.current(self.game) if self.game is not None else None
        log = self.game.state.log if step else []
        battles = [i for i in range(step.start, step.end) if log[i]["rule"] in THROW_RULES] if step else []
        if battles and self.on_battle:
            self.on_battle(log[battles[-1]], inside_before(self.game, battles[-1]))

    def close(self) -> None:
        self._unsubscribe()
        self.seat.close()
        self.save_box.close()
        self.court.close()
        self.board.close()
        self.widget.close()
