"""Explanation events from the game log, told in the current language with their numbers.

One module per rule area, each registering its renderers with :func:`.core.renders`: :mod:`.base` (set-up,
draft, rounds, planning, turn order, actions), :mod:`.battles` (battles, revolts, odds), :mod:`.winter`
(winter, scoring, the end), :mod:`.court` (Tennō's Court), :mod:`.privileges` (its privilege cards),
:mod:`.samurai` (Samurai). Callers import from this package.

The rules core writes structured events (``rule``, ``player``, ``province`` and
numbers); this module turns each into a headline and detail lines. Every rule id
the engine writes has a renderer (a test checks that against real games).

Every sentence is one gettext message: placeholders carry numbers and names
(players, provinces, cards) only; a count selects the message with ``ngettext``;
a player named in an object position takes the grammatical case the sentence
needs (:func:`terms.colour_name`); "the farmers" are never a name but words of
their own messages; lists of names are joined with :func:`i18n.format_list`.

>>> from shogun_tutor import i18n
>>> i18n.set_language("en")
>>> e = explain({"rule": "action.income", "player": 0, "province": "Settsu", "action": "tax", "base": 7,
...              "steps": [{"by": "event", "event": 7, "rule": "max", "limit": 5, "value": 5},
...                        {"by": "special", "special": "chest_plus1", "value": 6}],
...              "amount": 6, "total": 20, "unrest": 1})
>>> e.title
'Red collects tax in Settsu: 6 chests'
>>> e.lines[:3]
['Settsu yields 7.', 'Event card 7 (Tax is capped): at most 5 → 5.', 'Special card +1 chest → 6.']
"""

from . import base, battles, court, privileges, samurai, winter  # noqa: F401 - each registers its renderers
from .base import _bid_line, plan_field_name  # noqa: F401
from .battles import battle_lines, odds_lines
from .core import Explanation, explain, known_rules, player_name, players, province, provinces, renders, winner_headline
from .privileges import privilege_text
from .samurai import samurai_option_text
from .winter import scoring_lines

__all__ = ["Explanation", "battle_lines", "explain", "known_rules", "odds_lines", "plan_field_name", "player_name",
           "players", "privilege_text", "province", "provinces", "renders", "samurai_option_text", "scoring_lines",
           "winner_headline"]
