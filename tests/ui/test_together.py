"""The "Play together" bar driven in Python: two devices (two panels, as two kernels would) share one
SQLite store; codes, seats, the host's controls and every refusal as one sentence."""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.ui.join_link import join_base_here
from shogun_tutor.ui.widgets.address import Address
from shogun_tutor.ui.together import TogetherPanel, qr_svg


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    """A SQLite store of its own (named by its URL: ``$SHOGUN_TUTOR_DATA`` names the game's facts folder too)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite:///{folder / 'sessions.sqlite3'}")
    return folder


def device(base="http://127.0.0.1:8866/", tokens=None):
    """A page with its own kernel: the address widget (as the page greets it) and the bar."""
    address = Address()
    address._received(address, {"hello": base, "tokens": tokens or {}, "query": ""}, [])
    panel = TogetherPanel({"address": address})
    panel.unfold()
    return panel, address


def texts(panel) -> str:
    return " ".join(c.children[0].value for c in panel.seats_box.children)


def test_a_host_starts_a_game_and_shows_its_code_link_and_qr(store_dir):
    host, address = device()
    host.players.value = 3
    assert host.create()
    code = host.session.code
    assert len(code) == 6 and host.host and host.my_seats() == []
    assert f"{code[:3]} {code[3:]}" in host.join_info.value
    # the link a phone can open (a page on loopback: this machine's LAN address; tests/ui/test_join_link.py)
    assert join_base_here("http://127.0.0.1:8866/") + f"?game={code}" in host.join_info.value
    assert "<svg" in host.join_info.value and "shogun-qr" in host.join_info.value
    assert host.host_box.layout.display is None  # the host's controls
    assert address.tokens[code] == host.token  # the device keeps its token (localStorage)
    assert len(host.seats_box.children) == 3 and texts(host).count("a bot plays") == 3
    assert (store_dir / "sessions.sqlite3").exists()
    host.poller.stop()


def test_qr_code_holds_the_link():
    svg = qr_svg("http://127.0.0.1:8866/?game=K7X4PQ")
    assert svg.startswith("<svg") and "http://127.0.0.1:8866/?game=K7X4PQ" in svg  # as its title
    assert "http" not in svg.replace("http://127.0.0.1:8866/?game=K7X4PQ", "")  # nothing fetched


def test_students_join_take_seats_and_see_each_other_after_a_poll(store_dir):
    host, _a = device()
    host.players.value = 4
    host.create()
    code = host.session.code
    alice, _b = device()
    bob, _c = device()
    assert alice.join(code.lower()) and bob.join(f" {code[:3]}-{code[3:]} ")  # as people type it
    assert not alice.host and alice.host_box.layout.display == "none"
    assert alice.take(1)
    assert "Blue (you)" in alice.seats_box.children[1].children[0].value
    assert not bob.take(1)  # already taken: one sentence, nothing changed
    assert "already taken by another device" in bob.message.value and bob.my_seats() == []
    assert bob.take(2) and bob.message.value == ""
    assert host.poller.poll_once()  # the host's kernel sees both students
    assert texts(host).count("another device") == 2
    assert host.to_bot(2)  # the host hands Bob's seat to a bot
    assert bob.poller.poll_once() and bob.my_seats() == [] and "You are watching" in bob.state_line.value
    for p in (host, alice, bob):
        p.poller.stop()


def test_a_reloaded_page_takes_its_seat_again_from_its_kept_token(store_dir):
    host, _a = device()
    host.create()
    code = host.session.code
    student, address = device()
    student.join(code)
    student.take(0)
    token = address.tokens[code]
    again, _b = device(tokens={code: token})  # the same browser, a new kernel
    again.join(code)
    assert again.my_seats() == [0] and again.token == token
    other, _c = device()  # another browser: a watcher
    other.join(code)
    assert other.my_seats() == [] and other.token != token
    for p in (host, student, again, other):
        p.poller.stop()


def test_the_link_opens_before_the_page_said_which_tokens_it_keeps(store_dir):
    host, _a = device()
    host.create()
    code = host.session.code
    student, address = device()
    student.join(code)
    student.take(2)
    token = address.tokens[code]
    late = Address()  # the notebook opens ?game=CODE before the page's greeting arrives
    panel = TogetherPanel({"address": late})
    assert panel.open_code(code)
    assert panel.token is None and panel.my_seats() == []
    late._received(late, {"hello": "http://h/", "tokens": {code: token}}, [])
    assert panel.token == token and panel.my_seats() == [2]
    for p in (host, student, panel):
        p.poller.stop()


@pytest.mark.parametrize("lang", ["en", "nl", "pl", "ja"])
def test_a_wrong_code_is_one_sentence_in_the_language_and_retry_works(store_dir, lang):
    host, _a = device()
    host.create()
    code = host.session.code
    student, _b = device()
    i18n.set_language(lang)
    try:
        assert not student.join("QQQQQQ" if code != "QQQQQQ" else "WWWWWW")
        assert not student.join("hello!")
        message = student.message.value
        assert "role='alert'" in message and student.session is None
        if lang != "en":
            i18n.set_language("en")
            english = (student.join("hello!"), student.message.value)[1]
            assert english != message  # translated
        assert student.join(code) and student.session.code == code and student.message.value == ""
    finally:
        i18n.set_language("en")
        host.poller.stop()
        if student.poller:
            student.poller.stop()


def test_a_store_that_cannot_be_opened_is_one_sentence_and_retry_works(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")  # fails for root too (unlike chmod)
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite:///{blocker / 'data' / 'sessions.sqlite3'}")
    host, _a = device()
    assert not host.create()
    assert host.session is None and "role='alert'" in host.message.value
    assert host.start_box.layout.display is None  # the form stays, with what was chosen
    (tmp_path / "data").mkdir()
    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite:///{tmp_path / 'data' / 'sessions.sqlite3'}")  # back
    assert host.create() and host.message.value == ""
    host.poller.stop()


def test_the_host_pauses_undoes_and_shows_a_chapter_to_every_watcher(store_dir):
    host, _a = device()
    host.create()
    shown = []
    watcher = TogetherPanel({"address": device()[1], "present": shown.append})
    watcher.join(host.session.code)
    host.session.advance_bots(limit=3)
    assert host.undo_button.disabled is False or host.render() is None
    host._host("undo")
    assert host.session.seq == 4 and len(host.session.game.decisions) == 0
    host.pause_button.value = True
    assert host.session.paused
    host.show_pick.value = "chapter:battles"
    host.show_button.click()
    assert watcher.poller.poll_once()
    assert shown == [{"chapter": "battles", "screen": 0}]
    assert "paused" in watcher.state_line.value
    assert not watcher.poller.poll_once() and len(shown) == 1  # nothing new: nothing redrawn
    watcher._host("undo")  # a watcher has no host controls; a forged click is refused
    assert "Only the device that started this game" in watcher.message.value
    for p in (host, watcher):
        p.poller.stop()


# --- the guided game as a view of the session, for each device ---------------------------------------

def sent_state(root) -> str:
    """Every value the widgets under ``root`` send to their page (their model state, children followed)."""
    import json

    from ipywidgets.widgets.widget import _instances

    seen, out, todo = set(), [], [root]
    while todo:
        widget = todo.pop()
        if widget.model_id in seen:
            continue
        seen.add(widget.model_id)
        state = widget.get_state()
        text = json.dumps(state, default=str, ensure_ascii=False)
        out.append(text)
        for ref in __import__("re").findall(r"IPY_MODEL_([0-9a-f]+)", text):
            if ref in _instances:
                todo.append(_instances[ref])
    return "\n".join(out)


def game_device(tokens=None):
    from shogun_tutor.ui.game_panel import GamePanel

    game = GamePanel()
    panel, address = device(tokens=tokens)
    panel.hooks["game"] = lambda: game
    return panel, game


def test_each_device_sees_only_its_own_plan_in_what_its_widgets_send():
    from shogun_tutor.text.decisions import describe_decision
    from shogun_tutor.ui.hint import hint

    host, host_game = game_device()
    host.players.value = 3
    host.create()
    student, student_game = game_device()
    student.join(host.session.code)
    watcher, watcher_game = game_device()
    watcher.join(host.session.code)
    assert student.take(0)
    assert student_game.plan_board is not None  # Red plans first: the planning board of this device
    plan = [d for d, _r in hint(student_game.game).moves]
    assert student_game.apply_decisions(plan)  # through the session: stored, then shown
    mine = [describe_decision(d) for d in plan if d.card is not None]
    assert watcher.poller.poll_once() and host.poller.poll_once()
    assert watcher_game.game.decisions[-1] == plan[-1]  # the watcher's kernel has the game
    for name, g in (("watcher", watcher_game), ("host", host_game)):
        leaked = [t for t in mine if t in sent_state(g.widget)]
        assert not leaked, f"the {name}'s page would receive Red's plan: {leaked}"
    assert "Blue decides" in watcher_game.status.value and "Blue decides" in host_game.status.value
    # the bots plan: their cards face down for the watcher (a count), as for a seated student
    host_game.next_step()
    assert watcher.poller.poll_once()
    bots = [describe_decision(d) for d in host.session.game.decisions if d.kind == "plan" and d.player != 0
            and d.card is not None]
    assert bots and not [t for t in bots if t in sent_state(watcher_game.widget)]
    assert student.poller.poll_once()
    assert not [t for t in bots if t in sent_state(student_game.widget)]
    assert watcher_game.save_box.widget.layout.display == "none"  # no download of the whole game
    # what the rules keep face down from everyone: the event cards still in the deck
    # (several event cards share a name: a card is known by its number, as the cards panel shows it)
    state = host.session.game.state
    upcoming = [n for n in state.event_deck if n not in state.events_face_up + state.events_used]
    shown = [n for n in state.events_face_up]
    assert upcoming and shown
    marks = lambda n: (f"data-event='{n}'", f"Event card {n}:")  # noqa: E731
    assert any(m in sent_state(student_game.widget) for n in shown for m in marks(n))  # the search finds a card shown
    for name, g in (("watcher", watcher_game), ("student", student_game), ("host", host_game)):
        sent = sent_state(g.widget)
        leaked = [n for n in upcoming if any(m in sent for m in marks(n))]
        assert not leaked, f"the {name}'s page would receive the event deck: {leaked}"
    # the host takes the step back for everyone
    host._host("undo")
    assert watcher.poller.poll_once() and len(watcher_game.game.decisions) == len(plan)
    # a battle shown in the tower tab comes without the cubes lodged inside (the bots play the game to its end)
    battles = []
    watcher_game.on_battle = lambda event, inside: battles.append(inside)
    student.poller.poll_once()
    assert student.give_up(0) and host.poller.poll_once()  # Red to a bot
    host_game.to_end()
    assert watcher.poller.poll_once() and watcher_game.game.over
    for i in range(len(watcher_game.steps.steps(watcher_game.game))):
        watcher_game.steps.cursor = i
        watcher_game._show_battle()
    assert battles and set(battles) == {None}, "the watcher's tower tab would be told where cubes lie inside"
    for p in (host, student, watcher):
        p.leave()
    assert watcher_game.widget.children[0].layout.display is None  # the settings are back: a game of its own


def test_only_the_host_is_offered_back_to_my_last_decision():
    """*Back to my last decision* undoes for everyone, which the session allows the host alone: a seated
    student's page does not show it (nor does a forged click change the game); the host's seat has it once the game
    went on after the host's decision (right after it, it would repeat the bar's undo)."""
    from shogun_tutor.ui.hint import hint

    host, host_game = game_device()
    host.players.value = 3
    host.create()
    student, student_game = game_device()
    student.join(host.session.code)
    assert student.take(0)
    assert student_game.apply_decisions([d for d, _r in hint(student_game.game).moves])  # Red plans
    assert student_game.my_last_decision() is not None  # a decision of hers to go back to
    assert student_game.undo_mine_button.layout.display == "none"
    made = len(student.session.game.decisions)
    student_game.undo_to_my_decision()  # a forged click: refused before the session is asked
    assert len(student.session.game.decisions) == made and student_game.status.value
    assert host.poller.poll_once()
    assert host.take(1)  # the host plays Blue on its own device
    assert host_game.apply_decisions([d for d, _r in hint(host_game.game).moves])
    back_to = host_game.my_last_decision()
    assert back_to is not None and back_to >= made
    # just decided: the bar's Undo the last decision does the same, so the button is not offered (issue 23)
    assert host_game.undo_mine_button.layout.display == "none"
    decided = len(host.session.game.decisions)
    host._host("step")  # the class moves on: the bot's seat plans
    assert len(host.session.game.decisions) > decided
    assert host_game.undo_mine_button.layout.display is None and not host_game.undo_mine_button.disabled
    host_game.undo_mine_button.click()  # the host takes its own last decision back, for everyone
    assert len(host.session.game.decisions) == back_to and "Blue decides" in host_game.status.value
    assert student.poller.poll_once() and len(student.session.game.decisions) == back_to
    assert student_game.undo_mine_button.layout.display == "none"  # still the student's page
    for p in (host, student):
        p.leave()
    # a game of its own again: its own undo, once she decided and the game went on after it
    assert student_game.may_undo() and student_game.undo_mine_button.layout.display == "none"
    assert student_game.apply_decisions([d for d, _r in hint(student_game.game).moves])
    assert student_game.undo_mine_button.layout.display == "none"  # just decided: Undo a step does it
    student_game.next_step()
    assert student_game.undo_mine_button.layout.display is None and not student_game.undo_mine_button.disabled



def test_the_host_paces_from_the_bar_only():
    """One set of pacing controls on the host's page: the bar's step, pause and undo; the guided game's Next step,
    Next round, To the end and Undo a step are not shown there. A student's page keeps Next step (no undo); a
    game of one's own again shows them all."""
    host, host_game = game_device()
    host.players.value = 3
    host.create()
    student, student_game = game_device()
    student.join(host.session.code)
    pacing = lambda g: [b.layout.display for b in (g.next_button, g.round_button, g.end_button, g.undo_button)]  # noqa: E731
    assert host.host_box.layout.display is None and student.host_box.layout.display == "none"
    assert pacing(host_game) == ["none"] * 4
    assert pacing(student_game) == [None, None, None, "none"]
    assert host_game.steps.back_button.layout.display != "none"  # reading back stays
    host.step_button.click()  # the bar's step plays for everyone
    assert len(host.session.game.decisions) > 0 and student.poller.poll_once()
    assert pacing(host_game) == ["none"] * 4  # still after a redraw
    for p in (host, student):
        p.leave()
    assert pacing(host_game) == pacing(student_game) == [None] * 4


def test_a_live_update_redraws_only_what_changed():
    """A poll that finds another device's decision redraws the game, no more: no widget made anew; the seat cards
    are changed in place, also when a seat changes hands (a click on a card is never lost on a closed one)."""
    from ipywidgets.widgets.widget import _instances

    host, host_game = game_device()
    host.players.value = 4
    host.create()
    watcher, watcher_game = game_device()
    watcher.join(host.session.code)
    cards = watcher.seats_box.children
    for _ in range(3):
        host.step_button.click()
        before = set(_instances)
        label = watcher_game.steps.label.value
        assert watcher.poller.poll_once()
        assert watcher_game.steps.label.value != label  # the step shown moved on
        assert set(_instances) - before == set() and watcher.seats_box.children == cards
    take = cards[1].children[1]
    assert "shogun-seat-take" in take._dom_classes and take.layout.display is None
    assert host.take(1)
    before = set(_instances)
    assert watcher.poller.poll_once()  # a seat changed hands: the same card says so, its button is gone
    assert set(_instances) - before == set() and watcher.seats_box.children == cards
    assert "another device" in cards[1].children[0].value and take.layout.display == "none"
    assert "shogun-seat-take" not in take._dom_classes
    take.click()  # a click that was on its way: the card offers nothing now, nothing happens
    assert host.poller.poll_once() is False and host.session.seats[1].holder is not None
    host_take = host.seats_box.children[1].children[1]
    assert "shogun-seat-leave" in host_take._dom_classes  # the host's own card: give it back
    host_take.click()
    assert host.session.seats[1].bot and watcher.poller.poll_once() and "a bot plays" in cards[1].children[0].value
    for p in (host, watcher):
        p.leave()
