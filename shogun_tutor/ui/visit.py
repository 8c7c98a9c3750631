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


def query_string() -> str:
    """The visitor's query string without its ``?`` (``"lang=nl&tab=game"``), ``""`` when none."""
    wait_for_visitor()
    return os.environ.get(QUERY_STRING, "")
