"""Prepared demonstrations for a teacher: a scenario opened in the guided game by a link.

``?demo=full-tray-battle&teacher=1`` builds the scenario's position (``data/scenarios``),
hands it to the guided game as a game to continue, and gives the learner's seat to
the presenter; the other seats are played by the bots, step by step (→ or space).
Any scenario id works; :data:`DEMOS` names the ones the rulebook's issue asks for.
"""

from __future__ import annotations

from ..rulebook.scenario import load_scenario

#: the prepared demonstrations: what they show -> scenario id
DEMOS = {
    "a battle with a full tray": "full-tray-battle",
    "a winter shortfall with revolts": "winter-shortfall",
    "a tied region": "tied-region",
    "the event-then-special order": "settsu-tax",
    "a card handed over from the planning board": "handed-over",
}


def open_demo(game_panel, scenario_id: str) -> None:
    """Continue the guided game from the scenario's position, the presenter in the learner's seat."""
    sc = load_scenario(scenario_id)  # ScenarioError (a ValueError) for an unknown id
    game_panel.continue_game(sc.build())
    game_panel.human.value = sc.learner
