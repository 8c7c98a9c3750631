"""The rules of Shogun as a pure, deterministic engine (no UI imports)."""

from . import expansions  # noqa: E402,F401 - registers Tennō's Court and Samurai in rules.EXPANSIONS
