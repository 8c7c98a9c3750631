"""The welcome as plain HTML in the page itself, shown before the kernel's widgets arrive (issue 46).

On a phone (CPU 4x, 1.6 Mbit/s) the page's HTML arrives in a fraction of a second, but the widgets need Voilà's and
the widget manager's ~1.3 MB of scripts, the kernel's websocket and every widget's state first: ~12 s. The
``shogun`` template includes :func:`skeleton_html` (written by :func:`write_skeleton` into a template folder of
the server's cache, ``shogun_skeleton.html``), so the welcome's text, its map and its four doors are painted as
soon as the page's HTML is parsed, in the page's language (``?lang=``, else the server's), for an address that
opens the welcome. A door pressed before the widgets are there is remembered and pressed on the real door once it
appears; then the plain copy is removed and the app takes its place. Nothing in it is new text: it is
:func:`.welcome.welcome_texts` in each language.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import i18n
from ..i18n import _
from .welcome import welcome_texts

#: the file the template includes (``{% include 'shogun_skeleton.html' ignore missing %}``)
SKELETON_FILE = "shogun_skeleton.html"
DOORS = ("learn", "play", "lookup", "together")

_CSS = """
body.shogun-skeleton-on #loading{display:none!important}
.shogun-skeleton{max-width:1400px;padding:0 8px;font-family:var(--jp-ui-font-family,system-ui,sans-serif);
 font-size:var(--jp-content-font-size1,14px);line-height:1.5;color:var(--jp-content-font-color1,#1a1a1a)}
.shogun-skeleton h1{font-size:1.6em;margin:0.3em 0}
.shogun-skeleton-tabs{border-bottom:1px solid #c0c0c0;margin-bottom:0.6em;padding:0.3em 0;font-weight:bold}
.shogun-skeleton-body{display:flex;flex-flow:row wrap;align-items:flex-start}
.shogun-skeleton-text{flex:1 1 420px;min-width:300px}
.shogun-skeleton-map{flex:1 1 320px;min-width:260px}
.shogun-skeleton-doors{display:flex;flex-flow:row wrap}
.shogun-skeleton-doors button{min-height:44px;margin:2px;padding:0 12px;font:inherit;border:0;border-radius:2px;
 background:#eee;color:#1a1a1a;cursor:pointer}
.shogun-skeleton-doors button.sk-primary{background:#1565c0;color:#fff}
.shogun-skeleton-doors button.sk-success{background:#2e7d32;color:#fff}
.shogun-skeleton-doors button[aria-pressed=true]{outline:3px solid #1a1a1a;outline-offset:2px;cursor:progress}
"""

# fills the copy in the page's language, shows it only for an address that opens the welcome, remembers a door
# pressed early, and hands over to the app's widgets when their welcome is shown
_SCRIPT = """
(() => {
  const root = document.getElementById("shogun-skeleton");
  const data = JSON.parse(document.getElementById("shogun-skeleton-texts").textContent);
  const query = new URLSearchParams(location.search);
  if ([...query.keys()].some((k) => k !== "lang")) { root.remove(); return; }
  const code = data.texts[query.get("lang")] ? query.get("lang") : data.default;
  const t = data.texts[code];
  root.lang = code === "zh" ? "zh-Hans" : code;
  root.querySelector("h1").textContent = t.title;
  root.querySelector(".shogun-skeleton-tabs").textContent = t.tab;
  root.querySelector(".shogun-skeleton-intro").innerHTML = t.intro;
  root.querySelector("svg").setAttribute("aria-label", t.map);
  let pressed = null;
  for (const b of root.querySelectorAll("button[data-door]")) {
    b.textContent = t.doors[b.dataset.door];
    if (b.dataset.door === "together") b.title = t.together_tip;
    b.addEventListener("click", () => {
      if (pressed) return;
      pressed = b.dataset.door;
      b.setAttribute("aria-pressed", "true");
    });
  }
  root.hidden = false;
  document.body.classList.add("shogun-skeleton-on");
  const live = () => {
    const door = document.querySelector("#rendered_cells .shogun-app .shogun-door-play");
    return door && door.offsetParent !== null;
  };
  const timer = setInterval(() => {
    if (!live()) return;
    clearInterval(timer);
    root.remove();
    document.body.classList.remove("shogun-skeleton-on");
    if (pressed) {
      const door = document.querySelector("#rendered_cells .shogun-app .shogun-door-" + pressed);
      if (door) door.click();
    }
  }, 50);
})();
"""


def skeleton_texts(default: str | None = None) -> dict:
    """``{"default": code, "texts": {code: {...}}}``: the welcome's texts in every language of the app."""
    before = i18n.current_language()
    texts = {}
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            page = welcome_texts()
            texts[code] = {"title": _("Shogun Tutor"), "tab": _("Welcome"), "intro": page["intro"],
                           "doors": page["doors"], "together_tip": page["together_tip"],
                           "map": _("The board with its regions")}
    finally:
        i18n.set_language(before)
    return {"default": default if default in i18n.LANGUAGES else i18n.SOURCE_LANGUAGE, "texts": texts}


def skeleton_html(default: str | None = None) -> str:
    """The plain copy of the welcome (hidden until its script has filled it in the page's language), its texts in
    every language and its script: what the template puts before the notebook's cells."""
    from .welcome import board_svg

    data = json.dumps(skeleton_texts(default), ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    svg = board_svg().replace(" class='shogun-welcome-map'", "", 1)  # not the widget's map: no test or style mixes them
    kinds = {"learn": " class='sk-primary'", "play": " class='sk-success'"}
    doors = "".join(f"<button type='button' data-door='{d}'{kinds.get(d, '')}></button>" for d in DOORS)
    return (f"<style>{_CSS.strip()}</style>"
            f"<div id='shogun-skeleton' class='shogun-skeleton' hidden aria-busy='true'>"
            f"<h1></h1><div class='shogun-skeleton-tabs'></div><div class='shogun-skeleton-body'>"
            f"<div class='shogun-skeleton-text'><div class='shogun-skeleton-intro'></div>"
            f"<div class='shogun-skeleton-doors'>{doors}</div></div>"
            f"<div class='shogun-skeleton-map'>{svg}</div></div></div>"
            f"<script type='application/json' id='shogun-skeleton-texts'>{data}</script>"
            f"<script>{_SCRIPT.strip()}</script>")


def write_skeleton(cache: Path, template: str, default: str | None = None) -> Path:
    """Write :func:`skeleton_html` as ``<share>/voila/templates/<template>/shogun_skeleton.html`` in a folder named
    after its content's hash (servers with other languages or versions never share a file); returns ``<share>``,
    the Jupyter data folder to put on ``JUPYTER_PATH``."""
    from ..viz.diskcache import template_share

    return template_share(cache, "skeleton", template, SKELETON_FILE, skeleton_html(default))


__all__ = ["SKELETON_FILE", "skeleton_html", "skeleton_texts", "write_skeleton"]
