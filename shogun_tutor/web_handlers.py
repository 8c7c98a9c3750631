"""The page-facing routes ``shogun-tutor app`` adds to Voilà (:func:`.serve.voila_app_class`).

* ``GET /robots.txt``: crawlers keep away (each page they fetched would be handed a kernel);
* ``GET /shogun/connection.json``: the lost-connection notice in every language (:mod:`.connection_notice`);
* ``GET /shogun/loading/<kernel id>``: the page's own script says a browser runs it
  (:meth:`.serve.PoolAwareKernelManager.notify_loading`);
* the JupyterLab extensions' files named by their content's hash, cached by browsers for a year.
"""

from __future__ import annotations

import json
import os

#: ``GET /robots.txt``: crawlers keep away (each page they fetched would be handed a kernel)
ROBOTS_TXT = "User-agent: *\nDisallow: /\n"
#: a file name that carries its content's hash (``528.d9f5934c.js``, ``remoteEntry.698dcaf7.js``): never changes
_HASHED = r"[.-][0-9a-f]{8,}\.(js|css)$"


def robots_handler():
    from tornado import web

    class RobotsHandler(web.RequestHandler):
        def get(self):
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.set_header("Cache-Control", "public, max-age=86400")
            self.finish(ROBOTS_TXT)

    return RobotsHandler


CONNECTION_PATH = "shogun/connection.json"  # the notice of a lost connection, in every language (connection_notice.py)


def connection_handler():
    """``GET /shogun/connection.json``: the lost-connection notice in every language, fetched by the page while its
    connection still works (the template's script)."""
    from tornado import web

    from .connection_notice import notice_texts

    body = json.dumps(notice_texts(os.environ.get("SHOGUN_TUTOR_LANG")), ensure_ascii=False)

    class ConnectionHandler(web.RequestHandler):
        def get(self):
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.set_header("Cache-Control", "public, max-age=3600")
            self.finish(body)

    return ConnectionHandler


LOADING_PATH = r"shogun/loading/([0-9a-f-]{36})"  # the page's script announces itself with its kernel's id


def loading_handler():
    """``GET /shogun/loading/<kernel id>``: sent by the page's own script (the ``shogun`` template) as soon as it
    runs, so that its kernel is told apart from one handed to a plain GET (:meth:`PoolAwareKernelManager.notify_loading`).
    Answers 204 whatever the id (the page has nothing to do with the answer)."""
    from tornado import web

    class LoadingHandler(web.RequestHandler):
        def get(self, kernel_id):
            manager = self.settings.get("kernel_manager")
            getattr(manager, "notify_loading", lambda _k: False)(kernel_id)
            self.set_header("Cache-Control", "no-store")
            self.set_status(204)  # also for a kernel that does not run (or a server without the pool's manager)
            self.finish()

    return LoadingHandler


def cached_labextensions_handler(base):
    """Voilà serves the widget manager's and anywidget's JupyterLab extensions with no caching at all (every visit
    downloads them again); their files are named by their content's hash, so browsers may keep those for a year.
    Other files (``package.json``) are revalidated by their ETag."""
    import re

    hashed = re.compile(_HASHED)

    class CachedFileFindHandler(base):
        def set_headers(self):
            super().set_headers()
            if hashed.search(self.request.path):
                self.set_header("Cache-Control", "public, max-age=31536000, immutable")

    return CachedFileFindHandler


def page_routes() -> list[tuple[str, type]]:
    """The routes every server of the app's pages needs (relative to its base URL)."""
    return [("robots.txt", robots_handler()), (CONNECTION_PATH, connection_handler()), (LOADING_PATH, loading_handler())]


def _jupyter_server_extension_points():
    """A Jupyter Server extension (Binder, JupyterHub's single-user servers: ``serve.configure_server_extension``),
    so that the page's script finds its routes there too."""
    return [{"module": "shogun_tutor.web_handlers"}]


def _load_jupyter_server_extension(serverapp) -> None:
    from jupyter_server.utils import url_path_join

    base = serverapp.web_app.settings.get("base_url", "/")
    serverapp.web_app.add_handlers(".*$", [(url_path_join(base, path), handler) for path, handler in page_routes()])
