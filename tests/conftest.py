import pytest

from shogun_tutor import i18n


@pytest.fixture(autouse=True)
def forget_panels_after_each_test():
    """Panels subscribe to language changes; drop the ones a test created so tests stay independent."""
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
    i18n.set_language("en")
