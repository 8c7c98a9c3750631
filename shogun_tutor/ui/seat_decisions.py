"""The learner's decisions said with their meaning: the special card at each place, the odds of each attack.

:class:`SeatDecisions` turns the engine's legal decisions of the learner into
labelled options (for the drop-down, which stays the accessible way to decide)
and into details shown beside them:

* a turn-order place reads "Place 2: +1 chest", and the details list every place
  with its special card and what the card does (taken places marked);
* a move into a province of another player (or a neutral one) is an *attack*:
  "Attack Tajima from Kaga with 3 armies — odds: win 62 %, draw 9 %, lose 29 %",
  computed by the odds engine from the game's tower and tray, with the special
  cards and the castle event (:func:`~shogun_tutor.rules.battle_setup.battle_in_state`);
* :func:`decision_highlight` says what the board should mark for the chosen option.

No widgets here: the game panel shows the texts. Odds are seeded, so the same game
shows the same odds.
"""

from __future__ import annotations

from ..i18n import _, format_number, ngettext
from ..rules.battle_setup import BattleSetup
from ..rules.game import Game
from ..rules.odds import Odds, game_battle_odds
from ..rules.state import PLACES, Decision
from ..text import terms
from ..bots.values import attack_figures
from ..text.decisions import attack_label, describe_in_game
from ..text.explain import odds_lines, player_name
from ..viz.board import Highlight



def percent(x: float) -> str:
    return format_number(round(x * 100))


def is_attack(game: Game, d: Decision) -> bool:
    """A move into a province the mover does not hold: a battle."""
    return d.kind == "move" and d.target is not None and game.state.provinces[d.target].owner != d.player


class SeatDecisions:
    """The learner's pending decision, with labels and details that say what each option means.

    One instance per pending decision (the odds are computed once per option and kept).
    """

    def __init__(self, game: Game):
        self.game = game
        self.options: list[Decision] = game.legal_decisions()
        self._odds: dict[Decision, tuple[BattleSetup, Odds]] = {}

    # --- odds ------------------------------------------------------------------------------
    def odds(self, d: Decision) -> tuple[BattleSetup, Odds]:
        """The set-up and the chances of the attack ``d`` on the game's tower as it is now."""
        if d not in self._odds:  # the engine's one figure for this battle (the hints and the review quote it too)
            self._odds[d] = game_battle_odds(self.game.state, d.player, d.target, d.count)
        return self._odds[d]

    # --- labels ----------------------------------------------------------------------------
    def label(self, d: Decision) -> str:
        if is_attack(self.game, d):
            return attack_label(d, attack_figures(*self.odds(d)))
        return describe_in_game(self.game.state, d)

    def labelled(self) -> list[tuple[str, Decision]]:
        return [(self.label(d), d) for d in self.options]

    # --- details -----------------------------------------------------------------------------
    def details(self, chosen: Decision | None) -> list[tuple[str, str]]:
        """(kind, text) lines that explain the options: 'head' lines are headings, 'line' plain, 'off' struck."""
        if not self.options:
            return []
        kind = self.options[0].kind
        if kind == "place":
            return self._places()
        if kind == "move":
            return self._move(chosen)
        return []

    def _places(self) -> list[tuple[str, str]]:
        s = self.game.state
        taken = {pl.place: pl.seat for pl in s.players if pl.place is not None}
        rows = [("head", _("The five places of the turn order, each with its special card for this round:"))]
        for place in range(PLACES):
            special = s.round.specials[place]
            rows.append(("off" if place in taken else "head",
                         _("Place {place}: {special}").format(place=place + 1, special=terms.special_name(special))))
            rows.append(("line", terms.special_text(special)))
            if place in taken:
                rows.append(("line", _("{player} has taken this place.").format(player=player_name(taken[place]))))
        return rows

    def _move(self, chosen: Decision | None) -> list[tuple[str, str]]:
        first = self.options[0]
        source = terms.province_name(first.province)
        rows = [("line", _("Your armies move from {source}. Click a target province on the board, or choose in the list.").format(
            source=source))]
        if chosen is not None and is_attack(self.game, chosen):
            setup, o = self.odds(chosen)
            headline, note = odds_lines(setup, o)
            rows.append(("head", headline))
            if o.win:
                kept = sum(n * p for n, p in o.survivors.items()) / o.win
                rows.append(("line", ngettext("When you win, about {kept} army stays in the province.",
                                              "When you win, about {kept} armies stay in the province.",
                                              round(kept)).format(kept=format_number(round(kept, 1)))))
            rows.append(("line", note))
        return rows


def decision_highlight(game: Game, d: Decision | None) -> Highlight | None:
    """What the board marks for an option: the attack or move as an arrow, a staying army as a ring."""
    if d is None or d.kind != "move":
        return None
    if d.target is None:
        return Highlight("province", d.province)
    return Highlight("battle" if is_attack(game, d) else "move", d.province, d.target)


__all__ = ["SeatDecisions", "decision_highlight", "is_attack", "percent"]
