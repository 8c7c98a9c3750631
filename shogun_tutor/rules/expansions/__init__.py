"""The expansions, registered in :data:`..rules.EXPANSIONS` in this order (the court first: the samurai
phase, inserted after it right behind the turn order, then comes before the court actions).

* ``tenno`` — Tennō's Court (:mod:`.court`);
* ``samurai`` — Samurai (:mod:`.samurai`).
"""

from . import court, samurai  # noqa: F401 - registration

NAMES = ("tenno", "samurai")
