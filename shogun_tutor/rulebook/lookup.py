"""Search every rule, card, term and chapter in the current language.

The index is built from the translated texts, so a Dutch visitor finds
"opstand" and an English one "revolt". Matching is accent- and case-blind
(Unicode NFKD, casefold); a hit in a title ranks above a hit in the text.
Each answer names the rule it belongs to, so the lookup can show the related
rules beside it.

>>> from shogun_tutor import i18n
>>> [h.key for h in search("tray")][:2]
['rule:tray', 'term:tray']
>>> i18n.set_language("nl"); "rule:revolt" in [h.key for h in search("opstand")]; i18n.set_language("en")
True
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..data import COMPONENTS
from ..i18n import _
from ..text import terms
from . import content

# the rule each card is explained by
_ACTION_RULES = {"castle": "build", "temple": "build", "theater": "build", "rice": "income", "tax": "income",
                 "armies5": "armies", "armies3": "armies", "army1_move": "move", "battle_a": "move", "battle_b": "move"}


@dataclass(frozen=True)
class Entry:
    key: str  # "rule:battle", "card:action:tax", "term:tray", "chapter:winter"
    kind: str  # rule, card, term, chapter
    title: str
    text: str
    rule: str  # the rule key it belongs to
    chapter: str


def fold(text: str) -> str:
    """Lower case without accents: 'Nô-théâtre' -> 'no-theatre'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def entries() -> list[Entry]:
    """Everything the lookup knows, in the current language."""
    out = [Entry(f"rule:{r.key}", "rule", _(r.title), content.rule_text(r), r.key, r.chapter) for r in content.RULES]
    for a in COMPONENTS.actions:
        rk = _ACTION_RULES[a.id]
        out.append(Entry(f"card:action:{a.id}", "card", terms.action_name(a.id), terms.action_text(a.id), rk,
                         content.rule(rk).chapter))
    for s in COMPONENTS.special_cards:
        out.append(Entry(f"card:special:{s}", "card", terms.special_name(s), terms.special_text(s), "special_order", "specials"))
    for e in COMPONENTS.events:
        out.append(Entry(f"card:event:{e.number}", "card", f"{e.number}. {terms.event_name(e.number)}",
                         terms.event_text(e.number), "event", "events"))
    for t in content.GLOSSARY:
        out.append(Entry(f"term:{t.key}", "term", _(t.name), _(t.definition), t.rule, content.rule(t.rule).chapter))
    for c in content.CHAPTERS:
        out.append(Entry(f"chapter:{c.key}", "chapter", _(c.title), " ".join(content.paragraph(c.key, p) for p in c.screens),
                         "", c.key))
    return out


def search(query: str, limit: int = 12) -> list[Entry]:
    """Entries matching every word of ``query``; title hits first, then rules before cards, terms, chapters."""
    words = [w for w in fold(query).split() if w]
    if not words:
        return []
    order = {"rule": 0, "term": 1, "card": 2, "chapter": 3}
    hits = []
    for i, e in enumerate(entries()):
        title, text = fold(e.title), fold(e.text)
        if all(w in title or w in text for w in words):
            in_title = sum(w in title for w in words)
            hits.append((-in_title, order[e.kind], i, e))
    hits.sort(key=lambda h: h[:3])
    return [h[3] for h in hits[:limit]]


def related(rule_key: str) -> list[content.Rule]:
    """The rules shown beside an answer."""
    if not rule_key:
        return []
    return [content.rule(k) for k in content.rule(rule_key).related]
