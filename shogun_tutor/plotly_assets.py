"""plotly.js as the app's server serves it: one partial bundle, and plotly's widget module without its own copy.

The app draws only scatter traces (with shapes and annotations in their layout), so the page needs
plotly.js' *basic* partial bundle (``plotly.js-basic-dist-min`` from the npm registry: scatter, bar,
pie; 1.2 MB, 0.39 MB gzipped), not the full plotly.js (4.8 MB) that plotly.py's widget module carries.

The partial bundle lives in one place in the package, :data:`PARTIAL_BUNDLE`
(``shogun_tutor/share/jupyter/voila/templates/shogun/static/plotly/``, with plotly.js' licence
beside it); the static build (``deploy/static/build.py``) serves the same file. Its version is plotly.py's own plotly.js
version (``tests/ui/test_plotly_assets.py`` checks it), so figures behave as in plotly.py.

:func:`widget_module` makes plotly's widget module (``plotly/package_data/widgetbundle.js``, an
esbuild ES module that carries plotly.js as one CommonJS module) import the partial bundle instead:
the embedded plotly.js, from its UMD wrapper to its closing ``return window.Plotly=...``, is cut out
and replaced by a module that returns ``window.Plotly``, which the partial bundle, imported first,
sets. A bundle of another shape is left whole (:func:`widget_module` returns it unchanged and says so).
"""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
#: the folder of the ``shogun`` template's static files that holds the partial bundle (served at ``voila/static/plotly/``)
PLOTLY_FOLDER = HERE / "share" / "jupyter" / "voila" / "templates" / "shogun" / "static" / "plotly"
#: the version of plotly.js the partial bundle is (plotly.py 7.1's plotly.js)
PLOTLY_JS_VERSION = "4.1.1"
#: plotly.js' basic partial bundle (npm: plotly.js-basic-dist-min), the only plotly.js the page loads
PARTIAL_BUNDLE = PLOTLY_FOLDER / f"plotly-basic-{PLOTLY_JS_VERSION}.min.js"

# esbuild's wrapper of plotly.js' dist file: var X=req((exports,module)=>{(function(root,factory){typeof module=="object"
# &&module.exports?module.exports=factory():root.moduleName=factory()})(typeof self<"u"?self:exports,()=>{ ... })});
_START = re.compile(r'var (?P<name>[\w$]+)=(?P<req>[\w$]+)\(\((?P<exp>[\w$]+),(?P<mod>[\w$]+)\)=>\{\(function\([\w$]+,[\w$]+\)'
                    r'\{typeof (?P=mod)=="object"&&(?P=mod)\.exports\?(?P=mod)\.exports=[\w$]+\(\):[\w$]+\.moduleName=')
_END = re.compile(r'return window\.Plotly=([\w$]+),\1\}\)\}\);')
_VERSION = re.compile(r"plotly\.js(?: \([a-z -]+\))? v(\d+\.\d+\.\d+)")


def bundled_version(text: str) -> str | None:
    """The plotly.js version named in a dist file's header (``'4.1.1'``), or None."""
    found = _VERSION.search(text[:400])
    return found.group(1) if found else None


def widget_module(bundle: str, partial_url: str) -> tuple[str, bool]:
    """plotly's widget module with its plotly.js replaced by an import of ``partial_url`` (relative to the
    module), and whether it was replaced; the bundle unchanged when its shape is not the one expected."""
    starts = list(_START.finditer(bundle))
    if len(starts) != 1:
        log.warning("plotly's widget bundle has %d plotly.js wrappers (1 expected): served whole", len(starts))
        return bundle, False
    start = starts[0]
    ends = list(_END.finditer(bundle, start.end()))
    if len(ends) != 1:
        log.warning("plotly's widget bundle has %d ends of plotly.js (1 expected): served whole", len(ends))
        return bundle, False
    module = start.group("mod")
    stub = f"var {start.group('name')}={start.group('req')}(({start.group('exp')},{module})=>{{{module}.exports=window.Plotly}});"
    head = f'import "{partial_url}";\n'
    return head + bundle[:start.start()] + stub + bundle[ends[0].end():], True


def write_widget_module(bundle_path: Path, folder: Path) -> str:
    """Write the widget module into ``folder``, named by its content's hash, and return its name. Served in the
    same URL folder as the partial bundle (``voila/static/plotly/``), it imports it by a relative URL; both URLs
    carry a version (``?v=``), so browsers keep them for good."""
    import os

    partial = f"./{PARTIAL_BUNDLE.name}?v={PLOTLY_JS_VERSION}"
    text, replaced = widget_module(bundle_path.read_text(encoding="utf-8"), partial)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    name = f"plotly-widget-{digest}.js"
    target = folder / name
    if not target.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    if not replaced:
        log.warning("the page loads plotly.js from plotly's widget bundle (%s)", bundle_path)
    return name


def versioned(name: str) -> str:
    """The widget module's file name (from :func:`write_widget_module`) as the figures import it, its content hash as
    the query (``plotly-widget-<hash>.js?v=<hash>``), so that a browser may keep it for good."""
    return f"{name}?v={name.rsplit('-', 1)[-1].split('.')[0]}"
