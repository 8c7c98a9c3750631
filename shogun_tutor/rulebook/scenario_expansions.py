"""The expansions' part of a prepared position (``data/scenarios/*.json``; format: ``docs/scenarios.md``).

A scenario names the expansions it plays (``"expansions": ["tenno"]``, ``["samurai"]`` or both); the game is
set up with them and their working data (``state.extra``) are then laid out as the file says:

* ``court``: the court officials each seat has in the entrance hall (``hall``; the rest in his supply) and the
  three privilege cards in the audience hall (``display``, highest number first, as the rulebook lays them);
  every other card stays in the deck, in the order the game's own shuffle gave it;
* ``samurai``: how many samurai cards each seat has turned under this year (``top``; 0: the blank flag on top).

Only the saved game's plain fields are written; :meth:`Game.load` then checks the expansions' conservation
laws (7 court officials per seat, each of the 21 privilege cards once).
"""

from __future__ import annotations

from ..rules.expansions.court import COURT_FIELDS, OFFICIALS, lay_out
from ..rules.state import PLAN_FIELDS

TENNO, SAMURAI = "tenno", "samurai"


def plan_fields(raw: dict) -> tuple[str, ...]:
    """Every plan field of a seat in this scenario's game (the court fields with Tennō's Court)."""
    if TENNO in raw.get("expansions", ()):
        return PLAN_FIELDS[:-1] + COURT_FIELDS + PLAN_FIELDS[-1:]
    return PLAN_FIELDS


def arrange(raw: dict, d: dict, problem) -> None:
    """Lay out the expansions' working data of the saved game ``d``; ``problem(text)`` makes the error to raise."""
    n = raw["players"]
    if TENNO in d["extra"]:
        court = raw.get("court", {})
        t = d["extra"][TENNO]
        hall = [court.get("hall", {}).get(str(seat), 0) for seat in range(n)]
        if any(h > OFFICIALS for h in hall):
            raise problem(f"a seat has more than {OFFICIALS} court officials in the entrance hall")
        display = list(court.get("display", ()))
        if display and display != lay_out(display):
            raise problem(f"the privilege cards lie highest first: {lay_out(display)}, not {display}")
        every = sorted(t["deck"] + [c for c in t["display"] if c is not None])
        if not set(display) <= set(every):
            raise problem(f"no privilege cards {sorted(set(display) - set(every))}")
        t.update(supply=[OFFICIALS - h for h in hall], hall=hall, audience=[0] * n,
                 deck=[c for c in t["deck"] + [c for c in t["display"] if c is not None] if c not in display],
                 display=display + [None] * (3 - len(display)), kept=[[] for _ in range(n)], out=[],
                 cancelled=False, queue=[], step=None)
    elif "court" in raw:
        raise problem("'court' needs the expansion 'tenno'")
    if SAMURAI in d["extra"]:
        top = raw.get("samurai", {}).get("top", {})
        d["extra"][SAMURAI] = {"top": [top.get(str(seat), 0) for seat in range(n)], "turn": 0}
    elif "samurai" in raw:
        raise problem("'samurai' needs the expansion 'samurai'")
