"""The Shogun Tutor app: a header with the language picker and one tab per panel.

The notebook only calls :func:`build_app`; panels observe the state and call
the core. Every text goes through gettext and is redrawn on a language change.
"""

from __future__ import annotations

import os
from html import escape
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _, N_
from .screen_reader import name_control

# (title msgid, builder) for each tab; builders import lazily so the app starts fast
TabBuilder = Callable[[], w.Widget]


class Tabs(list):
    """(title msgid, builder) pairs; ``holder`` keeps the app (``'app'``) and the panels built so far."""

    def __init__(self, items, holder=None):
        super().__init__(items)
        self.holder = holder if holder is not None else {}


def default_tabs() -> Tabs:
    """The app's tabs, wired together: the welcome's doors, "why?" links into the lookup, a battle
    of the guided game watched in the tower tab.

    Tabs are built the first time they are shown, so the page loads only what it shows: the
    welcome has no plotly figure, and a tab's modules (plotly among them) are imported then.
    """
    holder: dict = {}

    def once(key: str, make: Callable[[], object]):
        if key not in holder:
            holder[key] = make()
        return holder[key]

    def tower():
        from .tower_panel import TowerPanel
        return once("tower", TowerPanel)

    def game():
        from .game_panel import GamePanel

        def make():
            panel = GamePanel(on_battle=watch)
            panel.on_address = lambda **params: holder["app"].address.update(**params) if "app" in holder else None
            panel.on_address(**panel.address_params())
            return panel
        return once("game", make)

    def together():
        """The "Play together" bar above the guided game (ui/together.py), wired to the app."""
        from .together import TogetherPanel

        def make():
            app = holder.get("app")
            return TogetherPanel({"address": app.address if app is not None else None, "game": game,
                                  "present": lambda where: app.present(where) if app is not None else None,
                                  "moved": lambda: app.follow() if app is not None else None,
                                  "position": lambda: app.position() if app is not None else {}})
        return once("together", make)

    def game_tab():
        import ipywidgets as w

        panel = game()
        panel.steps.label.observe(lambda _c: holder["app"].follow() if "app" in holder else None, names="value")
        box = w.VBox([together().widget, together().curtain.widget, panel.widget])
        box.add_class("shogun-game-tab")
        return box

    def rulebook():
        from .rulebook_panel import RulebookPanel

        def make():
            panel = RulebookPanel(holder.pop("chapter", "goal"))  # a shared link opens its chapter first
            panel.on_teacher = lambda on: holder["app"].set_teacher(on) if "app" in holder else None
            panel.teacher.layout.display = "none"  # one "Teacher mode" button on the page: the app's (issue 23)
            panel.on_move = lambda: holder["app"].follow() if "app" in holder else None
            return panel
        return once("rulebook", make)

    def lookup():
        from .lookup import LookupPanel

        def make():
            panel = LookupPanel()
            panel.on_open_chapter = lambda chapter, screen: holder["app"].open_chapter(chapter, screen) if "app" in holder else None
            return panel
        return once("lookup", make)

    def welcome():
        from .welcome import Welcome
        def make():
            panel = Welcome({"learn": lambda: go("rulebook"), "play": lambda: go("game"),
                             "lookup": lambda: go("lookup"), "together": play_together,
                             "chapter": lambda key: holder["app"].open_chapter(key) if "app" in holder else None,
                             "demo": lambda sid: holder["app"].open_demo(sid) if "app" in holder else None})
            if "app" in holder and getattr(getattr(holder["app"], "teacher", None), "value", False):  # teacher mode on
                panel.set_teacher(True)
            return panel
        return once("welcome", make)

    def play_together() -> None:
        go("game")
        together().unfold()

    def board():
        from .board_panel import BoardPanel

        return BoardPanel().widget

    def cards():
        from .cards_panel import CardsPanel

        return CardsPanel().widget

    def go(key: str) -> None:
        if "app" in holder:
            holder["app"].show(key)

    def watch(event: dict, inside=None) -> None:
        tower().show_event(event, inside=inside)  # a replay apart from the demo, with the game's tower
        go("tower")

    return Tabs(
        [
            (N_("Welcome"), lambda: welcome().widget),
            (N_("Rulebook"), lambda: rulebook().widget),
            (N_("Look up"), lambda: lookup().widget),
            (N_("Guided game"), game_tab),
            (N_("Board"), board),
            (N_("Battle tower"), lambda: tower().widget),
            (N_("Cards and tables"), cards),
        ],
        holder,
    )


#: tab keys in the order of :func:`default_tabs` (for the doors, the URL and "why?")
TAB_KEYS = ("welcome", "rulebook", "lookup", "game", "board", "tower", "cards")

# plots follow the width of their box (phones, projectors); plotly's default is a fixed 700 px
APP_CSS = """<style>
.shogun-app h1.shogun-title { font-size: 1.5em; margin: 0.3em 0; }
.shogun-app .js-plotly-plot.shogun-board, .shogun-app .shogun-tower-panel .js-plotly-plot { width: 100% !important; flex: 1 1 auto; }
.shogun-app .widget-tab-contents, .shogun-app .lm-TabPanel-stackedPanel { overflow-x: hidden; }
.shogun-app a.shogun-why { font-size: 0.85em; margin-left: 0.5em; color: #0b5cad; }
.shogun-app :focus-visible { outline: 3px solid #0b5cad !important; outline-offset: 2px; }
.shogun-app .shogun-hit { border-left: 4px solid #b9a27f; padding: 0.2em 0.6em; margin: 0.4em 0; }
.shogun-app .shogun-hit-kind { font-size: 0.8em; color: #6b4f2a; text-transform: uppercase; }
.shogun-app .shogun-rule { border: 2px solid #0b5cad; border-radius: 6px; padding: 0.3em 0.8em; background: #f4f8fc; }
.shogun-app .shogun-rule-source, .shogun-app .shogun-related { font-size: 0.9em; color: #444; }
.shogun-app .shogun-search-hint { font-size: 0.9em; color: #555; }
.shogun-app .shogun-lookup .widget-html-content { line-height: 1.4; }
.shogun-app .shogun-best { border-left: 6px solid #0b5cad; background: #f4f8fc; padding: 0.2em 0.8em 0.5em; margin: 0.5em 0; max-width: 48em; }
.shogun-app .shogun-answer-title { margin: 0.2em 0; } .shogun-app .shogun-answer-text { font-size: 1.15em; line-height: 1.45; }
.shogun-app .shogun-lookup mark { background: #ffe08a; color: inherit; padding: 0 0.1em; border-radius: 2px; }
.shogun-app .shogun-lookup button.shogun-suggestion { white-space: normal; text-align: left; margin: 0.2em 0.4em 0.2em 0; max-width: 100%; }
.shogun-app .shogun-screen { font-size: 1.15em; line-height: 1.45; }
.shogun-app .shogun-welcome-text p { line-height: 1.45; }
.shogun-app .shogun-card { display: inline-block; border: 2px solid #6b4f2a; border-radius: 10px; padding: 0.4em 0.9em;
  background: #fbf7ef; box-shadow: 2px 3px 0 #d8cbb3; margin: 0.2em 0 0.6em; min-width: 14em; }
.shogun-app .shogun-card-event { border-color: #8b1e1e; } .shogun-app .shogun-card-special { border-color: #0b5cad; }
.shogun-app .shogun-card-name { font-weight: bold; font-size: 1.15em; margin-bottom: 0.2em; }
.shogun-app .shogun-card th { text-align: left; font-weight: normal; color: #555; padding-right: 1em; }
.shogun-app .shogun-castle-table { border-collapse: collapse; } .shogun-app .shogun-castle-table th { background: #f3f0ea; }
.shogun-app .shogun-castle-table td, .shogun-app .shogun-castle-table th { border-bottom: 1px solid #ddd; padding: 0.2em 0.6em; }
.shogun-app .shogun-castle-table td.num { text-align: right; }
</style>"""

# teacher mode: a projector at 1920x1080 or 1280x720 (body 24 px and board labels 17 px at 1920 wide, 18 and 15 px at 1280)
TEACHER_CSS = """<style>
.shogun-app.shogun-teacher { max-width: none !important; font-size: clamp(18px, 1.25vw, 26px); }
.shogun-app.shogun-teacher .widget-html-content, .shogun-app.shogun-teacher .widget-label,
.shogun-app.shogun-teacher button, .shogun-app.shogun-teacher select, .shogun-app.shogun-teacher input,
.shogun-app.shogun-teacher .lm-TabBar-tab { font-size: clamp(18px, 1.25vw, 26px) !important; line-height: 1.4 !important; }
.shogun-app.shogun-teacher button, .shogun-app.shogun-teacher select { height: auto !important; min-height: 1.8em; }
.shogun-app.shogun-teacher { --shogun-board-font: clamp(15px, 0.9vw, 20px); }  /* the board draws its labels at this size */
.shogun-app.shogun-teacher .lm-TabBar-tab { max-width: none !important; min-width: max-content !important; }
.shogun-app.shogun-teacher .widget-inline-hbox .widget-label { width: auto !important; max-width: none !important; }
.shogun-app.shogun-teacher .shogun-screen { font-size: 1.2em; }
.shogun-app.shogun-teacher .shogun-welcome-map-box { display: none !important; }  /* the chapters and demos take its place */
.shogun-app.shogun-teacher .shogun-welcome-teacher button { justify-content: flex-start; text-align: left; margin: 0.15em 0;
  white-space: normal !important; height: auto !important; padding-top: 0.25em; padding-bottom: 0.25em; }
.shogun-app.shogun-teacher .shogun-welcome-teacher h3 { font-size: 1.3em !important; margin: 0.6em 0 0.2em; }
.shogun-app.shogun-teacher .shogun-chapter-side { flex: 1 1 36% !important; }
.shogun-app.shogun-teacher .shogun-chapter-visual { flex: 1 1 60% !important; }
.shogun-app.shogun-teacher .modebar-container { display: none; }
/* the decision's list (ui/widgets/choice_list.py): its label above, as wide as the column, never wider (no sideways
   scroll), each option wrapped whole; the play button under it */
.shogun-app .shogun-game-choice { max-width: 100%; min-width: 0; }
.shogun-app .shogun-game-choice > .shogun-choice-list { flex: 1 1 100% !important; min-width: 0; }
/* teacher mode presents the game: its settings row (players, side, seed, New game) goes until the mode is left */
.shogun-app.shogun-teacher .shogun-game-settings { display: none !important; }
.shogun-app.shogun-teacher .shogun-game-board { flex: 1 1 54% !important; }
.shogun-app.shogun-teacher .shogun-tower-box { max-width: none !important; flex: 1 1 48% !important; }
.shogun-app.shogun-teacher .widget-hslider { height: auto !important; min-height: 1.9em; margin: 0.25em 0; }
.shogun-app.shogun-teacher .widget-hslider > .widget-label { width: 11em !important; max-width: none !important; }
.shogun-app.shogun-teacher .widget-readout { font-size: clamp(18px, 1.25vw, 26px) !important; min-width: 2em; }
.shogun-app.shogun-teacher .shogun-tower-controls .widget-dropdown { height: auto !important; }
.shogun-app.shogun-teacher .shogun-game-side { flex: 1 1 44% !important; max-width: none !important; }
.shogun-app.shogun-teacher .shogun-game-side .widget-dropdown { width: auto !important; max-width: 100%; }
.shogun-app.shogun-teacher .shogun-game-side .widget-html-content :is(p, div, span, b, li, td, th):not(a *)
  { font-size: clamp(18px, 1.25vw, 26px) !important; }
.shogun-app.shogun-teacher .shogun-game-side td, .shogun-app.shogun-teacher .shogun-game-side th { padding: 0.15em 0.35em !important; }
.shogun-app.shogun-teacher .shogun-game-side .widget-html-content { overflow-x: auto; }
/* the players' table scrolls in its own (tabbable) box, not in its content: a keyboard reaches what scrolls */
.shogun-app .shogun-player-table > .widget-html-content { overflow-x: visible !important; }
.shogun-app.shogun-teacher .widget-checkbox label, .shogun-app.shogun-teacher .widget-checkbox .widget-label-basic span
  { font-size: clamp(16px, 1vw, 20px) !important; }
.shogun-app .shogun-keys-hint { color: #444; font-size: 0.9em; }
.shogun-app.shogun-teacher .shogun-keys-hint { font-size: clamp(16px, 1vw, 20px) !important; }
</style>"""


# --- guided game layout and phones (issue 11, pacing) -------------------------------------------------------
# Laptop: the board beside the step panel and sticky while the page scrolls (no scroll container above it),
# the step text scrolls by itself under the step buttons. Phone (< 700 px): the board in a box of its own
# at the top, then the step buttons and a compact step text that scrolls by itself; the settings go last;
# tables and sliders scroll or wrap instead of being cut off; every button at least 44 px (a finger).
PACING_CSS = """<style>
.shogun-app .widget-tab-contents:has(.shogun-game-board), .shogun-app .lm-TabPanel-stackedPanel:has(.shogun-game-board)
  { overflow-x: clip; overflow-y: visible; }
.shogun-app:has(.shogun-game-board), .shogun-app .widget-box:has(.shogun-game-board),
.jp-OutputArea:has(.shogun-game-board), .jp-OutputArea-child:has(.shogun-game-board),
.jp-OutputArea-output:has(.shogun-game-board) { overflow: visible !important; }
.shogun-app .shogun-folded > summary { cursor: pointer; color: #0b5cad; margin: 0.2em 0; }
.shogun-app .shogun-player-table { overflow-x: auto; max-width: 100%; }
.shogun-app .shogun-step-label { margin-top: 0.3em; }
.shogun-app .shogun-reading-back { background: #fff4d6; border-left: 4px solid #E69F00; padding: 0.2em 0.6em; margin: 0.2em 0; }
.shogun-app .shogun-reading-back .widget-html-content { line-height: 1.4; }
@media (min-width: 700px) {
  .shogun-app .shogun-game-board { position: sticky; top: 0; align-self: flex-start; z-index: 1; }
  .shogun-app .shogun-now { max-height: calc(100vh - 230px); min-height: 8em; overflow-y: auto; overscroll-behavior: contain; }
}
@media (max-width: 699px) {
  .shogun-app { font-size: 15px; }
  .shogun-app .lm-TabBar, .shogun-app .lm-TabBar-content { height: auto !important; max-height: none !important; min-height: 0 !important; }
  .shogun-app .lm-TabBar-content { flex-wrap: wrap !important; }
  .shogun-app .lm-TabBar-tab { min-width: max-content !important; max-width: none !important; flex: 1 1 auto !important; }
  .shogun-app .widget-tab-contents { padding: 4px !important; }
  .shogun-app .shogun-game-panel .shogun-game-settings { order: 2; }
  .shogun-app .shogun-game-settings > .widget-dropdown, .shogun-app .shogun-game-settings > .widget-text
    { width: auto !important; flex: 1 1 100%; }
  .shogun-app .shogun-game-settings select { width: 100% !important; }
  .shogun-app .shogun-game-board .shogun-lesson { display: none; }  /* the board's click lesson: on its own tab */
  .shogun-app .shogun-game-board { max-height: 42vh; overflow-y: auto !important; flex: 1 1 100% !important; }
  /* the map keeps its height inside the 42vh box (squeezed, its south-west was cut off and out of reach): the box scrolls */
  .shogun-app .shogun-game-board > .widget-box, .shogun-app .shogun-game-board .js-plotly-plot { flex-shrink: 0 !important; }
  .shogun-app .shogun-game-side { max-width: none !important; flex: 1 1 100% !important; }
  .shogun-app .shogun-now { max-height: 34vh; overflow-y: auto; overscroll-behavior: contain; }
  .shogun-app .shogun-game-panel button, .shogun-app .shogun-tower-panel button, .shogun-app .shogun-save-box button
    { min-width: 44px; min-height: 44px; }
  /* the lookup's tap targets: buttons, links, the search box and the glossary's header at least 44 px */
  .shogun-app .shogun-lookup button, .shogun-app .shogun-lookup input { min-width: 44px; min-height: 44px; }
  .shogun-app .shogun-lookup a.shogun-why { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px;
    padding: 0 0.3em; box-sizing: border-box; }
  .shogun-app .shogun-lookup .lm-AccordionPanel-title, .shogun-app .shogun-lookup .jupyter-widget-Collapse-header
    { min-height: 44px; display: flex; align-items: center; box-sizing: border-box; }
  .shogun-app .shogun-game-side .widget-dropdown { width: 100% !important; max-width: 100%; }
  .shogun-app .shogun-game-side .widget-dropdown > label { width: auto !important; max-width: 30%; }
  .shogun-app .shogun-play { flex: 1 0 auto !important; min-width: 44px; }
  .shogun-app .shogun-player-table table { font-size: 0.85em !important; }
  .shogun-app .shogun-player-table td, .shogun-app .shogun-player-table th { padding: 0.1em 0.25em !important; }
  .shogun-app .shogun-cards, .shogun-app .shogun-cards .widget-html-content { overflow-x: auto; max-width: 100%; }
  .shogun-app .shogun-tower-controls .widget-hslider { flex-wrap: wrap; width: 100% !important; height: auto !important; }
  .shogun-app .shogun-tower-controls .widget-hslider > .widget-label
    { width: 100% !important; max-width: none !important; text-align: left !important; }
  .shogun-app .shogun-tower-controls .widget-hslider > .slider-container { flex: 1 1 auto; min-width: 0; }
  .shogun-app .shogun-tower-controls .widget-dropdown { width: 100% !important; }
}
</style>"""


#: the page's ``lang`` for each app language (Chinese in simplified characters, as the catalog is written)
PAGE_LANG = {"zh": "zh-Hans"}


# --- every screen as its user sees it (issue 23, WCAG 2.2 AA) ------------------------------------------------
# Tap targets (2.5.8): every link that stands alone (the "why?" links, a chapter's rules) and every checkbox at
# least 24 px, everywhere. Phones (< 700 px): ipywidgets' own sizes raised (its inline height is every button's,
# dropdown's, field's and toggle's height; its font size the body text's): 44 px controls and tabs, 16 px text.
# Figures follow the width of their column (the rulebook's tower was 700 px wide in a 390 px column).
SCREENS_CSS = """<style>
.shogun-app a.shogun-why, .shogun-app .shogun-chapter-rules a, .shogun-app a[data-shogun-rule]
  { display: inline-block; min-height: 24px; min-width: 24px; line-height: 24px; }
.shogun-app input[type=checkbox] { width: 24px !important; height: 24px !important; margin: 0 0.3em 0 0; }
.shogun-app .widget-checkbox .widget-label-basic { display: inline-flex; align-items: center; }  /* box beside its text */
.shogun-app .widget-slider .noUi-handle { width: 24px !important; height: 24px !important; top: -9px !important;
  right: -12px !important; border-radius: 50% !important; }  /* a slider's thumb: 24 px (ipywidgets: 16) */
.shogun-app .lm-TabBar-tab { min-height: 28px; line-height: 28px !important; }
/* text contrast >= 4.5:1 (1.4.3): ipywidgets' grey tab and folder titles, its green, orange and teal buttons */
.shogun-app .lm-TabBar-tab:not(.lm-mod-current), .shogun-app .lm-TabBar-tab:not(.lm-mod-current) .lm-TabBar-tabLabel,
.shogun-app .jupyter-widget-Collapse-header, .shogun-app .jupyter-widget-Collapse-header > span { color: #3b3b3b !important; }
.shogun-app .jupyter-button.mod-success { background-color: #2e7d32; }
.shogun-app .jupyter-button.mod-warning { background-color: #a84300; }
.shogun-app .jupyter-button.mod-info { background-color: #00796b; }
.shogun-app .js-plotly-plot.shogun-rulebook-tower { width: 100% !important; max-width: 100%; }
.shogun-app .shogun-chapter-visual { max-width: 100%; }
.shogun-app .shogun-board-table .widget-html-content { overflow-x: auto; max-width: 100%; line-height: 1.35; }
.shogun-app .shogun-province-table { border-collapse: collapse; }
.shogun-app .shogun-province-table th, .shogun-app .shogun-province-table td
  { border-bottom: 1px solid #ddd; padding: 0.15em 0.5em; text-align: left; font-weight: normal; }
.shogun-app .shogun-province-table thead th { background: #f3f0ea; font-weight: bold; }
.shogun-app .shogun-province-table th[scope=row] { font-weight: bold; }
.shogun-app .shogun-province-table td.num { text-align: right; }
/* a try-it with a map of its own (a table or tower chapter) on a laptop or projector: the map lies under its question
   and choices in the text's column, in view beside the long table; that column gets the wider share, at least the
   width the board is drawn across at (viz.board_base.TALL_BELOW: narrower, it would be turned and 1,300 px tall) */
@media (min-width: 700px) {
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit-map) > .shogun-chapter-side
    { flex: 1 1 55% !important; min-width: 630px !important; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit-map) > .shogun-chapter-visual { flex: 1 1 40% !important; }
  /* a card screen's card beside its sentence and the chapter's rules, not above them: the try-it and its map higher */
  .shogun-app .shogun-chapter-side .shogun-card { float: right; margin: 0.2em 0 0.4em 1em; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit-map) .shogun-chapter-rules { margin-bottom: 0.3em; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit-map) .shogun-tryit-prompt p { margin: 0.3em 0; }
}
@media (max-width: 699px) {
  .shogun-app { --jp-widgets-inline-height: 44px; --jp-widgets-font-size: 16px; --jp-widgets-horizontal-tab-height: 44px;
    --jp-widgets-inline-label-width: 6em; font-size: 16px; }
  .shogun-app .widget-html-content, .shogun-app .widget-label { font-size: 16px; }
  .shogun-app .widget-html-content { line-height: 1.45; }
  .shogun-app .widget-html, .shogun-app .widget-label { height: auto !important; }
  .shogun-app .lm-TabBar-tab { min-height: 44px !important; line-height: 44px !important; font-size: 16px; }
  .shogun-app button, .shogun-app select, .shogun-app .widget-toggle-button
    { min-height: 44px !important; min-width: 44px; height: auto !important; }
  .shogun-app .widget-inline-hbox:has(> select), .shogun-app .widget-inline-hbox:has(> button) { height: auto !important; }
  .shogun-app .widget-text input, .shogun-app input[type=text], .shogun-app input[type=search]
    { min-height: 44px; font-size: 16px; }
  .shogun-app .widget-text { height: auto !important; }
  .shogun-app .js-plotly-plot { max-width: 100%; }
  .shogun-app .shogun-cards table { font-size: 14px; }  /* the cards' tables fit the column at 16 px body text */
  .shogun-app .shogun-cards td, .shogun-app .shogun-cards th { overflow-wrap: anywhere; }
  .shogun-app .shogun-chapter-visual, .shogun-app .shogun-chapter-side { min-width: 0 !important; flex: 1 1 100% !important; }
  /* a try-it on a phone: the chapter's table or tower, the chapter's text, then the try-it's question, its map (its
     own, or the chapter's board it is played on) and its options, in one column. The boxes between give their
     children to that column (display: contents) so that the map (the chapter's board, drawn in the visual's box
     beside the text on a laptop; a try-it's own map, under its choices on a laptop) is put by 'order' right under
     the question it belongs to */
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) { flex-flow: column nowrap !important; align-items: stretch !important; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) > .shogun-chapter-visual,
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) > .shogun-chapter-side,
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit-box,
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit { display: contents !important; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-chapter-visual > * { order: 1; min-width: 0; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-chapter-text { order: 2; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit-pick { order: 3; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit-prompt { order: 4; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-chapter-visual > :is(.shogun-tryit-map, .shogun-board-panel)
    { order: 5; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit > :not(.shogun-tryit-prompt) { order: 6; }
  /* the battle tower tab on a phone, in one column: the battle's set-up, the buttons and the odds, then the tower (its
     cubes fall right under the button that throws them; the page brings it into view when a throw starts), then the
     count and the verdict under it. The controls' box gives its children to the column (display: contents) */
  .shogun-app .shogun-tower-panel { flex-flow: column nowrap !important; align-items: stretch !important; }
  .shogun-app .shogun-tower-panel > .shogun-tower-controls { display: contents !important; }
  .shogun-app .shogun-tower-panel > .shogun-tower-controls > * { order: 1; }
  .shogun-app .shogun-tower-panel > .shogun-tower-box { order: 2; flex: 0 0 auto !important; max-width: 100% !important; }
  .shogun-app .shogun-tower-panel > .shogun-tower-controls > :is(.shogun-tower-status, .shogun-verdict) { order: 3; }
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-tryit > .shogun-tryit-map { order: 5; }
  /* the drawn map first in its box, right under the question; the board's own view buttons and lesson under it */
  .shogun-app .shogun-rulebook-body:has(.shogun-tryit) .shogun-board-panel > .shogun-board { order: -1; }
}
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
        from .widgets.address import Address

        # the page's address (history.replaceState: ?game=<code>&step=N, chapter, screen, tab) and this device's
        # seat tokens (ui/widgets/address.py)
        self.address = Address()
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
        from .screen_reader import SCREEN_READER_CSS

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

    def open_from_query(self, query: str | None) -> None:
        """Apply a shared link: ``?lang=nl&chapter=battles&screen=2&teacher=1&tab=lookup``, ``?demo=tied-region``,
        ``?game=K7X4PQ&step=12`` (a stored game, at a step read again).

        Parsed with bounds by :func:`.visit.parse_address`; an unknown chapter or demo, a screen that is not a
        number, or a broken demo file is said in a visible sentence above the tabs (with what exists), and the
        rest of the link still applies."""
        from ..rulebook import content
        from ..rulebook.scenario import ScenarioError, scenario_ids
        from .widgets.visit import parse_address

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
            # a wrong code: one sentence, with a new game
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
