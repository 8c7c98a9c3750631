"""The page's notice when its connection to the server is lost: one sentence and one button, in every language.

A page cannot ask its kernel for a text once the connection is gone, so the server hands the page the notice in
all the app's languages beforehand (``GET /shogun/connection.json``, :func:`notice_texts`); the page shows the one
in its own language (``<html lang>``, which the app keeps current). The page's script is in the ``shogun``
template (``share/jupyter/voila/templates/shogun/index.html.j2``): it watches the kernel's websocket and
its status messages, waits while Jupyter reconnects a dropped socket to a kernel that still runs (the notice goes
away by itself), and otherwise keeps the notice. The button reloads the page: its address carries the game, the
step, the tab and the language (``ui/widgets/address.py``), and the device's seat tokens stay in the browser, so
the visitor comes back to the same game, seat and position with a new kernel.
"""

from __future__ import annotations

from . import i18n
from .i18n import N_

#: the sentence that says what happened and what the button does
LOST = N_("The connection to the server was lost, but your game is kept and opens again where you left it.")
#: the button that brings the visitor back
RECONNECT = N_("Reconnect")


def notice_texts(default: str | None = None) -> dict:
    """``{"default": code, "texts": {code: {"lost": ..., "reconnect": ...}}}`` for every language of the app."""
    texts = {}
    for code in i18n.LANGUAGES:
        language = i18n.translator(code)
        texts[code] = {"lost": language.gettext(LOST), "reconnect": language.gettext(RECONNECT)}
    return {"default": default if default in i18n.LANGUAGES else i18n.SOURCE_LANGUAGE, "texts": texts}
