"""The board where Python runs in the browser (the static build): no numpy, shapely or sqlite3 there.

In a subprocess with those modules made unimportable (as on Pyodide from npm) and the shipped data at hand
(:mod:`shogun_tutor.viz.shipped`: the geometry and the names' places computed at build time,
:mod:`shogun_tutor.viz.label_table`), the guided game takes Next steps, and the full board is drawn: the same
layers as on the server, the names and army tokens clear of each other at every width in every language."""

import json
import subprocess
import sys

import pytest

from shogun_tutor import i18n
from shogun_tutor.viz import label_table, shipped, shipped_places
from shogun_tutor.viz.board_labels import GAP_PX, overlapping, Place
from shogun_tutor.viz.board_base import fit

BROWSER_LIKE = (
    "import sys\n"
    "for name in ('numpy', 'shapely', 'sqlite3'):\n"
    "    sys.modules[name] = None  # as on Pyodide from npm (jsonschema: 4.17.3 there, the venv's here)\n"
    "import json\n"
    "from shogun_tutor.viz import geometry\n"
    "assert geometry.shapely is None\n"
)


def _in_browser(code: str, shipped_file, tmp_path) -> dict:
    env = {"PATH": "/usr/bin:/bin", shipped.SHIPPED_ENV: str(shipped_file), "SHOGUN_TUTOR_CACHE": "off",
           "HOME": str(tmp_path), "PYTHONPATH": ":".join(sys.path)}
    run = subprocess.run([sys.executable, "-c", BROWSER_LIKE + code], capture_output=True, text=True, env=env,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_guided_game_steps_and_draws_the_full_board_without_numpy_shapely_sqlite3(shipped_file, tmp_path):
    out = _in_browser(
        "from shogun_tutor.session import shared_store\n"
        "from shogun_tutor.ui.game_panel import GamePanel\n"
        "p = GamePanel(players=4, seed=1)\n"
        "texts = [p.now.value]\n"
        "for _ in range(5):\n"
        "    p.next_step()\n"
        "    texts.append(p.now.value)\n"
        "data = p.board.figure.data\n"
        "print(json.dumps({'texts': texts, 'store': shared_store()[0].kind, 'traces': [t.name for t in data],\n"
        "                  'shown': [t.name for t in data if t.visible is not False and t.x],\n"
        "                  'armies': list(next(t for t in data if t.name == 'armies').text or [])}))\n",
        shipped_file, tmp_path)
    assert out["store"] == "memory"
    assert len(set(out["texts"])) == 6, "each Next step changes the step text"
    # the full board's layers: the coast band, the regions' outlines, the owners' rings, both lines of the names
    assert {"coast", "regions", "owner-edge", "labels", "kanji", "armies", "sea", "hit"} <= set(out["shown"])
    assert sum(t.startswith("area:") for t in out["traces"]) == 6
    assert len(out["armies"]) >= 10 and all(a[0] in "RBYKGP" and a[1:].isdigit() for a in out["armies"]), out["armies"]


# what the browser draws, for cases the server draws too: every layer (by its key), which are shown, the texts
CASES = [
    dict(side="sun", players=5, width=1000),
    dict(side="moon", players=3, width=390, view="changes"),
    dict(side="sun", players=4, width=1366, view="regions"),
    dict(side="sun", players=4, width=900, selected="Shima", reach=["Izu", "Ise"]),
    dict(side="sun", players=4, width=700, path=["Shima", "Izu"]),
    dict(game=(4, 1, 60), width=1300, highlight=["battle", "Shinano", "Kozuke"]),
    dict(game=(3, 4, 120), width=390, highlight=["tie", "", ["red"]]),
    dict(game=(5, 2, 200), width=1920, highlight=["move", "Shima", "Izu"], language="ja"),
    dict(game=(4, 3, 90), width=620, highlight=["build", "Echigo"], language="pl"),
]
DRAW = (
    "import random\n"
    "from shogun_tutor import i18n\n"
    "from shogun_tutor.rules.game import new_game\n"
    "from shogun_tutor.viz.board import Highlight, board_traces, trace_key\n"
    "def state(players, seed, steps):\n"
    "    game, rng = new_game(players=players, seed=seed), random.Random(seed)\n"
    "    for _ in range(steps):\n"
    "        d = game.legal_decisions()\n"
    "        if not d:\n"
    "            break\n"
    "        game.apply(rng.choice(d))\n"
    "    return game.state\n"
    "def draw(case):\n"
    "    case = dict(case)\n"
    "    i18n.set_language(case.pop('language', 'en'))\n"
    "    if 'game' in case:\n"
    "        case['state'] = state(*case.pop('game'))\n"
    "    if 'highlight' in case:\n"
    "        kind, source, *rest = case.pop('highlight')\n"
    "        case['highlight'] = Highlight(kind, source, regions=tuple(rest[0])) if kind == 'tie' else Highlight(kind, source, *rest)\n"
    "    traces, layout = board_traces(**case)\n"
    "    return {'keys': [trace_key(t) for t in traces],\n"
    "            'shown': [trace_key(t) for t in traces if t.get('visible') is not False and t.get('x')],\n"
    "            'texts': {trace_key(t): t.get('text') for t in traces if t.get('text') is not None},\n"
    "            'points': {trace_key(t): sum(v is not None for v in t.get('x') or []) for t in traces\n"
    "                       if trace_key(t) in ('armies', 'buildings', 'unrest', 'hit', 'labels')},\n"
    "            'title': layout.get('title'), 'notes': sorted(a['text'] for a in layout.get('annotations', [])),\n"
    "            'orientation': layout['meta']['orientation']}\n"
)


def test_the_browser_draws_the_full_boards_layers_texts_and_notes_as_the_server(shipped_file, tmp_path):
    """Everything but where a name or the callout stands (placed at the shipped width, not the figure's exact one)
    and the outlines' detail (simplified at build time) is the server's: the layers and which are shown, the names,
    the army tokens' texts, the hover points, the title, the notes and the callout's text."""
    browser = _in_browser(DRAW + f"print(json.dumps([draw(c) for c in {CASES!r}]))\n", shipped_file, tmp_path)
    namespace: dict = {}
    exec(DRAW, namespace)
    for case, seen in zip(CASES, browser):
        server = json.loads(json.dumps(namespace["draw"](case)))
        assert seen["keys"] == server["keys"], case
        assert seen["texts"] == server["texts"], case
        for key in ("points", "title", "notes", "orientation"):
            assert seen[key] == server[key], (case, key)
        # the kanji line: where the server finds room at the exact width, the browser may not at the shipped one
        assert set(seen["shown"]) - {"kanji"} == set(server["shown"]) - {"kanji"}, case
        assert "coast" in seen["shown"] and "regions" in seen["shown"]


PLACES = (
    "from shogun_tutor import i18n\n"
    "from shogun_tutor.board import play_board\n"
    "from shogun_tutor.viz.board_base import fit\n"
    "from shogun_tutor.viz.board_labels import crowded, label_places, token_places\n"
    "out = []\n"
    "for language in i18n.LANGUAGES:\n"
    "    i18n.set_language(language)\n"
    "    for side, players, view in (('sun', 5, 'provinces'), ('moon', 3, 'changes'), ('sun', 3, 'regions')):\n"
    "        board = play_board(side, players)\n"
    "        for width in range(240, 2101, 29):\n"
    "            f = fit(width)\n"
    "            for tokens in (False, True):\n"
    "                kanji = not crowded(board, view, f, True, language, tokens)\n"
    "                places = label_places(board, view, f, kanji, language, tokens)\n"
    "                spots = token_places(board, view, f, kanji, language) if tokens else {}\n"
    "                out.append([language, side, players, view, width, tokens, kanji,\n"
    "                            {n: [p.x, p.y, *p.box] for n, p in places.items()}, spots])\n"
    "print(json.dumps(out))\n"
)


def test_in_the_browser_names_and_army_tokens_stand_clear_at_every_width_in_every_language(shipped_file, tmp_path):
    """At widths 29 px apart from a small phone's to past a wide screen's, in all 8 languages, on boards with the
    marks of the provinces out of play and of the changes view: no two names overlap or come within half the gap the
    full board keeps, no army token covers a name, and the kanji line is shown at most widths."""
    seen = _in_browser(PLACES, shipped_file, tmp_path)
    assert len(seen) == 8 * 3 * len(range(240, 2101, 29)) * 2
    with_kanji = 0
    for language, side, players, view, width, tokens, kanji, places, spots in seen:
        f = fit(width)
        boxes = {n: Place(x, y, tuple(box)) for n, (x, y, *box) in places.items()}
        assert len(boxes) == 45
        assert not overlapping(boxes, GAP_PX / 2, f.scale), (language, side, players, view, width, tokens)
        half = f.px(f.token / 2 + 1)
        for name, (x, y) in spots.items():
            for other, p in boxes.items():
                l, b, r, t = p.bounds
                assert not (x - half < r and x + half > l and y - half < t and y + half > b), (language, width, name, other)
        with_kanji += kanji
    assert with_kanji > 0.7 * len(seen)


def test_the_shipped_places_are_the_builds_at_every_shipped_width(shipped_file):
    """The build places the names once per language, token mode and width (label_table.widths): each orientation's
    every font and token size has a width, and the shipped data holds exactly those."""
    data = shipped.parse(shipped_file.read_text())
    widths = label_table.widths()
    assert {(fit(w).orientation, fit(w).font, fit(w).token) for w in range(240, 2001)} == \
        {(fit(w).orientation, fit(w).font, fit(w).token) for w in widths}
    for language in i18n.LANGUAGES:
        for kind in shipped_places.KINDS:
            assert sorted(map(int, data["places"][language][kind])) == list(widths)
    assert shipped_places.width_for(fit(1000), widths) == max(w for w in widths if w <= 1000)
    assert fit(shipped_places.width_for(fit(619), widths)).orientation == "tall"
    assert shipped_places.width_for(fit(240), widths) == 240
    # a projector's larger font (teacher mode): a width where names and tokens are at least as large on the board,
    # else the orientation's narrowest (names farthest apart)
    for width, font in ((1100, 15), (1900, 17), (800, 20)):
        f = fit(width, font)
        taken = shipped_places.width_for(f, widths)
        assert fit(taken).orientation == "wide" and taken <= width
        room = all(a >= b for a, b in zip(shipped_places._sizes(fit(taken)), shipped_places._sizes(f)))
        assert room or taken == min(w for w in widths if fit(w).orientation == "wide"), (width, font, taken)


@pytest.mark.parametrize("spoil, message", [
    (lambda d: d["places"].pop("ja"), "every language"),
    (lambda d: d["places"]["de"].pop("tokens"), "names and tokens"),
    (lambda d: d["places"]["fr"]["names"].pop(sorted(d["places"]["fr"]["names"])[0]), "same widths"),
    (lambda d: d["places"]["en"]["tokens"]["9999"], "same widths"),
    (lambda d: d["places"]["pl"]["names"][sorted(d["places"]["pl"]["names"])[0]]["names"].pop(), "points"),
    (lambda d: d["places"]["zh"]["tokens"][sorted(d["places"]["zh"]["tokens"])[0]]["tokens"][0].__setitem__(0, float("nan")), "points"),
    (lambda d: d["places"]["nl"]["names"][sorted(d["places"]["nl"]["names"])[0]].__setitem__("kanji", "yes"), "points"),
])
def test_the_shipped_places_are_checked_like_every_input(shipped_file, spoil, message):
    data = json.loads(shipped_file.read_text())
    try:
        spoil(data)
    except KeyError:  # a width that is not there: add it instead
        data["places"]["en"]["tokens"]["9999"] = data["places"]["en"]["tokens"][sorted(data["places"]["en"]["tokens"])[0]]
    with pytest.raises(shipped.ShippedError, match=message):
        shipped_places.check(shipped.parse(json.dumps(data))["places"])
