"""A visual rulebook page: every action, special card, event card and table, in the current language."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .. import i18n
from ..data import COMPONENTS
from ..i18n import _, ngettext
from ..rules.expansions import court, samurai
from ..text import terms
from ..text.explain import privilege_text, samurai_option_text

_STYLE = """
<style>
.shogun-cards table {border-collapse: collapse; margin: 0.4em 0 1.2em; font-size: 0.95em; max-width: 100%}
.shogun-cards th, .shogun-cards td {border-bottom: 1px solid #ddd; padding: 0.35em 0.6em; text-align: left; vertical-align: top}
.shogun-cards th {background: #f3f0ea}
.shogun-cards td.num {text-align: right; white-space: nowrap}
.shogun-cards .note {color: #555; font-size: 0.9em}
</style>
"""


def _table(headers: list[str], rows: list[list[str]], numeric: set[int] = frozenset()) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td class='num'>{c}</td>" if i in numeric else f"<td>{c}</td>" for i, c in enumerate(r)) + "</tr>"
        for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def actions_html() -> str:
    rows = [
        [escape(terms.action_name(a.id)), str(a.cost), escape(terms.action_text(a.id))]
        for a in COMPONENTS.actions
    ]
    return _table([_("Action"), _("Cost (chests)"), _("What it does")], rows, numeric={1})


def specials_html() -> str:
    rows = [[escape(terms.special_name(s)), escape(terms.special_text(s))] for s in COMPONENTS.special_cards]
    return _table([_("Special card"), _("Advantage this round")], rows) + "<p class='note'>{}</p>".format(
        escape(_("When an event card and a special card change the same action, the event card applies first, then the special card."))
    )


def events_html() -> str:
    rows = [
        [
            str(e.number),
            escape(terms.event_name(e.number)),
            escape(terms.event_text(e.number)),
            escape(ngettext("{n} rice", "{n} rice", e.winter_rice_loss).format(n=e.winter_rice_loss)),
        ]
        for e in COMPONENTS.events
    ]
    return _table([_("Card"), _("Event"), _("Effect this round"), _("Rice lost in winter")], rows, numeric={0, 3})


def revolt_table_html() -> str:
    rows = []
    for row in COMPONENTS.winter_revolt_table:
        if row.shortfall_max is None:
            short = _("{low} or more").format(low=row.shortfall_min)
        elif row.shortfall_max == row.shortfall_min:
            short = str(row.shortfall_min)
        else:
            short = _("{low} to {high}").format(low=row.shortfall_min, high=row.shortfall_max)
        rows.append([escape(short), str(row.provinces), str(row.extra_farmers)])
    return _table(
        [_("Rice short"), _("Provinces in revolt"), _("Extra farmers in the tower")], rows, numeric={0, 1, 2}
    ) + "<p class='note'>{}</p>".format(
        escape(_("Each province needs one rice in winter. The player on the left draws the provinces in revolt blindly from the player's province cards; each revolt also throws one farmer per unrest marker in that province."))
    )


def scoring_html() -> str:
    sc = COMPONENTS.scoring
    rows = [
        [escape(_("Each province you hold")), str(sc.per_province)],
        [escape(_("Each building you own")), str(sc.per_building)],
    ] + [
        [escape(terms.majority_label(b)), str(points)]
        for b, points in sc.region_majority.items()
    ]
    return _table([_("Winter scoring"), _("Points")], rows, numeric={1}) + "<p class='note'>{}</p>".format(
        escape(
            ngettext("Players tied for a majority each score {n} point less. A player with no building of that type scores nothing for it. After the second winter the player with the most points wins; a tie goes to the player with the most chests.",
                     "Players tied for a majority each score {n} points less. A player with no building of that type scores nothing for it. After the second winter the player with the most points wins; a tie goes to the player with the most chests.",
                     sc.tie_penalty).format(n=sc.tie_penalty)
        )
    )


def _inferred_note(provenance) -> str:
    text = terms.provenance_text(provenance)
    return f"<p class='note'>{escape(terms.provenance_mark(provenance))} {escape(text)}</p>" if text else ""


def privilege_cards_html() -> str:
    """Tennō's Court: the 21 privilege cards (amounts INFERRED, marked on every row)."""
    mark = escape(terms.provenance_mark(COMPONENTS.privilege_provenance))
    rows = [[str(n), escape(privilege_text(n)), mark] for n in sorted(court.CARDS)]
    costs = i18n.format_list([str(c) for c in court.HALL_COSTS])
    note = escape(_("Each spring, summer and autumn three cards are laid out in the audience hall: the highest number on the "
                    "most expensive field, the lowest on the cheapest; costs in court officials: {costs}.").format(costs=costs))
    return (_table([_("Card"), _("Effect"), _("Amount")], rows, numeric={0})
            + f"<p class='note'>{note}</p>" + _inferred_note(COMPONENTS.privilege_provenance))


def samurai_cards_html() -> str:
    """Samurai: the four cards of each player's stack and their options (amounts INFERRED)."""
    mark = escape(terms.provenance_mark(COMPONENTS.samurai_provenance))
    rows = []
    for n in samurai.STACK:
        opts = [samurai_option_text(o, a) for o, a in samurai.CARDS[n].items() if a > 0]
        text = "<br>".join(escape(t) for t in opts) if opts else escape(_("The blank flag: this card offers no bonus."))
        rows.append([str(n), text, mark if opts else ""])
    note = escape(ngettext("After the turn order is set, whoever holds provinces in at least {n} region turns the top card under and takes one bonus.",
                           "After the turn order is set, whoever holds provinces in at least {n} regions turns the top card under and takes one bonus.",
                           samurai.MIN_REGIONS).format(n=samurai.MIN_REGIONS))
    return (_table([_("Card"), _("Options (choose one)"), _("Amount")], rows, numeric={0})
            + f"<p class='note'>{note}</p>" + _inferred_note(COMPONENTS.samurai_provenance))


def tower_cards_html() -> str:
    """Tennō's Court: the battle-tower cards each player plans with."""
    rows = [
        [escape(_("Court field")), escape(_("Converts that many of your own armies in the tray into court officials."))],
        [escape(_("Action field")), escape(_("Counts as a war-chest card: the action does not happen."))],
        [escape(_("Bid field")), escape(_("Counts as a bid of 0 chests."))],
    ]
    n = court.TOWER_CARDS
    each = ngettext("Each player has {n} battle-tower card.", "Each player has {n} battle-tower cards.", n).format(n=n)
    return (f"<p>{escape(each)}</p>"
            + _table([_("Where it lies"), _("What it does")], rows))


class CardsPanel:
    """The reference tab: actions, special cards, events, the winter table and scoring."""

    def __init__(self):
        self.html = w.HTML()
        self.widget = w.VBox([self.html])
        self.widget.add_class("shogun-cards")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        sections = [
            (_("Actions"), actions_html()),
            (_("Special cards"), specials_html()),
            (_("Event cards"), events_html()),
            (_("Rice shortage in winter"), revolt_table_html()),
            (_("Scoring"), scoring_html()),
            (_("Tennō's Court: privilege cards"), privilege_cards_html()),
            (_("Tennō's Court: battle-tower cards"), tower_cards_html()),
            (_("Samurai cards"), samurai_cards_html()),
        ]
        self.html.value = _STYLE + "".join(f"<h3>{escape(title)}</h3>{body}" for title, body in sections)

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
