"""The join card of *Play together*: the session's code in large letters, its link and (on the host's screen,
for a projector) its QR code, drawn in the kernel as inline SVG (``segno``: nothing fetched). The link is built
on an address the students' phones reach (:func:`join_link`)."""

from __future__ import annotations

from html import escape

from ..i18n import _

# a phone: the seats two by two, a smaller code; a projector (teacher mode): the code large
TOGETHER_CSS = """<style>
.shogun-app .shogun-together-seat .widget-html-content { line-height: 1.3; }
@media (max-width: 699px) {
  .shogun-app .shogun-together-seat { flex: 1 1 40%; min-width: 0; }
  .shogun-app .shogun-join-code { font-size: 1.7em !important; }
  .shogun-app .shogun-together button { min-height: 44px; }
}
.shogun-app .shogun-join svg.shogun-qr { width: 180px; height: 180px; display: block; }
.shogun-app.shogun-teacher .shogun-join-code { font-size: 3.2em !important; }
.shogun-app.shogun-teacher .shogun-join svg.shogun-qr { width: min(320px, 22vw); height: min(320px, 22vw); }
</style>"""


def qr_svg(link: str, scale: int = 5) -> str:
    """The QR code of ``link`` as inline SVG (``segno``; drawn in the kernel, nothing fetched)."""
    import segno

    qr = segno.make(link, error="m")
    # no fixed size (a viewBox): the page sizes it, larger on a projector (TOGETHER_CSS)
    return qr.svg_inline(scale=scale, dark="#1a1a1a", light="#ffffff", title=link, svgclass="shogun-qr", omitsize=True)


def join_html(code: str, link: str, qr: bool = True) -> str:
    """The code in large letters, the link under it and (``qr``: on the host's screen, for a projector) its QR code."""
    spaced = f"{code[:3]} {code[3:]}" if len(code) == 6 else code
    title = _("Join with the code")
    return (
        "<div class='shogun-join' style='display:flex;flex-wrap:wrap;gap:1em;align-items:center'>"
        f"<div>{qr_svg(link) if qr and link.startswith('http') else ''}</div>"
        "<div>"
        f"<div style='color:#555'>{escape(title)}</div>"
        f"<div class='shogun-join-code' style='font:bold 2.4em monospace;letter-spacing:0.12em'>{escape(spaced)}</div>"
        f"<div class='shogun-join-link' style='font-size:0.9em;word-break:break-all'>{escape(link)}</div>"
        "</div></div>")



def join_link(address, code: str) -> str:
    """The link students open to join ``code``: on an address their phones reach (:mod:`.join_link`), not
    necessarily the one this page was opened at (a teacher's ``localhost``); relative until the page said
    where it is."""
    from .join_link import join_base_here
    from .widgets.address import position_query

    query = "?" + position_query({"game": code})
    base = getattr(address, "base", None)
    return (join_base_here(base) if base else "") + query


__all__ = ["TOGETHER_CSS", "qr_svg", "join_html", "join_link"]
