"""The first screen: what Shogun is, the goal, how a year runs, and three doors.

Light on purpose: plain HTML and a small SVG map drawn from the board's shapes,
no plotly figure (the first screen must load fast).
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Callable

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..text import terms

STEPS = (
    i18n.N_("Planning"),
    i18n.N_("Event"),
    i18n.N_("Turn order"),
    i18n.N_("Actions"),
)
WINTER_STEPS = (i18n.N_("Rice"), i18n.N_("Revolts"), i18n.N_("Scoring"))


@lru_cache(maxsize=2)
def board_svg(side: str = "sun", width: int = 420) -> str:
    """The board's provinces as a small SVG, filled by region (no text, no plotly)."""
    from ..board import province_graph
    from ..viz.geometry import bounds, province_shapes
    from ..viz.palette import REGION_FILLS

    g = province_graph(side, 5)
    x0, y0, x1, y1 = bounds()
    scale = width / (x1 - x0)
    height = int((y1 - y0) * scale)
    paths = []
    for name, shape in sorted(province_shapes().items()):
        polys = getattr(shape, "geoms", [shape])
        d = ""
        for poly in polys:
            pts = [(f"{(x - x0) * scale:.1f}", f"{(y1 - y) * scale:.1f}") for x, y in poly.exterior.coords]
            d += "M" + " L".join(f"{x},{y}" for x, y in pts) + " Z "
        fill = REGION_FILLS.get(g.nodes[name]["region"], "#ddd") if name in g.nodes else "#eee"
        paths.append(f"<path d='{d}' fill='{fill}' stroke='#6b4f2a' stroke-width='0.6'><title>{escape(name)}</title></path>")
    return (f"<svg class='shogun-welcome-map' viewBox='0 0 {width} {height}' width='100%' role='img' "
            f"style='max-width:{width}px'>{''.join(paths)}</svg>")


def year_html() -> str:
    """A year on one screen: three seasons with their four steps, then winter."""
    box = "display:inline-block;padding:0.35em 0.6em;margin:0.15em;border-radius:6px;border:1px solid #b9a27f;background:#f7f1e6"
    span = "<span style='{}'>{}</span>"
    steps = " → ".join(span.format(box, escape(_(s))) for s in STEPS)
    winter = " → ".join(span.format(box + ";background:#e6eef7;border-color:#7f99b9", escape(_(s))) for s in WINTER_STEPS)
    seasons = i18n.format_list([terms.season_name(s) for s in ("spring", "summer", "autumn")])
    # "<seasons>: <steps>" is a label and its content: the language chooses the colon (zh/ja "：")
    three = _("{seasons}: {steps}").format(seasons=f"<b>{escape(seasons)}</b>", steps=steps)
    last = _("{seasons}: {steps}").format(seasons=f"<b>{escape(terms.season_name('winter'))}</b>", steps=winter)
    end = escape(_("Two years: the game ends after the second winter."))
    return (
        "<div class='shogun-year'>"
        f"<div>{three}</div>"
        f"<div style='margin-top:0.4em'>{last}</div>"
        f"<div style='margin-top:0.4em;color:#555'>{end}</div>"
        "</div>"
    )


def welcome_texts() -> dict:
    """The welcome in the current language: ``intro`` (HTML), ``map`` (the SVG with its name), ``doors`` (each
    door's label) and ``together_tip``. The widget shows them; the page's first paint shows the same before the
    widgets arrive (:mod:`.welcome_skeleton`)."""
    texts = [escape(t) for t in (
        _("Welcome to Shogun"),
        _("Shogun is a board game for 3 to 5 players by Dirk Henn. You lead a clan in 16th-century Japan: you plan in secret, conquer provinces, build, feed your people through the winter, and settle every battle by throwing cubes into a tower."),
        _("Goal: after two years, have the most points, for provinces, buildings and the most buildings of a kind in each region."),
        _("How a year runs"),
        _("Where do you want to start? If you know the game, go straight to the guided game."),
    )]
    return {
        "intro": (f"<h3>{texts[0]}</h3><p>{texts[1]}</p><p><b>{texts[2]}</b></p><p><b>{texts[3]}</b></p>"
                  f"{year_html()}<p style='margin-top:0.8em'>{texts[4]}</p>"),
        # the map's name for screen readers (its provinces carry their names as titles)
        "map": board_svg().replace("role='img'", "role='img' aria-label='{}'".format(
            escape(_("The board with its regions"), quote=True)), 1),
        "doors": {"learn": _("Learn the rules"), "play": _("Play a guided game"), "lookup": _("Look something up"),
                  "together": _("Play together")},
        "together_tip": _("A game that several devices join by code: each player on their own device"),
    }


class Welcome:
    """``Welcome(doors).widget``; ``doors`` maps 'learn', 'play', 'lookup', 'together' to what each door opens."""

    def __init__(self, doors: dict[str, Callable[[], None]] | None = None):
        self.doors = doors or {}
        self.intro = w.HTML()
        self.intro.add_class("shogun-welcome-text")
        self.map = w.HTML()
        self.buttons = {
            "learn": w.Button(icon="book", button_style="primary", layout=w.Layout(width="auto")),
            "play": w.Button(icon="play", button_style="success", layout=w.Layout(width="auto")),
            "lookup": w.Button(icon="search", layout=w.Layout(width="auto")),
            "together": w.Button(icon="users", layout=w.Layout(width="auto")),
        }
        for key, b in self.buttons.items():
            b.add_class(f"shogun-door-{key}")
            b.on_click(lambda _b, key=key: self.doors.get(key, lambda: None)())
        doors_box = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        doors_box.add_class("shogun-doors")
        text = w.VBox([self.intro, doors_box], layout=w.Layout(flex="1 1 420px", min_width="300px"))
        map_box = w.Box([self.map], layout=w.Layout(flex="1 1 320px", min_width="260px"))
        map_box.add_class("shogun-welcome-map-box")
        # teacher mode (issue 23: its welcome left half a projector empty): the chapters and the demonstrations
        # side by side beside the text (in the small map's place), built the first time teacher mode is on
        self.teacher_box = w.HBox(layout=w.Layout(flex_flow="row wrap", flex="1 1 560px", display="none"))
        self.teacher_box.add_class("shogun-welcome-teacher")
        self.widget = w.HBox([text, map_box, self.teacher_box],
                             layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("shogun-welcome")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        page = welcome_texts()
        self.intro.value = page["intro"]
        self.map.value = page["map"]
        for key, label in page["doors"].items():
            self.buttons[key].description = label
        self.buttons["together"].tooltip = page["together_tip"]
        self._teacher_texts()

    def set_teacher(self, on: bool) -> None:
        """Teacher mode: the chapters and the demonstrations beside each other, each a button that opens it."""
        if on and not self.teacher_box.children:
            self._build_teacher()
        self.teacher_box.layout.display = None if on else "none"

    def _build_teacher(self) -> None:
        from ..rulebook import content
        from .demos import TITLES

        self._chapter_buttons = []
        for c in content.CHAPTERS:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("shogun-welcome-chapter")
            b.on_click(lambda _b, key=c.key: self.doors.get("chapter", lambda _k: None)(key))
            self._chapter_buttons.append((b, c))
        self._demo_buttons = []
        for sid, title in TITLES.items():
            b = w.Button(icon="television", layout=w.Layout(width="auto"))
            b.add_class("shogun-welcome-demo")
            b.on_click(lambda _b, sid=sid: self.doors.get("demo", lambda _s: None)(sid))
            self._demo_buttons.append((b, title))
        self._chapters_head, self._demos_head = w.HTML(), w.HTML()
        chapters = w.VBox([self._chapters_head] + [b for b, _c in self._chapter_buttons],
                          layout=w.Layout(flex="1 1 260px", min_width="240px", margin="0 1em 0 0"))
        demos = w.VBox([self._demos_head] + [b for b, _t in self._demo_buttons], layout=w.Layout(flex="1 1 260px", min_width="240px"))
        chapters.add_class("shogun-welcome-chapters")
        demos.add_class("shogun-welcome-demos")
        self.teacher_box.children = [chapters, demos]
        self._teacher_texts()

    def _teacher_texts(self) -> None:
        if not self.teacher_box.children:
            return
        self._chapters_head.value = f"<h3>{escape(_('Rulebook'))}</h3>"
        self._demos_head.value = f"<h3>{escape(_('Guided game'))}</h3>"  # the demonstrations open in the guided game
        for i, (b, c) in enumerate(self._chapter_buttons):
            b.description = _("{number}. {name}").format(number=i + 1, name=_(c.title))  # i18n-ok: a chapter's title is its name
        for b, title in self._demo_buttons:
            b.description = _("Demo: {name}").format(name=_(title))  # i18n-ok: a label and the demonstration's name

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
