"""The lookup tab: a search box over every rule, card, term and chapter, and the glossary.

Each answer shows its rule with the chapter it comes from and the related rules
beside it; :meth:`LookupPanel.show_rule` opens one rule (the "why?" of an
explanation) without touching the game.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..rulebook import content
from ..rulebook.lookup import Entry, related, search
from .bridge import why_link

_KIND_NAMES = {"rule": i18n.N_("Rule"), "card": i18n.N_("Card"), "term": i18n.N_("Term"), "chapter": i18n.N_("Chapter")}


def rule_html(rule_key: str) -> str:
    """One rule: title, text, its chapter, related rules (as links)."""
    r = content.rule(rule_key)
    chapter = content.chapter(r.chapter)
    rel = " · ".join(why_link(f"rule:{x.key}", _(x.title)) for x in related(r.key))
    source = escape(_("In the rulebook: chapter “{chapter}”").format(chapter=_(chapter.title)))
    related_label = escape(_("Related rules"))
    return (f"<div class='shogun-rule' data-rule='{escape(r.key)}'><h4>{escape(_(r.title))}</h4>"
            f"<p>{escape(content.rule_text(r))}</p>"
            f"<p class='shogun-rule-source'>{source}</p>"
            + (f"<p class='shogun-related'>{related_label}: {rel}</p>" if rel else "") + "</div>")


def entry_html(e: Entry) -> str:
    side = ""
    if e.rule:
        shown = related(e.rule) if e.kind == "rule" else [content.rule(e.rule), *related(e.rule)]
        rel = " · ".join(why_link(f"rule:{x.key}", _(x.title)) for x in shown)
        label = escape(_("Related rules"))
        side = f"<div class='shogun-related'>{label}: {rel}</div>"
    return (f"<div class='shogun-hit shogun-hit-{e.kind}'><span class='shogun-hit-kind'>{escape(_(_KIND_NAMES[e.kind]))}</span> "
            f"<b>{escape(e.title)}</b><div>{escape(e.text)}</div>{side}</div>")


def glossary_html() -> str:
    rows = sorted(((_(t.name), _(t.definition), t.rule) for t in content.GLOSSARY), key=lambda r: r[0].casefold())
    body = "".join(f"<dt>{escape(n)}</dt><dd>{escape(d)} {why_link(f'rule:{rk}', '→')}</dd>" for n, d, rk in rows)
    return f"<dl class='shogun-glossary'>{body}</dl>"


class LookupPanel:
    """``LookupPanel().widget``; ``on_back`` (set by the app) returns to the game after a "why?"."""

    def __init__(self):
        self.query = w.Text(continuous_update=True, layout=w.Layout(width="100%", max_width="36em"))
        self.query.add_class("shogun-search")
        self.back = w.Button(icon="arrow-left", button_style="info", layout=w.Layout(width="auto", align_self="flex-start", display="none"))
        self.back.add_class("shogun-back")
        self.rule_view = w.HTML()
        self.rule_view.add_class("shogun-rule-view")
        self.results = w.HTML()
        self.results.add_class("shogun-results")
        self.glossary = w.HTML()
        self.glossary_box = w.Accordion(children=[self.glossary], selected_index=None)
        self.widget = w.VBox([self.back, self.rule_view, self.query, self.results, self.glossary_box])
        self.widget.add_class("shogun-lookup")
        self.on_back: Callable[[], None] | None = None
        self.shown_rule: str | None = None
        self.query.observe(lambda _c: self._search(), names="value")
        self.back.on_click(lambda _b: self.on_back and self.on_back())
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.query.placeholder = _("Search the rules, cards and terms…")
        self.query.description = ""
        self.back.description = _("Back to where you were")
        self.glossary_box.set_title(0, _("Glossary"))
        self.glossary.value = glossary_html()
        self._search()
        if self.shown_rule:
            self.show_rule(self.shown_rule, back=self.back.layout.display != "none")

    def _search(self) -> None:
        q = self.query.value.strip()
        if not q:
            self.results.value = ""
            return
        hits = search(q)
        if not hits:
            self.results.value = "<p>{}</p>".format(escape(_("Nothing found for “{query}”.").format(query=q)))
            return
        self.results.value = "".join(entry_html(h) for h in hits)

    def show_rule(self, rule_id: str, back: bool = False) -> None:
        """Show a rule: ``rule_id`` is an engine id ('battle.result') or 'rule:<key>'."""
        key = rule_id[5:] if rule_id.startswith("rule:") else content.LOG_RULES.get(rule_id)
        if key is None:
            return
        self.shown_rule = f"rule:{key}"
        self.rule_view.value = rule_html(key)
        self.back.layout.display = None if back else "none"

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
