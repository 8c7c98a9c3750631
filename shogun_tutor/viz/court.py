"""Tennō's Court and Samurai drawn as light HTML: the privilege-card display and each player's court board
and samurai stack, from the state and the current language (no plotly: a few boxes and dots).

* The display: the audience hall's three fields (they cost 4, 3 and 2 court officials) with the card on each,
  its effect and amount, then how many privilege cards are left in the deck and out of the game.
* Per player (in turn order): the three court fields (convert 3, 2, 1 armies) with the card planned on each,
  and once the court fields are revealed what it did (converted, lapsed, nothing); the seven court officials
  as dots (supply, entrance hall, audience hall) with their counts and the armies converted this season; the
  privilege cards kept for later; the samurai stack's top card with its options and the regions held.

Every amount on a privilege or samurai card is INFERRED (``data/components.json``): each place that shows one
carries the short mark, and its tooltip the full sentence. :func:`court_html` is pure: the same state and
language give the same text, so the panel (``ui/court_panel.py``) sends it only when it changed.
"""

from __future__ import annotations

from html import escape

from ..data import COMPONENTS
from ..i18n import _, format_list, ngettext
from ..rules.expansions import court, privileges, samurai
from ..rules.state import TOWER_CARD_PREFIX, chest_value
from ..text import terms
from ..text.explain import player_name, privilege_text, samurai_option_text
from .palette import player_style

_STYLE = """<style>
.sc-wrap{font-size:0.9em;margin:0.4em 0;line-height:1.35}
.sc-wrap div{line-height:1.35}
.sc-wrap h4{margin:0.3em 0}
.sc-display,.sc-players{display:flex;flex-wrap:wrap;gap:0.4em}
.sc-card{flex:1 1 9em;max-width:14em;border:1px solid #b59a6a;border-radius:4px;background:#fbf6ea;padding:0.25em 0.4em}
.sc-card.sc-empty{background:#f2f2f2;color:#777;border-style:dashed}
.sc-cost{font-size:0.85em;color:#6b4f2a}
.sc-num{font-weight:bold;font-size:1.15em}
.sc-mark{color:#8a5a00;font-size:0.85em;white-space:nowrap}
.sc-note{color:#555;font-size:0.88em;margin:0.2em 0}
.sc-player{flex:1 1 17em;max-width:100%;border:1px solid #ccc;border-radius:4px;padding:0.3em 0.5em;background:#fff}
.sc-fields{display:flex;gap:0.3em;margin:0.25em 0}
.sc-field{flex:1 1 0;min-width:0;border:1px solid #999;border-radius:3px;padding:0.1em 0.25em;font-size:0.88em;overflow-wrap:anywhere}
.sc-field.sc-planned{border-style:dashed}
.sc-field.sc-convert{border-color:#009E73;background:#eaf7f1}
.sc-field.sc-lapsed{border-color:#999;background:#f2f2f2;color:#666}
.sc-field b,.sc-field i{display:block}
.sc-dot{display:inline-block;width:0.8em;height:0.8em;border-radius:50%;margin-right:2px;vertical-align:middle;border:1px solid #333}
.sc-wrap ul{margin:0.1em 0 0.1em 1.1em;padding:0}
</style>"""

_OUTCOME_RULES = ("court.convert", "court.lapsed", "court.no_action")


def el(tag: str, inner: str = "", cls: str | None = None, title: str | None = None, **attrs) -> str:
    """One element: ``inner`` is HTML (escape texts before), ``title`` and ``attrs`` are escaped here."""
    extra = {"class": cls, "title": title, **{k.replace("_", "-"): v for k, v in attrs.items()}}
    rendered = "".join(f" {k}='{escape(str(v))}'" for k, v in extra.items() if v is not None)
    return f"<{tag}{rendered}>{inner}</{tag}>"


def card_label(card: str | None) -> str:
    """A card on a court or plan field as the board shows it: province, war-chest card or battle-tower card
    (a province card's side, ``Aki/sun``, is left out)."""
    if card is None:
        return "–"
    if card.startswith(TOWER_CARD_PREFIX):
        return _("Battle-tower card")
    chests = chest_value(card)
    if chests is not None:
        return _("War-chest card {chests}").format(chests=chests)
    return terms.province_name(card)


def _mark(provenance) -> str:
    """The short INFERRED mark with the whole sentence as its tooltip."""
    mark = terms.provenance_mark(provenance)
    if not mark:
        return ""
    return " " + el("span", escape(mark), "sc-mark", terms.provenance_text(provenance))


def revealed(state) -> bool:
    """Whether this season's court fields have been turned face up (during the audience and the actions)."""
    phase = state.phase
    if phase == "court":
        return privileges.data(state)["step"] != "reveal"
    return phase == "actions"


def season_outcomes(state) -> dict[tuple[int, str], dict]:
    """(seat, field) -> this season's court.convert / court.lapsed / court.no_action event."""
    out: dict[tuple[int, str], dict] = {}
    for e in reversed(state.log):
        if e.get("year") != state.year or e.get("season") != state.season:
            break
        if e["rule"] in _OUTCOME_RULES:
            out.setdefault((e["player"], e["field"]), e)
    return out


# --- the privilege-card display ----------------------------------------------------------------------
def display_html(state) -> str:
    d = privileges.data(state)
    mark = _mark(COMPONENTS.privilege_provenance)
    tiles = []
    for number, cost in zip(d["display"], court.HALL_COSTS):
        price = escape(ngettext("Costs {n} court official", "Costs {n} court officials", cost).format(n=cost))
        if number is None:
            tiles.append(el("div", el("div", price, "sc-cost") + escape(_("Empty")), "sc-card sc-empty"))
            continue
        effect = el("div", escape(privilege_text(number)) + mark)
        tiles.append(el("div", el("div", price, "sc-cost") + el("div", str(number), "sc-num") + effect, "sc-card", data_card=number))
    counts = escape(_("Privilege cards in the deck: {deck} · out of the game: {out}").format(
        deck=len(d["deck"]), out=len(d["out"])))
    title = el("div", el("b", escape(_("Privilege cards in the audience hall"))), "sc-label")
    return title + el("div", "".join(tiles), "sc-display") + el("div", counts, "sc-note")


# --- one player's court board ------------------------------------------------------------------------
_OUTCOME_TEXT = {
    "court.convert": lambda: _("converted"),
    "court.lapsed": lambda: _("lapsed"),
    "court.no_action": lambda: _("no effect"),
}
_OUTCOME_CLASS = {"court.convert": "sc-convert", "court.lapsed": "sc-lapsed", "court.no_action": "sc-lapsed"}


def fields_html(state, seat: int, outcomes: dict, shown: bool, secret: bool = False) -> str:
    """``secret``: the cards lie face down for whoever looks (a learner's opponent before the reveal)."""
    plan = state.players[seat].plan
    cells = []
    for field in court.COURT_FIELDS:
        n = court.field_armies(field)
        title = ngettext("Court field for {n} army", "Court field for {n} armies", n).format(n=n)
        card = plan.get(field)
        if secret and not shown and card is not None:
            inner = el("b", str(n)) + escape(_("Face down")) + el("i", escape(_("planned")))
            cells.append(el("div", inner, "sc-field sc-planned", title, data_field=field))
            continue
        event = outcomes.get((seat, field)) if shown else None
        if event is not None:
            css, status = _OUTCOME_CLASS[event["rule"]], _OUTCOME_TEXT[event["rule"]]()
        elif card is not None:
            css, status = "sc-planned", _("planned") if not shown else ""
        else:
            css, status = "", ""
        inner = el("b", str(n)) + escape(card_label(card)) + (el("i", escape(status)) if status else "")
        cells.append(el("div", inner, f"sc-field {css}", title, data_field=field))
    return f"<div class='sc-fields'>{''.join(cells)}</div>"


def officials_html(state, seat: int, outcomes: dict) -> str:
    d = privileges.data(state)
    supply, hall, audience = d["supply"][seat], d["hall"][seat], d["audience"][seat]
    fill = player_style(seat).fill
    dots = ("<span class='sc-dot' style='background:#fff'></span>" * supply
            + f"<span class='sc-dot' style='background:{fill}'></span>" * hall
            + f"<span class='sc-dot' style='background:{fill};box-shadow:0 0 0 2px #d4a017'></span>" * audience)
    counts = _("Court officials in the supply: {supply} · entrance hall: {hall} · audience hall: {audience}").format(
        supply=supply, hall=hall, audience=audience)
    converted = sum(e["armies"] for (s, _f), e in outcomes.items() if s == seat and e["rule"] == "court.convert")
    line = ngettext("{n} army converted into court officials this season",
                    "{n} armies converted into court officials this season", converted).format(n=converted)
    return el("div", dots, role="img", aria_label=counts) + el("div", escape(counts)) + el("div", escape(line), "sc-note")


def kept_html(state, seat: int) -> str:
    kept = privileges.data(state)["kept"][seat]
    if not kept:
        return el("div", escape(_("No privilege card kept")), "sc-note")
    mark = _mark(COMPONENTS.privilege_provenance)
    items = "".join(f"<li>{escape(privilege_text(n))}{mark}</li>" for n in kept)
    return el("div", escape(_("Privilege cards kept:"))) + el("ul", items)


# --- one player's samurai stack --------------------------------------------------------------------------
def samurai_html(state, seat: int) -> str:
    top = samurai.top_card(state, seat)
    held = len(samurai.regions(state, seat))
    head = _("Samurai stack: card {card} of {total} on top").format(card=top, total=len(samurai.STACK))
    opts = samurai.CARDS[top]
    shown = [samurai_option_text(o, a) for o, a in opts.items() if a > 0]
    body = ("<ul>" + "".join(f"<li>{escape(t)}</li>" for t in shown) + "</ul>" + _mark(COMPONENTS.samurai_provenance)
            if shown else el("div", escape(_("The blank flag: this card offers no bonus.")), "sc-note"))
    regions = ngettext("Provinces in {n} region ({min} needed for a bonus)",
                       "Provinces in {n} regions ({min} needed for a bonus)", held).format(n=held, min=samurai.MIN_REGIONS)
    return el("div", el("b", escape(head)) + body + el("div", escape(regions), "sc-note"), data_samurai=top)


def player_html(state, seat: int, outcomes: dict, shown: bool, viewer: int | None = None) -> str:
    style = player_style(seat)
    parts = [el("b", el("span", "", "sc-dot", style=f"background:{style.fill}") + escape(player_name(seat)))]
    if court.NAME in state.extra:
        secret = viewer is not None and viewer >= 0 and viewer != seat
        parts += [fields_html(state, seat, outcomes, shown, secret), officials_html(state, seat, outcomes), kept_html(state, seat)]
    if samurai.NAME in state.extra:
        parts.append(samurai_html(state, seat))
    return f"<div class='sc-player' data-seat='{seat}' style='border-left:6px solid {style.fill}'>{''.join(parts)}</div>"


def court_html(state, viewer: int | None = None) -> str:
    """The whole expansion display for ``state`` ('' when no expansion is played).

    ``viewer``: the learner's seat; the other players' court cards then lie face down until they are revealed
    (bots only, ``None`` or -1: every plan is shown, as the bots' moves are).
    """
    if court.NAME not in state.extra and samurai.NAME not in state.extra:
        return ""
    titles = [t for name, t in ((court.NAME, _("Tennō's Court")), (samurai.NAME, _("Samurai"))) if name in state.extra]
    parts = [_STYLE, f"<div class='sc-wrap'><h4>{escape(format_list(titles))}</h4>"]
    if court.NAME in state.extra:
        parts.append(display_html(state))
    outcomes = season_outcomes(state) if court.NAME in state.extra else {}
    shown = court.NAME in state.extra and revealed(state)
    order = state.round.turn_order if state.round.turn_order else list(range(state.num_players))
    parts.append(f"<div class='sc-players'>{''.join(player_html(state, seat, outcomes, shown, viewer) for seat in order)}</div></div>")
    return "".join(parts)
