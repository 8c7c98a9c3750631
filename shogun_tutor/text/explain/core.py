"""What every renderer shares: :class:`Explanation`, the names of players and provinces, the registry (:func:`renders`, :func:`explain`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...data import COMPONENTS
from ...i18n import _, format_list, ngettext
from .. import terms


@dataclass
class Explanation:
    title: str
    lines: list[str] = field(default_factory=list)
    kind: str = "info"  # info, battle, scoring, phase, lapsed


def player_name(seat: int) -> terms.PlayerName:
    """A player's colour as a name; each translation picks the grammatical case it needs with a format spec,
    "{player:genitive}" (see :class:`terms.PlayerName`)."""
    if seat is None:
        raise ValueError("the farmers are not a player: use the sentence written for them")
    return terms.PlayerName(COMPONENTS.colours[seat])


def province(name: str) -> str:
    return terms.province_name(name)


def provinces(names) -> str:
    return format_list([terms.province_name(n) for n in names])


def players(seats) -> terms.NameList:
    return terms.NameList(player_name(s) for s in seats)


def winner_headline(seat: int | None) -> str:
    """A battle's headline verdict: "Blue wins" or "The farmers win"."""
    return _("The farmers win") if seat is None else _("{player} wins").format(player=player_name(seat))


_RENDERERS: dict[str, Callable[[dict], Explanation]] = {}


def renders(*rules: str):
    def deco(fn):
        for r in rules:
            _RENDERERS[r] = fn
        return fn

    return deco


def known_rules() -> set[str]:
    return set(_RENDERERS)


def explain(event: dict) -> Explanation:
    fn = _RENDERERS.get(event.get("rule", ""))
    if fn is None:
        raise ValueError(f"no explanation for rule {event.get('rule')!r}")
    return fn(event)


# Amounts on privilege and samurai cards are INFERRED: every explanation that shows one adds the mark's sentence.
def _inferred(lines: list[str], provenance) -> list[str]:
    text = terms.provenance_text(provenance)
    return lines + [text] if text else lines


# what a privilege card or a samurai bonus gives: (headline, the total now), each by the amount
_GAINS = {
    "chests": (lambda n: ngettext("{player} gains {n} chest", "{player} gains {n} chests", n),
               lambda n: ngettext("{player} now has {n} chest.", "{player} now has {n} chests.", n)),
    "rice": (lambda n: ngettext("{player} gains {n} rice", "{player} gains {n} rice", n),
             lambda n: ngettext("{player} now has {n} rice.", "{player} now has {n} rice.", n)),
    "victory_points": (lambda n: ngettext("{player} gains {n} victory point", "{player} gains {n} victory points", n),
                       lambda n: ngettext("{player} now has {n} victory point.", "{player} now has {n} victory points.", n)),
}
