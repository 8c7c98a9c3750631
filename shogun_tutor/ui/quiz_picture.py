"""The class quiz's picture at the reveal (issue 47): what the question was about, drawn as the app draws it.

* a winter's rice or revolts: the board as it stood when the winter's rice was counted (before the revolts),
  cropped to the provinces of the player asked about;
* a region's majority: the board as the winter scored it, cropped to the region's provinces;
* the turn order: the round's places with their special cards, the right place framed (the review's boxes);
* a battle shows the tower's cubes with the question already (:func:`.quiz_parts.tray_html`): no picture here.

Drawn from ``Question.reveal()`` only (its ``picture``: the board as plain data, see
:func:`shogun_tutor.rulebook.quiz.board_at`), so a page has it from the reveal on and never before. A static SVG
(:func:`shogun_tutor.viz.board_svg.board_svg`): no script, no request; one drawing per question and language,
shared by the pages of a kernel.
"""

from __future__ import annotations

import json
import re
from html import escape
from functools import lru_cache
from types import SimpleNamespace

from .. import i18n
from ..board import province_graph
from ..i18n import _
from ..text import terms
from ..viz.board import board_traces
from ..viz.board_base import fit
from ..viz.board_svg import Choice, board_svg, choices_svg

BOARD_FIT = 900  # the width (screen pixels) the board is drawn for
PICTURE_PX = 360  # the picture's width (a phone narrows it: max-width 100%)
PROJECTOR_FONT = 15  # the projector's labels (``large``): as large as its own board draws them (fit(900, font=15))


def _state(picture: dict) -> SimpleNamespace:
    """A state as the board's drawing reads it (side, players and their colours, provinces) from the picture's data."""
    provinces = {n: SimpleNamespace(owner=o, armies=a, buildings=list(b), unrest=u)
                 for n, (o, a, b, u) in picture["provinces"].items()}
    players = [SimpleNamespace(seat=i, colour=c) for i, c in enumerate(picture["colours"])]
    return SimpleNamespace(side=picture["side"], num_players=picture["players"], provinces=provinces,
                           players=players)


def _focus(reveal: dict) -> list[str]:
    f, pic = reveal["facts"], reveal["picture"]
    if reveal["kind"] == "region":
        graph = province_graph(pic["side"], pic["players"])
        return sorted(n for n in pic["provinces"] if n in graph and graph.nodes[n]["region"] == f["region"])
    return sorted(n for n, row in pic["provinces"].items() if row[0] == f["player"])


def caption(kind: str) -> str:
    """What the picture shows (its accessible name and the line under it)."""
    if kind == "region":
        return _("The board as this winter scored it.")
    if kind == "turn":
        return _("The places of the turn order this round, each with its special card.")
    return _("The board this winter, before the revolts.")


@lru_cache(maxsize=64)
def _drawn(kind: str, key: str, language: str, large: bool) -> str:
    reveal = json.loads(key)
    if kind == "turn":
        f, right = reveal["facts"], reveal["answer"]
        boxes = [Choice(_("Place {place}").format(place=i18n.format_number(i + 1)), (terms.special_name(card),),
                        "chosen" if right == f"place:{i + 1}" else None) for i, card in enumerate(f["specials"])]
        return choices_svg(boxes, len(boxes), PICTURE_PX, title=caption(kind))
    focus = _focus(reveal)  # the provinces asked about stay bright (the click lesson's reach), the rest is pale
    font = PROJECTOR_FONT if large else None
    traces, layout = board_traces(state=_state(reveal["picture"]), width=BOARD_FIT, reach=focus, font=font)
    return board_svg(traces, layout, fit(BOARD_FIT, font=font), focus=focus, width_px=PICTURE_PX, title=caption(kind))


_VIEWBOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')


def picture_html(reveal: dict | None, large: bool = False) -> str:
    """The revealed question's picture with its caption ('' before the reveal, and for a battle). ``large``: for the
    projector (the board's labels drawn larger, as its own board draws them); the page's style sizes it by its
    shape (``--shogun-picture-ratio``: width / height), so a wide strip takes the width and a tall crop the height
    it may have without scrolling; on a phone the board keeps a readable scale (``--shogun-picture-units``: its
    width in the drawing's units) and a wide crop scrolls sideways in its frame (``QUIZ_CSS``)."""
    if not reveal or "answer" not in reveal or reveal["kind"] == "battle" or (reveal["kind"] != "turn" and not reveal.get("picture")):
        return ""
    key = json.dumps({k: reveal[k] for k in ("kind", "facts", "answer", "picture") if k in reveal}, sort_keys=True)
    kind = reveal["kind"]
    svg = _drawn(kind, key, i18n.current_language(), large)
    box = _VIEWBOX.search(svg)
    units = float(box.group(1)) if box else 600.0
    ratio = units / float(box.group(2)) if box and float(box.group(2)) else 1.0
    return (f"<figure class='shogun-quiz-picture shogun-quiz-picture-{escape(kind)}' "
            f"style='margin:0.4em 0;max-width:100%;--shogun-picture-ratio:{ratio:.3f};"
            f"--shogun-picture-units:{units:.0f}'>"
            f"<div class='shogun-quiz-picture-frame' tabindex='0'>{svg}</div>"
            f"<figcaption style='color:#555;font-size:0.8em'>{escape(caption(kind))}</figcaption></figure>")


__all__ = ["caption", "picture_html"]
