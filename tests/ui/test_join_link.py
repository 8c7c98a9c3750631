"""The join link students open: a phone must reach it. A teacher's ``localhost`` page gives the LAN address, a
public URL wins, JupyterHub gives the hub's ``user-redirect`` address, a page reached by name keeps its own; the
bar's QR code and link carry it; ``shogun-tutor app`` prints it at start and refuses a malformed public URL."""

from __future__ import annotations

import ipaddress

import pytest

from shogun_tutor import __main__ as cli
from shogun_tutor import serve, server_port
from shogun_tutor.ui import join_link
from shogun_tutor.ui.join_link import PublicUrlError, check_public_url, join_base, students_url
from shogun_tutor.ui.together import TogetherPanel
from shogun_tutor.ui.widgets.address import Address


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite:///{tmp_path / 'sessions.sqlite3'}")
    for name in ("SHOGUN_TUTOR_PUBLIC_URL", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def host_link(base: str) -> tuple[str, str]:
    """A host page at ``base`` starts a game: (its code, the join card's HTML)."""
    address = Address()
    address._received(address, {"hello": base, "tokens": {}, "query": ""}, [])
    panel = TogetherPanel({"address": address})
    panel.unfold()
    assert panel.create()
    panel.poller.stop()
    return panel.session.code, panel.join_info.value


@pytest.mark.parametrize("page", ["http://localhost:8866/", "http://127.0.0.1:8866/", "http://[::1]:8866/"])
def test_a_page_on_loopback_gives_the_lan_address(page):
    assert join_base(page, lan="192.168.1.20") == "http://192.168.1.20:8866/"
    assert join_base(page, lan="fd00::5") == "http://[fd00::5]:8866/"
    assert join_base(page, lan=None) == page  # no network at all: nothing better to offer


def test_this_machines_lan_address_is_one_a_phone_could_reach():
    found = join_link.lan_address()
    if found is None:  # a machine without any network route
        pytest.skip("no network interface with a route")
    address = ipaddress.ip_address(found)
    assert not address.is_loopback and not address.is_unspecified


def test_the_hosts_qr_code_and_link_carry_the_lan_address(store, monkeypatch):
    monkeypatch.setattr(join_link, "lan_address", lambda: "10.0.0.7")
    code, card = host_link("http://localhost:8866/")
    assert f"http://10.0.0.7:8866/?game={code}" in card and "localhost" not in card


def test_a_public_url_wins_and_is_checked(store, monkeypatch):
    monkeypatch.setenv("SHOGUN_TUTOR_PUBLIC_URL", "https://shogun.school.example/tutor")
    code, card = host_link("http://localhost:8866/")
    assert f"https://shogun.school.example/tutor?game={code}" in card
    assert check_public_url("http://tutor.lan:8866") == "http://tutor.lan:8866/"
    for bad in ("tutor.lan:8866", "ftp://tutor.lan/", "http://", "http://tutor.lan/?game=X", "http://a b/",
                "http://tutor.lan:99999/", "http://" + "x" * 3000):
        with pytest.raises(PublicUrlError):
            check_public_url(bad)


def test_a_malformed_public_url_in_the_environment_is_ignored_by_the_page(store, monkeypatch):
    monkeypatch.setenv("SHOGUN_TUTOR_PUBLIC_URL", "javascript:alert(1)")
    monkeypatch.setattr(join_link, "lan_address", lambda: "10.0.0.7")
    code, card = host_link("http://localhost:8866/")
    assert f"http://10.0.0.7:8866/?game={code}" in card and "javascript" not in card


def test_behind_jupyterhub_students_go_through_user_redirect(store, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/teacher-1/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    code, card = host_link("https://hub.school.example/user/teacher-1/voila/render/app.ipynb")
    assert f"https://hub.school.example/hub/user-redirect/voila/render/app.ipynb?game={code}" in card
    assert "teacher-1" not in card  # each student opens a server of their own, sharing the store
    assert join_base("https://x.example/base/user/t/voila/render/app.ipynb", hub_prefix="/base/user/t/",
                     hub_base="/base/") == "https://x.example/base/hub/user-redirect/voila/render/app.ipynb"


def test_behind_a_proxy_the_address_the_browser_used_is_kept(store):
    code, card = host_link("https://tutor.school.example/shogun/")
    assert f"https://tutor.school.example/shogun/?game={code}" in card


def test_the_app_prints_the_students_url_at_start():
    assert students_url("0.0.0.0", 8866, lan="192.168.1.20") == "http://192.168.1.20:8866/"
    assert students_url("192.168.1.20", 9000) == "http://192.168.1.20:9000/"
    assert students_url("127.0.0.1", 8866) is None
    assert students_url("127.0.0.1", 8866, "https://t.example/") == "https://t.example/"
    line = serve.students_line("0.0.0.0", 8866)
    lan = join_link.lan_address()
    assert (f"http://{lan}:8866/" in line) if lan else ("--ip 0.0.0.0" in line)
    assert "--ip 0.0.0.0" in serve.students_line("127.0.0.1", 8866)
    assert "https://t.example/" in serve.students_line("127.0.0.1", 8866, "https://t.example/")


def test_the_app_refuses_a_malformed_public_url(capsys, monkeypatch):
    monkeypatch.setattr(serve, "serve", lambda *a, **k: pytest.fail("served with a bad public URL"))
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "--public-url", "tutor.lan"])
    assert exc.value.code == 2 and "--public-url" in capsys.readouterr().err
    monkeypatch.setenv("SHOGUN_TUTOR_PUBLIC_URL", "ftp://x/")
    with pytest.raises(SystemExit):
        cli.main(["app"])


def test_the_app_passes_the_public_url_on(monkeypatch):
    seen = {}
    monkeypatch.delenv("SHOGUN_TUTOR_PUBLIC_URL", raising=False)
    monkeypatch.setattr(serve, "serve", lambda *a, **k: seen.update(k) or 0)
    monkeypatch.setattr(server_port, "port_taken", lambda ip, port: False)  # whatever listens on this machine's 8866
    assert cli.main(["app", "--public-url", "http://tutor.lan:8866"]) == 0
    assert seen["public_url"] == "http://tutor.lan:8866/"


def test_shogun_tutor_app_prints_the_students_url_first(tmp_path):
    """The real command: its first line says where students join (stopped as soon as it said it)."""
    import os
    import socket
    import subprocess
    import sys

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SHOGUN_TUTOR_PUBLIC_URL": "http://tutor.school.example:8866"}
    proc = subprocess.Popen([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=tmp_path)
    try:
        first = proc.stdout.readline()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert first.startswith("Students join at http://tutor.school.example:8866/")
