"""A new game's set-up: the rules and the starting state (:func:`initial_state`), then the shuffled decks and the
players' starting positions, beginner or draft (:func:`deal`). :func:`.game.new_game` runs both; the flow
(:mod:`.flow`) then fills the tower and begins the first year."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import check_players, check_side
from ..data import COMPONENTS
from . import errors as E
from .rules import Rules
from .state import SEED_MAX, SEED_MIN, GameState, PlayerState, ProvinceState, seed_ok
from .tower import PhysicalTower, TowerModel

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def initial_state(players: int, side: str, seed: int, setup: str, tower: TowerModel | None,
                  expansions: tuple[str, ...]) -> tuple[GameState, TowerModel]:
    """The checked options as :class:`.Rules` and the state before anything is dealt, with its tower model."""
    try:
        check_players(players)
        check_side(side)
    except ValueError as exc:
        raise E.SetupError(str(exc)) from None
    rules = Rules(players, side, setup, tuple(expansions))
    if setup == "beginner" and side != COMPONENTS.beginner_setup_side:
        raise E.SetupError(f"the beginner set-up exists for the {COMPONENTS.beginner_setup_side} side only; use setup='draft'")
    if not seed_ok(seed):  # random.seed(-n) is random.seed(n); a save holds at most SEED_MAX
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        raise E.SetupError(f"seed must be a whole number from {SEED_MIN} to {SEED_MAX}, got {shown}")
    g = rules.graph
    model = tower or PhysicalTower()
    state = GameState(
        rules=rules,
        seed=seed,
        players=[
            PlayerState(seat=i, colour=COMPONENTS.colours[i], chests=COMPONENTS.starting_chests[players],
                        supply=COMPONENTS.armies_each, groups=list(COMPONENTS.start_groups[players]))
            for i in range(players)
        ],
        provinces={n: ProvinceState() for n in g.nodes},
        tower_model=model.to_dict(),  # type: ignore[attr-defined]
        farmer_supply=COMPONENTS.farmers,
        extra={name: factory() for exp in rules.expansion_list for name, factory in exp.state_fields.items()},
    )
    return state, model


def deal(game: "Game") -> None:
    """Shuffle the decks and place the starting positions: the beginner's (phase ``setup``, done) or the draft's
    face-up cards (phase ``claim``, the players claim next)."""
    state, rules, g = game.state, game.rules, game.graph
    players, side, setup, seed = rules.players, rules.side, rules.setup, state.seed
    rng = game.rng
    rng.seed(seed)
    events = [e.number for e in COMPONENTS.events]
    rng.shuffle(events)
    state.event_deck = events
    rules.run_hooks(game, "setup")
    cards = sorted(g.nodes[n]["card"] for n in g.nodes)
    game.log_event("setup.start", players=players, side=side, setup=setup, seed=seed,
                   chests=COMPONENTS.starting_chests[players], armies=COMPONENTS.armies_each,
                   excluded=sorted(rules.board.excluded), excluded_status=rules.board.data.excluded_provenance.status)
    if setup == "beginner":
        setups = COMPONENTS.beginner_setups[players]
        for seat, letter in enumerate(sorted(setups)):
            pl = state.players[seat]
            for prov, armies in setups[letter]:
                pv = state.provinces[prov]
                pv.owner, pv.armies = seat, armies
                pl.supply -= armies
                card = g.nodes[prov]["card"]
                pl.hand.append(card)
                cards.remove(card)
            pl.groups = []
            game.log_event("setup.beginner", seat, letter=letter, provinces=[[p, a] for p, a in setups[letter]])
        state.card_supply = cards
        state.phase = "setup"
    else:
        rng.shuffle(cards)
        state.draft.deck = cards
        state.draft.face_up = [state.draft.deck.pop(0), state.draft.deck.pop(0)]
        state.phase = "claim"
