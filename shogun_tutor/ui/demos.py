"""Prepared demonstrations for a teacher: a scenario opened in the guided game by a link.

``?demo=full-tray-battle&teacher=1`` builds the scenario's position (``data/scenarios``),
hands it to the guided game as a game to continue, and gives the learner's seat to
the presenter; the other seats are played by the bots, step by step (→ or space).
Any scenario id works; :data:`DEMOS` names the ones the rulebook's issue asks for.
"""

from __future__ import annotations

from ..i18n import N_, _, join_sentences

#: the prepared demonstrations: what they show -> scenario id
DEMOS = {
    "a battle with a full tray": "full-tray-battle",
    "a winter shortfall with revolts": "winter-shortfall",
    "a tied region": "tied-region",
    "the event-then-special order": "settsu-tax",
    "a card handed over from the planning board": "handed-over",
}


#: each demonstration's short name (the titles the Play together bar shows too)
TITLES = {
    "full-tray-battle": N_("a battle with a full tray"),
    "winter-shortfall": N_("a winter shortfall with revolts"),
    "tied-region": N_("a tied region"),
    "settsu-tax": N_("the event-then-special order"),
    "handed-over": N_("a card handed over from the planning board"),
}


#: what each demonstration shows, one sentence said when it opens (issue 23); what to try follows (the try-it's task)
SHOWS = {
    "full-tray-battle": N_("This demonstration shows a battle while cubes from earlier battles already lie in the tray."),
    "winter-shortfall": N_("This demonstration shows a winter with too little rice, so revolts break out."),
    "tied-region": N_("This demonstration shows a tie for a majority at the scoring."),
    "settsu-tax": N_("This demonstration shows the order of a round's event and your special card."),
    "handed-over": N_("This demonstration shows a province card leaving the planning board when its province is taken."),
}

#: any other scenario opened as a demonstration
ANY_SCENARIO = N_("This demonstration is a rulebook try-it played in the guided game.")


def demo_intro(scenario_id: str) -> str:
    """What the demonstration shows and what to try, in the current language ("" for a scenario without either)."""
    from ..rulebook import content
    from .tryit import PROMPTS

    shows = _(SHOWS.get(scenario_id, ANY_SCENARIO))
    task = _(PROMPTS[scenario_id]).format(**content.province_values()) if scenario_id in PROMPTS else ""
    return join_sentences(shows, task)


def open_demo(game_panel, scenario_id: str) -> None:
    """Continue the guided game from the scenario's position, the presenter in the learner's seat; the
    game says what the demonstration shows and what to try."""
    from ..rulebook.scenario import load_scenario
    from ..rules.decisions import Decision

    sc = load_scenario(scenario_id)  # ScenarioError (a ValueError) for an unknown id
    game = sc.build()
    # the decision list starts on the scenario's prepared choice (the instructed move), not on an unrelated first one
    game_panel.seat.prepared = (game, tuple(d for d in sc.answer() if isinstance(d, Decision)))
    game_panel.continue_game(game)
    game_panel.human.value = sc.learner
    game_panel.show_intro(lambda: demo_intro(scenario_id))
