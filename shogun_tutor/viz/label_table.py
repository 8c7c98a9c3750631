"""Where the names and the army tokens stand in the static build: placed at build time, shipped, read in the browser.

The full board places every province's name clear of the others, with its army token, at the figure's exact width
(:mod:`.board_labels`, numpy and shapely). In the browser neither exists, so the build places them at a set of widths
(:func:`widths`: where the names' font or the tokens' size changes, and between those at most :data:`MAX_STEP` px
apart) in every language, for the widest text each name has on any side, player count and view (the marks of the
provinces out of play and of the changes view included), and ships the result with the board's geometry
(:mod:`.shipped`). A figure ``w`` px wide takes the places found for the widest shipped width up to ``w`` of its
orientation (:func:`width_for`): the names' font and the tokens' size are the same there, and a wider figure only
shrinks every name and token in plot units, so what stood clear still does (``tests/viz/test_board_in_browser.py``
checks it at every width in every language). The kanji line is shown where the build found room for it at that width.

What is shipped, per language, per "names" (no game shown) and "tokens" (a game shown), per width: the kanji flag,
the names' points and, with tokens, the tokens' points, in the board's order. It is read like every input from
outside (:func:`check`): bounded, every language, width and province there, finite points.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..board import play_board
from ..data import BOARD
from .. import i18n
from .board_base import Fit, fit
from .board_labels import second_font, text_width

#: px between two shipped widths of the same font and token size: closer on a phone (where a few px count)
MAX_STEP = {"tall": 64, "wide": 180}
MAX_WIDTHS = 64  # the most shipped widths read
LEAST, MOST = 240, 2000  # the widths shipped: fit() makes every figure at least LEAST px wide; wider ones take MOST
KINDS = ("names", "tokens")


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


def _sizes(f: Fit) -> tuple[float, float, float, float]:
    """How large a figure's names (both lines), army tokens and fixed pixels (gaps, padding) are on the board, in
    plot units."""
    return (f.font / f.scale, second_font(f) / f.scale, f.token / f.scale, 1 / f.scale)


def width_for(f: Fit, shipped: list[int] | tuple[int, ...]) -> int:
    """The width of ``shipped`` whose places a figure of ``f`` takes: the widest of its orientation where names
    (both lines), tokens and gaps are at least as large on the board as in ``f``, so that what stood clear there
    stands clear in ``f``: the widest up to ``f.width`` (same font and token size, or smaller ones on a narrower
    board). A figure with a larger font asked (a projector) may find none: it takes the narrowest of its
    orientation, where names stand farthest apart, and :func:`.board_labels.crowded` then leaves out the kanji line
    if they touch."""
    own = [w for w in shipped if fit(w).orientation == f.orientation] or list(shipped)
    need = _sizes(f)
    room = [w for w in own if all(a >= b - 1e-9 for a, b in zip(_sizes(fit(w)), need))]
    return max(room) if room else min(own)


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


def _points(v, n: int) -> bool:
    return (isinstance(v, list) and len(v) == n
            and all(isinstance(p, list) and len(p) == 2
                    and all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in p)
                    for p in v))


def check(data) -> None:
    """The shipped places, checked (see the module's text); anything else raises :class:`.shipped.ShippedError`."""
    from .shipped import ShippedError

    n = len(BOARD.provinces)
    if not isinstance(data, dict) or sorted(data) != sorted(i18n.LANGUAGES):
        raise ShippedError("the shipped places are not of every language")
    expected = None  # the same widths for every language and kind, each a whole number of px in [LEAST, MOST]
    for language, kinds in data.items():
        if not isinstance(kinds, dict) or sorted(kinds) != sorted(KINDS):
            raise ShippedError(f"the shipped places of {language!r} are not for names and tokens")
        for kind, by_width in kinds.items():
            if expected is None and isinstance(by_width, dict):
                expected = sorted(by_width)
            if (not isinstance(by_width, dict) or sorted(by_width) != expected or not 1 <= len(by_width) <= MAX_WIDTHS
                    or not all(w.isascii() and w.isdigit() and LEAST <= int(w) <= MOST for w in by_width)):
                raise ShippedError(f"the shipped places of {language!r} are not at the same widths as the others'")
            for w, entry in by_width.items():
                if (not isinstance(entry, dict) or not isinstance(entry.get("kanji"), bool)
                        or not _points(entry.get("names"), n) or not _points(entry.get("tokens"), n if kind == "tokens" else 0)):
                    raise ShippedError(f"the shipped places of {language!r} ({kind}, {w} px) are not points of the board's names")


def _entry(f: Fit, language: str, tokens: bool) -> dict:
    from .shipped import places

    by_width = places()[i18n.check_language(language)]["tokens" if tokens else "names"]
    return by_width[str(width_for(f, [int(w) for w in by_width]))]


def shipped_places(f: Fit, language: str, tokens: bool) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The names' points and (``tokens``) the army tokens' points for a figure of ``f``, in the board's order."""
    entry = _entry(f, language, tokens)
    return ([(float(x), float(y)) for x, y in entry["names"]], [(float(x), float(y)) for x, y in entry["tokens"]])


def shipped_kanji(f: Fit, language: str, tokens: bool) -> bool:
    """Whether the build found room for the kanji line at the width a figure of ``f`` takes its places from."""
    return _entry(f, language, tokens)["kanji"]

