"""The guided game, driven in Python: steps explain events, undo, a human seat, languages."""


from shogun_tutor.ui.game_panel import GamePanel, describe_decision




def test_steps_explain_what_happened():
    panel = GamePanel(players=3, seed=4)
    assert "The tower is filled" in panel.now.value
    panel.next_step()
    assert panel.step_events and "has planned in secret" in panel.now.value
    for _ in range(15):  # the first year takes about 24 steps with the default bots
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


def test_the_expansions_are_set_up_options_and_a_human_reads_every_court_decision():
    from shogun_tutor import i18n

    panel = GamePanel(players=4, seed=3)
    assert "Tennō" in panel.tenno.description and "Samurai" in panel.samurai.description
    panel.tenno.value = panel.samurai.value = True
    panel.human.value = 0
    panel.new_game()
    assert panel.game.rules.expansions == ("tenno", "samurai")
    kinds, labels = set(), set()
    while not any(e["rule"] == "court.end" for e in panel.game.state.log):  # through one court phase
        if panel.game.to_decide()[1] == 0:
            for lang in ("en", "pl", "ja"):
                i18n.set_language(lang)
                try:
                    labels |= {describe_decision(d) for d in panel.game.legal_decisions()}
                finally:
                    i18n.set_language("en")
            kinds.add(panel.game.to_decide()[0])
            d = panel.game.legal_decisions()[-1]
            panel.choice.value = next(v for _label, v in panel.choice.options if v == d) if panel.choice.options else d
            panel.play_choice()
        else:
            panel.next_step()
    assert {"plan", "place"} <= kinds
    assert any("court field for 3 armies" in label for label in labels)
    assert any("Battle-tower card" in label for label in labels)
    assert any("na polu zamiany 3 armii" in label for label in labels)  # Polish: the rulebook's "pole zamiany"
    assert not any(label in ("privilege", "samurai", "privilege_use") for label in labels)
    assert "court" in panel.game.rules.season and panel.game.state.extra["tenno"]["step"] is None
