"""Record the scripts the app's page fetches before its first screen, for the page to preload them
(``shogun_tutor/page_preload.py``). Run it again after upgrading Voilà or a JupyterLab extension:

    PYTHONPATH=$PWD .venv/bin/python tests/browser/record_page_files.py

It serves the app without the page's preload lines (``SHOGUN_TUTOR_PRELOAD=0``: every script is asked for by the
page's own code), opens it in Chromium and writes the scripts asked for until the welcome's doors show, in that
order, to ``shogun_tutor/share/jupyter/voila/templates/shogun/page_files.json``.
``tests/browser/test_page_preload.py`` checks a page against the list.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

FIRST_SCREEN = ".shogun-door-play"  # the app's welcome with its doors, its widgets live


def first_screen_scripts(page, base_url: str, timeout: float = 120_000) -> list[str]:
    """The scripts (relative to ``base_url``) the page at ``base_url`` asks for until its first screen shows
    (preloaded or not); ``voila.js`` itself (named in the page's head) is left out."""
    asked: list[str] = []

    def seen(request):
        url = request.url
        if request.resource_type == "script" and url.startswith(base_url):
            path = url[len(base_url):]
            if path.startswith(("voila/static/", "voila/labextensions/")) and path != "voila/static/voila.js" \
                    and path not in asked:
                asked.append(path)

    page.on("request", seen)
    page.goto(base_url)
    page.wait_for_selector(FIRST_SCREEN, state="visible", timeout=timeout)
    return list(asked)


def main() -> None:
    from playwright.sync_api import sync_playwright

    from shogun_tutor.page_preload import PAGE_FILES, PRELOAD_ENV
    from tests.browser.bench_app import ARGS, CHROMIUM, Server, free_port

    port = free_port()
    out = ROOT / "test-output" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    app = Server([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port), "--pool-size", "1"], port,
                 out / "record-page-files.log",
                 env={**os.environ, PRELOAD_ENV: "0"})
    try:
        app.wait()
        app.wait_pool(1)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page()
            files = first_screen_scripts(page, app.url)
            browser.close()
    finally:
        app.stop()
    import voila

    data = {"about": "The scripts the app's page fetched before its first screen, in the order asked "
                     "(tests/browser/record_page_files.py; shogun_tutor/page_preload.py)",
            "voila": voila.__version__, "files": files}
    PAGE_FILES.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(files)} scripts written to {PAGE_FILES.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
