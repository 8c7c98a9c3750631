"""The app's style sheets: the page's layout on phones, laptops and projectors (teacher mode).

:class:`.app.App` puts them in one hidden HTML widget at the top of the page.
"""

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
/* the lookup's content an inner margin from the panel's edges on both sides, at every width: room for the focus
   outline (3 px, 2 px off the box), which the panel (it scrolls, overflow auto) cut on the left by 3 px on a laptop;
   on a phone the search box (width 100% plus its 2 px margins) reached 2 px past the panel's right edge and the
   panel scrolled sideways: the box fills the column it is given */
.shogun-app .shogun-lookup { padding-left: 6px !important; padding-right: 6px !important; }
.shogun-app .shogun-lookup > .shogun-search { width: auto !important; align-self: stretch; }
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
.shogun-app.shogun-teacher .shogun-board-unsized .shogun-board { visibility: hidden; }  /* until drawn at that size (ui/board_panel.py) */
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
  /* a demonstration (?demo=, its intro shown): what it shows and the step buttons come before the board, the decision
     and the rest of the column after it, so a visitor opening the link on a phone reads the intro and sees Next on the
     first screen (under the 42vh board they were 110 px below it). The side column gives its children to the panel's
     one column (display: contents), where 'order' puts its head before the board; the board keeps its height */
  .shogun-app .shogun-game-panel:has(.shogun-demo-intro-text) .shogun-game-side { display: contents !important; }
  .shogun-app .shogun-game-panel:has(.shogun-demo-intro-text) .shogun-game-side > * { flex: 1 1 100% !important; min-width: 0; }
  .shogun-app .shogun-game-panel:has(.shogun-demo-intro-text) .shogun-game-side > :is(.shogun-store-notice, .shogun-demo-intro,
    .shogun-reading-back, .shogun-session-notice, .shogun-status, .shogun-step-buttons) { order: -1; }
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
