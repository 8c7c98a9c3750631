"""The guided game, driven in Python: steps explain events, undo, a human seat, languages."""


from shogun_tutor.ui.game_panel import GamePanel, describe_decision




def test_steps_explain_what_happened():
    panel = GamePanel(players=3, seed=4)
    assert "The tower is filled" in panel.now.value
    panel.next_step()
    assert panel.step_events and "has planned in secret" in panel.now.value
    for _ in range(40):
        panel.next_step()
    assert "Year 1" in panel.status.value
    assert panel.table.value.count("<tr>") == 4


def test_next_round_and_to_the_end():
    panel = GamePanel(players=4, seed=2)
    panel.next_round()
    assert panel.game.state.season in ("summer", "autumn", "winter")
    panel.to_end()
    assert panel.game.over and "The game is over" in panel.status.value
    assert "🏆" in panel.table.value
    assert panel.next_button.disabled


def test_undo_takes_a_step_back():
    panel = GamePanel(players=3, seed=5)
    for _ in range(3):
        panel.next_step()
    before = panel.game.state.to_dict()
    panel.next_step()
    panel.undo()
    assert panel.game.state.to_dict() == before


def test_a_human_seat_decides_from_the_legal_decisions():
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    panel.new_game()
    panel.next_step()
    assert panel.choice_box.layout.display is None
    labels = [label for label, _d in panel.choice.options]
    assert any(" on Build a castle" in label for label in labels)
    panel.choice.value = panel.choice.options[0][1]
    panel.play_choice()
    assert panel.game.state.players[0].plan


def test_moon_side_offers_only_the_draft():
    panel = GamePanel(players=3)
    panel.side.value = "moon"
    assert [v for _l, v in panel.setup.options] == ["draft"]
    panel.new_game()
    assert panel.game.state.phase in ("claim", "plan")


def test_decisions_read_as_sentences():
    from shogun_tutor.rules.state import Decision

    assert describe_decision(Decision("move", 0, province="Shinano", target="Kozuke", count=4)) == "Move 4 armies from Shinano to Kozuke"
    assert describe_decision(Decision("plan", 0, field="tax", card="Settsu")) == "Settsu on Collect tax"
    assert describe_decision(Decision("plan", 0, field="bid", card="chest:3")) == "War-chest card 3 on the bid"
