"""Samurai (expansion): the stacks, the cards turned, the bonuses."""

from __future__ import annotations

from ...data import COMPONENTS
from ...i18n import _, ngettext
from .core import _GAINS, Explanation, _inferred, player_name, renders


@renders("samurai.setup")
def _samurai_setup(e):
    return Explanation(_("Samurai is played"), _inferred([
        ngettext("Each player has a stack of {n} samurai card, the one with the blank flag on top.",
                 "Each player has a stack of {n} samurai cards, the one with the blank flag on top.", e["cards"]).format(n=e["cards"]),
        ngettext("After the turn order is set, whoever holds provinces in at least {n} region turns the top card under and takes one bonus.",
                 "After the turn order is set, whoever holds provinces in at least {n} regions turns the top card under and takes one bonus.",
                 e["min_regions"]).format(n=e["min_regions"]),
    ], COMPONENTS.samurai_provenance), "phase")


@renders("samurai.not_qualified")
def _samurai_not(e):
    n = e["regions"]
    return Explanation(ngettext("{player} holds provinces in only {n} region: no samurai bonus",
                                "{player} holds provinces in only {n} regions: no samurai bonus", n).format(player=player_name(e["player"]), n=n))


_SAMURAI_OPTIONS = {
    "chests": lambda n: ngettext("Option: {n} chest.", "Option: {n} chests.", n),
    "rice": lambda n: ngettext("Option: {n} rice.", "Option: {n} rice.", n),
    "armies_to_tray": lambda n: ngettext("Option: {n} army from the supply into the tray.", "Option: {n} armies from the supply into the tray.", n),
    "victory_points": lambda n: ngettext("Option: {n} victory point.", "Option: {n} victory points.", n),
}


def samurai_option_text(option: str, n: int) -> str:
    """One option of a samurai card as a sentence with its (inferred) amount."""
    return _SAMURAI_OPTIONS[option](n).format(n=n)


@renders("samurai.turn_card")
def _samurai_turn(e):
    n = e["regions"]
    lines = [_("Samurai card {card} is now on top.").format(card=e["top"])]
    lines += [samurai_option_text(o, a) for o, a in e["options"].items()]
    return Explanation(ngettext("{player} holds provinces in {n} region and turns a samurai card",
                                "{player} holds provinces in {n} regions and turns a samurai card", n).format(
        player=player_name(e["player"]), n=n), _inferred(lines, COMPONENTS.samurai_provenance))


_SAMURAI_BONUS = {
    "chests": lambda n: ngettext("{player} takes the samurai bonus: {n} chest", "{player} takes the samurai bonus: {n} chests", n),
    "rice": lambda n: ngettext("{player} takes the samurai bonus: {n} rice", "{player} takes the samurai bonus: {n} rice", n),
    "armies_to_tray": lambda n: ngettext("{player} takes the samurai bonus: {n} army into the tray",
                                         "{player} takes the samurai bonus: {n} armies into the tray", n),
    "victory_points": lambda n: ngettext("{player} takes the samurai bonus: {n} victory point",
                                         "{player} takes the samurai bonus: {n} victory points", n),
}


@renders("samurai.bonus")
def _samurai_bonus(e):
    who = player_name(e["player"])
    lines = [_GAINS[e["option"]][1](e["total"]).format(player=who, n=e["total"])] if e["option"] in _GAINS else []
    return Explanation(_SAMURAI_BONUS[e["option"]](e["amount"]).format(player=who, n=e["amount"]),
                       _inferred(lines, COMPONENTS.samurai_provenance))


@renders("samurai.reset")
def _samurai_reset(e):
    return Explanation(_("The samurai stacks are put back in order, the blank flag on top"), [], "phase")
