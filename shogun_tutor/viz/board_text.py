"""The board's texts: a province's hover, its name on the map, a token's hover and the region
majorities (HTML for plotly, in the current language)."""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ..board import PlayBoard, play_board
from ..data import BOARD, BUILDINGS
from ..i18n import _, format_list, list_separator
from ..rules.scoring import score
from ..text import terms
from . import geometry as geo
from .board_base import SIDE_SYMBOLS, style as player_style


def _pstate(state: Any, name: str):
    if state is None:
        return None
    return state.provinces.get(name)


def _wrap_names(names: Sequence[str], per_line: int = 4) -> str:
    sep = list_separator()
    rows = [sep.join(names[i:i + per_line]) for i in range(0, len(names), per_line)]
    return (sep.rstrip() + "<br>    ").join(escape(r) for r in rows)


def hover_text(name: str, board: PlayBoard, state: Any = None) -> str:
    """Everything about a province: values, region, slots, owner, armies, buildings, unrest, neighbours."""
    p = BOARD.province(name)
    side, other, full = board.side, board.other, board.full
    lines = [f"<b>{escape(terms.province_intro(name))}</b>", escape(terms.region_name(p.region(side)))]
    if p.region(other) != p.region(side):
        lines.append(escape(_("{side}: {region}").format(side=terms.side_name(other), region=terms.region_name(p.region(other)))))
    if name in board.excluded:
        prov = board.data.excluded_provenance
        mark = terms.provenance_mark(prov)
        lines.append("✕ " + escape(_("Out of play with three players")) + (f" ({escape(mark)})" if mark else ""))
        if prov.flagged:
            lines.append("<i>" + escape(terms.provenance_text(prov)) + "</i>")
    lines.append(escape(_("Tax: {tax} · Rice: {rice}").format(tax=p.tax, rice=p.rice)))
    ps = _pstate(state, name)
    used = len(ps.buildings) if ps is not None else 0
    lines.append(escape(_("Building slots: {slots} ({used} used, {free} free)").format(
        slots=p.building_slots, used=used, free=p.building_slots - used)))
    if ps is not None:
        if ps.owner is None:
            lines.append(escape(_("Neutral")))
        else:
            style = player_style(state, ps.owner)
            owner = f"{style.letter} {terms.colour_name(style.name)}"
            lines.append(escape(_("Owner: {owner} · Armies: {armies}").format(owner=owner, armies=ps.armies)))
        if ps.buildings:
            lines.append(escape(_("Buildings: {buildings}").format(
                buildings=format_list([terms.building_name(b) for b in ps.buildings]))))
        if ps.unrest:
            lines.append(escape(_("Unrest markers: {unrest}").format(unrest=ps.unrest)))
    in_play = board.graph
    g = in_play if name in in_play else full
    nbrs = sorted(g.adj[name])
    named = [terms.province_name(n) + (" ⚓" if full.edges[name, n]["kind"] == "sea" else "") for n in nbrs]
    lines.append(escape(_("Neighbours: {names}").format(names="\x00")).replace("\x00", _wrap_names(named)))
    return "<br>".join(lines)


def label_texts(name: str, board: PlayBoard, view: str, kanji: bool = True) -> tuple[str, str]:
    """A province's name on the map as two lines without markup (plotly draws plain text much
    faster): the name the sentences use (shown bold; the kanji in Chinese and Japanese, else the
    romaji) and the other one below it; the marks (out of play, the other side's region in the
    changes view) end the last line shown."""
    p = BOARD.province(name)
    first = terms.province_name(name)  # a reader finds "越後" on the map as the sentences write it
    second = terms.province_characters(name) if first == p.name else p.name
    marks = ""
    if name in board.excluded:
        marks += " ✕" + (" ⚠" if board.excluded_flagged else "")
    if view == "changes" and p.region("sun") != p.region("moon"):
        marks += " " + SIDE_SYMBOLS[board.other]
    return (first, second + marks) if kanji else (first + marks, "")


def state_hover(name: str, state: Any) -> str:
    """A held province's token hover: its name, owner and armies, buildings and unrest."""
    ps = state.provinces[name]
    style = player_style(state, ps.owner)
    owner = f"{style.letter} {terms.colour_name(style.name)}"
    lines = [f"<b>{escape(terms.province_intro(name))}</b>",
             escape(_("Owner: {owner} · Armies: {armies}").format(owner=owner, armies=ps.armies))]
    if ps.buildings:
        lines.append(escape(_("Buildings: {buildings}").format(
            buildings=format_list([terms.building_name(b) for b in ps.buildings]))))
    if ps.unrest:
        lines.append(escape(_("Unrest markers: {unrest}").format(unrest=ps.unrest)))
    return "<br>".join(lines)


def region_summaries(board: PlayBoard, state: Any = None) -> dict[str, list[str]]:
    """Per region, the lines of its summary box (HTML): the majorities when a state is given,
    else what the region holds (provinces, building slots, tax and rice)."""
    g, side, players = board.graph, board.side, board.players
    out: dict[str, list[str]] = {}
    result = None
    if state is not None:
        owners = {n: ps.owner for n, ps in state.provinces.items() if n in g}
        buildings = {n: list(ps.buildings) for n, ps in state.provinces.items() if n in g}
        regions = {n: g.nodes[n]["region"] for n in g}
        result = score(owners, buildings, regions, players)
    west_to_east = sorted(BOARD.regions, key=lambda r: geo.region_anchor(side, r)[0])
    for region in west_to_east:
        names = [n for n in g if g.nodes[n]["region"] == region]
        lines = [f"<b>{escape(terms.region_name(region))}</b>"]
        if result is None:
            lines.append(escape(_("Provinces: {provinces} · Building slots: {slots}").format(
                provinces=len(names), slots=sum(g.nodes[n]["building_slots"] for n in names))))
            lines.append(escape(_("Tax: {tax} · Rice: {rice}").format(
                tax=sum(g.nodes[n]["tax"] for n in names), rice=sum(g.nodes[n]["rice"] for n in names))))
        else:
            table = result["regions"].get(region, {})
            for building in BUILDINGS:
                row = table.get(building)
                name = escape(terms.building_name(building))
                if not row or not row["winners"]:
                    lines.append(escape(_("{building}: —")).format(building=name))
                    continue
                counts = sorted(((c, s) for s, c in enumerate(row["counts"]) if c), key=lambda cs: (-cs[0], cs[1]))
                shown = " ".join(
                    (f"<b>{player_style(state, s).letter}{c}</b>" if s in row["winners"] else f"{player_style(state, s).letter}{c}")
                    for c, s in counts)
                win = "".join(player_style(state, s).letter for s in row["winners"])
                # the message is escaped first, then filled with markup it must keep (the bold winners)
                message = _("{building}: {counts} → tie: {who} +{points} each") if row["tie"] else _("{building}: {counts} → {who} +{points}")
                lines.append(escape(message).format(building=name, counts=shown, who=escape(win), points=row["points"]))
        out[region] = lines
    return out



def province_table_html(side: str, players: int, state: Any = None) -> str:
    """The board as a table, its text alternative for screen readers (and for anyone looking something up):
    every province in the sentences' name with the other script, its region, and in a game its owner
    (letter and colour, so no colour is needed), armies, buildings and unrest; provinces out of play said so."""
    board = play_board(side, players)
    out = board.excluded
    head = [_("Province"), _("Region")] + ([_("Owner"), _("Armies"), _("Buildings"), _("Unrest")] if state is not None else [])
    rows = []
    for p in sorted(BOARD.provinces, key=lambda p: (BOARD.regions.index(p.region(side)), terms.province_name(p.name))):
        first = terms.province_name(p.name)
        name = escape(f"{first} ({p.kanji if first == p.name else p.name})")
        cells = [f"<td>{escape(terms.region_name(p.region(side)))}</td>"]
        if p.name in out and state is None:
            continue  # named in the sentence under the table
        if p.name in out:
            cells.append("<td colspan='{}'>{}</td>".format(len(head) - 2, escape(_("Out of play with three players"))))
        elif state is not None:
            ps = state.provinces.get(p.name)
            owner, armies, buildings, unrest = "–", 0, "–", 0
            if ps is not None:
                if ps.owner is not None:
                    st = player_style(state, ps.owner)
                    owner = escape(f"{st.letter} {terms.colour_name(st.name)}")
                armies, unrest = ps.armies, ps.unrest
                if ps.buildings:
                    buildings = escape(format_list([terms.building_name(b) for b in ps.buildings]))
            cells += [f"<td>{owner}</td>", f"<td class='num'>{armies}</td>", f"<td>{buildings}</td>", f"<td class='num'>{unrest}</td>"]
        rows.append(f"<tr><th scope='row'>{name}</th>{''.join(cells)}</tr>")
    header = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
    note = ""
    if out and state is None:
        names = format_list(sorted(terms.province_name(n) for n in out))
        note = "<p>{}</p>".format(escape(_("Out of play with three players: {names}.").format(names=names)))
    return f"<table class='shogun-province-table'><thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>{note}"
