"""Winter: rice, revolts, scoring; the year's and the game's end."""

from __future__ import annotations

from ...i18n import _, format_list, ngettext
from .. import terms
from .core import Explanation, player_name, players, province, provinces, renders

# --- winter and scoring -----------------------------------------------------------------------


@renders("winter.rice")
def _winter_rice(e):
    n = e["provinces"]
    lines = [
        _("Rice {before} − {loss} (event card {event}) = {rice}.").format(before=e["rice_before"], loss=e["loss"], event=e["event"], rice=e["rice"]),
        ngettext("{n} province needs one rice.", "{n} provinces need one rice each.", n).format(n=n),
    ]
    if e["shortfall"]:
        short, revolts, extra = e["shortfall"], e["revolts"], e["extra_farmers"]
        lines.append(ngettext("Short by {n} rice.", "Short by {n} rice.", short).format(n=short))
        lines.append(ngettext("{n} province revolts.", "{n} provinces revolt.", revolts).format(n=revolts))
        lines.append(ngettext("Each revolt gets {n} extra farmer.", "Each revolt gets {n} extra farmers.", extra).format(n=extra))
    else:
        lines.append(_("Enough rice: no revolt."))
    return Explanation(_("Winter: {player} feeds the provinces").format(player=player_name(e["player"])), lines, "phase")


@renders("winter.revolts_drawn")
def _revolts_drawn(e):
    return Explanation(
        _("{left} draws blindly from the province cards of {player}: {provinces}").format(
            left=player_name(e["drawn_by"]), player=player_name(e["player"]), provinces=provinces(e["provinces"])),
        [_("The player decides in which order these revolts are fought.")] if len(e["provinces"]) > 1 else [],
    )


@renders("winter.revolt_void")
def _revolt_void(e):
    return Explanation(_("{province} was already lost this winter: no revolt there").format(province=province(e["province"])))


_MAJORITY_LINES = {  # the count in words (issue 23: no bare tuple of every player's count)
    ("castle", False): lambda n, **kw: ngettext(
        "{region}: most castles: {who} with {n} castle → {points}.",
        "{region}: most castles: {who} with {n} castles → {points}.", n).format(n=n, **kw),
    ("temple", False): lambda n, **kw: ngettext(
        "{region}: most temples: {who} with {n} temple → {points}.",
        "{region}: most temples: {who} with {n} temples → {points}.", n).format(n=n, **kw),
    ("theater", False): lambda n, **kw: ngettext(
        "{region}: most Nō theaters: {who} with {n} Nō theater → {points}.",
        "{region}: most Nō theaters: {who} with {n} Nō theaters → {points}.", n).format(n=n, **kw),
    ("castle", True): lambda n, **kw: ngettext(
        "{region}: most castles, tie between {who} with {n} castle each → {points} each (one less for a tie).",
        "{region}: most castles, tie between {who} with {n} castles each → {points} each (one less for a tie).",
        n).format(n=n, **kw),
    ("temple", True): lambda n, **kw: ngettext(
        "{region}: most temples, tie between {who} with {n} temple each → {points} each (one less for a tie).",
        "{region}: most temples, tie between {who} with {n} temples each → {points} each (one less for a tie).",
        n).format(n=n, **kw),
    ("theater", True): lambda n, **kw: ngettext(
        "{region}: most Nō theaters, tie between {who} with {n} Nō theater each → {points} each (one less for a tie).",
        "{region}: most Nō theaters, tie between {who} with {n} Nō theaters each → {points} each (one less for a "
        "tie).", n).format(n=n, **kw),
}


def scoring_lines(players_: list[dict], regions: dict) -> list[str]:
    lines = []
    for p in players_:
        lines.append(_("{player}: {provinces} for provinces + {buildings} for buildings + {majority} for majorities = {total}.").format(
            player=player_name(p["seat"]), provinces=p["provinces"], buildings=p["buildings"], majority=p["majority_points"], total=p["total"]))
    for region, types in sorted(regions.items()):
        for b, r in types.items():
            if not r["winners"]:
                continue
            lines.append(_MAJORITY_LINES[b, bool(r["tie"])](
                region=terms.region_name(region), who=players(r["winners"]), n=r["counts"][r["winners"][0]],
                points=r["points"]))
    return lines


def _score_item(seat: int, points: int) -> str:
    return _("{player} {points}").format(player=player_name(seat), points=points)


@renders("winter.scoring")
def _scoring(e):
    return Explanation(
        _("Scoring of year {year}").format(year=e["year"]),
        scoring_lines(e["players"], e["regions"]) + [_("Points so far: {points}.").format(
            points=format_list([_score_item(i, p) for i, p in enumerate(e["points"])]))],
        "scoring",
    )


@renders("year.end")
def _year_end(e):
    return Explanation(_("End of year {year}: unrest markers are removed, rice goes back to 0, four new event cards").format(year=e["year"]), [], "phase")


@renders("game.end")
def _game_end(e):
    winners = e["winners"]
    lines = [_("{player}: points {points}, chests {chests}.").format(player=player_name(i), points=p, chests=c)
             for i, (p, c) in enumerate(zip(e["points"], e["chests"]))]
    top = max(e["points"])
    if sum(1 for p in e["points"] if p == top) > 1:
        lines.append(_("Equal points: the most chests decide."))
    title = ngettext("The game is over: {players} becomes Shogun", "The game is over: {players} share the title of Shogun", len(winners))
    return Explanation(title.format(players=players(winners)), lines, "scoring")
