"""The visitor's address (``?lang=nl&chapter=battles``) as Voilà hands it to the app's kernel.

Voilà's own helper, ``voila.utils.get_query_string``, does this — but importing ``voila.utils``
imports Voilà's server, Jupyter Server, jupyter_events and jsonschema's format checkers (an RFC 3987
grammar built at import): about 2 s of CPU in every visitor's kernel, more than the whole first
screen of the app costs, and what made pages opened together queue behind their kernels. This
module speaks the same small protocol with nothing but ``websockets`` (a dependency of Voilà):

* a kernel that Voilà started for a visitor has the request in its environment already
  (``VOILA_PREHEAT=False``, ``QUERY_STRING`` set);
* a preheated kernel (``VOILA_PREHEAT=True``) ran the notebook before anyone came; it connects to
  Voilà's ``voila/query/<kernel id>`` websocket, which sends the request's variables as one JSON
  object when a visitor takes the kernel, and puts them into its environment.

Outside Voilà (JupyterLab, a script) there is no request: the query is empty.
``tests/ui/test_visit.py`` checks the variable names against Voilà's and the protocol against a
local websocket server.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable
from dataclasses import dataclass

#: Voilà's names for the variables it sets in a kernel's environment (``voila.utils.ENV_VARIABLE``)
PREHEAT = "VOILA_PREHEAT"
KERNEL_ID = "VOILA_KERNEL_ID"
QUERY_STRING = "QUERY_STRING"
WS_PROTOCOL = "VOILA_WS_PROTOCOL"
APP_IP = "VOILA_APP_IP"
APP_PORT = "VOILA_APP_PORT"
SERVER_URL = "VOILA_SERVER_URL"
WS_BASE_URL = "VOILA_WS_BASE_URL"

OPEN_TIMEOUT = 5.0  # seconds to reach Voilà's query socket, as Voilà's own helper allows


def query_socket_url(env: dict[str, str] | os._Environ = os.environ) -> str:
    """The websocket on which Voilà sends a preheated kernel its visitor's request."""
    protocol = env.get(WS_PROTOCOL, "ws")
    ip = env.get(APP_IP, "127.0.0.1")
    port = env.get(APP_PORT, "8866")
    base = env.get(WS_BASE_URL, env.get(SERVER_URL, "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get(KERNEL_ID)}"


def wait_for_visitor(url: str | None = None) -> dict[str, str]:
    """In a preheated kernel: block until a visitor takes this kernel, put the request's variables
    into the environment and return them. Elsewhere: return ``{}`` at once. A query socket that
    cannot be reached (Voilà gone) warns and returns ``{}``: the app opens as if no query was given."""
    if os.environ.get(PREHEAT, "False") != "True":
        return {}
    from websockets.exceptions import WebSocketException  # only preheated kernels need websockets
    from websockets.sync.client import connect

    try:
        with connect(url or query_socket_url(), open_timeout=OPEN_TIMEOUT) as socket:
            request = json.loads(socket.recv())
    except (OSError, TimeoutError, WebSocketException, ValueError) as err:  # refused, closed, not JSON
        warnings.warn(f"no visitor's request from Voila's query socket: {err}", RuntimeWarning, stacklevel=2)
        return {}
    if not isinstance(request, dict):
        warnings.warn("Voila's query socket sent no request object", RuntimeWarning, stacklevel=2)
        return {}
    request = {str(k): str(v) for k, v in request.items()}
    os.environ.update(request)
    return request


def query_string(while_waiting=None) -> str:
    """The visitor's query string without its ``?`` (``"lang=nl&tab=game"``), ``""`` when none. In a preheated
    kernel ``while_waiting()`` runs first (work done before a visitor comes is work no visitor waits for)."""
    if while_waiting is not None and os.environ.get(PREHEAT, "False") == "True":
        try:
            while_waiting()
        except Exception as err:  # noqa: BLE001 - a preparation that fails must not keep the visitor out
            warnings.warn(f"preparing the kernel for a visitor failed: {err!r}", RuntimeWarning, stacklevel=2)
    wait_for_visitor()
    return os.environ.get(QUERY_STRING, "")


# --- the address's parameters, parsed with bounds ----------------------------------------------------
MAX_QUERY = 2_000  #: characters of a query string read at all (a shared link is far shorter)
MAX_FIELDS = 16  #: parameters in one query (``parse_qs(max_num_fields=...)``)
MAX_SCREEN_DIGITS = 4  #: a screen number has at most this many decimal digits (no chapter has 10,000 screens)
MAX_STEP_DIGITS = 6  #: a game step has at most this many decimal digits (a game has a few hundred)
MAX_SHOWN = 40  #: characters of a refused value repeated back to the visitor


@dataclass(frozen=True)
class Address:
    """What a shared link asks for; ``problems`` are ``(what, value)`` pairs the app shows as sentences:
    ``("chapter", "nonsense")``, ``("demo", "x")``, ``("screen", "²")``, ``("query", "")`` (too long or malformed)."""

    lang: str | None = None
    chapter: str | None = None
    screen: int = 0  # 0-based
    demo: str | None = None
    tab: str | None = None
    teacher: bool = False
    game: str | None = None  # a stored game's code (the session store says whether it exists)
    step: int | None = None  # the game's step to read again (1-based, as the address shows it)
    problems: tuple[tuple[str, str], ...] = ()


def shown(value: str) -> str:
    """A visitor's value, cut to :data:`MAX_SHOWN` characters, to be repeated back in a sentence."""
    return value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN - 1] + "…"


def parse_screen(text: str) -> int | None:
    """``"2"`` -> 1 (0-based); None unless 1 to :data:`MAX_SCREEN_DIGITS` ASCII decimal digits from 1 up.
    ``str.isdigit`` is true for ``"²"`` (which ``int`` refuses); ``str.isdecimal`` plus ASCII is not."""
    if not (text.isascii() and text.isdecimal() and len(text) <= MAX_SCREEN_DIGITS) or int(text) < 1:
        return None
    return int(text) - 1


def parse_address(query: str | None, *, chapters: Iterable[str], demos: Iterable[str], tabs: Iterable[str],
                  languages: Iterable[str]) -> Address:
    """The query string of a shared link (``lang=nl&chapter=battles&screen=2&teacher=1``) as an :class:`Address`.

    Bounded: at most :data:`MAX_QUERY` characters and :data:`MAX_FIELDS` parameters (else the whole query is
    refused and the app opens as usual, saying so); each value is checked against what exists. Nothing here raises.
    """
    from urllib.parse import parse_qs

    query = query or ""
    if len(query) > MAX_QUERY:
        return Address(problems=(("query", ""),))
    try:
        raw = parse_qs(query, max_num_fields=MAX_FIELDS)
    except ValueError:  # too many fields
        return Address(problems=(("query", ""),))
    params = {k: v[0] for k, v in raw.items()}
    problems: list[tuple[str, str]] = []
    lang = params.get("lang")
    lang = lang if lang in set(languages) else None
    chapter = params.get("chapter")
    if chapter is not None and chapter not in set(chapters):
        problems.append(("chapter", shown(chapter)))
        chapter = None
    screen = 0
    if "screen" in params:
        parsed = parse_screen(params["screen"])
        if parsed is None:
            problems.append(("screen", shown(params["screen"])))
        else:
            screen = parsed
    demo = params.get("demo")
    if demo is not None and demo not in set(demos):
        problems.append(("demo", shown(demo)))
        demo = None
    tab = params.get("tab")
    tab = tab if tab in set(tabs) else None
    game = params.get("game")
    game = shown(game) if game else None
    step = None
    if game is not None and "step" in params:
        text = params["step"]
        if text.isascii() and text.isdecimal() and len(text) <= MAX_STEP_DIGITS:
            step = int(text)
        else:
            problems.append(("step", shown(text)))
    return Address(lang=lang, chapter=chapter, screen=screen, demo=demo, tab=tab,
                   teacher=params.get("teacher") in ("1", "true", "yes"), game=game, step=step,
                   problems=tuple(problems))
