"""After each season, a short review for the learner's seat: what the plan did, what lapsed and why.

:func:`season_review` reads the game's explanation events of the last season
that ended (from its ``round.start`` to its ``round.end``) and keeps those of
one seat: the place and special card it took, each action its plan carried out
(with the explanation's headline), each action that lapsed (with the reason the
engine logged), and the battles fought against it. Nothing is recomputed: the
review is the log, read for one player. :func:`review_html` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..i18n import _, ngettext
from ..text import terms
from ..text.explain import explain

#: the events of a seat's own plan being carried out (the seat is the event's player)
ACTION_RULES = ("action.income", "action.build", "action.armies", "move.armies", "move.none", "battle.result")


@dataclass
class SeasonReview:
    year: int
    season: str
    done: list[tuple[str, list[str]]] = field(default_factory=list)  # (headline, outcome) of the actions carried out
    lapsed: list[tuple[str, list[str]]] = field(default_factory=list)  # (headline, reasons)
    other: list[tuple[str, list[str]]] = field(default_factory=list)  # the place taken, battles against the seat

    @property
    def headline(self) -> str:
        n, lapsed = len(self.done), len(self.lapsed)
        return ngettext("Your {season} of year {year}: {n} action carried out, {lapsed} lapsed",
                        "Your {season} of year {year}: {n} actions carried out, {lapsed} lapsed", n).format(
            season=terms.season_name(self.season), year=self.year, n=n, lapsed=lapsed)


def last_season_events(log: list[dict]) -> list[dict] | None:
    """The events of the last season that ended, or None when none has ended yet."""
    end = next((i for i in range(len(log) - 1, -1, -1) if log[i]["rule"] == "round.end"), None)
    if end is None:
        return None
    start = next((i for i in range(end, -1, -1) if log[i]["rule"] == "round.start"), 0)
    return log[start:end + 1]


def season_review(log: list[dict], seat: int) -> SeasonReview | None:
    """The review of the last season that ended, for ``seat`` (None before the first one ended)."""
    events = last_season_events(log)
    if events is None:
        return None
    review = SeasonReview(events[-1]["year"], events[-1]["season"])
    for e in events:
        mine = e.get("player") == seat
        if mine and e["rule"] == "order.pick_place":
            review.other.append((explain(e).title, []))
        elif mine and e["rule"] == "action.lapsed":
            ex = explain(e)
            review.lapsed.append((ex.title, list(ex.lines)))
        elif mine and e["rule"] in ACTION_RULES:
            review.done.append((explain(e).title, [battle_outcome(e, seat)] if e["rule"] == "battle.result" else []))
        elif e["rule"] == "battle.result" and e.get("defender") == seat:
            review.other.append((explain(e).title, [battle_outcome(e, seat)]))
    return review


def battle_outcome(e: dict, seat: int) -> str:
    """How a battle ended, for ``seat`` (the attacker or the defender)."""
    outcome, where = e["verdict"]["outcome"], terms.province_name(e["province"])
    if outcome == "draw":
        return _("A draw: nobody holds {province} now.").format(province=where)
    if (outcome == "attacker") == (e["player"] == seat):
        return ngettext("You won: {province} is yours, with {n} army.", "You won: {province} is yours, with {n} armies.",
                        e["armies"]).format(province=where, n=e["armies"])
    if e["player"] == seat:
        return _("You lost the battle for {province}.").format(province=where)
    return _("You lost {province}.").format(province=where)


def review_html(review: SeasonReview | None, open_: bool = False) -> str:
    """The review as a collapsible block (open right after the season ended)."""
    if review is None:
        return ""
    items = []
    for colour, rows in (("#222", review.other + review.done), ("#8a6d3b", review.lapsed)):
        for title, lines in rows:
            more = "".join(f"<br><span style='color:#555'>{escape(line)}</span>" for line in lines)
            items.append(f"<li><span style='color:{colour}'>{escape(title)}</span>{more}</li>")
    if not items:
        items.append(f"<li>{escape(_('Your plan had no action to carry out this season.'))}</li>")
    return (f"<details class='shogun-season-review' {'open' if open_ else ''} "
            f"style='border-left:4px solid #009E73;padding:0.2em 0.6em;margin:0.3em 0'>"
            f"<summary><b>{escape(review.headline)}</b></summary>"
            f"<ul style='margin:0.2em 0 0.2em 1.1em;padding:0'>{''.join(items)}</ul></details>")


__all__ = ["SeasonReview", "last_season_events", "review_html", "season_review"]
