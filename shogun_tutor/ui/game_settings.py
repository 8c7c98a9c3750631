"""The guided game's settings: players, board side, set-up, seed, the learner's seat, the expansions.

A mixin of :class:`~shogun_tutor.ui.game_panel.GamePanel`: the setting widgets, their texts in the current
language, and what a change does (a new game with them; the seat: at once, in this game). The seed typed is
read by :func:`parse_seed` (refused visibly, never clamped).
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w

from .. import i18n
from ..data import COMPONENTS
from ..i18n import _
from ..rules.state import SEED_MAX
from ..session import SessionError
from ..text import terms
from .screen_reader import name_control

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


class GameSettings:
    """The settings row of the guided game, mixed into :class:`GamePanel` (whose session, ``new_game`` and
    ``_render`` it uses)."""

    def _build_settings(self, players: int, seed: int) -> w.HBox:
        """The setting widgets (attributes of the panel) and their row. A setting takes effect only when *New game*
        is pressed: a select changes its value on a mere arrow key, and a field on losing the focus (issue 49), so a
        change of its own never throws the game away. The seat is the one setting that acts at once, in this game."""
        self._quiet = False  # True while texts/options are refreshed: no setting "changes"
        self.players = w.Dropdown(options=[3, 4, 5], value=players, layout=w.Layout(width="auto"),
                                  style={"description_width": "initial"})
        # the selects as wide as their longest option, in every language ("Startaufstellung für Einsteiger" was cut
        # at a fixed 13em)
        self.side = w.Dropdown(layout=w.Layout(width="auto"))
        self.setup = w.Dropdown(layout=w.Layout(width="auto"))
        self.seed = w.Text(value=str(seed), layout=w.Layout(width="15em"), continuous_update=False,
                           style={"description_width": "initial"})
        self.seed_error = w.HTML()
        self.seed_error.add_class("shogun-seed-error")
        self.seed_value = seed
        self.human = w.Dropdown(layout=w.Layout(width="auto"))
        self.tenno = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.samurai = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.new_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        settings = w.HBox([self.players, self.side, self.setup, self.seed, self.human, self.tenno, self.samurai,
                           self.new_button, self.seed_error],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        settings.add_class("shogun-game-settings")
        self.new_button.on_click(lambda _b: self.new_game())
        self.side.observe(lambda _c: self._side_changed(), names="value")  # the set-ups of that side, nothing more
        self.human.add_class("shogun-seat-pick")
        self.human.observe(lambda _c: self._seat_changed(), names="value")
        return settings

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

    def _refresh_setting_texts(self) -> None:
        side, setup, human = self.side.value or "sun", self.setup.value or "beginner", self.human.value
        game = getattr(self, "game", None)
        seats = game.state.num_players if game is not None else self.players.value  # the seats of the game played
        self.side.options = [(terms.side_name("sun"), "sun"), (terms.side_name("moon"), "moon")]
        self.side.value = side
        self._setup_options(setup)
        self.human.options = [(_("Bots only"), -1)] + [(_("I play {colour}").format(colour=terms.colour_name(c)), i)
                                                       for i, c in enumerate(COMPONENTS.colours[: seats])]
        self.human.value = human if human is not None and human < seats else -1
        self.players.description = _("Players")
        # their names: labels for screen readers (a title alone is no name: axe's label-title-only)
        for control, name in ((self.side, _("Board side")), (self.setup, _("Set-up")), (self.human, _("Your seat"))):
            name_control(control, name)
        self.seed.description = _("Seed")
        self.tenno.description = _("Expansion: Tennō's Court")
        self.samurai.description = _("Expansion: Samurai")
        self.new_button.tooltip = _("Start again with these settings")

    def _setup_options(self, value: str) -> None:
        opts = [(_("Draft the provinces"), "draft")]
        if self.side.value == COMPONENTS.beginner_setup_side:
            opts.insert(0, (_("Beginner set-up"), "beginner"))
        self.setup.options = opts
        self.setup.value = value if value in [v for _l, v in opts] else opts[0][1]

    def _side_changed(self) -> None:
        """Another board side: its set-ups offered (the beginner set-up is the sun side's); the game stays."""
        if self._quiet:
            return
        self._quiet = True
        try:
            self._setup_options(self.setup.value or "beginner")
        finally:
            self._quiet = False

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

