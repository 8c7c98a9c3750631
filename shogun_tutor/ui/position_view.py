"""What the guided game shows of one position: the status line and the player table.

Pure functions of a game state, so the panel draws the present and a step read
again (the game as it stood then, :func:`shogun_tutor.rules.rewind.position_at`)
the same way.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..text import terms
from ..text.explain import player_name
from ..viz.palette import player_style


def status_html(state) -> str:
    """The status line: year, season, the season's event and who decides (if the game waits for a decision)."""
    if state.phase == "end":
        status = _("The game is over.")
    else:
        labels = [_("Year {year} · {season}").format(year=state.year, season=terms.season_name(state.season))]
        if state.round.event and state.season != "winter":
            labels.append(_("Event: {name}").format(name=terms.event_name(state.round.event)))
        if state.pending is not None:
            labels.append(_("{player} decides").format(player=player_name(state.pending.player)))
        status = " · ".join(labels)  # i18n-ok: separate labels of a status bar, not one sentence
    return f"<b>{escape(status)}</b>"


def table_html(state) -> str:
    """The players in turn order: chests, rice, armies, provinces, points, special card."""
    head = [_("Player"), _("Chests"), _("Rice"), _("Armies in supply"), _("Provinces"), _("Points"), _("Special card")]
    rows = []
    order = state.round.turn_order if state.round.turn_order else list(range(state.num_players))
    for seat in order:
        p = state.players[seat]
        style = player_style(seat)
        swatch = (f"<span style='display:inline-block;min-width:1.4em;text-align:center;background:{style.fill};"
                  f"color:{style.text};font-family:monospace;border:1px solid #333'>{style.letter}</span>")
        special = terms.special_name(p.special) if p.special else "–"
        win = " 🏆" if seat in state.winners else ""
        cells = [f"{swatch} {escape(terms.colour_name(p.colour))}{win}", p.chests, p.rice, p.supply,
                 len(state.player_provinces(seat)), p.points, escape(special)]
        rows.append("<tr>" + "".join(f"<td style='padding:0.15em 0.5em'>{c}</td>" for c in cells) + "</tr>")
    header = "".join(f"<th style='padding:0.15em 0.5em;text-align:left;background:#f3f0ea'>{escape(h)}</th>" for h in head)
    return f"<table style='border-collapse:collapse;font-size:0.92em'><tr>{header}</tr>{''.join(rows)}</table>"
