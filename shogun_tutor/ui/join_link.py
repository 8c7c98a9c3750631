"""The link students open to join a group's game: an address their phones can reach.

The page knows only the address its own browser used. On the teacher's laptop that is often
``http://localhost:8866/``, which leads every phone to itself. :func:`join_base` picks, in this order:

1. the public URL the server was given (``shogun-tutor app --public-url URL`` or ``SHOGUN_TUTOR_PUBLIC_URL``):
   a school server behind a proxy, a name in the school's DNS;
2. behind JupyterHub (``JUPYTERHUB_SERVICE_PREFIX`` in the kernel's environment): the hub's address the browser
   used, with the teacher's own server (``/user/<name>/``) replaced by ``/hub/user-redirect/``, so that each
   student lands on a server of their own that shares the session store;
3. a page on a loopback address (``localhost``, ``127.0.0.1``, ``::1``): the same port and path on this machine's
   LAN address (found with a UDP socket's ``connect``, which sends nothing);
4. otherwise the address the browser used (a proxy or a school server reached by name: the students use it too).

:func:`students_url` is what ``shogun-tutor app`` prints at start. A malformed public URL raises
:class:`PublicUrlError` (a ``ValueError``) with one sentence saying what is wrong.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

PUBLIC_URL_ENV = "SHOGUN_TUTOR_PUBLIC_URL"
MAX_URL = 2000
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


class PublicUrlError(ValueError):
    """A public URL that is not an http(s) address of a host."""


def check_public_url(url: str) -> str:
    """``url`` as the base of the students' links (``http(s)://host[:port]/path/``), or :class:`PublicUrlError`."""
    text = str(url).strip()
    if not text or len(text) > MAX_URL:
        raise PublicUrlError(f"the public URL must be 1 to {MAX_URL} characters long")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError as exc:
        raise PublicUrlError(f"the public URL {text!r} cannot be read: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PublicUrlError(f"the public URL {text!r} must start with http:// or https:// and name a host")
    if parts.query or parts.fragment:
        raise PublicUrlError(f"the public URL {text!r} must not hold a query (?…) or a fragment (#…)")
    if any(c.isspace() for c in text):
        raise PublicUrlError(f"the public URL {text!r} must not hold spaces")
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", ""))


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` names this machine only (a phone opening it reaches itself)."""
    if not host:
        return False
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@lru_cache(maxsize=1)
def lan_address() -> str | None:
    """This machine's address on its local network (the interface its default route uses), or None.

    A UDP socket's ``connect`` only picks the route: no packet leaves the machine."""
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if address and not is_loopback(address) and not ipaddress.ip_address(address).is_unspecified:
            return address
    return None


def _host_in_url(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def join_base(page_base: str, public_url: str | None = None, lan: str | None = None, hub_prefix: str | None = None,
              hub_base: str | None = None) -> str:
    """The base of the students' join links for a page at ``page_base`` (``origin + pathname``); the other
    arguments are what :func:`join_base_here` reads from the environment (see the module's order)."""
    if public_url:
        return check_public_url(public_url)
    parts = urlsplit(page_base)
    if hub_prefix and parts.path.startswith(hub_prefix):
        rest = parts.path[len(hub_prefix):]
        path = (hub_base or "/").rstrip("/") + "/hub/user-redirect/" + rest
        return urlunsplit((parts.scheme, parts.netloc, path, "", ""))
    if is_loopback(parts.hostname) and lan:
        netloc = _host_in_url(lan) + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    return page_base


def join_base_here(page_base: str) -> str:
    """:func:`join_base` with this process's settings (the kernel inherits the server's environment). A malformed
    ``SHOGUN_TUTOR_PUBLIC_URL`` is ignored here (``shogun-tutor app`` refuses it at start)."""
    public = os.environ.get(PUBLIC_URL_ENV) or None
    if public:
        try:
            check_public_url(public)
        except PublicUrlError:
            public = None
    hub_prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or None
    parts = urlsplit(page_base)
    lan = lan_address() if is_loopback(parts.hostname) and not public and not hub_prefix else None
    return join_base(page_base, public, lan, hub_prefix, os.environ.get("JUPYTERHUB_BASE_URL") or "/")


def students_url(ip: str, port: int, public_url: str | None = None, lan: str | None = None) -> str | None:
    """The address ``shogun-tutor app --ip IP --port PORT`` prints for the students; None when only this machine
    can reach the server (it listens on a loopback address and no public URL was given)."""
    if public_url:
        return check_public_url(public_url)
    if ip in ("0.0.0.0", "::", ""):
        host = lan
    elif is_loopback(ip):
        return None
    else:
        host = ip
    return f"http://{_host_in_url(host)}:{port}/" if host else None


__all__ = ["PUBLIC_URL_ENV", "PublicUrlError", "check_public_url", "is_loopback", "lan_address", "join_base",
           "join_base_here", "students_url"]
