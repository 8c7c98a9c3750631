"""Play together in the static build: a build-time hosted server (make static TOGETHER_URL=...) becomes the bar's link."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from shogun_tutor import i18n
from shogun_tutor.ui.app import build_app
from shogun_tutor.ui.together_static import TOGETHER_ENV, note_html, together_url, valid_url
from tests.deploy_scripts import static_script

ROOT = Path(__file__).resolve().parents[2]


def _build_script():
    return static_script("build")


def test_only_an_absolute_http_address_is_taken():
    for good in ("https://tutor.example.org/", "http://192.168.1.20:8866/voila/render/app.ipynb?lang=nl"):
        assert valid_url(good) == good
    for bad in (None, "", "tutor.example.org", "javascript:alert(1)", "https://", "ftp://x.org/", "https://x.org/a b",
                "https://x.org/'onmouseover='x", "https://x.org/" + "a" * 3000):
        assert valid_url(bad) is None, bad


def test_the_note_links_to_the_server_in_each_language():
    url = "https://tutor.example.org/?a=1&b=2"
    try:
        for lang in ("en", "nl", "ja"):
            i18n.set_language(lang)
            html = note_html(url)
            assert "href='https://tutor.example.org/?a=1&amp;b=2'" in html and "{link}" not in html
            assert "href" not in note_html(None)
    finally:
        i18n.set_language("en")


def test_the_build_setting_reaches_the_page_and_its_play_together_bar(tmp_path, monkeypatch):
    """deploy/static/build.py writes the address into the page's first cell; the app in that environment shows it."""
    build = _build_script()
    build.notebook(build.setup_source("https://tutor.example.org/"), tmp_path / "content")
    cell = "".join(json.loads((tmp_path / "content" / "index.ipynb").read_text())["cells"][0]["source"])
    line = next(ln for ln in cell.splitlines() if ln.startswith("os.environ.update("))
    env = ast.literal_eval(line[len("os.environ.update("):-1])
    assert env[TOGETHER_ENV] == "https://tutor.example.org/" and env["SHOGUN_TUTOR_STATIC"] == "1"
    monkeypatch.setenv(TOGETHER_ENV, env[TOGETHER_ENV])
    monkeypatch.setenv("SHOGUN_TUTOR_STATIC", "1")
    assert together_url() == "https://tutor.example.org/"
    app = build_app()
    app.show("game")
    bar = app._tabs.holder["together"]
    note = bar.start_form.widget.children[0]
    assert "shogun-together-elsewhere" in note._dom_classes and "href='https://tutor.example.org/'" in note.value
    monkeypatch.delenv(TOGETHER_ENV)
    assert together_url() is None


def test_a_bad_address_stops_the_build_with_a_sentence(tmp_path):
    with pytest.raises(SystemExit, match="absolute http"):
        _build_script().main(["--together-url", "javascript:alert(1)", "--out", str(tmp_path / "site")])


def test_the_pages_first_cell_shows_nothing():
    """The static build's first cell (deploy/static/build.py) ends with a statement: a last expression would be shown
    on the page above the app (it once showed 80187, the count of the geometry's characters written)."""
    tree = ast.parse(_build_script().setup_source("https://tutor.example.org/"))
    assert tree.body and not isinstance(tree.body[-1], ast.Expr), ast.dump(tree.body[-1])[:200]
