"""Derived geometry kept on disk (``shogun_tutor.viz.diskcache``): what a later process reads is
exactly what it would compute; a changed source, a damaged file or a folder that cannot be written
never change a result."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import shapely

from shogun_tutor.viz import diskcache, geometry

PROBE = """
import json, shapely
from shogun_tutor.board import play_board
from shogun_tutor.viz import geometry
from shogun_tutor.viz.board_base import fit
from shogun_tutor.viz.board_labels import label_places
shapes = geometry._board_shapes()
places = label_places(play_board("sun", 4), "board", fit(600), True, "en", True)
print(json.dumps({"shapes": {n: shapely.to_wkb(g, hex=True) for n, g in sorted(shapes.items())},
                  "places": {n: repr(p) for n, p in sorted(places.items())}}))
"""


def _probe(cache: str) -> dict:
    env = {**os.environ, diskcache.CACHE_ENV: cache}
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_later_process_reads_exactly_what_it_would_compute(tmp_path):
    computed = _probe("off")
    first = _probe(str(tmp_path))  # computes and writes
    files = sorted(p.name.rsplit("-", 1)[0] for p in tmp_path.iterdir())
    assert files == ["board-shapes", "label-places"]
    again = _probe(str(tmp_path))  # reads
    assert computed == first == again


def test_a_damaged_file_is_computed_again_and_mended(tmp_path):
    _probe(str(tmp_path))
    for path in tmp_path.iterdir():
        path.write_text('{"[]": {"Settsu": "not wkb"}, "["Settsu"' if "shapes" in path.name else "[1, 2")
    assert _probe(str(tmp_path)) == _probe("off")
    assert all(isinstance(json.loads(p.read_text()), dict) for p in tmp_path.iterdir())


def test_a_folder_that_cannot_be_written_changes_nothing(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    assert _probe(str(blocked / "cache")) == _probe("off")


def test_off_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(diskcache.CACHE_ENV, "off")
    assert diskcache.cache_dir() is None
    calls = []

    @diskcache.disk_cached("probe")
    def double(x):
        calls.append(x)
        return 2 * x

    assert double(2) == 4 and double(2) == 4
    assert calls == [2]  # kept in memory, as without a cache folder
    assert list(tmp_path.iterdir()) == []


def test_what_a_result_is_computed_from_names_its_file(tmp_path, monkeypatch):
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path))
    sources = {"module": b"version 1"}
    monkeypatch.setattr(diskcache, "_sources", lambda module: [sources["module"], b"board", "shapely", "numpy"])
    calls = []

    def square_in_a_new_process():
        @diskcache.disk_cached("probe")
        def square(x):
            calls.append(x)
            return [x * x, x]
        return square

    assert square_in_a_new_process()(3) == [9, 3] and calls == [3]
    assert square_in_a_new_process()(3) == [9, 3] and calls == [3]  # read, not computed
    sources["module"] = b"version 2"  # the code that computes it changed: another file, computed again
    assert square_in_a_new_process()(3) == [9, 3] and calls == [3, 3]
    assert len(list(tmp_path.glob("probe-*.json"))) == 2
    assert diskcache.fingerprint("a", "bc") != diskcache.fingerprint("ab", "c")


def test_the_cached_shapes_are_the_board_provinces():
    with pytest.raises(ValueError):
        geometry._shapes_from_json({"Settsu": shapely.to_wkb(shapely.box(0, 0, 1, 1), hex=True)})


DRAWN = """
import hashlib, json
from shogun_tutor.rules.game import new_game
from shogun_tutor.ui.welcome import board_svg
from shogun_tutor.viz.board import board_traces
game = new_game(players=4, side="moon", seed=7, setup="draft")
drawn = [board_traces("sun", 5, width=900), board_traces("moon", 4, game.state, width=380, view="regions")]
print(hashlib.sha256((json.dumps(drawn, sort_keys=True, default=str) + board_svg()).encode()).hexdigest())
"""


def test_the_board_is_drawn_alike_in_every_process():
    """Province shapes, outlines, token rows and the welcome's map do not follow the hash seed (the
    islands' provinces were taken in a set's order: two different maps, by process)."""
    digests = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed, diskcache.CACHE_ENV: "off"}
        out = subprocess.run([sys.executable, "-c", DRAWN], capture_output=True, text=True, env=env, check=True)
        digests.add(out.stdout.strip().splitlines()[-1])
    assert len(digests) == 1


def test_a_file_keeps_at_most_its_share_of_entries(tmp_path, monkeypatch):
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(diskcache, "MAX_ENTRIES", 5)
    monkeypatch.setattr(diskcache, "_sources", lambda module: [b"m", b"board", "shapely", "numpy"])

    @diskcache.disk_cached("bounded")
    def negate(x):
        return -x

    for x in range(8):
        assert negate(x) == -x
    (path,) = tmp_path.glob("bounded-*.json")
    assert json.loads(path.read_text()) == {json.dumps([x]): -x for x in range(3, 8)}  # the newest five


def test_a_batch_writes_its_new_results_once_at_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(diskcache, "_sources", lambda module: [b"m", b"board", "shapely", "numpy"])
    writes = []
    real_replace = os.replace
    monkeypatch.setattr(diskcache.os, "replace", lambda a, b: (writes.append(b), real_replace(a, b)))

    @diskcache.disk_cached("batched")
    def triple(x):
        return 3 * x

    with triple.batch():
        with triple.batch():  # nested: the outermost writes
            assert [triple(x) for x in range(10)] == [3 * x for x in range(10)]
        assert writes == [] and list(tmp_path.glob("batched-*.json")) == []
    assert len(writes) == 1
    (path,) = tmp_path.glob("batched-*.json")
    assert json.loads(path.read_text()) == {json.dumps([x]): 3 * x for x in range(10)}
    triple(10)  # outside a batch: written at once
    assert len(writes) == 2
