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


import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..rules.game import Game
from ..session import (BadCode, CodeNotFound, Session, SessionError, StepNotFound, StoreReadFailed, new_token,
                        shared_store)
from ..viz.board import Highlight, highlight_from_event
from ..text.decisions import describe_decision
from .board_panel import BoardPanel
from .widgets.announce import Announcer
from .widgets.board_scroll import BoardScroll
from .widgets.choice_list import ChoiceList
from .court_panel import CourtPanel
from .game_moves import GameMoves
from .game_settings import MAX_SEED, GameSettings, SeedError, parse_seed
from .planning_board import PlanningBoard, PlanningBoardWidget
from .position_view import status_html, table_html
from .save_box import SaveBox
from .screen_reader import spoken_text
from .seat import SeatPanel
from .tower_replay import THROW_RULES, inside_before
from .step_view import StepView

__all__ = ["GamePanel", "MAX_SEED", "SeedError", "parse_seed"]


class GamePanel(GameSettings, GameMoves):
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
        settings = self._build_settings(players, seed)  # players, side, set-up, seed, seat, expansions, New game
        self.notice = w.HTML()  # what the store or the session refused, as one sentence
        self.notice.add_class("shogun-session-notice")
        self.store_notice = w.HTML()  # while the configured store cannot be opened: games are not stored (issue 51)
        self.store_notice.add_class("shogun-store-notice")
        self.intro = w.HTML()  # a demonstration's opening sentence: what it shows and what to try
        self.intro.add_class("shogun-demo-intro")
        self._intro_text: Callable[[], str] | None = None  # in the current language, again after a switch
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
        steps = w.HBox([self.steps.back_button, self.next_button, self.round_button, self.end_button, self.undo_button,
                        self.undo_mine_button, self.battle_button],
                       layout=w.Layout(flex_flow="row wrap"))
        steps.add_class("shogun-step-buttons")
        self.save_box = SaveBox(lambda: self.game, self.continue_game)
        self.court = CourtPanel()  # the expansions' boards (hidden without expansions)
        # layout (CSS in app.py, "guided game layout"): side by side on a laptop, the step text scrolling beside
        # the board; on a phone the board first, then the step buttons and a step text that scrolls by itself
        self.announcer = Announcer()  # each step's text, spoken by screen readers (a polite live region)
        self._announced: tuple | None = None  # (step, steps) last announced
        reading = w.VBox([self.steps.label, self.now, self.announcer], layout=w.Layout(width="100%"))
        reading.add_class("shogun-step-panel")
        right = w.VBox([self.store_notice, self.intro, self.steps.banner, self.notice, self.status, steps, self.choice_box, self.seat.widget, self.plan_box, reading,
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
        self.next_button.on_click(lambda _b: self.next_step())
        self.round_button.on_click(lambda _b: self.next_round())
        self.end_button.on_click(lambda _b: self.to_end())
        self.undo_button.on_click(lambda _b: self.undo())
        self.undo_mine_button.on_click(lambda _b: self.undo_to_my_decision())
        self.battle_button.on_click(lambda _b: self._show_battle())
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
        return {"game": self.session.code, "step": self.steps.cursor + 1 if back else None}  # 1-based, as documented

    def _say(self, problem: SessionError | None) -> None:
        """One sentence about what was refused (nothing changed), or nothing."""
        self.notice.value = ("<span role='alert' style='color:#b00020'>" + escape(problem.sentence()) + "</span>"
                             if problem is not None else "")

    def _current_store(self):
        """The store for a game started or opened now: while the configured one could not be opened, it is asked
        again (:func:`shared_store` retries every few seconds), so games are stored again once it is back."""
        if self.store_problem is not None:
            self.store, self.store_problem = shared_store()
            self._render_store_notice()
        return self.store

    def _render_store_notice(self) -> None:
        self.store_notice.value = "" if self.store_problem is None else (
            "<p role='alert' style='color:#b00020;margin:0.2em 0'>" + escape(_(
                "Games are not being stored: the game store cannot be reached, so this game is lost when the page "
                "closes. Whoever runs this server has been told; games are stored again as soon as it is back.")) + "</p>")

    def _adopt(self, session: Session) -> None:
        self.session = session
        self._say(None)
        quiet, self._quiet = self._quiet, True
        try:
            self._refresh_setting_texts()  # the seats offered are those of this game
        finally:
            self._quiet = quiet

    def open_session(self, code: str, step: int | None = None) -> bool:
        """Continue the stored game with this code (a reload, a new kernel); ``step``: read that step again.
        A wrong code: one sentence, the current game kept."""
        try:
            session = Session.open(self._current_store(), code)
        except SessionError as problem:
            if isinstance(problem, CodeNotFound) and not isinstance(problem, BadCode) and self.store_problem is not None:
                problem = StoreReadFailed(self.store_problem.detail)  # not in the stand-in: the real store is unreadable
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
        steps = len(self.steps.steps(game))
        if step is not None and 1 <= step <= steps:
            self.steps.cursor = self.steps.frontier = step - 1  # shown as the page showed it; Next reads on from there
        elif step is not None:  # a step the game does not have: said, and the game opens where it stands
            self._say(StepNotFound(step, steps))
        self._render()
        return True

    # --- texts -----------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        self._render_store_notice()
        quiet, self._quiet = self._quiet, True
        try:
            self._render_intro()
            self._refresh_texts()
        finally:
            self._quiet = quiet
        if self.game is not None:
            self._render()

    def _refresh_texts(self) -> None:
        self._refresh_setting_texts()
        self.new_button.description = _("New game")
        self.next_button.description = _("Next step")
        self.round_button.description = _("Next round")
        self.end_button.description = _("To the end")
        self.undo_button.description = _("Undo a step")
        self.undo_mine_button.description = _("Back to my last decision")
        self.battle_button.description = _("Watch the battle in the tower")
        self.play_button.description = _("Play it")
        self.seat.refresh_texts()

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
        session = Session.create(self._current_store(), setup, self.token, seats={human: self.token} if human is not None else None,
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
            session = Session.adopt(self._current_store(), game, self.token, seats=seats)
        except SessionError as problem:
            self._say(problem)
            return
        self._adopt(session)
        self.steps.reset(game, at_end=not from_start)
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
        self._announce()
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

    def _announce(self) -> None:
        """The step shown, read out once by screen readers when another step is shown (its title, then its text)."""
        key = (self.steps.cursor, len(self.steps.steps(self.game)))
        if key == self._announced or self.steps.current(self.game) is None:
            return
        self._announced = key
        self.announcer.say(spoken_text(self.steps.label.value + " " + self.now.value))

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
