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

import os
import shutil
import sys
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

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
    for a visitor (Voilà keeps them in ``_pools``; culling them would empty the pool)."""

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


def accept_page_close_shutdown() -> None:
    """Voilà's page sends its kernel shutdown with ``navigator.sendBeacon``, which cannot carry
    the XSRF header, so Jupyter Server refuses it (403) and the kernel lives on. The endpoint only
    shuts down the kernel whose (unguessable) id it is given: accept it without the token."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    VoilaShutdownKernelHandler.check_xsrf_cookie = lambda self: None


def voila_argv(notebook: Path, port: int, ip: str, pool_size: int, cull_idle: int, cull_interval: int,
               open_browser: bool) -> list[str]:
    """The Voilà command line of ``shogun-tutor app``."""
    argv = [
        str(notebook),
        f"--port={port}",
        f"--Voila.ip={ip}",
        f"--template={TEMPLATE}",
        "--preheat_kernel=True",
        f"--pool_size={pool_size}",
        "--VoilaConfiguration.multi_kernel_manager_class=shogun_tutor.serve.PoolAwareKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        f"--VoilaExecutor.startup_timeout={STARTUP_TIMEOUT}",
    ]
    if not open_browser:
        argv.append("--no-browser")
    return argv


PLOTLY_MODULE = "plotly-widget.js"  # the template imports it early (see templates/shogun/index.html.j2)


def shared_plotly_module(cache: Path | None = None) -> tuple[Path, str]:
    """plotly's widget module as a static file of the ``shogun`` template, so that Voila serves it
    (at ``voila/static/``; browsers revalidate it by its ETag): returns the Jupyter data folder
    holding it and its URL path. The folder is named after plotly's version, so servers with
    different plotly versions never share a file."""
    import plotly

    from .viz.diskcache import user_cache_dir

    cache = cache or user_cache_dir()
    share = cache / f"plotly-{plotly.__version__}" / "jupyter"
    target = share / "voila" / "templates" / TEMPLATE / "static" / PLOTLY_MODULE
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        shutil.copyfile(Path(plotly.__file__).parent / "package_data" / "widgetbundle.js", tmp)
        tmp.replace(target)
    return share, f"voila/static/{PLOTLY_MODULE}"


def environment(language: str | None) -> dict[str, str]:
    """Variables the server and its kernels need (the kernels inherit the server's environment)."""
    from .ui.plotly_widget import PLOTLY_MODULE_ENV

    env = {"JUPYTER_WIDGETS_ECHO": "0"}
    share, module = shared_plotly_module()
    env[PLOTLY_MODULE_ENV] = module
    paths = [str(SHARE), str(share)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    if language:
        env["SHOGUN_TUTOR_LANG"] = language
    return env


def serve(port: int = 8866, ip: str = "127.0.0.1", language: str | None = None, pool_size: int = 1,
          cull_idle: int = 900, cull_interval: int = 60, open_browser: bool = False,
          extra: list[str] | None = None) -> int:
    """Run the Voilà server in this process until it is stopped."""
    from voila.app import Voila

    os.environ.update(environment(language))
    accept_page_close_shutdown()
    argv = voila_argv(notebook_path(), port, ip, pool_size, cull_idle, cull_interval, open_browser) + list(extra or [])
    Voila.launch_instance(argv=argv)
    return 0


if __name__ == "__main__":  # pragma: no cover - use ``shogun-tutor app``
    sys.exit(serve())
