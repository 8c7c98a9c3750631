import os
import tempfile

import pytest

from shogun_tutor import i18n

# every game is stored (docs/sessions.md): the tests' games go to a folder of this run, never to the
# user's data folder or a database named in the environment (Voila servers the browser tests start inherit it)
os.environ["SHOGUN_TUTOR_SESSIONS"] = tempfile.mkdtemp(prefix="shogun-test-sessions-")
os.environ.pop("SHOGUN_TUTOR_DATABASE_URL", None)


@pytest.fixture(autouse=True)
def english_and_no_leftover_panels():
    """Each test starts in English; panels a test created stop listening to language changes after it."""
    i18n.set_language("en")
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
    i18n.set_language("en")
