"""The court panel in the guided game and the expansion cards in the card reference."""

from __future__ import annotations

from shogun_tutor import i18n
from shogun_tutor.rules.expansions import court, samurai
from shogun_tutor.ui.cards_panel import CardsPanel
from shogun_tutor.ui.court_panel import CourtPanel
from shogun_tutor.ui.game_panel import GamePanel


def test_the_court_panel_is_hidden_without_expansions_and_shown_with_them():
    panel = GamePanel(players=3, seed=2)
    assert panel.court.widget.layout.display == "none"
    panel.tenno.value = True
    panel.new_game()  # New game starts one with the expansion
    assert panel.game.rules.expansions == ("tenno",)
    assert panel.court.widget.layout.display is None and "Privilege cards in the audience hall" in panel.court.html.value
    panel.close()


def test_the_court_panel_sends_new_html_only_when_the_display_changed():
    panel = GamePanel(players=4, seed=3)
    panel.tenno.value = True
    panel.samurai.value = True
    panel.new_game()
    view: CourtPanel = panel.court
    sent = view.redraws
    view.set_state(panel.game.state)
    panel._render()  # the same state drawn again: nothing is sent
    assert view.redraws == sent
    while panel.game.state.phase != "actions":
        panel.next_step()
    assert view.redraws > sent and ("sc-field sc-convert" in view.html.value or "sc-field sc-lapsed" in view.html.value)
    sent = view.redraws
    i18n.set_language("de")
    try:
        assert view.redraws == sent + 1 and "Privilegkarten im Audienzsaal" in view.html.value
    finally:
        i18n.set_language("en")
    panel.close()


def test_the_card_reference_lists_every_expansion_card_with_its_inferred_mark():
    cards = CardsPanel()
    html = cards.html.value
    section = html.split("Tennō&#x27;s Court: privilege cards")[1].split("<h3>")[0]
    assert section.count("<tr>") == 1 + len(court.CARDS) == 22 and section.count("⚠") >= len(court.CARDS)
    assert "Card 12: place 3 armies for free" in section and "not printed in any rulebook" in section
    samurai_section = html.split("<h3>Samurai cards</h3>")[1]
    assert samurai_section.count("<tr>") == 1 + len(samurai.STACK) and "Option: 6 chests." in samurai_section
    tower = html.split("Tennō&#x27;s Court: battle-tower cards")[1].split("<h3>")[0]
    assert "Each player has 3 battle-tower cards." in tower and tower.count("<tr>") == 4
    cards.close()
