"""The board's highlight (the action being carried out: ring, arrow, callout) differs clearly from every player
colour, the farmers' colour and every region fill, in normal vision and under simulated colour-vision
deficiencies (issue 23: the attack highlight was the Red player's vermillion).

The difference is CIEDE2000 (ΔE00, coloraide's ``delta_e(method="2000")``); the simulations are coloraide's
protanopia, deuteranopia and tritanopia filters (Brettel 1997, and Machado 2009 for the first two), both
colours simulated. ΔE00 ≈ 2 is a just-noticeable difference; the thresholds below are many times that: at least
17 from each player colour and the farmers' (farther than the two closest player colours are from each other:
11 under tritanopia, 13 under protanopia, 33 in normal vision), at least 30 from each region fill (the ring
is drawn on them)."""

from __future__ import annotations

import pytest
from coloraide import Color

from shogun_tutor.viz.board_base import LABEL_COLOUR
from shogun_tutor.viz.palette import FARMER_STYLE, HIGHLIGHT, PLAYER_STYLES, REGION_FILLS

VISIONS = [("normal", None, None), ("protanopia", "protan", "brettel"), ("deuteranopia", "deutan", "brettel"),
           ("tritanopia", "tritan", "brettel"), ("protanopia (Machado)", "protan", "machado"),
           ("deuteranopia (Machado)", "deutan", "machado")]
PLAYER_THRESHOLD = 17.0
REGION_THRESHOLD = 30.0


def seen(colour: str, deficiency: str | None, method: str | None) -> Color:
    """The colour as a person with ``deficiency`` sees it (coloraide's simulation), in sRGB."""
    c = Color(colour)
    return c if deficiency is None else c.filter(deficiency, method=method).convert("srgb").fit()


def difference(a: str, b: str, deficiency: str | None = None, method: str | None = None) -> float:
    return seen(a, deficiency, method).delta_e(seen(b, deficiency, method), method="2000")


@pytest.mark.parametrize("vision, deficiency, method", VISIONS, ids=[v[0] for v in VISIONS])
def test_the_highlight_differs_from_every_player_colour(vision, deficiency, method):
    others = {name: style.fill for name, style in PLAYER_STYLES.items()} | {"farmers": FARMER_STYLE.fill}
    found = {name: round(difference(HIGHLIGHT, fill, deficiency, method), 1) for name, fill in others.items()}
    print(f"\nΔE00 of the highlight {HIGHLIGHT} ({vision}): {found}")
    assert min(found.values()) >= PLAYER_THRESHOLD, found


@pytest.mark.parametrize("vision, deficiency, method", VISIONS, ids=[v[0] for v in VISIONS])
def test_the_highlight_stands_out_on_every_region_fill(vision, deficiency, method):
    found = {region: round(difference(HIGHLIGHT, fill, deficiency, method), 1) for region, fill in REGION_FILLS.items()}
    assert min(found.values()) >= REGION_THRESHOLD, found


def test_the_old_attack_colour_fails_the_test_and_the_callout_text_is_readable():
    """The threshold tells the defect apart: the attack's former vermillion was the Red player's own colour
    (ΔE00 0), and the former highlight black was 3 from the Black player's. The callout's white text on the
    highlight has at least WCAG's 4.5:1 contrast, the names' text on the region fills too."""
    assert difference("#D55E00", PLAYER_STYLES["red"].fill) < PLAYER_THRESHOLD
    assert difference("#111111", PLAYER_STYLES["black"].fill) < PLAYER_THRESHOLD
    assert Color(HIGHLIGHT).contrast("white") >= 4.5
    assert all(Color(LABEL_COLOUR).contrast(fill) >= 4.5 for fill in REGION_FILLS.values())
