"""The board's text alternative: the province table (screen readers, and anyone looking a province up)."""

from html import unescape

from shogun_tutor import i18n
from shogun_tutor.data import BOARD
from shogun_tutor.rules.game import new_game
from shogun_tutor.viz.board_base import excluded, style
from shogun_tutor.viz.board_text import province_table_html


def _rows(html: str) -> dict[str, str]:
    """Each body row by its header cell (the province)."""
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return {unescape(r.split("<th scope='row'>")[1].split("</th>")[0]): unescape(r) for r in body.split("</tr>") if r}


def test_every_province_in_play_with_its_owner_told_by_letter_and_its_armies():
    game = new_game(players=3, side="sun", seed=4, setup="beginner")
    s = game.state
    rows = _rows(province_table_html("sun", 3, s))
    assert len(rows) == len(BOARD.provinces)
    out = excluded("sun", 3)
    assert out
    for p in BOARD.provinces:
        row = rows[f"{p.name} ({p.kanji})"]
        if p.name in out:
            assert "Out of play with three players" in row
            continue
        ps = s.provinces[p.name]
        if ps.owner is not None:
            st = style(s, ps.owner)
            assert f"<td>{st.letter} " in row  # the player's letter: no colour needed to tell them apart
        assert f"<td class='num'>{ps.armies}</td>" in row


def test_without_a_game_the_regions_and_the_provinces_out_of_play_in_a_sentence():
    html = unescape(province_table_html("moon", 3))
    rows = _rows(html)
    assert len(rows) == len(BOARD.provinces) - len(excluded("moon", 3))
    assert "Out of play with three players: " in html


def test_in_chinese_and_japanese_the_kanji_first_as_the_sentences_write_them():
    echigo = BOARD.province("Echigo")
    try:
        i18n.set_language("ja")
        assert f"{echigo.kanji} (Echigo)" in _rows(province_table_html("sun", 5))
    finally:
        i18n.set_language("en")


def test_the_board_panel_fills_its_table_only_while_it_is_open():
    from shogun_tutor.ui.board_panel import BoardPanel

    panel = BoardPanel(players=5)
    assert panel.table.value == ""
    panel.table_fold.selected_index = 0
    assert "Echigo (越後)" in panel.table.value
    panel.players.value = 3
    assert "Out of play with three players: " in unescape(panel.table.value)


def test_a_try_its_position_fixes_the_board_side_and_player_count():
    """Issue 23: switching the chapter's board to 3 players removed a try-it's armies while its text still
    named them; the side and player count are offered only on an empty board."""
    from shogun_tutor.ui.rulebook_panel import RulebookPanel
    i18n.set_language("en")
    panel = RulebookPanel()
    panel.open("board")
    assert panel.scenario_pick.value == "sea-route"
    board = panel._board
    assert board is not None and board.state is not None  # the try-it's position is on the board
    assert board.players.layout.display == "none" and board.side.layout.display == "none"
    assert board.state.provinces["Shima"].armies  # the army the text names stays on the board
    board.set_state(None)  # an empty board: its side and player count can be chosen again
    assert board.players.layout.display is None and board.side.layout.display is None
