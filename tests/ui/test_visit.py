"""The visitor's query string reaches the kernel as Voilà's own helper gets it, without importing
Voilà (``shogun_tutor.ui.widgets.visit``): same variable names, same socket address, same result against
a query socket that speaks Voilà's protocol."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading

import pytest
from websockets.sync.server import serve

from shogun_tutor.ui.widgets import visit

REQUEST = {"QUERY_STRING": "lang=nl&chapter=battles&screen=2", "SCRIPT_NAME": "/", "SERVER_PORT": "8866"}


@pytest.fixture
def clean_env(monkeypatch):
    for name in ["VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_IP", "VOILA_APP_PORT", "VOILA_SERVER_URL",
                 "VOILA_WS_BASE_URL", "VOILA_WS_PROTOCOL", *REQUEST]:
        monkeypatch.setenv(name, "")  # recorded as absent (or as it was): restored after the test, even
        monkeypatch.delenv(name)  # when the code under test sets it through os.environ
    return monkeypatch


class QuerySocket:
    """A stand-in for Voilà's ``voila/query/<kernel id>`` socket: sends one message, records the path."""

    def __init__(self, message: str):
        self.paths: list[str] = []

        def handler(ws):
            self.paths.append(ws.request.path)
            ws.send(message)

        self.server = serve(handler, "127.0.0.1", 0)
        self.port = self.server.socket.getsockname()[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.thread.join(5)


def _preheated(env, port: int, kernel: str = "k-1") -> None:
    env.setenv("VOILA_PREHEAT", "True")
    env.setenv("VOILA_KERNEL_ID", kernel)
    env.setenv("VOILA_APP_IP", "127.0.0.1")
    env.setenv("VOILA_APP_PORT", str(port))
    env.setenv("VOILA_SERVER_URL", "/")


def test_the_variable_names_are_voilas():
    from voila.utils import ENV_VARIABLE

    for name in ["PREHEAT", "KERNEL_ID", "QUERY_STRING", "WS_PROTOCOL", "APP_IP", "APP_PORT", "SERVER_URL",
                 "WS_BASE_URL"]:
        ours = getattr(visit, name)
        assert ours in ENV_VARIABLE.__members__, ours
        assert ENV_VARIABLE[ours].value == ours


def test_a_preheated_kernel_gets_the_visitors_request_as_voilas_helper_does(clean_env):
    sock = QuerySocket(json.dumps(REQUEST))
    try:
        _preheated(clean_env, sock.port, "kernel-abc")
        clean_env.setenv("VOILA_WS_BASE_URL", "/hub/user/x/")
        assert visit.query_string() == "lang=nl&chapter=battles&screen=2"
        assert {k: os.environ[k] for k in REQUEST} == REQUEST
        for k in REQUEST:
            clean_env.delenv(k)
        from voila.utils import get_query_string  # Voilà's own helper, against the same socket

        assert get_query_string() == "lang=nl&chapter=battles&screen=2"
        assert sock.paths == ["/hub/user/x/voila/query/kernel-abc"] * 2
    finally:
        sock.close()


def test_a_kernel_started_for_the_visitor_reads_its_environment_and_connects_to_nothing(clean_env):
    clean_env.setenv("VOILA_PREHEAT", "False")  # what Voilà sets for a kernel it starts for a request
    clean_env.setenv("QUERY_STRING", "tab=game")
    clean_env.setenv("VOILA_APP_PORT", "1")  # nothing listens there: a connection would fail
    assert visit.wait_for_visitor() == {}
    assert visit.query_string() == "tab=game"


def test_outside_voila_the_query_is_empty(clean_env):
    assert visit.query_string() == ""


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("message", [None, "not json", json.dumps(["a", "list"])])
def test_no_request_warns_and_opens_the_app_as_without_a_query(clean_env, message):
    sock = QuerySocket(message) if message is not None else None
    _preheated(clean_env, sock.port if sock else _closed_port())
    try:
        with pytest.warns(RuntimeWarning, match="query socket"):
            assert visit.query_string() == ""
    finally:
        if sock:
            sock.close()


def test_the_notebook_does_not_import_voila():
    """Importing voila.utils costs every visitor's kernel ~2 s of CPU (Jupyter Server, jsonschema's
    format grammar): the notebook's cells and the first screen must not pull it in."""
    code = ("import sys\nfrom shogun_tutor.ui.app import build_app\napp = build_app()\n"
            "from shogun_tutor.ui.widgets.visit import query_string\napp.open_from_query(query_string())\n"
            "print(sorted(m for m in ('voila', 'jupyter_server', 'jsonschema', 'plotly') if m in sys.modules))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_") and k not in REQUEST}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


# --- issue 25: the address's parameters parsed with bounds; problems said, not silent -----------------------------
def _address(query):
    from shogun_tutor.ui.widgets.visit import parse_address

    return parse_address(query, chapters=["battles", "winter"], demos=["tied-region"], tabs=["game", "lookup"],
                         languages=["en", "nl"])


@pytest.mark.parametrize("screen, expected", [("2", 1), ("1", 0), ("9999", 9998)])
def test_a_screen_is_one_to_four_ascii_decimal_digits(screen, expected):
    a = _address(f"chapter=battles&screen={screen}")
    assert (a.chapter, a.screen, a.problems) == ("battles", expected, ())


@pytest.mark.parametrize("screen", ["²", "٣", "0", "-1", "1e3", "10000", "9" * 100, "0x1", " 1"])
def test_a_screen_that_is_not_a_number_is_a_problem_not_an_exception(screen):
    from urllib.parse import quote

    a = _address(f"chapter=battles&screen={quote(screen)}")
    assert a.chapter == "battles" and a.screen == 0
    assert [what for what, _v in a.problems] == ["screen"] and len(a.problems[0][1]) <= 40


def test_unknown_chapters_and_demos_and_oversized_queries_are_problems():
    from shogun_tutor.ui.widgets.visit import MAX_FIELDS, MAX_QUERY

    a = _address("chapter=nonsense&demo=nothing&tab=lookup&lang=xx&teacher=1")
    assert a.problems == (("chapter", "nonsense"), ("demo", "nothing")) and a.tab == "lookup" and a.teacher
    assert a.lang is None and a.chapter is None and a.demo is None
    assert _address("tab=game&x=" + "a" * MAX_QUERY).problems == (("query", ""),)
    assert _address("&".join(f"k{i}=1" for i in range(MAX_FIELDS + 1))).problems == (("query", ""),)
    assert _address(None) == _address("")
    assert _address("chapter=battles&screen=" + "9" * 5000).problems == (("query", ""),)  # too long to read at all


def test_the_app_says_an_unknown_chapter_with_the_list_and_still_applies_the_rest():
    from shogun_tutor import i18n
    from shogun_tutor.rulebook import content
    from shogun_tutor.ui.app import App

    app = App()
    app.open_from_query("chapter=nonsense&tab=lookup")
    assert app.tab.selected_index == 2
    notice = app.address_notice.value
    assert "No chapter “nonsense” was found" in notice and "role='alert'" in notice
    assert all(c.key in notice for c in content.CHAPTERS)
    app.open_from_query("chapter=battles&screen=%C2%B2")  # screen=²: the chapter opens, the screen is said
    assert "“²” is not a screen number" in app.address_notice.value
    assert app.panel("rulebook").chapter_key == "battles" and app.panel("rulebook").screen == 0
    app.open_from_query("lang=nl&demo=no-such-demo")
    assert "Geen demonstratie “no-such-demo” gevonden" in app.address_notice.value
    i18n.set_language("en")
    assert "No demonstration “no-such-demo” was found" in app.address_notice.value  # follows the language
    app.open_from_query("chapter=battles&screen=2")
    assert app.address_notice.value == ""


def test_a_preheated_kernel_prepares_the_guided_game_without_a_widget_left_for_the_page(monkeypatch):
    from ipywidgets.widgets.widget import _instances

    from shogun_tutor.ui.app import App
    from shogun_tutor.ui.widgets import visit

    app = App()
    called = []
    monkeypatch.delenv(visit.PREHEAT, raising=False)
    visit.query_string(while_waiting=lambda: called.append(1))
    assert called == []  # not preheated (JupyterLab, a plain Voila page): nothing extra before the app shows
    before = set(_instances)
    app.prepare_for_visitor()
    assert set(_instances) == before  # every widget of the game built off the page is closed
    game = app.panel("game")
    assert game is not None and game.board.figure.data  # the visitor's own game is built as before
    app._unsubscribe()
