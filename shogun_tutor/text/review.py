"""The game review said in the learner's language (issue 21): each costly decision as whole sentences and
labelled lines, never a translated fragment spliced into a sentence.

>>> from shogun_tutor.bots.base import Reason
>>> attack_sentence(Reason("review_attack_low", province="Sagami", target="Musashi", armies=1, extra=0, defence=7, chance=1))
'You attacked Musashi from Sagami with 1 army. 7 armies defend it: 1 % to win. Below 30 % a good player sends more armies, or none.'
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import format_decimal

from .. import i18n
from ..i18n import _, join_sentences, ngettext
from ..review import MIN_COST
from ..bots.values import ODDS_THRESHOLD
from . import terms
from .decisions import attack_label, describe_decision
from .explain import player_name
from .reasons import render


@dataclass
class MistakeText:
    """One costly decision, said: a heading, the board where it counts, both choices, the reason, the cost."""

    heading: str
    board: list[str]
    chosen: str
    better: str
    why: str
    cost: str
    learner: str | None
    blunder: str | None
    small: str | None = None  # a blunder whose measured cost is small: why it is named all the same


def _decimal(x: float) -> str:
    code = i18n.current_language()
    return format_decimal(x, format="#,##0.#", locale=code)


def attack_sentence(r) -> str:
    """The learner's attack with the figures the game showed for it (below the threshold: what a good player does
    instead). A reason stored before the figures were kept (no ``extra``) is said as it was then."""
    p = {**r.params, "province": terms.province_name(r.params["province"]),
         "target": terms.province_name(r.params["target"]), "threshold": round(100 * ODDS_THRESHOLD)}
    if "extra" not in p:
        return _old_attack_sentence(r.kind, p)
    parts = [ngettext("You attacked {target} from {province} with {armies} army.",
                      "You attacked {target} from {province} with {armies} armies.", p["armies"]).format(**p)]
    if p["extra"]:
        parts.append(ngettext("The cards add {extra} army.", "The cards add {extra} armies.", p["extra"]).format(**p))
    if "farmers" in p:
        parts.append(ngettext("{farmers} farmer defends it: {chance} % to win.",
                              "{farmers} farmers defend it: {chance} % to win.", p["farmers"]).format(**p))
    else:
        parts.append(ngettext("{defence} army defends it: {chance} % to win.",
                              "{defence} armies defend it: {chance} % to win.", p["defence"]).format(**p))
    if r.kind == "review_attack_low":
        parts.append(_("Below {threshold} % a good player sends more armies, or none.").format(**p))
    return join_sentences(*parts)


def _old_attack_sentence(kind: str, p: dict) -> str:
    if kind == "review_attack_low":
        return ngettext(
            "You attacked {target} from {province} with {armies} army against {defence}: {chance} % to win. "
            "Below {threshold} % a good player sends more armies, or none.",
            "You attacked {target} from {province} with {armies} armies against {defence}: {chance} % to win. "
            "Below {threshold} % a good player sends more armies, or none.", p["armies"]).format(**p)
    return ngettext("You attacked {target} from {province} with {armies} army against {defence}: {chance} % to win.",
                    "You attacked {target} from {province} with {armies} armies against {defence}: {chance} % to win.",
                    p["armies"]).format(**p)


def _decision(m, role: str) -> str:
    """A decision as the decision list named it: an attack with the odds it showed, anything else in words."""
    d = getattr(m, role)
    figures = getattr(m, "figures", {}).get(role)
    return attack_label(d, figures) if figures else describe_decision(d)


def board_lines(position: dict) -> list[str]:
    """The provinces that matter, with their owner, armies and buildings then."""
    out = []
    for q in position.get("provinces", ()):
        name = terms.province_name(q["province"])
        if q["owner"] is None:
            out.append(_("{province}: neutral").format(province=name))
        else:
            out.append(ngettext("{province}: {armies} army of {player}", "{province}: {armies} armies of {player}",
                                q["armies"]).format(province=name, armies=q["armies"], player=player_name(q["owner"])))
    return out


def mistake_text(m) -> MistakeText:
    """A :class:`shogun_tutor.review.Mistake` in the current language."""
    heading = _("Year {year}: {season}").format(year=m.year, season=terms.season_name(m.season))
    return MistakeText(
        heading=heading,
        board=board_lines(m.position),
        chosen=_decision(m, "chosen"),
        better=_decision(m, "better"),
        why=render(m.reason),
        cost=_("Points this choice probably cost you, against the strong bot's choice: {cost}.").format(
            cost=_decimal(m.cost)),
        learner=attack_sentence(m.learner) if m.learner is not None else None,
        blunder=_("A beginner's blunder: an attack with too little chance to win.") if m.blunder else None,
        small=_("It costs few points on average, because armies thrown into the tower often come back out in "
                "later battles; still, a good player does not risk them at these odds.")
        if m.blunder and m.cost < MIN_COST else None,
    )


def heading(n: int, year: int | None) -> str:
    """The review's title: the costliest decisions of a year or of the whole game."""
    if n == 0:
        return _("The strong bot would have decided as you did, or otherwise only in details worth less than a point.")
    if year is None:
        return ngettext("Your costliest decision of the game, against the strong bot's choice",
                        "Your {n} costliest decisions of the game, against the strong bot's choices", n).format(n=n)
    return ngettext("Your costliest decision of year {year}, against the strong bot's choice",
                    "Your {n} costliest decisions of year {year}, against the strong bot's choices", n).format(
        n=n, year=year)


#: the labels of a mistake's lines (each stands before its own line, never inside a sentence)
def labels() -> dict[str, str]:
    return {"board": _("On the board then"), "chosen": _("You chose"), "better": _("The strong bot would choose"),
            "why": _("Its reason")}


__all__ = ["MistakeText", "attack_sentence", "board_lines", "heading", "labels", "mistake_text"]
