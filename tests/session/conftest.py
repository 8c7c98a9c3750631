"""Fixtures of the session tests: every store test runs against SQLite and a real PostgreSQL."""

from __future__ import annotations

import os

import pytest

from shogun_tutor.session import open_store

from ..pgserver import PgServer, pg_bin


@pytest.fixture(scope="session")
def pg_server():
    """Debian's PostgreSQL in a temporary folder for the whole test run (skipped only outside CI when missing)."""
    if pg_bin() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: `make test` installs Debian's postgresql")
        pytest.skip("PostgreSQL is not installed (make test installs it)")
    server = PgServer().start()
    server.wait_ready()
    yield server
    server.destroy()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The address of an empty store: a SQLite file, or a new database on the test server."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'sessions.sqlite3'}"
    return request.getfixturevalue("pg_server").new_database()


@pytest.fixture
def store(store_url):
    s = open_store(store_url)
    yield s
    s.close()
