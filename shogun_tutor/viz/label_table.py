"""Where the names and the army tokens stand in the static build: placed at build time, shipped, read in the browser.

The full board places every province's name clear of the others, with its army token, at the figure's exact width
(:mod:`.board_labels`, numpy and shapely). In the browser neither exists, so the build places them at a set of widths
(:func:`widths`: where the names' font or the tokens' size changes, and between those at most :data:`MAX_STEP` px
apart) in every language, for the widest text each name has on any side, player count and view (the marks of the
provinces out of play and of the changes view included), and ships the result with the board's geometry
(:mod:`.shipped`). A figure ``w`` px wide takes the places found for the widest shipped width up to ``w`` of its
orientation (:func:`.shipped_places.width_for`): the names' font and the tokens' size are the same there, and a wider figure only
shrinks every name and token in plot units, so what stood clear still does (``tests/viz/test_board_in_browser.py``
checks it at every width in every language). The kanji line is shown where the build found room for it at that width.

What is shipped, per language, per "names" (no game shown) and "tokens" (a game shown), per width: the kanji flag,
the names' points and, with tokens, the tokens' points, in the board's order. It is read like every input from
outside (:func:`.shipped_places.check`): bounded, every language, width and province there, finite points.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..board import play_board
from ..data import BOARD
from .. import i18n
from .board_base import fit
from .board_labels import text_width
from .shipped_places import KINDS, LEAST, MOST

#: px between two shipped widths of the same font and token size: closer on a phone (where a few px count)
MAX_STEP = {"tall": 64, "wide": 180}


@lru_cache(maxsize=1)
def widths() -> tuple[int, ...]:
    """The widths the names are placed at: each width where :func:`.board_base.fit` changes the orientation, the
    font or the token size, and between two such widths more, at most :data:`MAX_STEP` px apart."""
    starts = []
    last = None
    for w in range(LEAST, MOST + 1):
        f = fit(w)
        key = (f.orientation, f.font, f.token)
        if key != last:
            starts.append(w)
            last = key
    out = []
    for a, b in zip(starts, [*starts[1:], MOST + 1]):
        steps = max(1, math.ceil((b - a) / MAX_STEP[fit(a).orientation]))
        out += [a + round(k * (b - a) / steps) for k in range(steps)]
    return tuple(out)


def _widest_texts(kanji: bool) -> list[list[str]]:
    """Each province's name as its widest text on any side, player count and view (current language)."""
    from .board_text import label_texts

    boards = [play_board(side, players) for side in ("sun", "moon") for players in (3, 4, 5)]
    out = []
    for p in BOARD.provinces:
        texts = {label_texts(p.name, b, view, kanji) for b in boards for view in ("provinces", "changes", "regions")}
        out.append(list(max(sorted(texts), key=lambda t: (text_width(t[0], 10, bold=True), text_width(t[1], 10)))))
    return out


def _placed(language: str) -> dict:
    """One language's places at every shipped width (with numpy and shapely: the build)."""
    from .board_labels import CROWDED, clashing, density, placed_texts, Place

    names = [p.name for p in BOARD.provinces]
    out: dict = {kind: {} for kind in KINDS}
    with_kanji, without = _widest_texts(True), _widest_texts(False)
    for kind in KINDS:
        tokens = kind == "tokens"
        for w in widths():
            f = fit(w)
            kanji = False
            if density(with_kanji, f, tokens) <= CROWDED:
                placed, spotted = placed_texts(with_kanji, f, tokens)
                places = {n: Place(x, y, (l, b, r, t)) for n, (x, y, l, b, r, t) in zip(names, placed)}
                kanji = not clashing(places, dict(zip(names, spotted)), f)
            if not kanji:
                placed, spotted = placed_texts(without, f, tokens)
            out[kind][str(w)] = {"kanji": kanji, "names": [[x, y] for x, y, *_box in placed],
                                 "tokens": [[x, y] for x, y in spotted]}
    return out


def export() -> dict:
    """Every language's places (:func:`_placed`), to ship (the build; a few seconds per language)."""
    was = i18n.current_language()
    try:
        out = {}
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            out[language] = _placed(language)
        return out
    finally:
        i18n.set_language(was)


def for_shipping() -> dict:
    """What the static build ships to the browser: the board's geometry (:func:`.geometry.for_shipping`) and every
    language's places (:func:`export`)."""
    from . import geometry
    from .shipped import SHIPPED_SIZES

    return geometry.for_shipping(export(), {o: fit(w) for o, w in SHIPPED_SIZES.items()})
