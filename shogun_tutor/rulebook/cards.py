"""A screen of its own for each action card, event card and special card.

A :class:`CardScreen` is one screen of the actions, events or specials chapter: its
text is the card's effect (the text layer's whole message), followed by the
rulebook's worked example where the printed rulebook has one (with its numbers);
its visual is the card itself (:func:`card_facts`: the numbers printed on it); its
"try it" are the prepared positions (``data/scenarios``) that use the card. Events
and special cards share the positions where one shows several cards at work.

>>> [s.key for s in screens("specials")]
['chest_plus1', 'rice_plus1', 'six_armies', 'attack_plus1', 'defense_plus1']
>>> screen("event", "7").scenarios
('settsu-tax',)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import COMPONENTS
from ..i18n import N_, _, join_sentences, ngettext
from ..text import terms

#: the rulebook's worked examples (existing chapter texts with the printed numbers)
KOZUKE = N_("The rulebook's example: blue moves 4 armies from {shinano} into yellow's {kozuke} (3 armies). Out come 3 blue, 1 yellow and 1 farmer. The farmer helps yellow: 3 : 2, blue wins, loses 2 and keeps 1 army in {kozuke_name}.")
MIKAWA = N_("If your armies win, you keep the province, collect and add one more unrest marker. If the farmers win or it is a draw, the province is cleared and the action lapses. In the rulebook's example, red taxes {mikawa} with 2 unrest markers: 2 farmers against his 4 armies.")
SETTSU_EVENT = N_("The rulebook's example: red taxes {settsu}, which yields {base}. This round tax is capped at {cap}, so he gets {capped}.")
SETTSU_SPECIAL = N_("When an event card and a special card change the same action, the event applies first, then the special card: the tax of {settsu}, {base}, is capped at {cap}, and the '+1 chest' card makes {final}.")


#: kind -> (its name, its effect text, the key as the text layer takes it)
_TERMS = {"action": (terms.action_name, terms.action_text, str), "event": (terms.event_name, terms.event_text, int),
          "special": (terms.special_name, terms.special_text, str)}


@dataclass(frozen=True)
class CardScreen:
    """One card's screen; calling it with the chapter's values gives its paragraph."""

    kind: str  # "action", "event" or "special"
    key: str  # action id, event number (as text) or special card id
    scenarios: tuple[str, ...]  # its "try it" positions
    example: str | None = None  # msgid of the rulebook's worked example

    @property
    def title(self) -> str:
        name, _text, key = _TERMS[self.kind]
        return name(key(self.key))

    def effect(self) -> str:
        _name, text, key = _TERMS[self.kind]
        return text(key(self.key))

    def __call__(self, values: dict) -> str:
        return join_sentences(self.effect(), _(self.example).format(**values) if self.example else "")


def card_facts(sc: CardScreen) -> list[tuple[str, str]]:
    """(label, value) pairs printed on the card, in the current language."""
    if sc.kind == "action":
        return [(_("Cost (chests)"), str(COMPONENTS.action(sc.key).cost))]
    if sc.kind == "event":
        ev = COMPONENTS.events[int(sc.key) - 1]
        loss = ngettext("{n} rice", "{n} rice", ev.winter_rice_loss).format(n=ev.winter_rice_loss)
        return [(_("Card"), str(ev.number)), (_("Rice lost in winter"), loss)]
    return [(_("Special card"), terms.special_name(sc.key))]


_ACTION_TRYITS = {
    "castle": ("build-castle",), "temple": ("build-temple",), "theater": ("build-theater",),
    "rice": ("rice-harvest",), "tax": ("tax-rich", "settsu-tax", "mikawa-revolt"),
    "armies5": ("armies-five",), "armies3": ("armies-three",), "army1_move": ("sea-route",),
    "battle_a": ("kozuke-battle", "handed-over"), "battle_b": ("neutral-attack", "tied-region"),
}
_ACTION_EXAMPLES = {"tax": MIKAWA, "battle_a": KOZUKE}
_EVENT_TRYITS = {1: "build-theater", 2: "build-theater", 3: "neutral-attack", 4: "castle-defence", 5: "castle-defence",
                 6: "temple-immune", 7: "settsu-tax", 8: "tax-rich", 9: "temple-immune", 10: "rice-rich",
                 11: "rice-harvest", 12: "armies-three"}
_SPECIAL_TRYITS = {"chest_plus1": "settsu-tax", "rice_plus1": "rice-harvest", "six_armies": "armies-five",
                   "attack_plus1": "castle-defence", "defense_plus1": "castle-defence"}

_SCREENS: dict[str, tuple[CardScreen, ...]] = {
    "actions": tuple(CardScreen("action", a.id, _ACTION_TRYITS[a.id], _ACTION_EXAMPLES.get(a.id))
                     for a in COMPONENTS.actions),
    "events": tuple(CardScreen("event", str(e.number), (_EVENT_TRYITS[e.number],),
                               SETTSU_EVENT if e.number == 7 else None) for e in COMPONENTS.events),
    "specials": tuple(CardScreen("special", s, (_SPECIAL_TRYITS[s],), SETTSU_SPECIAL if s == "chest_plus1" else None)
                      for s in COMPONENTS.special_cards),
}


def screens(chapter: str) -> tuple[CardScreen, ...]:
    """The card screens of a chapter (none for the other chapters)."""
    return _SCREENS.get(chapter, ())


def screen(kind: str, key: str) -> CardScreen:
    for group in _SCREENS.values():
        for sc in group:
            if (sc.kind, sc.key) == (kind, key):
                return sc
    raise ValueError(f"no card screen for {kind} {key!r}")
