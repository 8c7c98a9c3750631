"""What a screen reader needs beyond what is drawn: names only it reads, and the text it announces.

* A control whose purpose its options already show (a board side, a seat, a language) still needs a name: a
  ``title`` alone is none (axe's ``label-title-only``). :func:`name_control` gives it a real ``<label for>`` (the
  widget's description) that is kept out of sight by :data:`SCREEN_READER_CSS`, so the layout stays as drawn.
* :class:`~shogun_tutor.ui.widgets.announce.Announcer` speaks a step's text in a polite live region; the
  class ``shogun-sr-only`` hides it from the eye, not from the reader.
"""

from __future__ import annotations

from html.parser import HTMLParser

import ipywidgets as w

#: visually hidden, still read (the usual clip pattern): the names of :func:`name_control`, the live region
SCREEN_READER_CSS = """<style>
.shogun-sr-only, .shogun-named > .widget-label, .shogun-app.shogun-teacher .widget-inline-hbox.shogun-named > .widget-label {
  position: absolute !important; width: 1px !important; height: 1px !important; padding: 0 !important;
  margin: -1px !important; overflow: hidden !important; clip: rect(0 0 0 0) !important; white-space: nowrap !important;
  border: 0 !important; min-width: 0 !important; max-width: 1px !important; }
.shogun-app input:focus-visible, .shogun-app select:focus-visible, .shogun-app textarea:focus-visible {
  outline: 3px solid #0b5cad !important; outline-offset: 2px; }
</style>"""


def name_control(widget: w.DOMWidget, name: str) -> None:
    """Give ``widget`` (a dropdown, a field) the accessible name ``name``: its label, seen only by screen readers."""
    widget.description = name
    widget.add_class("shogun-named")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in ("p", "li", "br", "div", "tr"):
            self.parts.append(" ")


def spoken_text(html: str) -> str:
    """The text of an HTML fragment as a screen reader would read it: tags dropped, entities decoded, spaces joined."""
    parser = _Text()
    parser.feed(html or "")
    parser.close()
    return " ".join("".join(parser.parts).split())
