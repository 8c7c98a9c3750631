"""A bot's reason for a decision, said in the chosen language.

One gettext message per reason kind, with named placeholders; ``ngettext``
where a count varies. Provinces (``province``, ``target``) are named as every sentence
names them (the kanji in Chinese and Japanese, see :func:`terms.province_name`); building
and special-card names come from the game terms. The bots hand over data
(:class:`Reason`), never prose.

>>> from shogun_tutor.bots import Reason
>>> render(Reason("tax", province="Settsu", gain=4, chests=10))
'Tax in Settsu: +4 chests for the war chest (10 now).'
>>> render(Reason("tax", province="Settsu", gain=4, chests=10), "nl")
'Belasting in Settsu: +4 geldkisten voor de kas (nu 10).'
>>> "摂津" in render(Reason("tax", province="Settsu", gain=4, chests=10), "ja")
True
"""

from __future__ import annotations

from typing import Callable

from babel.numbers import format_decimal

from .. import i18n
from . import terms

#: the reason parameters that hold a province
_PROVINCE_PARAMS = ("province", "target")


def _sentences(_: Callable[[str], str], ngettext: Callable[[str, str, int], str],
               sep: str = " ") -> dict[str, Callable[[dict], str]]:
    """One sentence (or a few whole ones, joined by ``sep``: none in Chinese and Japanese) per reason kind."""
    def term(table: str, key: str) -> str:
        return _(getattr(terms, table)[key])  # a name from the glossary, in the same language

    return {
        "random": lambda p: ngettext("A random choice among {options} legal decision.",
                                     "A random choice among {options} legal decisions.", p["options"]).format(**p),
        # the look-ahead's reasons say what the choice changes, in the game's terms, never how the bot found it
        "lookahead": lambda p: _("Both choices end the round much alike in rice, provinces, buildings and armies. Lead over the rivals at the round's end, in points: {margin} more on average with this choice than with the usual one.").format(**p),
        "lookahead_buildings": lambda p: _("Buildings at the round's end: {buildings} on average with this choice, {other} with the usual one.").format(**p),
        "lookahead_score": lambda p: _("Points at the round's end, with what its provinces and buildings would score at a winter: {score} on average with this choice, {other} with the usual one.").format(**p),
        "lookahead_rival": lambda p: _("Points of its strongest rival at the round's end, counted the same way: {rival} on average with this choice, {other} with the usual one.").format(**p),
        "lookahead_chests": lambda p: _("Chests kept for the rounds still to come: {chests} on average with this choice, {other} with the usual one.").format(**p),
        "lookahead_rice": lambda p: _("Rice missing at the winter, where each missing rice means a revolt: {now} on average with this choice, {short} with the usual one.").format(**p),
        "lookahead_provinces": lambda p: _("Provinces held at the round's end: {provinces} on average with this choice, {other} with the usual one.").format(**p),
        "lookahead_armies": lambda p: _("Armies on the board at the round's end: {armies} on average with this choice, {other} with the usual one.").format(**p),
        "baseline": lambda p: _("The baseline bot's rule of thumb (it gives no reasons).").format(**p),
        "rice_for_winter": lambda p: ngettext(
            "Rice in {province} (+{gain}): the winter needs {need} rice for the provinces plus a loss of up to {loss}; it has {have}.",
            "Rice in {province} (+{gain}): the winter needs {need} rice for the provinces plus a loss of up to {loss}; it has {have}.",
            p["need"]).format(**p),
        "tax": lambda p: ngettext("Tax in {province}: +{gain} chest for the war chest ({chests} now).",
                                  "Tax in {province}: +{gain} chests for the war chest ({chests} now).",
                                  p["gain"]).format(**p),
        "build": lambda p: ngettext(
            "{building} in {province} for {cost} chest; points it should bring over the winters still to come: about {points}.",
            "{building} in {province} for {cost} chests; points it should bring over the winters still to come: about {points}.",
            p["cost"]).format(**{**p, "building": term("BUILDING_NAMES", p["building"])}),
        "armies_defend": lambda p: _reduced(_, ngettext, p)["armies_defend"]() if "card" in p else ngettext(
            "{armies} army to {province}: a neighbour threatens it (armies: {threat} there, {have} here).",
            "{armies} armies to {province}: a neighbour threatens it (armies: {threat} there, {have} here).",
            p["armies"]).format(**p),
        "armies_attack": lambda p: _reduced(_, ngettext, p)["armies_attack"]() if "card" in p else ngettext(
            "{armies} army to {province}, ready for the battle against {target} later this round.",
            "{armies} armies to {province}, ready for the battle against {target} later this round.",
            p["armies"]).format(**p),
        "attack_plan": lambda p: _battle(ngettext, sep, p, ngettext(
            "Plans a battle from {province} against {target} later this round, with {armies} army.",
            "Plans a battle from {province} against {target} later this round, with {armies} armies.",
            p["armies"]).format(**p)) if "extra" in p else ngettext(
            "Battle from {province} against {target}: {armies} army against {defence}, about {chance} % to win.",
            "Battle from {province} against {target}: {armies} armies against {defence}, about {chance} % to win.",
            p["armies"]).format(**p),
        "filler_chest": lambda p: _("A war-chest card covers this field: the action is not worth doing this round.").format(**p),
        "filler_province": lambda p: _("{province} covers this field: a spare card, put where it does least harm.").format(**p),
        "filler_build": lambda p: ngettext(
            "{province} on this field builds a {building} there for {cost} chest: no card was needed elsewhere, and the building scores.",
            "{province} on this field builds a {building} there for {cost} chests: no card was needed elsewhere, and the building scores.",
            p["cost"]).format(**{**p, "building": term("BUILDING_NAMES", p["building"])}),
        "filler_armies": lambda p: _reduced(_, ngettext, p)["filler_armies"]() if "card" in p else ngettext(
            "{province} on this field buys {armies} army there: no card was needed elsewhere, and the chests are there.",
            "{province} on this field buys {armies} armies there: no card was needed elsewhere, and the chests are there.",
            p["armies"]).format(**p),
        "filler_lapse": lambda p: _("{province} covers this field, but the action will lapse (too few chests or no room), which costs nothing.").format(**p),
        "filler_tax": lambda p: _("{province} on the tax field collects its tax: it has no unrest, so no revolt can follow.").format(**p),
        "filler_rice": lambda p: _("{province} on the rice field collects its rice: it has no unrest, so no revolt can follow.").format(**p),
        "filler_move": lambda p: _("{province} on a battle field forces no fight: its armies can only stay or move to an own province.").format(**p),
        "rice_for_conquest": lambda p: ngettext(
            "Rice in {province} (+{gain}): the rice on hand feeds today's provinces, but the planned battle may add {battles} province, and each needs one rice more at the winter.",
            "Rice in {province} (+{gain}): the rice on hand feeds today's provinces, but the planned battles may add {battles} provinces, and each needs one rice more at the winter.",
            p["battles"]).format(**p),
        "empty_field": lambda p: _("Left empty: there are fewer cards than fields.").format(**p),
        "bid_province": lambda p: _("Bids the card of {province}: it costs nothing and picks before the 0-chest bids.").format(**p),
        "bid_chests": lambda p: ngettext(
            "Bids {chests} chest: wants an early pick for the special card {special}.",
            "Bids {chests} chests: wants an early pick for the special card {special}.",
            p["chests"]).format(**{**p, "special": term("SPECIAL_NAMES", p["special"])}),
        "bid_last_round": lambda p: ngettext(
            "Bids {chests} chest: this is the last round, and chests left over score nothing.",
            "Bids {chests} chests: this is the last round, and chests left over score nothing.",
            p["chests"]).format(**p),
        "bid_zero": lambda p: _("Bids the 0-chest card: no spare province card and no chest to spare.").format(**p),
        "place_special": lambda p: _("Place {place}: its special card {special} helps this round's plan.").format(
            **{**p, "special": term("SPECIAL_NAMES", p["special"])}),
        "place_order": lambda p: _("Place {place}: no special card helps the plan, so the earliest turn.").format(**p),
        "attack": lambda p: _battle(ngettext, sep, p, ngettext(
            "Attacks {target} from {province} with {armies} army.",
            "Attacks {target} from {province} with {armies} armies.",
            p["armies"]).format(**p)) if "extra" in p else ngettext(
            "Attacks {target} from {province} with {armies} army against {defence}: about {chance} % to win.",
            "Attacks {target} from {province} with {armies} armies against {defence}: about {chance} % to win.",
            p["armies"]).format(**p),
        "reinforce": lambda p: ngettext(
            "Moves {armies} army from {province} to {target}, which is threatened (enemy armies next to it: {threat}).",
            "Moves {armies} armies from {province} to {target}, which is threatened (enemy armies next to it: {threat}).",
            p["armies"]).format(**p),
        "stay": lambda p: _("Keeps the armies in {province}: no move is worth it.").format(**p),
        "forced_move": lambda p: ngettext(
            "The battle must be fought: {armies} army from {province} to {target} is the least bad choice.",
            "The battle must be fought: {armies} armies from {province} to {target} is the least bad choice.",
            p["armies"]).format(**p),
        "claim": lambda p: ngettext(
            "Takes {province} with a group of {armies} army: the best tax and rice on offer.",
            "Takes {province} with a group of {armies} armies: the best tax and rice on offer.",
            p["armies"]).format(**p),
        "claim_deck": lambda p: ngettext(
            "Takes the top card of the deck with a group of {armies} army: the face-up cards are poor.",
            "Takes the top card of the deck with a group of {armies} armies: the face-up cards are poor.",
            p["armies"]).format(**p),
        "revolt_order": lambda p: ngettext(
            "Fights the revolt in {province} first: {armies} army defends it.",
            "Fights the revolt in {province} first: {armies} armies defend it.",
            p["armies"]).format(**p),
        "fallback": lambda p: _("The plan did not fit the choices left; a safe choice instead.").format(**p),
        "court_province": lambda p: ngettext(
            "Court: {armies} army from {province} becomes a court official, to buy a privilege card (armies: {have} in {province}, {threat} in its strongest neighbour).",
            "Court: {armies} armies from {province} become court officials, to buy a privilege card (armies: {have} in {province}, {threat} in its strongest neighbour).",
            p["armies"]).format(**p),
        "court_tray": lambda p: ngettext(
            "Court: {armies} army from the tray becomes a court official, to buy a privilege card.",
            "Court: {armies} armies from the tray become court officials, to buy a privilege card.",
            p["armies"]).format(**p),
        "event_aside": lambda p: _event_aside(_)[p["why"]]().format(**p),
        "event_keep": lambda p: _("Leaves event card {event} in play: it does not hurt this round's plan more than the rivals'.").format(**p),
        "expansion_rule_of_thumb": lambda p: _("An expansion decision, taken by a rule of thumb: the most valuable option that can be carried out.").format(**p),
    }


def _battle(ngettext: Callable[[str, str, int], str], sep: str, p: dict, first: str) -> str:
    """A battle said with the figures the game shows for it (:func:`shogun_tutor.bots.values.attack_reason`): the
    armies moved (``first``, a whole sentence), the armies the cards add, who defends (armies, or a neutral
    province's farmers) and the chance to win; each count its own sentence, so each takes its plural."""
    parts = [first]
    if p["extra"]:
        parts.append(ngettext("The cards add {extra} army.", "The cards add {extra} armies.", p["extra"]).format(**p))
    if "farmers" in p:
        parts.append(ngettext("{farmers} farmer defends it: {chance} % to win.",
                              "{farmers} farmers defend it: {chance} % to win.", p["farmers"]).format(**p))
    else:
        parts.append(ngettext("{defence} army defends it: {chance} % to win.",
                              "{defence} armies defend it: {chance} % to win.", p["defence"]).format(**p))
    return sep.join(parts)


def _reduced(_: Callable[[str], str], ngettext: Callable[[str, str, int], str], p: dict) -> dict[str, Callable[[], str]]:
    """An army action that an event card still face up may cut this round (``card``: the card's own number,
    ``armies``: the fewer the plan counts on, ``event``: the event card). Both numbers are said, so that "3 armies"
    never stands unexplained on the "Place 5 armies" field (issue 21)."""
    return {
        "armies_defend": lambda: ngettext(
            "{card} army to {province}, or only {armies} if this round's event turns out to be card {event}, which is still face up (the plan counts on the fewer): a neighbour threatens it (armies: {threat} there, {have} here).",
            "{card} armies to {province}, or only {armies} if this round's event turns out to be card {event}, which is still face up (the plan counts on the fewer): a neighbour threatens it (armies: {threat} there, {have} here).",
            p["card"]).format(**p),
        "armies_attack": lambda: ngettext(
            "{card} army to {province}, or only {armies} if this round's event turns out to be card {event}, which is still face up: ready for the battle against {target} later this round.",
            "{card} armies to {province}, or only {armies} if this round's event turns out to be card {event}, which is still face up: ready for the battle against {target} later this round.",
            p["card"]).format(**p),
        "filler_armies": lambda: ngettext(
            "{province} on this field buys {card} army there, or only {armies} if this round's event turns out to be card {event}, which is still face up: no card was needed elsewhere, and the chests are there.",
            "{province} on this field buys {card} armies there, or only {armies} if this round's event turns out to be card {event}, which is still face up: no card was needed elsewhere, and the chests are there.",
            p["card"]).format(**p),
    }


def _event_aside(_: Callable[[str], str]) -> dict[str, Callable[[], str]]:
    """Why card 1's taker sets the event aside: one whole sentence per cause (``why`` of the reason)."""
    return {
        "rice": lambda: _("Sets event card {event} aside: it would cut this round's planned harvest."),
        "tax": lambda: _("Sets event card {event} aside: it would cut this round's planned tax."),
        "armies": lambda: _("Sets event card {event} aside: the planned army purchases would bring fewer armies."),
        "castle": lambda: _("Sets event card {event} aside: the rivals' castles would gain more from it than its own."),
        "temple": lambda: _("Sets event card {event} aside: the rivals' temples would gain more from it than its own."),
        "theater": lambda: _("Sets event card {event} aside: the rivals' theatres would gain more from it than its own."),
        "neutral": lambda: _("Sets event card {event} aside: two farmers would defend each neutral province its planned battles attack."),
    }


def render(reason, language: str | None = None) -> str:
    """The reason as one sentence in ``language`` (default: the current language)."""
    tr = i18n.translator(language) if language else i18n.translator(i18n.current_language())
    table = _sentences(tr.gettext, tr.ngettext, "" if tr.code in ("zh", "ja") else " ")
    try:
        fn = table[reason.kind]
    except KeyError:
        raise ValueError(f"no sentence for the reason kind {reason.kind!r}") from None
    params = {k: format_decimal(v, format="#,##0.#", locale=tr.code if tr.code != "en" else "en")
              if isinstance(v, float) else v for k, v in reason.params.items()}
    for k in _PROVINCE_PARAMS:
        if isinstance(params.get(k), str):
            params[k] = _province(params[k], tr.code)
    return fn(params)


def _province(value: str, code: str) -> str:
    """A province (or its card) as the sentences of language ``code`` name it; anything else unchanged."""
    try:
        return terms.province_name(value, code)
    except KeyError:
        return value


#: the reason kinds this module can say
KINDS = tuple(_sentences(lambda m: m, lambda s, p, n: s))
