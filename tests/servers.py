"""Starting and stopping the app's server in tests (browser, kernel and wheel tests share these)."""

from __future__ import annotations

import subprocess
import time
import urllib.error
import urllib.request


def wait_until_serving(proc: subprocess.Popen, url: str, timeout: float = 120, what: str = "the server") -> None:
    """Wait until the Voilà server at ``url`` answers (any HTTP status); fail if it exits or is too slow."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url + "voila/static/", timeout=2)
            return
        except urllib.error.HTTPError:
            return  # the server answers
        except OSError:
            if time.monotonic() > deadline:
                stop(proc)
                raise AssertionError(f"{what} did not start within {timeout:.0f} s")
            time.sleep(0.5)


def stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a server started by a test: terminate, wait ``timeout`` seconds, then kill."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
