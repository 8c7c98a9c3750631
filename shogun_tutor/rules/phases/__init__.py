"""The phases of the game, each a :class:`~.base.Phase` (one interface); the season's order is data.

Base phases: ``claim`` (draft), ``plan`` (plans, event, bids), ``place`` (turn order),
``actions``, ``winter``. An expansion adds its own phases and inserts them into
:attr:`~shogun_tutor.rules.rules.Rules.season` (see ``docs/engine-api.md``).
"""

from ..rules import BASE_PHASES
from .actions import ActionsPhase
from .base import Phase
from .draft import DraftPhase
from .planning import PlacePhase, PlanPhase
from .winter import WinterPhase

BASE_PHASES.update({p.id: p for p in (DraftPhase(), PlanPhase(), PlacePhase(), ActionsPhase(), WinterPhase())})
"""The base game's phases by id, registered in :data:`..rules.BASE_PHASES` (the rules never import the phases)."""

__all__ = ["Phase", "BASE_PHASES", "ActionsPhase", "DraftPhase", "PlacePhase", "PlanPhase", "WinterPhase"]
