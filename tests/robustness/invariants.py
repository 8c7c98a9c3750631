"""An invariant checker of saved games written for the fuzz tests, independent of the loader.

It reads the saved JSON (``Game.save()``) with its own code, from the rulebooks' facts: it shares
no function with :mod:`shogun_tutor.rules.savefile` or the expansions' ``check``, so a state the
loader wrongly accepts is caught here instead of being judged by the code under test. The facts
it uses are the box's (62 armies, 20 farmers, 12 event cards, 7 officials per seat, 21 privilege
cards, 4 samurai cards), written here as numbers and cross-checked with ``data/`` by a test.
"""

from __future__ import annotations

import json
from typing import Any

ARMIES, FARMERS, EVENTS, YEARS = 62, 20, range(1, 13), 2
OFFICIALS, PRIVILEGES = 7, range(1, 22)
KEEPABLE, IMMUNITIES = {4, 10, 11, 18}, {10, 11, 18}  # 4 kept for later; 10/11/18 protect one round
SAMURAI_CARDS = 4
SEASONS = ("spring", "summer", "autumn")


def _is_int(v: Any) -> bool:
    return type(v) is int


def problems(save: str | dict) -> list[str]:
    """What is wrong with a saved game (empty: nothing found)."""
    d = json.loads(save) if isinstance(save, str) else save
    out: list[str] = []
    n = d["rules"]["players"]
    season, phase, year = d["season"], d["phase"], d["year"]
    order = ["plan", "place"] + (["samurai"] if "samurai" in d["rules"]["expansions"] else []) \
        + (["court"] if "tenno" in d["rules"]["expansions"] else []) + ["actions"]
    # --- armies, farmers, neutral provinces ---------------------------------------------------------
    cubes = [c for level in d["tower"]["levels"] for c in level] + d["tower"]["tray"]
    for seat in range(n):
        on_board = sum(p["armies"] for p in d["provinces"].values() if p["owner"] == seat)
        total = d["players"][seat]["supply"] + on_board + sum(1 for c in cubes if c[1] == seat)
        if total != ARMIES:
            out.append(f"seat {seat} has {total} armies")
    if d["farmer_supply"] + sum(1 for c in cubes if c[1] is None) != FARMERS:
        out.append("farmers do not add up")
    for name, p in d["provinces"].items():
        if p["owner"] is None and (p["buildings"] or p["unrest"] or p["armies"]):
            out.append(f"neutral {name} holds something")
    # --- years, winters, events ------------------------------------------------------------------------
    scored = len(d["scores"])
    if phase == "end":
        if scored != YEARS:
            out.append("the end without every winter scored")
    elif season != "setup" and scored != year - 1:
        out.append(f"year {year} with {scored} winters scored")
    r = d["round"]
    piles = d["event_deck"] + d["events_face_up"] + d["events_used"]
    if sorted(set(piles) | ({r["event"]} - {None})) != list(EVENTS) or len(piles) != len(set(piles)):
        out.append("an event card is missing or doubled")
    in_round = season in SEASONS
    if in_round and (len(r["action_cards"]) != 10 or len(r["specials"]) != 5):
        out.append("a round without its action or special cards")
    if in_round:
        left = 3 - SEASONS.index(season) - (0 if r["event"] is None else 1)
        if len(d["events_face_up"]) < left + 1:
            out.append("too few face-up events for the rest of the year")
    if len(d["event_deck"]) < 4 * (YEARS - (0 if season == "setup" else year)):
        out.append("too few events for the years to come")
    # --- plans -----------------------------------------------------------------------------------------
    fields = 10 + 1 + (3 if "tenno" in d["rules"]["expansions"] else 0)  # ten actions, the bid, the court's three
    for seat, pl in enumerate(d["players"]):
        done = (phase == "plan" and seat < r["planner"]) or phase in ("place", "samurai", "court")
        if in_round and done and len(pl["plan"]) != fields:
            out.append(f"seat {seat} is done planning with {len(pl['plan'])} fields")
        if not in_round and pl["plan"]:
            out.append(f"seat {seat} has a plan outside a round")
    # --- the expansions ----------------------------------------------------------------------------------
    extra = d["extra"]
    if sorted(extra) != sorted(d["rules"]["expansions"]):
        out.append("the expansions' data do not match the rules")
    if "tenno" in extra:
        out += _tenno(extra["tenno"], n, phase, season, year, order)
    if "samurai" in extra:
        out += _samurai(extra["samurai"], d, n, phase, season, order)
    # --- the pending decision ----------------------------------------------------------------------------
    p = d["pending"]
    kinds = {"claim": {"claim", "redraw"}, "plan": {"plan"}, "place": {"place"}, "actions": {"move"},
             "winter": {"revolt"}, "court": {"privilege", "privilege_use"}, "samurai": {"samurai"}}
    if p is None and phase not in ("end",):
        out.append(f"nothing to decide in the {phase} phase")
    if p is not None and (phase == "end" or p["kind"] not in kinds.get(phase, set()) or not 0 <= p["player"] < n):
        out.append(f"a {p['kind']} decision in the {phase} phase")
    return out


def _tenno(t: Any, n: int, phase: str, season: str, year: int, order: list[str]) -> list[str]:
    out: list[str] = []
    keys = {"supply", "hall", "audience", "deck", "display", "kept", "out", "cancelled", "queue", "step"}
    if not isinstance(t, dict) or set(t) != keys:
        return ["the court's data have other keys"]
    for key in ("supply", "hall", "audience", "kept"):
        if not isinstance(t[key], list) or len(t[key]) != n:
            return [f"the court's {key} is not one entry per seat"]
    for seat in range(n):
        counts = [t["supply"][seat], t["hall"][seat], t["audience"][seat]]
        if not all(_is_int(c) and c >= 0 for c in counts) or sum(counts) != OFFICIALS:
            out.append(f"seat {seat}'s officials are not 7")
    if not isinstance(t["display"], list) or len(t["display"]) != 3:
        return out + ["the display is not three fields"]
    cards = t["deck"] + [c for c in t["display"] if c is not None] + [c for k in t["kept"] for c in k] + t["out"]
    if not all(_is_int(c) for c in cards) or sorted(cards) != list(PRIVILEGES):
        return out + ["a privilege card is missing, doubled or unknown"]
    court_on = phase == "court"
    after_court = phase == "actions" or court_on
    for seat, kept in enumerate(t["kept"]):
        if set(kept) - KEEPABLE:
            out.append(f"seat {seat} keeps a card used at once")
        if set(kept) & IMMUNITIES and not after_court:
            out.append(f"seat {seat} keeps an immunity outside its round")
    if type(t["cancelled"]) is not bool or (t["cancelled"] and not after_court):
        out.append("the event is set aside outside the court and actions")
    if t["step"] not in (None, "reveal", "audience") or (t["step"] is not None) != court_on:
        out.append(f"the court's step {t['step']!r} in the {phase} phase")
    if not all(_is_int(s) and 0 <= s < n for s in t["queue"]) or len(set(t["queue"])) != len(t["queue"]):
        out.append("the audience order names an unknown seat")
    if t["queue"] and t["step"] != "audience":
        out.append("an audience order outside the audience")
    if any(t["audience"]) and t["step"] != "audience":
        out.append("officials in the audience hall outside the audience")
    rounds = 0 if season == "setup" else (year - 1) * 3 + SEASONS.index(season) + 1 if season in SEASONS else year * 3
    if len(t["deck"]) > max(0, 21 - 3 * rounds):
        out.append("privilege cards went back into the deck")
    before_court = phase in order and order.index(phase) < order.index("court")
    if any(c is not None for c in t["display"]) and not (before_court or court_on):
        out.append(f"privilege cards on display in the {phase} phase")
    return out


def _samurai(m: Any, d: dict, n: int, phase: str, season: str, order: list[str]) -> list[str]:
    if not isinstance(m, dict) or set(m) != {"top", "turn"}:
        return ["the samurai data have other keys"]
    top, turn = m["top"], m["turn"]
    if not isinstance(top, list) or len(top) != n or not all(_is_int(t) and 0 <= t < SAMURAI_CARDS for t in top):
        return ["a samurai stack is malformed"]
    if not _is_int(turn) or not 0 <= turn <= n:
        return ["the samurai turn is malformed"]
    out = []
    for seat, t in enumerate(top):
        if season == "setup":
            most = 0
        elif season not in SEASONS:
            most = 3
        else:
            most = SEASONS.index(season)
            if order.index(phase) > order.index("samurai"):
                most += 1
            elif phase == "samurai":
                p = d["pending"]
                most += int(seat in d["round"]["turn_order"][:turn] or (p is not None and p["player"] == seat))
        if t > most:
            out.append(f"seat {seat} turned {t} samurai cards; at most {most} by now")
    return out
