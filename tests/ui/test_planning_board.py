"""The planning board model: any order, change your mind, refusals with reasons, confirm → the engine's decisions."""

import pytest

from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.state import chest_card
from shogun_tutor.ui.planning_board import PlacementRefused, PlanningBoard


def _board(seed=3, seat=0):
    game = new_game(players=3, side="sun", seed=seed, setup="beginner")
    assert game.to_decide() == ("plan", seat)
    return game, PlanningBoard(game, seat)


def _fill(board):
    """Cover the fields from the last to the first (the reverse of the engine's order)."""
    board.place("bid", chest_card(0))
    cards = iter(board.unused_cards())
    for field in reversed(board.fields):
        if field != "bid":
            board.place(field, next(cards))


def test_layout_follows_the_action_cards_open_then_hidden_then_the_bid():
    game, board = _board()
    rows = board.layout()
    order = game.state.round.action_cards
    assert [f for f, _p in rows[:5]] == order[:5] and [p for _f, p in rows[:5]] == [1, 2, 3, 4, 5]
    assert {f for f, p in rows[5:10]} == set(order[5:]) and all(p is None for _f, p in rows[5:10])
    assert rows[-1] == ("bid", None) and len(rows) == len(board.fields)


def test_any_order_then_confirm_gives_the_engine_its_decisions_in_its_order():
    game, board = _board()
    _fill(board)
    assert board.problem() is None
    decisions = board.confirm()
    assert [d.field for d in decisions] == list(board.fields)
    assert game.state.players[0].plan == {d.field: d.card for d in decisions}
    assert game.to_decide() != ("plan", 0)


def test_a_card_moves_when_placed_again_and_fields_can_be_cleared():
    game, board = _board()
    card = board.unused_cards()[0]
    board.place("castle", card)
    assert board.place("tax", card) == "castle"
    assert board.field_of(card) == "tax" and "castle" not in board.plan
    board.clear("tax")
    assert board.field_of(card) is None
    assert game.state.players[0].plan == {}  # nothing reached the engine


def test_an_unaffordable_bid_is_refused_with_the_reason_and_changes_nothing():
    game, board = _board()
    game.state.players[0].chests = chests = 2  # a poor daimyo
    too_much = chest_card(max(v for v in range(0, 6) if chest_card(v) in board.cards))
    assert int(too_much.split(":")[1]) > chests
    with pytest.raises(PlacementRefused, match="war chest holds only"):
        board.place("bid", too_much)
    assert "bid" not in board.plan


def test_confirm_is_refused_while_fields_are_open():
    game, board = _board()
    board.place("castle", board.unused_cards()[0])
    with pytest.raises(PlacementRefused, match="more fields"):
        board.confirm()
    assert game.state.players[0].plan == {}


def test_previews_say_what_a_field_does_now():
    game, board = _board()
    province = sorted(game.state.players[0].hand)[0]
    board.place("tax", province)
    base = game.graph.nodes[province.split("/")[0]]["tax"]
    assert f"pays {base} chest" in board.preview("tax")
    board.place("castle", chest_card(0))
    assert "skipped" in board.preview("castle")
    board.place("bid", chest_card(1))
    assert "You pay 1 chest for an earlier pick" in board.preview("bid")


def test_the_game_panel_plans_on_the_board_and_confirm_is_one_step():
    from shogun_tutor.ui.game_panel import GamePanel

    panel = GamePanel(players=3, seed=3)
    panel.human.value = 0
    assert panel.plan_box.layout.display is None and panel.choice_box.layout.display == "none"
    board = panel.plan_board
    assert board.confirm_button.disabled  # nothing planned yet
    # click a card, then a field: the bid first, then the rest from the bottom up
    card_buttons = {b.description.removeprefix("✓ "): b for b in board.cards_box.children}
    card_buttons["War-chest card 0"].click()
    field_buttons = {b.children[0].description: b.children[0] for b in board.fields_box.children}
    field_buttons["Bid for the turn order"].click()
    assert board.model.plan["bid"] == "chest:0"
    for field in reversed(board.model.fields):
        if field != "bid":
            board.select(board.model.unused_cards()[0])
            board.click_field(field)
    assert not board.confirm_button.disabled
    before = len(panel.game.decisions)
    confirm = board.confirm_button
    confirm.click()
    confirm.click()  # a double click sends one plan
    assert len(panel.game.decisions) == before + len(board.model.fields)
    panel.undo()  # one undo takes the whole plan back
    assert len(panel.game.decisions) == before and panel.learner_to_decide()


def test_a_refused_placement_is_explained_on_the_board():
    from shogun_tutor.ui.game_panel import GamePanel

    panel = GamePanel(players=3, seed=3)
    panel.game.state.players[0].chests = 1
    panel.human.value = 0
    board = panel.plan_board
    board.select("chest:3")
    board.click_field("bid")
    assert "war chest holds only 1 chest" in board.message.value
    assert "bid" not in board.model.plan


def _to_plan(season: str, year: int = 1, seed: int = 5):
    """A game played by bots up to the first plan decision of ``season`` in ``year``."""
    from shogun_tutor.bots import make_bot

    game = new_game(players=3, side="sun", seed=seed, setup="beginner")
    bots = [make_bot("heuristic", seed=i) for i in range(3)]
    while (game.state.year, game.state.season, game.to_decide()[0]) != (year, season, "plan"):
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game


@pytest.mark.parametrize("season, year", [("spring", 1), ("summer", 1), ("autumn", 1), ("summer", 2)])
def test_the_board_shows_the_years_event_cards_and_which_are_still_possible(season, year):
    from shogun_tutor.text import terms
    from shogun_tutor.ui.planning_board import PlanningBoardWidget, year_events

    game = _to_plan(season, year)
    s = game.state
    turned = [e for e in s.log if e["rule"] == "year.events" and e["year"] == year][-1]["events"]
    drawn = [e["event"] for e in s.log if e["rule"] == "round.event" and e["year"] == year]
    shown = year_events(s)
    assert sorted(n for n, _p in shown) == sorted(turned)  # the four of the year, each once
    assert [n for n, possible in shown if not possible] == drawn  # the earlier seasons' cards, in their order
    assert {n for n, possible in shown if possible} == set(turned) - set(drawn) == set(s.events_face_up)
    assert len(drawn) == ("spring", "summer", "autumn").index(season)
    widget = PlanningBoardWidget(PlanningBoard(game, game.to_decide()[1]), on_confirm=lambda _d: None)
    from html import unescape

    html = unescape(widget.table_cards.value)
    for number, possible in shown:
        card = html.split(f"data-event='{number}'")[1].split("</div></div>")[0]
        assert terms.event_name(number) in card
        assert ("Still possible this season." if possible else "Already drawn this year.") in card
    for place, special in enumerate(s.round.specials):  # the special card on each place of this round
        assert f"Place {place + 1}: {terms.special_name(special)}" in html and terms.special_text(special) in html


def test_the_board_tells_the_engines_refusal_by_its_rule_id():
    """Every refusal of the board is the engine's (placement_refusal / cover_refusal), told by its rule id."""
    from shogun_tutor.rules.phases.planning import PlanPhase
    from shogun_tutor.text.refusals import refusal_text, told_rules

    game, board = _board()
    s = game.state
    s.players[0].chests = 1
    cases = [("no_field", board.cards[0], "plan.no_such_field"),
             ("bid", chest_card(3), "bid.cannot_afford"),
             ("castle", "Aki/sun" if "Aki/sun" not in board.cards else "Iyo/sun", "plan.card_not_available"),
             ("castle", "chest:9", "plan.no_such_card")]
    for field, card, rule in cases:
        refusal = PlanPhase.placement_refusal(s, 0, field, card, board.cards)
        assert refusal is not None and refusal.rule == rule and rule in told_rules()
        assert board.why_not(field, card) == refusal_text(refusal)
    refusal = PlanPhase.cover_refusal(s, 0, board.plan, board.cards)
    assert refusal.rule == "plan.must_cover_field" and refusal.params["n"] == len(board.fields)
    assert board.problem() == refusal_text(refusal) == f"Cover {len(board.fields)} more fields before you confirm."


def test_the_boards_question_agrees_with_the_engines_check_of_the_next_plan_decision():
    """For the field the engine asks next, a card the board refuses is refused by the engine, and the reverse."""
    from shogun_tutor.rules.errors import RuleViolation
    from shogun_tutor.rules.phases.planning import PlanPhase
    from shogun_tutor.rules.state import Decision

    for chests in (0, 2, 5):
        game, board = _board()
        game.state.players[0].chests = chests
        field = board.fields[0] if chests else "bid"
        while game.to_decide() == ("plan", 0) and game.state.rules.plan_fields(game.state, 0)[len(
                game.state.players[0].plan)] != field:  # play the fields before ``field`` with the engine's first choice
            game.apply(game.legal_decisions()[0])
        used = set(game.state.players[0].plan.values())
        for card in [c for c in board.cards if c not in used]:
            board_says = PlanPhase.placement_refusal(game.state, 0, field, card, board.cards)
            try:
                game.check(Decision("plan", 0, field=field, card=card))
                engine_says = None
            except RuleViolation as exc:
                engine_says = exc.rule
            assert (board_says.rule if board_says else None) == engine_says, (field, card)


@pytest.mark.parametrize("lang, army1, armies3, theater", [
    ("en", "This action costs 1 chest.", "This action costs 2 chests.", "Build in {p} for 1 chest."),
    ("pl", "Ta akcja kosztuje 1 skrzynię.", "Ta akcja kosztuje 2 skrzynie.", "Budowa w prowincji {p} za 1 skrzynię."),
    ("de", "Diese Aktion kostet 1 Truhe.", "Diese Aktion kostet 2 Truhen.", "Bauen in {p} für 1 Truhe."),
])
def test_every_army_field_and_the_theater_say_their_cost_in_the_right_number(lang, army1, armies3, theater):
    """Issue 50: "costs 1 chests" on every army field; the cost is a count of its own."""
    from shogun_tutor import i18n

    game, board = _board()
    cards = iter(sorted(game.state.players[0].hand))
    i18n.set_language(lang)
    try:
        board.place("army1_move", next(cards))
        board.place("armies3", next(cards))
        p = next(cards)
        board.place("theater", p)
        assert army1 in board.preview("army1_move") and armies3 in board.preview("armies3")
        assert theater.format(p=p.split("/")[0]) in board.preview("theater")
    finally:
        i18n.set_language("en")
