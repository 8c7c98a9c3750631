"""The rules of Shogun as a pure, deterministic engine (no UI imports)."""

from . import phases  # noqa: E402,F401 - registers the base phases in rules.BASE_PHASES
from . import expansions  # noqa: E402,F401 - registers Tennō's Court and Samurai in rules.EXPANSIONS
from .state import SEED_MAX, SEED_MIN, seed_ok  # noqa: E402,F401 - the one seed range (saves, records, CLI, new_game, the app)
