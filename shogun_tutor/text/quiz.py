"""The class quiz's words: a question's sentence and facts, its options, and the reveal's explanation.

Reads the dictionaries of :mod:`shogun_tutor.rulebook.quiz` (``Question.public()`` before the reveal,
``Question.reveal()`` after it), so that the page of a student never needs the answer to draw a question.
The reveal says what the game's own explanations say (the battle's count and verdict, the winter's rice and
revolts, the region's majority), with the same sentences as the step texts.
"""

from __future__ import annotations

from ..i18n import _, format_number, ngettext
from . import terms
from .explain.battles import battle_lines
from .explain.core import player_name, players, province
from .explain.winter import _MAJORITY_LINES


_BUILDINGS_HELD = {  # one sentence per building type: its name is inflected with the count
    "castle": lambda n: ngettext("{player} has {n} castle there.", "{player} has {n} castles there.", n),
    "temple": lambda n: ngettext("{player} has {n} temple there.", "{player} has {n} temples there.", n),
    "theater": lambda n: ngettext("{player} has {n} Nō theater there.", "{player} has {n} Nō theaters there.", n),
}


def question_sentence(q: dict) -> str:
    """The question itself, one sentence."""
    f = q["facts"]
    kind = q["kind"]
    if kind == "battle":
        return _("Who wins the battle for {province}?").format(province=province(f["province"]))
    if kind == "rice":
        return _("How much rice must {player} have after the winter's loss so that no province revolts?").format(
            player=player_name(f["player"]))
    if kind == "revolts":
        return _("How many provinces of {player} revolt this winter?").format(player=player_name(f["player"]))
    if kind == "region":
        return _("Who takes the points for this majority?")
    if kind == "turn":
        return _("Which place in the turn order gives this advantage? {advantage}").format(
            advantage=terms.special_text(f["special"]))
    raise ValueError(f"unknown question kind {kind!r}")


def fact_lines(q: dict) -> list[str]:
    """What the question shows (the tower's output, the provinces and rice, the buildings), as sentences."""
    f = q["facts"]
    kind = q["kind"]
    lines: list[str] = []
    if kind == "battle":
        out = f["came_out"]
        attacker = None if f["battle"] == "revolt" else f["attacker"]
        for seat, n in ((attacker, out["attacker"]), (f["defender"], out["defender"])):
            if n and seat is not None:
                lines.append(ngettext("{n} army of {player} came out of the tower.",
                                      "{n} armies of {player} came out of the tower.", n).format(n=n, player=player_name(seat)))
        if out["farmers"]:
            n = out["farmers"]
            lines.append(ngettext("{n} farmer came out of the tower.", "{n} farmers came out of the tower.", n).format(n=n))
        if not lines:
            lines.append(_("Nothing came out of the tower."))
        n = f["unrest"]
        lines.append(ngettext("The province has {n} unrest marker.", "The province has {n} unrest markers.", n).format(n=n)
                     if n else _("The province has no unrest marker."))
    elif kind in ("rice", "revolts"):
        n = f["provinces"]
        lines.append(ngettext("{player} holds {n} province.", "{player} holds {n} provinces.", n).format(
            player=player_name(f["player"]), n=n))
        if kind == "rice":
            n = f["loss"]
            lines.append(ngettext("The winter takes {n} rice.", "The winter takes {n} rice.", n).format(n=n))
        else:
            n = f["rice"]
            lines.append(ngettext("After the winter's loss {player} has {n} rice.",
                                  "After the winter's loss {player} has {n} rice.", n).format(player=player_name(f["player"]), n=n))
    elif kind == "turn":  # the turn order's places as the board lays the round's special cards on them
        lines += [_("Place {place}: {special}").format(place=format_number(i + 1), special=terms.special_name(card))
                  for i, card in enumerate(f["specials"])]
    elif kind == "region":
        lines.append(_("{majority}: {region}").format(majority=terms.majority_label(f["building"]),  # i18n-ok: a label
                                                      region=terms.region_name(f["region"])))
        for seat, n in enumerate(f["counts"]):
            if n:
                lines.append(_BUILDINGS_HELD[f["building"]](n).format(player=player_name(seat), n=n))
    return lines


def option_label(q: dict, key: str) -> str:
    """An option as the student reads it."""
    f = q["facts"]
    if q["kind"] == "battle":
        if key == "draw":
            return _("A draw")
        seat = (None if f["battle"] == "revolt" else f["attacker"]) if key == "attacker" else f["defender"]
        return _("The farmers win.") if seat is None else _("{player} wins.").format(player=player_name(seat))
    if q["kind"] == "turn":
        return _("Place {place}").format(place=format_number(int(key.split(":")[1])))
    if q["kind"] == "region":
        return _("A tie") if key == "tie" else player_name(int(key.split(":")[1]))
    return format_number(int(key))


def reveal_lines(r: dict) -> list[str]:
    """The engine's explanation of the right answer (``r``: ``Question.reveal()``)."""
    f, e = r["facts"], r["explanation"]
    if r["kind"] == "battle":
        attacker = None if f["battle"] == "revolt" else f["attacker"]
        came_out = {k: f["came_out"][k] for k in ("attacker", "defender", "farmers")}
        return battle_lines(f["battle"], attacker, f["defender"], came_out, e, f["province"])
    if r["kind"] == "rice":
        n = e["provinces"]
        return [ngettext("{n} province needs one rice.", "{n} provinces need one rice each.", n).format(n=n)]
    if r["kind"] == "revolts":
        short, n = e["shortfall"], e["revolts"]
        if not short:
            return [_("Enough rice: no revolt.")]
        return [ngettext("Short by {n} rice.", "Short by {n} rice.", short).format(n=short),
                ngettext("{n} province revolts.", "{n} provinces revolt.", n).format(n=n)]
    if r["kind"] == "region":
        counts = f["counts"]
        winners = e["winners"]
        if not winners:
            return []
        return [_MAJORITY_LINES[f["building"], bool(e["tie"])](
            region=terms.region_name(f["region"]), who=players(winners), n=counts[winners[0]], points=e["points"])]
    if r["kind"] == "turn":
        return [_("The special card {special} lies at place {place} of the turn order.").format(
                    special=terms.special_name(e["special"]), place=format_number(e["place"])),
                terms.special_text(e["special"])]
    raise ValueError(f"unknown question kind {r['kind']!r}")


__all__ = ["question_sentence", "fact_lines", "option_label", "reveal_lines"]
