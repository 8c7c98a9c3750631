import pytest

from shogun_tutor import i18n


@pytest.fixture(autouse=True)
def english_and_no_leftover_panels():
    """Each test starts in English; panels a test created stop listening to language changes after it."""
    i18n.set_language("en")
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
    i18n.set_language("en")
