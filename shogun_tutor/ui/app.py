"""The Shogun Tutor app: a header with the language picker and one tab per panel.

The notebook only calls :func:`build_app`; panels observe the state and call
the core. Every text goes through gettext and is redrawn on a language change.
"""

from __future__ import annotations

import os
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _, N_

# (title msgid, builder) for each tab; builders import lazily so the app starts fast
TabBuilder = Callable[[], w.Widget]


class Tabs(list):
    """(title msgid, builder) pairs; ``holder`` keeps the app (``'app'``) and the panels built so far."""

    def __init__(self, items, holder=None):
        super().__init__(items)
        self.holder = holder if holder is not None else {}


def default_tabs() -> Tabs:
    """The app's tabs, wired together: a battle of the guided game can be watched in the tower tab.

    Tabs are built the first time they are shown, and their modules (plotly among them) are
    imported then: a tab nobody opens costs nothing, and the first screen needs no figure.
    """
    holder: dict = {}

    def tower():
        if "tower" not in holder:
            from .tower_panel import TowerPanel

            holder["tower"] = TowerPanel()
        return holder["tower"]

    def watch(event: dict) -> None:
        tower().show_event(event)
        if "app" in holder:
            holder["app"].tab.selected_index = 2

    def game():
        from .game_panel import GamePanel

        holder["game"] = GamePanel(on_battle=watch)
        return holder["game"].widget

    def board():
        from .board_panel import BoardPanel

        return BoardPanel().widget

    def cards():
        from .cards_panel import CardsPanel

        return CardsPanel().widget

    return Tabs(
        [
            (N_("Guided game"), game),
            (N_("Board"), board),
            (N_("Battle tower"), lambda: tower().widget),
            (N_("Cards and tables"), cards),
        ],
        holder,
    )


# plots follow the width of their box (phones, projectors); plotly's default is a fixed 700 px
APP_CSS = """<style>
.shogun-app .js-plotly-plot.shogun-board, .shogun-app .shogun-tower-panel .js-plotly-plot { width: 100% !important; flex: 1 1 auto; }
.shogun-app .widget-tab-contents, .shogun-app .lm-TabPanel-stackedPanel { overflow-x: hidden; }
</style>"""


class App:
    """The whole app as one widget (``App().widget``)."""

    def __init__(self, language: str = i18n.SOURCE_LANGUAGE, tabs: list[tuple[str, TabBuilder]] | None = None):
        i18n.check_language(language)
        self._tabs = tabs if tabs is not None else default_tabs()
        self.title = w.HTML(layout=w.Layout(flex="1 1 auto"))
        self.language = w.Dropdown(
            options=[(name, code) for code, name in i18n.LANGUAGES.items()],
            value=language,
            layout=w.Layout(width="10em"),
        )
        self.language.add_class("shogun-language")
        self.language_label = w.Label()
        self.language_label.add_class("shogun-language-label")
        self._built: set[int] = set()
        self.tab = w.Tab(children=[w.VBox() for _ in self._tabs])
        if hasattr(self._tabs, "holder"):
            self._tabs.holder["app"] = self
        self.tab.observe(lambda change: self._build(change["new"]), names="selected_index")
        self._build(0)
        header = w.HBox(
            [self.title, self.language_label, self.language],
            layout=w.Layout(align_items="center", justify_content="space-between", flex_flow="row wrap"),
        )
        style = w.HTML(APP_CSS, layout=w.Layout(display="none"))
        self.widget = w.VBox([style, header, self.tab], layout=w.Layout(max_width="1400px", width="100%"))
        self.widget.add_class("shogun-app")
        self.language.observe(self._on_pick, names="value")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        if i18n.current_language() != language:
            i18n.set_language(language)
        else:
            self.refresh_texts()

    def _build(self, index: int | None) -> None:
        """Build a tab's panel the first time it is shown."""
        if index is None or index in self._built:
            return
        self._built.add(index)
        self.tab.children[index].children = [self._tabs[index][1]()]

    def _on_pick(self, change) -> None:
        i18n.set_language(change["new"])

    def refresh_texts(self) -> None:
        self.title.value = "<h2 style='margin:0.3em 0'>{}</h2>".format(_("Shogun Tutor"))
        self.language_label.value = _("Language")
        if self.language.value != i18n.current_language():
            self.language.value = i18n.current_language()
        for i, (msgid, _builder) in enumerate(self._tabs):
            self.tab.set_title(i, _(msgid))

    def set_language(self, code: str) -> None:
        i18n.set_language(code)


def default_language() -> str:
    """The app's language when the page names none: ``$SHOGUN_TUTOR_LANG`` (set by
    ``shogun-tutor app --lang``) if it is a known language, else English."""
    code = os.environ.get("SHOGUN_TUTOR_LANG", "")
    return code if code in i18n.LANGUAGES else i18n.SOURCE_LANGUAGE


def language_from_query(query: str | None, default: str | None = None) -> str:
    """The ``lang`` parameter of a URL query string, if it names a known language.

    >>> language_from_query("lang=nl&x=1")
    'nl'
    >>> language_from_query("lang=xx", "en"), language_from_query(None, "en")
    ('en', 'en')
    """
    from urllib.parse import parse_qs

    default = default or default_language()
    value = parse_qs(query or "").get("lang", [default])[0]
    return value if value in i18n.LANGUAGES else default


def build_app(language: str | None = None) -> App:
    return App(language or default_language())
