"""*Play together* in the static build: no server keeps a group's game, so the bar says so and, when the site was
built with a hosted server (``make static TOGETHER_URL=https://…``: docs/deploy.md), links to it.

The build writes the address into the page's environment (``SHOGUN_TUTOR_TOGETHER_URL``); :func:`together_url`
reads it back and takes only an absolute ``http(s)`` address (anything else: no link, as with none).
"""

from __future__ import annotations

import os
from html import escape
from urllib.parse import urlsplit

import ipywidgets as w

from .. import i18n
from ..i18n import _

TOGETHER_ENV = "SHOGUN_TUTOR_TOGETHER_URL"  # set by the static build's first cell (deploy/static/build.py)


def valid_url(url: str | None) -> str | None:
    """``url`` if it is an absolute http(s) address with a host and no spaces or quotes, else None."""
    if not url or len(url) > 2000 or any(c in url for c in " \t\r\n\"'<>`\\"):
        return None
    parts = urlsplit(url)
    return url if parts.scheme in ("http", "https") and parts.netloc else None


def together_url() -> str | None:
    """The hosted server the static build's *Play together* links to (None: none was configured)."""
    return valid_url(os.environ.get(TOGETHER_ENV))


def note_html(url: str | None) -> str:
    """What the bar says in the static build, in the current language: a game here stays on this device; with
    ``url``, a link to the server where each player plays on their own device."""
    html = "<p style='margin:0.2em 0'>" + escape(_(
        "This page runs in your browser without a server: other devices cannot join a game started here, but "
        "several players can take turns on this device.")) + "</p>"
    if url:
        link = (f"<a class='shogun-together-server' href='{escape(url)}' target='_blank' rel='noopener'>"
                f"{escape(url)}</a>")
        html += "<p style='margin:0.2em 0'>" + escape(_(
            "To play with each player on their own device, open the tutor on its server: {link}")).format(link=link) + "</p>"
    return html


class TogetherElsewhere:
    """The static build's note above the bar's form (redrawn in each language)."""

    def __init__(self, url: str | None = None):
        self.url = url
        self.widget = w.HTML()
        self.widget.add_class("shogun-together-elsewhere")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.widget.value = note_html(self.url)

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()


__all__ = ["TOGETHER_ENV", "TogetherElsewhere", "note_html", "together_url", "valid_url"]
