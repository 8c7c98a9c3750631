"""The lookup tab: ask a question about the rules as at the table; the best rule sentence answers it.

The best answer comes first: its rule's title, the sentence with the question's words marked, where the
rulebook tells it (a button opens the chapter at that screen) and the related rules beside it; a few
more answers follow, each with a link to its chapter's screen. When nothing is found the panel says so
and offers example questions (buttons). :meth:`LookupPanel.show_rule` opens one rule (the "why?" of the
guided game and of the rulebook) from the same engine (:mod:`shogun_tutor.rulebook.lookup`): its text,
its chapter and screen, the button to open it there.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..rulebook import content
from ..rulebook.lookup import Answer, locate, related, search, suggestions
from .widgets.bridge import why_link

_KIND_NAMES = {"rule": i18n.N_("Rule"), "card": i18n.N_("Card"), "term": i18n.N_("Term"), "chapter": i18n.N_("Chapter")}
MORE = 5  # answers shown after the best one


def chapter_link_id(chapter: str, screen: int) -> str:
    """The id a link sends (through the page's bridge) to open a chapter's screen: 'chapter:battles:2'."""
    return f"chapter:{chapter}:{screen}"


def _related_html(rules, tag: str) -> str:
    """"Related rules: A, B and C" as one sentence; the rule titles are links, joined as the language lists names."""
    if not rules:
        return ""
    links = i18n.format_list([why_link(f"rule:{x.key}", _(x.title)) for x in rules])
    return "<{0} class='shogun-related'>{1}</{0}>".format(tag, _("Related rules: {rules}").format(rules=links))


def _source(chapter_key: str, screen: int) -> str:
    chapter = content.chapter(chapter_key)
    return escape(_("In the rulebook: chapter “{chapter}”, screen {screen} of {screens}").format(  # i18n-ok: a chapter's title is its name
        chapter=_(chapter.title), screen=i18n.format_number(screen + 1), screens=i18n.format_number(len(chapter.screens))))


def rule_html(rule_key: str) -> str:
    """One rule: title, text, its chapter and screen, related rules (as links)."""
    r = content.rule(rule_key)
    chapter, screen = locate(rule_key)
    title, text = escape(_(r.title)), escape(content.rule_text(r))
    head = "<div class='shogun-rule' data-rule='{}'>".format(escape(r.key))
    return (head + f"<h4>{title}</h4><p>{text}</p><p class='shogun-rule-source'>{_source(chapter, screen)}</p>"
            + _related_html(related(r.key), "p") + "</div>")


def _kind(a: Answer) -> str:
    return "<span class='shogun-hit-kind'>{}</span>".format(escape(_(_KIND_NAMES[a.kind])))


def best_html(a: Answer) -> str:
    """The best answer: kind, its rule's title, the sentence with the matched words marked, where it is told."""
    rule_title = _(content.rule(a.rule).title) if a.rule else a.title
    title = a.title_html() if a.kind == "rule" else escape(rule_title)
    sub = "" if a.kind == "rule" or a.title == rule_title else f"<div class='shogun-answer-sub'>{a.title_html()}</div>"
    kind = _kind(a)
    return (f"<div class='shogun-answer shogun-hit-{escape(a.kind)}' data-key='{escape(a.key)}'>{kind}"  # i18n-ok: separate blocks (kind, title, sentence)
            f"<h4 class='shogun-answer-title'>{title}</h4>{sub}"
            f"<p class='shogun-answer-text'>{a.html()}</p>"
            f"<p class='shogun-rule-source'>{_source(a.chapter, a.screen)}</p></div>")


def more_html(answers: list[Answer]) -> str:
    """The next answers: title, marked sentence, a link to the chapter's screen."""
    if not answers:
        return ""
    rows = []
    for a in answers:
        link, kind = why_link(chapter_link_id(a.chapter, a.screen), _("Open the chapter at this screen")), _kind(a)
        rows.append(f"<div class='shogun-hit shogun-hit-{escape(a.kind)}' data-key='{escape(a.key)}'>{kind} "
                    f"<b>{a.title_html()}</b><div>{a.html()}</div>{link}</div>")
    return "<h5 class='shogun-more'>{}</h5>{}".format(escape(_("More answers")), "".join(rows))


def glossary_html() -> str:
    rows = sorted(((_(t.name), _(t.definition), t.rule) for t in content.GLOSSARY), key=lambda r: r[0].casefold())
    body = "".join(f"<dt>{escape(n)}</dt><dd>{escape(d)} {why_link(f'rule:{rk}', '→')}</dd>" for n, d, rk in rows)
    return f"<dl class='shogun-glossary'>{body}</dl>"


def _button(css: str) -> w.Button:
    b = w.Button(layout=w.Layout(width="auto", min_height="44px", height="auto"))
    b.add_class(css)
    return b


class LookupPanel:
    """``LookupPanel().widget``; ``on_back`` (set by the app) returns to the game after a "why?";
    ``on_open_chapter(chapter, screen)`` (set by the app) opens the rulebook there."""

    def __init__(self):
        self.query = w.Text(continuous_update=True, layout=w.Layout(width="100%", max_width="36em", min_height="44px"))
        self.query.add_class("shogun-search")
        self.hint = w.HTML()
        self.hint.add_class("shogun-search-hint")
        self.back = _button("shogun-back")
        self.back.icon, self.back.button_style = "arrow-left", "info"
        self.back.layout.display = "none"
        self.rule_view = w.HTML()
        self.rule_view.add_class("shogun-rule-view")
        self.rule_open = _button("shogun-open-chapter")
        self.rule_open.layout.display = "none"
        self.best = w.HTML()
        self.best.add_class("shogun-best-answer")
        self.best_open = _button("shogun-open-chapter")
        self.best_related = w.HTML()
        self.best_box = w.VBox([self.best, self.best_open, self.best_related])
        self.best_box.add_class("shogun-best")
        self.best_box.add_class("shogun-results")
        self.best_box.layout.display = "none"
        self.more = w.HTML()
        self.more.add_class("shogun-more-answers")
        self.nothing = w.HTML()
        self.nothing.add_class("shogun-nothing")
        self.suggest = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.suggest.add_class("shogun-suggestions")
        self.glossary = w.HTML()
        self.glossary_box = w.Accordion(children=[self.glossary], selected_index=None)
        self.widget = w.VBox([self.back, self.rule_view, self.rule_open, self.query, self.hint, self.best_box, self.more,
                              self.nothing, self.suggest, self.glossary_box])
        self.widget.add_class("shogun-lookup")
        self.on_back: Callable[[], None] | None = None
        self.on_open_chapter: Callable[[str, int], None] | None = None
        self.shown_rule: str | None = None
        self.answers: list[Answer] = []
        self._rule_place: tuple[str, int] | None = None
        self.query.observe(lambda _c: self._search(), names="value")
        self.back.on_click(lambda _b: self.on_back and self.on_back())
        self.best_open.on_click(lambda _b: self.answers and self.open_chapter(self.answers[0].chapter, self.answers[0].screen))
        self.rule_open.on_click(lambda _b: self._rule_place and self.open_chapter(*self._rule_place))
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.query.placeholder = _("Search the rules, cards and terms…")
        self.query.description = ""
        self.hint.value = "<span>{}</span>".format(escape(
            _("Ask as you would ask at the table, for example: “{question}”").format(question=suggestions()[0])))
        self.back.description = _("Back to where you were")
        self.best_open.description = self.rule_open.description = _("Open the chapter at this screen")
        self.glossary_box.set_title(0, _("Glossary"))
        self.glossary.value = glossary_html()
        self._search()
        if self.shown_rule:
            self.show_rule(self.shown_rule, back=self.back.layout.display != "none")

    def open_chapter(self, chapter: str, screen: int) -> None:
        if self.on_open_chapter is not None:
            self.on_open_chapter(chapter, screen)

    def ask(self, question: str) -> None:
        """Put a question in the box (a suggestion's button)."""
        self.query.value = question

    def _suggestion_buttons(self) -> list[w.Button]:
        out = []
        for s in suggestions():
            b = _button("shogun-suggestion")
            b.description, b.tooltip = s, s
            b.on_click(lambda _b, s=s: self.ask(s))
            out.append(b)
        return out

    def _search(self) -> None:
        q = self.query.value.strip()
        self.answers = search(q) if q else []
        if not q:
            self.best_box.layout.display = "none"
            self.more.value = self.nothing.value = ""
            self.suggest.children = ()
            return
        if not self.answers:
            self.best_box.layout.display = "none"
            self.more.value = ""
            self.nothing.value = "<p>{}</p>".format(escape(
                _("Nothing found for “{query}”. Try one of these questions, or fewer words:").format(query=q)))
            self.suggest.children = self._suggestion_buttons()
            return
        best = self.answers[0]
        self.nothing.value = ""
        self.suggest.children = ()
        self.best.value = best_html(best)
        shown = related(best.rule) if best.kind == "rule" else ([content.rule(best.rule), *related(best.rule)] if best.rule else [])
        self.best_related.value = _related_html(shown, "div")
        self.best_box.layout.display = None
        self.more.value = more_html(self.answers[1:1 + MORE])

    def show_rule(self, rule_id: str, back: bool = False) -> None:
        """Show a rule: ``rule_id`` is an engine id ('battle.result') or 'rule:<key>'."""
        key = rule_id[5:] if rule_id.startswith("rule:") else content.LOG_RULES.get(rule_id)
        if key is None:
            return
        self.shown_rule = f"rule:{key}"
        self.rule_view.value = rule_html(key)
        self._rule_place = locate(key)
        self.rule_open.layout.display = None
        self.back.layout.display = None if back else "none"

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
