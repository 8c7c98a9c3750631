"""The Shogun Tutor app: a header with the language picker and one tab per panel.

The notebook only calls :func:`build_app`; panels observe the state and call
the core. Every text goes through gettext and is redrawn on a language change.
The tabs and their wiring live in :mod:`.app_tabs`, the style sheets in :mod:`.app_style`.
"""

from __future__ import annotations

import os
from html import escape

import ipywidgets as w

from .. import i18n
from ..i18n import _
from .app_style import APP_CSS, PACING_CSS, SCREENS_CSS, TEACHER_CSS
from .app_tabs import TAB_KEYS, TabBuilder, Tabs, default_tabs
from .screen_reader import SCREEN_READER_CSS, name_control

__all__ = ["App", "TAB_KEYS", "Tabs", "build_app", "default_language", "default_tabs", "language_from_query"]

#: the page's ``lang`` for each app language (Chinese in simplified characters, as the catalog is written)
PAGE_LANG = {"zh": "zh-Hans"}


class App:
    """The whole app as one widget (``App().widget``)."""

    def __init__(self, language: str = i18n.SOURCE_LANGUAGE, tabs: list[tuple[str, TabBuilder]] | None = None):
        i18n.check_language(language)
        from .local_game import in_static_build

        if in_static_build():  # before the first widget: its messages keep their None values (widgets/lite_comm.py)
            from .widgets.lite_comm import send_nulls

            send_nulls()
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
        from .widgets.address import Address

        # the page's address (history.replaceState: ?game=<code>&step=N, chapter, screen, tab) and this device's
        # seat tokens (ui/widgets/address.py)
        self.address = Address()
        if in_static_build():  # no server hands the kernel the visitor's address: the page tells it (once)
            self.address.on_hello(lambda _base, _tokens: self._static_hello())
        self.tab = w.Tab(children=[w.VBox() for _ in self._tabs])
        if hasattr(self._tabs, "holder"):
            self._tabs.holder["app"] = self
        self.tab.observe(lambda change: self._build(change["new"]), names="selected_index")
        self._build(0)
        self.teacher = w.ToggleButton(icon="television", layout=w.Layout(width="auto"))
        self.teacher.add_class("shogun-teacher-header")
        self.teacher.observe(lambda c: self.set_teacher(c["new"]), names="value")
        self.keys_hint = w.HTML(layout=w.Layout(width="100%"))
        self.keys_hint.add_class("shogun-keys-hint")
        header = w.HBox(
            [self.title, self.teacher, self.language_label, self.language, self.keys_hint],
            layout=w.Layout(align_items="center", justify_content="space-between", flex_flow="row wrap"),
        )
        style = w.HTML(APP_CSS + TEACHER_CSS + PACING_CSS + SCREENS_CSS + SCREEN_READER_CSS, layout=w.Layout(display="none"))
        from .widgets.bridge import Bridge

        self.bridge = Bridge()
        self.bridge.on_why(self.why)
        self.bridge.on_key(self._on_key)
        self._back_to: int | None = None
        self.address_notice = w.HTML()  # a shared link's problems (unknown chapter or demo...): visible, not silent
        self.widget = w.VBox([style, self.bridge, self.address, header, self.address_notice, self.tab],
                             layout=w.Layout(max_width="1400px", width="100%"))
        self.widget.add_class("shogun-app")
        self.tab.observe(lambda change: self._keys_follow_tab(), names="selected_index")
        self.tab.observe(lambda change: self.follow(), names="selected_index")
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
        """The header's language: every panel speaks it, the game and the position are kept, and the address
        says it (``lang=``), so a reload or a shared link opens in it."""
        i18n.set_language(change["new"])
        self.follow()

    def refresh_texts(self) -> None:
        self.title.value = "<h1 class='shogun-title'>{}</h1>".format(_("Shogun Tutor"))
        with self.bridge.hold_sync():  # one message: the page takes its language and its title together
            self.bridge.lang = PAGE_LANG.get(i18n.current_language(), i18n.current_language())
            self.bridge.title = _("Shogun Tutor")
        self.language_label.value = _("Language")
        name_control(self.language, _("Language"))  # the picker's own name (the label beside it is apart)
        if self.language.value != i18n.current_language():
            self.language.value = i18n.current_language()
        for i, (msgid, _builder) in enumerate(self._tabs):
            self.tab.set_title(i, _(msgid))
        self.teacher.description = _("Teacher mode")
        self._keys_follow_tab()
        if hasattr(self, "address_notice"):
            self._show_address_problems()

    def set_language(self, code: str) -> None:
        i18n.set_language(code)

    # --- the rulebook's wiring: doors, "why?", keys, teacher mode, the URL ------------------
    def _index(self, key: str) -> int | None:
        return TAB_KEYS.index(key) if key in TAB_KEYS and len(self._tabs) == len(TAB_KEYS) else None

    def panel(self, key: str):
        """The panel behind a tab of :func:`default_tabs` (built if needed), or None."""
        i = self._index(key)
        if i is None:
            return None
        self._build(i)
        return self._tabs.holder.get(key) if hasattr(self._tabs, "holder") else None

    def show(self, key: str) -> None:
        i = self._index(key)
        if i is not None:
            self.tab.selected_index = i

    def open_chapter(self, chapter: str, screen: int = 0) -> None:
        """The rulebook at a chapter's screen (a lookup answer's "open the chapter at this screen")."""
        from ..rulebook import content

        if chapter not in {c.key for c in content.CHAPTERS}:
            return
        if hasattr(self._tabs, "holder") and "rulebook" not in self._tabs.holder:
            self._tabs.holder["chapter"] = chapter  # built straight at that chapter: no other figure drawn
        rb = self.panel("rulebook")
        if rb is None:
            return
        rb.open(chapter, screen)
        self.show("rulebook")

    def why(self, rule_id: str) -> None:
        """A "why?" link: the rule's text in the lookup tab, with a way back (the game is kept);
        'chapter:<key>:<screen>' (a lookup answer's link) opens the rulebook there."""
        if rule_id.startswith("chapter:"):
            _kind, chapter, screen = (rule_id.split(":") + ["0"])[:3]
            self.open_chapter(chapter, int(screen) if screen.isdigit() else 0)
            return
        lookup = self.panel("lookup")
        if lookup is None:
            return
        here = self.tab.selected_index
        back = here != self._index("lookup")
        if back:
            self._back_to = here
            lookup.on_back = lambda: self.tab.__setattr__("selected_index", self._back_to)
        lookup.show_rule(rule_id, back=back or lookup.back.layout.display != "none")
        self.show("lookup")

    def _shown_tab(self) -> str | None:
        i = self.tab.selected_index
        return TAB_KEYS[i] if i is not None and self._index("welcome") is not None else None

    def _keys_follow_tab(self) -> None:
        """Arrow keys and space page through the rulebook, or step the guided game, while its tab is shown."""
        from .widgets import keys

        if not hasattr(self, "widget"):
            return
        tab = self._shown_tab()
        on = tab in keys.KEYED_TABS
        (self.widget.add_class if on else self.widget.remove_class)("shogun-keys")
        self.keys_hint.value = "<span>{}</span>".format(escape(keys.hint(tab))) if on else ""

    def _on_key(self, key: str) -> None:
        from .widgets import keys

        tab = self._shown_tab()
        if tab in keys.KEYED_TABS:
            keys.route(self.panel(tab), tab, key)

    def open_demo(self, scenario_id: str) -> None:
        """A prepared demonstration in the guided game (the teacher-mode welcome's buttons, like ``?demo=``)."""
        from .demos import open_demo

        game = self.panel("game")
        if game is not None:
            open_demo(game, scenario_id)
            self.show("game")

    def set_teacher(self, on: bool) -> None:
        """Teacher mode: presentation layout (large type, the full screen width); the welcome lists the chapters
        and the demonstrations."""
        (self.widget.add_class if on else self.widget.remove_class)("shogun-teacher")
        welcome = self._tabs.holder.get("welcome") if hasattr(self._tabs, "holder") else None
        if welcome is not None:
            welcome.set_teacher(on)
        self.widget.layout.max_width = "none" if on else "1400px"
        if self.teacher.value != on:
            self.teacher.value = on
        together = self._tabs.holder.get("together") if hasattr(self._tabs, "holder") else None
        if together is not None and together.session is not None:
            together.render()  # the projector offers itself no seat (issue 47)
        self.follow()
        rb = self._tabs.holder.get("rulebook") if hasattr(self._tabs, "holder") else None
        if rb is not None and rb.teacher.value != on:
            rb.teacher.value = on

    # --- the address follows the position (issue 20): ?game=CODE&step=N&tab=game, ?chapter=battles&screen=2
    def position(self) -> dict:
        """Where this page is: language, tab, chapter and screen, game session and step."""
        where: dict = {}
        if i18n.current_language() != default_language():
            where["lang"] = i18n.current_language()
        tab = self._shown_tab()
        holder = getattr(self._tabs, "holder", {})
        if tab == "rulebook" and "rulebook" in holder:
            rb = holder["rulebook"]
            where.update(chapter=rb.chapter_key, screen=rb.screen + 1)
        elif tab and tab != "welcome":
            where["tab"] = tab
        game = holder.get("game")
        if game is not None and hasattr(game, "address_params"):  # the game (every game is stored) and a step read back
            params = game.address_params()
            where["game"] = params.get("game")
            if tab == "game":
                where["step"] = params.get("step")
        quiz = holder.get("quiz")
        if quiz is not None and quiz.code is not None:  # a class quiz: a reload opens it again
            where["game"], where["step"] = quiz.code, None
        if self.teacher.value:
            where["teacher"] = 1
        return where

    def follow(self) -> None:
        """Put the position into the page's address (no reload, no history entry)."""
        if hasattr(self, "teacher"):
            self.address.replace(self.position())

    def present(self, where: dict) -> None:
        """Show what the host shows every watcher: ``{"tab": ..., "chapter": ..., "screen": ..., "demo": ...}``."""
        from ..rulebook import content

        chapter, demo = where.get("chapter"), where.get("demo")
        if demo and not chapter:  # a demo: the chapter whose try-it it is, with that try-it chosen
            chapter = next((c.key for c in content.CHAPTERS if demo in c.scenarios), None)
        if chapter in {c.key for c in content.CHAPTERS}:
            rb = self.panel("rulebook")
            rb.open(chapter, int(where.get("screen") or 0))
            if demo and demo in [v for _l, v in rb.scenario_pick.options]:
                rb.scenario_pick.value = demo
            self.show("rulebook")
            return
        if where.get("tab") in TAB_KEYS:
            self.show(where["tab"])

    def prepare_for_visitor(self) -> None:
        """While a preheated kernel waits for its visitor: build a guided game once off the page and close its
        widgets, so that the game's modules are imported and the board's static layers cached. The visitor who then
        opens the guided game waits ~0.13 s of CPU for it instead of ~0.86 s (issue 46: the load generator's first
        Next step). Nothing of it reaches the page: its widgets are closed before any page connects."""
        from ipywidgets.widgets.widget import _instances

        from .game_panel import GamePanel

        before = set(_instances)
        panel = GamePanel()
        panel.board.probe.width = 900  # drawn once, as a page's measured width makes it
        for key in set(_instances) - before:
            _instances[key].close()

    def open_from_query(self, query: str | None) -> None:
        """Apply a shared link: ``?lang=nl&chapter=battles&screen=2&teacher=1&tab=lookup``, ``?demo=tied-region``,
        ``?game=K7X4PQ&step=12`` (a stored game, at a step read again).

        Parsed with bounds by :func:`.visit.parse_address`; an unknown chapter or demo, a screen that is not a
        number, or a broken demo file is said in a visible sentence above the tabs (with what exists), and the
        rest of the link still applies."""
        from ..rulebook import content
        from ..rulebook.scenario import ScenarioError, scenario_ids
        from .local_game import in_static_build
        from .widgets.visit import parse_address

        if not query and in_static_build():
            # the notebook's call: no server hands the kernel an address here, the page tells it (_static_hello),
            # sometimes before this call; an empty query must not clear the problems that address showed
            return
        address = parse_address(query, chapters=[c.key for c in content.CHAPTERS], demos=scenario_ids(),
                                tabs=TAB_KEYS, languages=i18n.LANGUAGES)
        self._address_problems = list(address.problems)
        lang = address.lang or i18n.current_language()
        if lang != i18n.current_language():
            self.set_language(lang)
        if address.chapter is not None:
            if hasattr(self._tabs, "holder") and "rulebook" not in self._tabs.holder:
                self._tabs.holder["chapter"] = address.chapter  # built straight at that chapter: no other figure drawn
            rb = self.panel("rulebook")
            rb.open(address.chapter, address.screen)
            self.show("rulebook")
        elif address.game is not None and self.panel("game") is not None:
            # a learner's own stored game reopens in the guided game, a shared one in the "Play together" bar;
            # a wrong code: one sentence, with a new game; the static build continues the game its page keeps
            from .local_game import restore_kept

            restore_kept(self.address, self.panel("game").store, address.game)
            self._tabs.holder["together"].open_code(address.game, address.step)
            self.show("game")
        elif address.demo is not None and self.panel("game") is not None:
            from .demos import open_demo

            try:
                open_demo(self.panel("game"), address.demo)
            except ScenarioError as exc:  # a teacher's broken file: said, and the app opens as usual
                self._address_problems.append(("demo_file", str(exc)))
            else:
                self.show("game")
        elif address.tab is not None:
            self.show(address.tab)
        if address.teacher:
            self.set_teacher(True)
        self._show_address_problems()
        self.follow()

    def _static_hello(self) -> None:
        """The static build: apply the page's address when the page first tells it (``?lang=``, ``?game=``...)."""
        if not getattr(self, "_hello_done", False):
            self._hello_done = True
            if self.address.query:
                self.open_from_query(self.address.query)

    def _show_address_problems(self) -> None:
        """The link's problems as sentences in the current language (empty when there are none)."""
        from ..rulebook import content
        from ..rulebook.scenario import scenario_ids

        lines = []
        for what, value in getattr(self, "_address_problems", []):
            if what == "chapter":
                lines.append(_("No chapter “{name}” was found. The chapters are: {chapters}.").format(
                    name=value, chapters=i18n.format_list([c.key for c in content.CHAPTERS])))
            elif what == "demo":
                lines.append(_("No demonstration “{name}” was found. The demonstrations are: {demos}.").format(
                    name=value, demos=i18n.format_list(scenario_ids())))
            elif what == "screen":
                lines.append(_("“{value}” is not a screen number; the chapter opens at its first screen.").format(
                    value=value))
            elif what == "step":
                lines.append(_("“{value}” is not a step number; the game opens where it stands.").format(value=value))
            elif what == "query":
                lines.append(_("The address is too long or has too many parameters; the app opens as usual."))
            else:  # demo_file: the ScenarioError's sentence, already in the current language
                lines.append(value)
        self.address_notice.value = "".join(
            f"<p role='alert' class='shogun-address-problem' style='color:#b00020;margin:0.2em 0'>{escape(t)}</p>"
            for t in lines)


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
