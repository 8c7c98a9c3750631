"""The guided game shows each bot decision of a step with its reason, in the chosen language."""

from shogun_tutor import i18n
from shogun_tutor.ui.game_panel import GamePanel
from shogun_tutor.ui.step_view import MAX_MOVES


def test_bot_moves_of_a_step_come_with_their_reasons():
    panel = GamePanel(players=3, seed=4)
    panel.next_step()  # the first planning: eleven fields for each of the three bots
    assert len(panel.step_moves) == 33 > MAX_MOVES
    assert "shogun-bot-moves" in panel.now.value
    assert "<details" in panel.now.value and "The bots&#x27; plans, with their reasons (33 cards)" in panel.now.value
    assert "Tax in " in panel.now.value and "Bids " in panel.now.value
    try:
        i18n.set_language("nl")
        assert "Belasting in " in panel.now.value  # redrawn in the new language, reasons too
    finally:
        i18n.set_language("en")
    panel.undo()
    assert panel.step_moves == [] and "shogun-bot-moves" not in panel.now.value
    panel.close()
