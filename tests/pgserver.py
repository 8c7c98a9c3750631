"""A throw-away PostgreSQL server for the tests: Debian's ``initdb`` + ``pg_ctl`` in a temporary folder.

Started on a free local port, listening on 127.0.0.1 only, with ``trust`` authentication (nobody else can
reach it); run as the ``postgres`` user when the tests run as root (PostgreSQL refuses to run as root).
``make test`` installs Debian's ``postgresql`` when it is missing. Also a command, for the benchmarks:
``python -m tests.pgserver`` prints a URL and keeps the server until Enter.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path


def pg_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding ``initdb``, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """``PgServer().start()``; ``.url(db)``, ``.new_database()``, ``.restart()``, ``.stop()``, ``.kill()``."""

    def __init__(self):
        self.bin = pg_bin()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql; make test does it)")
        self.root = Path(tempfile.mkdtemp(prefix="shogun-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.user = "postgres" if self.as_user else pwd.getpwuid(os.geteuid()).pw_name

    def _run(self, *args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=timeout)
        if check and done.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
        return done

    def start(self) -> "PgServer":
        if not self.data.exists():
            self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust",
                      "--encoding=UTF8", "--no-sync")
        self._pg_ctl("start")
        return self

    def _pg_ctl(self, what: str) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=60"
        args = [str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-t", "60"]
        if what in ("start", "restart"):
            args += ["-o", options, "-l", str(self.root / "server.log")]
        if what in ("stop", "restart"):
            args += ["-m", "fast"]
        self._run(*args, what)

    def stop(self) -> None:
        self._pg_ctl("stop")

    def restart(self) -> None:
        self._pg_ctl("restart")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}?connect_timeout=5"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def wait_ready(self, timeout: float = 30) -> None:
        import psycopg

        end = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)

    def destroy(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


if __name__ == "__main__":  # pragma: no cover - a helper for the benchmarks by hand
    server = PgServer().start()
    print(server.new_database(), flush=True)
    try:
        input()
    finally:
        server.destroy()
