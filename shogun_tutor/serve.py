"""``shogun-tutor app``: serve the app with Voilà, preheated, offline, freeing its kernels.

What the command sets up, and why (see docs/deploy.md for the figures per visitor):

* a pool of preheated kernels (``--pool-size``, default 1): the notebook has already run
  when a visitor arrives; each preheated kernel costs its memory (~150 MB) while it waits;
* the ``shogun`` Voilà template (Voilà's lab template without its Font Awesome CDN links: the
  icons are bundled in voila.js), so no request leaves the server;
* kernels freed: the page-close shutdown that Voilà sends without an XSRF token (answered 403,
  voila-dashboards/voila#1458) is accepted for that one endpoint, and kernels idle for
  ``--cull-idle`` seconds with no page connected are shut down (preheated kernels that wait for
  a visitor are kept, :class:`PoolAwareKernelManager`);
* no kernel held for a visitor that never connects: a kernel handed to a page whose script never
  runs (a plain GET, a crawler) is shut down after ``--connect-timeout`` seconds; a page whose
  script runs (a slow phone) announces itself and keeps its kernel while it loads; ``/robots.txt``
  asks crawlers to keep away
  (:class:`PoolAwareKernelManager`); ``GET /health`` answers without starting anything;
* widget updates are not echoed back to the page (``JUPYTER_WIDGETS_ECHO=0``): each Next step
  would otherwise send plotly's trace deltas back and forth a second time;
* Voilà waits up to ``IOPUB_TIMEOUT`` seconds for a cell's output once the kernel has answered
  (nbclient's default, 4 s, is missed when many visitors arrive together: 20 pages opened at once
  on 2 cores lost the app's output for 19 of them, and 3 of 20 for a trivial app — an empty page
  for good, logged as "Timeout waiting for IOPub output"), and up to ``STARTUP_TIMEOUT`` seconds
  for a new kernel to answer (nbclient's 60 s: one of 20 pages opened at once got an error page,
  "Kernel didn't respond in 60 seconds").
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
TEMPLATE = "shogun"
SHARE = HERE / "share" / "jupyter"  # share/jupyter/voila/templates/shogun
#: seconds Voilà waits for a cell's output after the kernel's reply (nbclient's ``iopub_timeout``)
IOPUB_TIMEOUT = 60
#: seconds Voilà waits for a kernel it started to answer (nbclient's ``startup_timeout``)
STARTUP_TIMEOUT = 180


def notebook_path() -> Path:
    """The app notebook: the copy an installed wheel carries, else the repository's."""
    packaged = HERE / "_notebooks" / "app.ipynb"
    return packaged if packaged.is_file() else HERE.parent / "notebooks" / "app.ipynb"


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager whose idle culling spares the preheated kernels still waiting
    for a visitor (Voilà keeps them in ``_pools``; culling them would empty the pool), and which
    shuts down a kernel handed to a page that never opens its websocket.

    A plain GET of the app (a crawler, a link preview, ``curl``) takes a preheated kernel from the
    pool (Voilà's ``get_rendered_notebook`` pops it and refills the pool) or starts one, and
    nothing ever connects to it. Such a kernel is shut down once it has been outside the pool,
    idle and never connected for ``connect_timeout`` seconds (checked every
    ``connect_check_interval`` seconds). A kernel counts as connected from the first websocket
    that opens on it (``notify_connect``); from then on only the ordinary idle culling applies.

    A real page on a slow phone or a busy server may take longer than that to open its websocket
    (it loads the page's scripts first); its kernel must not be shut down under it. The page's own
    inline script announces it as soon as the HTML is parsed (``GET /shogun/loading/<kernel id>``,
    :meth:`notify_loading`), and an announced kernel waits ``loading_timeout`` seconds instead.
    """

    connect_timeout = Integer(20, config=True, help=(
        "Seconds a kernel handed to a page may stay idle without its page ever opening the kernel's "
        "websocket or announcing itself before it is shut down (0: never)."))
    connect_check_interval = Integer(5, config=True, help="Seconds between checks for never-connected kernels.")
    loading_timeout = Integer(600, config=True, help=(
        "Seconds a kernel whose page has announced itself (its script runs: GET /shogun/loading/<kernel id>) may "
        "wait for that page's websocket: a slow phone or a busy server, not a plain GET (0: never shut down)."))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._announced: set[str] = set()
        self._outside_pool_since: dict[str, float] = {}
        self._connect_callback = None

    def _waiting_in_pool(self, kernel_id: str) -> bool:
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None \
                        and task.result().get("kernel_id") == kernel_id:
                    return True
        return False

    async def cull_kernel_if_idle(self, kernel_id: str):
        if self._waiting_in_pool(kernel_id):
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    def notify_connect(self, kernel_id):
        self._ever_connected.add(kernel_id)
        return super().notify_connect(kernel_id)

    def notify_loading(self, kernel_id: str) -> bool:
        """A page's script runs with this kernel's id: a browser is loading it, so it is given ``loading_timeout``
        to connect instead of ``connect_timeout``. False for a kernel that does not run."""
        if kernel_id not in self._kernels:
            return False
        self._announced.add(kernel_id)
        return True

    def initialize_culler(self):
        super().initialize_culler()  # called when the first kernel starts
        if self._connect_callback is None and self.connect_timeout > 0:
            from tornado.ioloop import PeriodicCallback

            self._connect_callback = PeriodicCallback(self.shut_down_unconnected,
                                                      1000 * max(1, self.connect_check_interval))
            self._connect_callback.start()
            log.info("kernels handed to a page that does not connect within %s s are shut down",
                     self.connect_timeout)

    def unconnected_kernels(self, now: float | None = None) -> list[str]:
        """Kernels outside the pool, idle, never connected, for ``connect_timeout`` seconds or more
        (in the order the kernels were started)."""
        now = time.monotonic() if now is None else now
        wall = time.time()
        found = []
        listed = list(self._kernels)
        for kernel_id in list(self._outside_pool_since):
            if kernel_id not in self._kernels:
                del self._outside_pool_since[kernel_id]
        self._ever_connected.intersection_update(listed)
        self._announced.intersection_update(listed)
        for kernel_id in listed:
            if kernel_id in self._ever_connected or self._waiting_in_pool(kernel_id):
                self._outside_pool_since.pop(kernel_id, None)
                continue
            since = self._outside_pool_since.setdefault(kernel_id, now)
            kernel = self._kernels[kernel_id]
            if getattr(kernel, "execution_state", None) == "busy":
                continue  # still rendering the notebook for its page
            last = getattr(kernel, "last_activity", None)
            idle = wall - last.timestamp() if last is not None else now - since
            timeout = self.loading_timeout if kernel_id in self._announced else self.connect_timeout
            if timeout > 0 and min(now - since, idle) >= timeout:
                found.append(kernel_id)
        return found

    async def shut_down_unconnected(self) -> None:
        """Shut down every kernel of :meth:`unconnected_kernels`, all at once (one after the other,
        100 plain GETs took a minute more to free their kernels: each shutdown waits for its process)."""
        import asyncio

        async def one(kernel_id: str) -> None:
            log.info("shutting down kernel %s: its page did not connect within %s s", kernel_id, self.connect_timeout)
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception:  # noqa: BLE001 - one kernel's failure must not stop the others
                log.exception("could not shut down kernel %s", kernel_id)

        await asyncio.gather(*(one(k) for k in self.unconnected_kernels()))


def accept_page_close_shutdown() -> None:
    """Voilà's page sends its kernel shutdown with ``navigator.sendBeacon``, which cannot carry
    the XSRF header, so Jupyter Server refuses it (403) and the kernel lives on. The endpoint only
    shuts down the kernel whose (unguessable) id it is given: accept it without the token."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    VoilaShutdownKernelHandler.check_xsrf_cookie = lambda self: None


HEALTH_PATH = "health"  # GET /health: {"status": "ok"|"degraded", "kernels": n, "waiting": m, "games": {...}}
STORE_CHECK_S = 15.0  # the health endpoint asks the game store at most this often
_STORE_SEEN: dict = {}


async def games_status(now: float | None = None) -> dict:
    """Whether games are stored (:func:`..session.store_status`), asked at most every :data:`STORE_CHECK_S`
    seconds and off the server's event loop (a database that does not answer holds no request)."""
    import asyncio

    from .session import store_status

    now = time.monotonic() if now is None else now
    if "at" not in _STORE_SEEN or now - _STORE_SEEN["at"] >= STORE_CHECK_S:
        _STORE_SEEN["at"] = now
        status = await asyncio.get_running_loop().run_in_executor(None, store_status)
        if not status["stored"] and _STORE_SEEN.get("status", {}).get("stored", True):
            log.warning("games are NOT being stored: %s (%s)", status.get("store"), status.get("problem"))
        _STORE_SEEN["status"] = status
    return _STORE_SEEN["status"]


def health_handler():
    """The tornado handler of ``GET /health``: the server answers, how many kernels run and how many of them
    wait preheated in the pool, and whether games are stored (``"games": {"stored": false, "problem": …}`` and
    ``"status": "degraded"`` while the configured store cannot be opened: the pages play on, unstored). It starts
    no kernel and renders nothing, so a load balancer, an uptime check or a crawler may call it as often as it
    likes (the store is asked at most every :data:`STORE_CHECK_S` seconds)."""
    from tornado import web

    class HealthHandler(web.RequestHandler):
        async def get(self):
            manager = self.settings.get("kernel_manager")
            kernels = list(manager.list_kernel_ids()) if manager is not None else []
            waiting = sum(1 for k in kernels if getattr(manager, "_waiting_in_pool", lambda _k: False)(k))
            games = await games_status()
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps({"status": "ok" if games["stored"] else "degraded", "kernels": len(kernels),
                                    "waiting": waiting, "games": games}))

    return HealthHandler


#: what the page must not load: plotly's JupyterLab renderer (a second plotly.js, 4.8 MB; the app's figures are
#: anywidgets) and the syntax-highlighting theme of code cells (the app shows none)
UNUSED_EXTENSIONS = ["jupyterlab-plotly", "jupyterlab_pygments"]


def voila_app_class():
    """Voilà's application with the health endpoint and robots.txt added (before the app's own routes), every
    response compressed (gzip, and permessage-deflate on the kernel's websocket; the static files with brotli for
    browsers that accept it, :mod:`.web_brotli`), and the JupyterLab extensions' hashed files cached by browsers."""
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    from .web_brotli import brotli_handler
    from .web_handlers import cached_labextensions_handler, page_routes

    class ShogunVoila(Voila):
        def init_settings(self):
            settings = super().init_settings()
            settings["compress_response"] = True  # read when tornado's Application is made
            settings["websocket_compression_options"] = {}
            return settings

        def init_handlers(self):
            handlers = super().init_handlers()
            store = brotli_store()
            for i, handler in enumerate(handlers):
                if handler[0].endswith("/voila/labextensions/(.*)"):
                    options = {**handler[2], "no_cache_paths": []}
                    handlers[i] = (handler[0], brotli_handler(cached_labextensions_handler(handler[1]), store), options)
                elif handler[0].endswith(("/voila/static/(.*)", "/voila/templates/(.*)")):
                    handlers[i] = (handler[0], brotli_handler(handler[1], store), *handler[2:])
            # voila/static's folders (Voilà's static_paths: the template's static folders) and the extensions'
            roots = [*self.static_paths, *self.labextensions_path]
            log.info("brotli copies of %d static files queued", store.warm(roots, skip=tuple(UNUSED_EXTENSIONS)))
            return [(url_path_join(self.server_url, HEALTH_PATH), health_handler())] + [
                (url_path_join(self.server_url, path), handler) for path, handler in page_routes()] + handlers

    return ShogunVoila


def brotli_store():
    """The brotli copies of the page's static files, in the server's cache folder (:mod:`.web_brotli`)."""
    from .viz.diskcache import user_cache_dir
    from .web_brotli import BrotliStore

    return BrotliStore(user_cache_dir() / "brotli")


def voila_argv(notebook: Path, port: int, ip: str, pool_size: int, cull_idle: int, cull_interval: int,
               open_browser: bool, connect_timeout: int = 20) -> list[str]:
    """The Voilà command line of ``shogun-tutor app``."""
    argv = [
        str(notebook),
        f"--port={port}",
        "--Voila.port_retries=0",  # the port asked for or none: the address printed (and the join link) is the one served
        f"--Voila.ip={ip}",
        f"--template={TEMPLATE}",
        "--preheat_kernel=True",
        f"--pool_size={pool_size}",
        "--VoilaConfiguration.multi_kernel_manager_class=shogun_tutor.serve.PoolAwareKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        f"--PoolAwareKernelManager.connect_timeout={connect_timeout}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        f"--VoilaExecutor.startup_timeout={STARTUP_TIMEOUT}",
    ] + [f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def shared_plotly_module(cache: Path | None = None) -> tuple[Path, str]:
    """plotly's widget module as a static file of the ``shogun`` template, importing the partial plotly.js
    bundle (:mod:`.plotly_assets`), so that Voila serves both (at ``voila/static/plotly/``) and every figure
    shares them: returns the Jupyter data folder holding the module and its URL path (with ``?v=``, its
    content's hash: browsers keep it for good). The folder is named after plotly's version, so servers with
    different plotly versions never share a file. The page imports it when its first figure is made."""
    import plotly

    from . import plotly_assets
    from .viz.diskcache import user_cache_dir

    cache = cache or user_cache_dir()
    share = cache / f"plotly-{plotly.__version__}" / "jupyter"
    folder = share / "voila" / "templates" / TEMPLATE / "static" / "plotly"
    name = plotly_assets.write_widget_module(Path(plotly.__file__).parent / "package_data" / "widgetbundle.js", folder)
    return share, f"voila/static/plotly/{plotly_assets.versioned(name)}"


def welcome_skeleton(language: str | None) -> Path:
    """The welcome as plain HTML for the page's first paint (:mod:`.ui.welcome_skeleton`), written into the server's
    cache: returns the Jupyter data folder whose ``shogun`` template folder holds it (the template includes it)."""
    from .ui.welcome_skeleton import write_skeleton
    from .viz.diskcache import user_cache_dir

    return write_skeleton(user_cache_dir(), TEMPLATE, language or os.environ.get("SHOGUN_TUTOR_LANG"))


def page_preload() -> Path:
    """The page's preload lines for the scripts of its first screen (:mod:`.page_preload`), written into the
    server's cache: returns the Jupyter data folder whose ``shogun`` template folder holds them."""
    from .page_preload import write_preload
    from .viz.diskcache import user_cache_dir

    return write_preload(user_cache_dir(), TEMPLATE)


def environment(language: str | None) -> dict[str, str]:
    """Variables the server and its kernels need (the kernels inherit the server's environment)."""
    from .ui.widgets.plotly_widget import PLOTLY_MODULE_ENV

    env = {"JUPYTER_WIDGETS_ECHO": "0"}
    share, module = shared_plotly_module()
    env[PLOTLY_MODULE_ENV] = module
    from .page_preload import preload_wanted

    preload = [str(page_preload())] if preload_wanted() else []
    paths = [str(SHARE), str(share), str(welcome_skeleton(language)), *preload] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    if language:
        env["SHOGUN_TUTOR_LANG"] = language
    return env


def shell_exports(language: str | None = None) -> str:
    """:func:`environment` as ``export NAME=value`` lines for a shell: ``binder/start`` and the hub's
    single-user servers (deploy/) evaluate them, so that Jupyter Server's Voilà extension serves the
    ``shogun`` template and plotly's shared widget module as ``shogun-tutor app`` does."""
    import shlex

    return "\n".join(f"export {name}={shlex.quote(value)}" for name, value in environment(language).items())


#: Jupyter Server settings for Voilà's server extension (Binder, JupyterHub's single-user servers):
#: the offline template, kernel culling and the waits of a busy server, as ``shogun-tutor app`` sets them.
SERVER_EXTENSION_CONFIG = {
    "VoilaConfiguration": {"template": TEMPLATE, "extension_denylist": UNUSED_EXTENSIONS},
    "MappingKernelManager": {"cull_idle_timeout": 900, "cull_interval": 60, "cull_connected": False},
    "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT, "startup_timeout": STARTUP_TIMEOUT},
}


def offline_page_config(page_config: dict, **_kwargs) -> dict:
    """Voilà's ``page_config_hook`` for the server extension: no MathJax from a CDN. Without a
    ``mathjax_url`` in the server's settings, Voilà's page config names cdnjs, and the page's MathJax
    plugin loads it; the standalone ``shogun-tutor app`` gives neither URL nor configuration (``null``),
    and so does this hook (the app shows no formulas). An empty string instead makes the plugin log an
    error, and a null URL with a configuration still loads the CDN's copy."""
    page_config["fullMathjaxUrl"] = None
    page_config["mathjaxConfig"] = None
    return page_config


def configure_server_extension(c) -> None:
    """Set up Jupyter Server's Voilà extension in a ``jupyter_server_config.py`` (``c`` is its config):
    :data:`SERVER_EXTENSION_CONFIG` and :func:`offline_page_config`. ``binder/postBuild`` and the hub's
    image (deploy/) write a config file that calls this."""
    for section, values in SERVER_EXTENSION_CONFIG.items():
        for name, value in values.items():
            setattr(c[section], name, value)
    c.VoilaConfiguration.page_config_hook = offline_page_config
    # the routes the page's script asks for (robots.txt, the connection notice, the loading announcement)
    c.ServerApp.jpserver_extensions.update({"shogun_tutor.web_handlers": True})


#: the ``jupyter_server_config.py`` that ``binder/postBuild`` and the container image write
SERVER_CONFIG_FILE = "from shogun_tutor.serve import configure_server_extension\n\nconfigure_server_extension(c)  # noqa: F821\n"


def students_line(ip: str, port: int, public_url: str | None = None) -> str:
    """The line ``shogun-tutor app`` prints at start: where students join a group's game, or why they cannot."""
    from .ui.join_link import lan_address, students_url

    url = students_url(ip, port, public_url, lan_address() if ip in ("0.0.0.0", "::", "") else None)
    if url is not None:
        return f"Students join at {url} (Play together shows this address and its QR code)"
    return (f"Only this computer can open http://{ip}:{port}/ : for students' devices, serve with --ip 0.0.0.0 "
            "(or give --public-url); docs/classroom.md")


def serve(port: int = 8866, ip: str = "127.0.0.1", language: str | None = None, pool_size: int = 1,
          cull_idle: int = 900, cull_interval: int = 60, open_browser: bool = False,
          extra: list[str] | None = None, connect_timeout: int = 20, public_url: str | None = None) -> int:
    """Run the Voilà server in this process until it is stopped; ``public_url``: the students' join address
    (checked by the caller; the kernels read it from ``SHOGUN_TUTOR_PUBLIC_URL``)."""
    from .ui.join_link import PUBLIC_URL_ENV

    os.environ.update(environment(language))
    if public_url:
        os.environ[PUBLIC_URL_ENV] = public_url
    print(students_line(ip, port, public_url), flush=True)
    accept_page_close_shutdown()
    from .session import store_status

    games = store_status()
    if not games["stored"]:  # said at start to the operator; each page says it too, and /health reports it
        log.warning("games are NOT being stored: the game store %s cannot be opened (%s); the app runs, and "
                    "stores games again once it is back", games.get("store"), games.get("problem"))
    argv = voila_argv(notebook_path(), port, ip, pool_size, cull_idle, cull_interval, open_browser,
                      connect_timeout) + list(extra or [])
    log.info("serving %s at http://%s:%s/ (pool %s, cull idle %s s, unconnected %s s)", notebook_path(), ip, port,
             pool_size, cull_idle, connect_timeout)
    voila_app_class().launch_instance(argv=argv)
    return 0


if __name__ == "__main__":  # pragma: no cover - use ``shogun-tutor app``
    sys.exit(serve())
