"""What makes the app's page lighter and quicker on a phone (issue 46): brotli copies of its static files, sent to
browsers that accept them through Tornado's own static-file handler, and the first screen's scripts named in the
page so that the browser fetches them ahead."""

from __future__ import annotations

import gzip
import json
import logging
import time

import brotli
import pytest
import tornado.testing
import tornado.web

from shogun_tutor import page_preload, serve
from shogun_tutor.web_brotli import BrotliStore, accepts_brotli, brotli_handler

SCRIPT = ("export const provinces = [" + ",".join(f'"province {i}"' for i in range(3000)) + "];\n").encode()


@pytest.mark.parametrize(("header", "accepted"), [
    ("gzip, deflate, br, zstd", True), ("br", True), ("gzip;q=1.0, br;q=0.5", True), ("BR", True),
    ("gzip, deflate", False), (None, False), ("", False), ("br;q=0", False), ("br;q=0.0, gzip", False), ("brotli", False),
])
def test_accept_encoding_is_read_as_browsers_send_it(header, accepted):
    assert accepts_brotli(header) is accepted


def test_a_copy_is_made_once_in_the_background_and_kept_by_content(tmp_path):
    source = tmp_path / "static" / "chunk.js"
    source.parent.mkdir()
    source.write_bytes(SCRIPT)
    small = source.with_name("tiny.js")
    small.write_bytes(b"let a = 1;\n")
    store = BrotliStore(tmp_path / "cache")
    assert store.copy_of(str(source)) is None  # not made yet: gzip for now
    store.wait()
    copy = store.copy_of(str(source))
    assert copy is not None and brotli.decompress(copy.read_bytes()) == SCRIPT
    assert copy.stat().st_size < len(gzip.compress(SCRIPT, 6))
    assert store.copy_of(str(small)) is None and store.copy_of(str(source.with_name("a.png"))) is None
    again = BrotliStore(tmp_path / "cache")  # another server with the same cache: the same file, not made again
    again.copy_of(str(source))
    again.wait()
    assert again.copy_of(str(source)) == copy
    time.sleep(0.01)
    source.write_bytes(SCRIPT.replace(b"province", b"Provinz"))  # a changed file gets its own copy
    assert store.copy_of(str(source)) is None
    store.wait()
    assert brotli.decompress(store.copy_of(str(source)).read_bytes()) == source.read_bytes()


def test_warming_queues_the_scripts_under_the_roots_but_skipped_folders(tmp_path):
    for name in ("a/one.js", "a/two.css", "skipme/three.js", "a/four.png"):
        (tmp_path / "root" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "root" / name).write_bytes(SCRIPT)
    store = BrotliStore(tmp_path / "cache")
    assert store.warm([str(tmp_path / "root")], skip=("skipme",)) == 2
    store.wait()
    assert store.copy_of(str(tmp_path / "root" / "a" / "one.js")) is not None
    assert store.copy_of(str(tmp_path / "root" / "skipme" / "three.js")) is None


class BrotliHandlerTest(tornado.testing.AsyncHTTPTestCase):
    """Tornado's own static-file handler (compressing with gzip, as the app's server does) made to send the copy."""

    def get_app(self):
        import tempfile
        from pathlib import Path

        self.folder = Path(tempfile.mkdtemp())
        (self.folder / "static").mkdir()
        (self.folder / "static" / "chunk.js").write_bytes(SCRIPT)
        (self.folder / "static" / "page.css").write_bytes(b"body { color: #222; }\n" * 200)
        self.store = BrotliStore(self.folder / "cache")
        handler = brotli_handler(tornado.web.StaticFileHandler, self.store)
        return tornado.web.Application([(r"/static/(.*)", handler, {"path": str(self.folder / "static")})],
                                       compress_response=True)

    def fetch_raw(self, path, encoding, **headers):
        return self.fetch(path, headers={"Accept-Encoding": encoding, **headers}, decompress_response=False)

    def test_brotli_for_browsers_that_accept_it_gzip_for_the_others(self):
        first = self.fetch_raw("/static/chunk.js", "gzip, br")
        assert first.headers["Content-Encoding"] == "gzip"  # the copy is being made
        self.store.wait()
        br = self.fetch_raw("/static/chunk.js", "gzip, deflate, br")
        assert br.code == 200 and br.headers["Content-Encoding"] == "br"
        assert brotli.decompress(br.body) == SCRIPT
        assert int(br.headers["Content-Length"]) == len(br.body)
        assert br.headers["Content-Type"] == "text/javascript" and "Accept-Encoding" in br.headers["Vary"]
        gz = self.fetch_raw("/static/chunk.js", "gzip, deflate")
        assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.body) == SCRIPT
        assert gz.headers["Etag"] != br.headers["Etag"]  # caches never take one encoding for the other
        css = self.fetch_raw("/static/page.css", "br")
        self.store.wait()
        css = self.fetch_raw("/static/page.css", "br")
        assert css.headers["Content-Type"] == "text/css" and css.headers["Content-Encoding"] == "br"
        again = self.fetch_raw("/static/chunk.js", "br", **{"If-None-Match": br.headers["Etag"]})
        assert again.code == 304
        assert self.fetch_raw("/static/missing.js", "br").code == 404


def test_the_recorded_scripts_are_the_ones_this_server_has():
    """``page_files.json`` names the scripts of the installed Voilà and extensions; after an upgrade this fails:
    record the list again (``tests/browser/record_page_files.py``)."""
    files = page_preload.page_files()
    assert len(files) >= 40 and len(set(files)) == len(files)
    missing = [f for f in files if page_preload.installed_file(f) is None]
    assert missing == [], "record the list again: PYTHONPATH=$PWD python tests/browser/record_page_files.py"
    assert any(f.startswith("voila/labextensions/anywidget/") for f in files)
    assert not any("jupyterlab-plotly" in f or "plotly" in f.split("/")[-1] for f in files)  # the welcome has none


def test_the_preload_lines_name_only_installed_files_and_say_so(tmp_path, monkeypatch, caplog):
    files = page_preload.page_files()
    monkeypatch.setattr(page_preload, "page_files", lambda: [*files, "voila/static/99999.voila.js"])
    with caplog.at_level(logging.WARNING, logger="shogun_tutor.page_preload"):
        share = page_preload.write_preload(tmp_path, serve.TEMPLATE)
    html = (share / "voila" / "templates" / serve.TEMPLATE / page_preload.PRELOAD_FILE).read_text()
    lines = html.splitlines()
    assert len(lines) == len(files) and "99999" not in html and "1 of the" in caplog.text
    assert lines[0] == f'<link rel="preload" as="script" fetchpriority="low" href="{{{{ resources.base_url }}}}{files[0]}">'
    template = (page_preload.TEMPLATE_FOLDER / "index.html.j2").read_text()
    assert "{% include 'shogun_preload.html' ignore missing %}" in template


@pytest.mark.parametrize("bad", ["../etc/passwd", "voila/static/../../x.js", "https://cdn.example/x.js",
                                 'voila/static/a.js"><script>', "voila/other/a.js"])
def test_a_list_with_a_path_outside_the_page_s_files_is_refused(tmp_path, monkeypatch, bad):
    listed = tmp_path / "page_files.json"
    listed.write_text(json.dumps({"files": ["voila/static/1.voila.js", bad]}))
    monkeypatch.setattr(page_preload, "PAGE_FILES", listed)
    with pytest.raises(ValueError, match="relative URL paths"):
        page_preload.page_files()


def test_the_server_puts_the_preload_lines_on_its_template_path_unless_asked_not_to(monkeypatch):
    monkeypatch.delenv(page_preload.PRELOAD_ENV, raising=False)
    assert "preload-" in serve.environment(None)["JUPYTER_PATH"]
    monkeypatch.setenv(page_preload.PRELOAD_ENV, "0")
    assert "preload-" not in serve.environment(None)["JUPYTER_PATH"]


def test_a_cache_folder_that_cannot_be_written_leaves_gzip_and_says_so_once(tmp_path, caplog):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder should be")
    sources = []
    for name in ("one.js", "two.js"):
        sources.append(tmp_path / name)
        sources[-1].write_bytes(SCRIPT + name.encode())
    store = BrotliStore(blocker / "brotli")
    with caplog.at_level(logging.WARNING, logger="shogun_tutor.web_brotli"):
        for source in sources:
            store.copy_of(str(source))
        store.wait()
    assert [store.copy_of(str(s)) for s in sources] == [None, None]
    assert caplog.text.count("no brotli copy") == 1
