"""The names' and army tokens' places shipped by the static build, read in the browser (made by :mod:`.label_table`,
where numpy runs): checked like every input from outside, then looked up for a figure's size."""

from __future__ import annotations

from functools import lru_cache

from ..data import BOARD
from .. import i18n
from .board_base import Fit, fit, second_font
from .shipped import ShippedError, finite_pair, places

MAX_WIDTHS = 64  # the most shipped widths read
LEAST, MOST = 240, 2000  # the widths shipped: fit() makes every figure at least LEAST px wide; wider ones take MOST
KINDS = ("names", "tokens")


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


def _points(v, n: int) -> bool:
    return isinstance(v, list) and len(v) == n and all(map(finite_pair, v))


def check(data) -> None:
    """The shipped places, checked (see the module's text); anything else raises :class:`.shipped.ShippedError`."""
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


@lru_cache(maxsize=1)
def _checked() -> dict:
    data = places()
    check(data)
    return data


def _entry(f: Fit, language: str, tokens: bool) -> dict:
    by_width = _checked()[i18n.check_language(language)]["tokens" if tokens else "names"]
    return by_width[str(width_for(f, [int(w) for w in by_width]))]


def shipped_places(f: Fit, language: str, tokens: bool) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The names' points and (``tokens``) the army tokens' points for a figure of ``f``, in the board's order."""
    entry = _entry(f, language, tokens)
    return ([(float(x), float(y)) for x, y in entry["names"]], [(float(x), float(y)) for x, y in entry["tokens"]])


def shipped_kanji(f: Fit, language: str, tokens: bool) -> bool:
    """Whether the build found room for the kanji line at the width a figure of ``f`` takes its places from."""
    return _entry(f, language, tokens)["kanji"]

