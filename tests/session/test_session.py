"""Sessions: codes, seats and tokens, submissions checked by the engine, races, undo, pacing, secrecy."""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.rules.state import Decision
from shogun_tutor.session import (HIDDEN, BadCode, BadSetup, CodeNotFound, DamagedGame, IllegalDecision, NotHost, NothingToUndo,
                                  NotYourSeat, SeatTaken, Session, StaleDecision, codes, new_token, open_store)

SETUP = {"players": 4, "side": "sun", "seed": 5, "setup": "beginner"}


@pytest.fixture
def mem():
    return open_store("sqlite://")


def test_codes_have_no_look_alikes():
    for bad in "0O1IL2Z5S8BUV":
        assert bad not in codes.ALPHABET
    made = {codes.new_code() for _ in range(2000)}
    assert len(made) > 1990 and all(codes.is_code(c) and len(c) == 6 for c in made)
    assert codes.normalize(" ab-cd ef ") == "ABCDEF"


def test_open_by_code_rebuilds_the_game(store):
    host = new_token()
    s = Session.create(store, SETUP, host)
    assert codes.is_code(s.code) and s.is_host(host) and not s.is_host(new_token())
    s.advance_bots(limit=40)
    again = Session.open(store, s.code.lower())  # typed in lower case
    assert again.game.save() == s.game.save() and again.seq == s.seq == 40
    assert again.marks == s.marks == [0] and again.reasons == s.reasons
    with pytest.raises(CodeNotFound) as err:
        Session.open(store, "WWWWWW")
    assert "WWWWWW" in err.value.sentence()
    with pytest.raises(BadCode):
        Session.open(store, "12345")


def test_setup_is_validated():
    mem = open_store("sqlite://")
    for bad in ({"players": 7, "side": "sun", "seed": 1, "setup": "beginner"}, {**SETUP, "seed": -1},
                {**SETUP, "extra": 1}, {**SETUP, "side": "moon"},  # beginner exists for the sun side only
                {**SETUP, "expansions": ["tea"]}, "not a dict"):
        with pytest.raises(BadSetup):
            Session.create(mem, bad, new_token())
    assert mem.list_sessions() == [] or all(i.entries == 0 for i in mem.list_sessions())


def test_seats_tokens_and_the_host(mem):
    host, ann, bob = new_token(), new_token(), new_token()
    s = Session.create(mem, SETUP, host, seats={1: ann})
    other = Session.open(mem, s.code)
    assert s.seat_of(ann) == 1 and s.seat_of(bob) is None and s.human_seats() == [1]
    with pytest.raises(SeatTaken) as err:
        other.claim_seat(1, bob)
    from shogun_tutor.text import terms

    i18n.set_language("nl")
    assert err.value.sentence() == "De plaats van {colour} is al bezet door een ander apparaat; kies een vrije plaats of kijk mee.".format(
        colour=terms.colour_name(terms.COMPONENTS.colours[1]) if hasattr(terms, "COMPONENTS") else terms.colour_name("white"))
    i18n.set_language("en")
    other.claim_seat(2, bob)
    s.refresh()
    assert s.seats_of(bob) == [2]
    with pytest.raises(NotHost):
        other.set_bot(1, bob)
    with pytest.raises(NotYourSeat):
        other.release_seat(1, bob)
    s.set_bot(2, host)  # the host hands Bob's seat to a bot
    other.refresh()
    assert other.seat_of(bob) is None and other.human_seats() == [1]
    s.release_seat(1, ann)
    assert s.human_seats() == []
    with pytest.raises(NotYourSeat):
        s.claim_seat(9, ann)
    # hot seat: one device, two seats
    s.claim_seat(0, ann)
    s.claim_seat(3, ann)
    assert s.seats_of(ann) == [0, 3]


def test_submit_is_checked_by_seat_and_engine_and_stores_nothing_refused(mem):
    host, ann = new_token(), new_token()
    s = Session.create(mem, SETUP, host, seats={0: ann})
    assert s.to_decide() == ("plan", 0) and s.advance_bots() == 0  # a human decides first
    seq, saved = s.seq, s.game.save()
    with pytest.raises(NotYourSeat):
        s.submit(s.game.legal_decisions()[0], host)
    with pytest.raises(IllegalDecision) as err:
        s.submit(Decision("plan", 0, field="castle", card="chest:5"), ann)
    assert err.value.violation.rule == "plan.no_such_card"
    with pytest.raises(IllegalDecision):  # the second of a batch is illegal: nothing of it is kept
        first = s.game.legal_decisions()[0]
        s.submit([first, Decision("plan", 0, field="castle", card="chest:5")], ann)
    assert (s.seq, s.game.save()) == (seq, saved) and s.entries() == s.entries()[:seq]
    events = s.submit(s.game.legal_decisions()[0], ann, expected_seq=s.seq)
    assert s.seq == seq + 1 and isinstance(events, list)


def test_two_devices_answer_the_same_decision_one_wins(store):
    host, ann = new_token(), new_token()
    a = Session.create(store, {**SETUP, "solo": False}, host, seats={0: ann})
    b = Session.open(store, a.code)  # the same seat open on a second device (same token)
    da, db = a.game.legal_decisions()[0], b.game.legal_decisions()[-1]
    a.submit(da, ann, expected_seq=a.seq)
    with pytest.raises(StaleDecision) as err:
        b.submit(db, ann, expected_seq=b.seq)
    assert err.value.session is b and b.seq == a.seq and b.game.decisions == [da]
    assert [e.seq for e in a.entries()] == list(range(1, a.seq + 1))


def test_undo_is_an_entry_every_device_follows(store):
    host = new_token()
    s = Session.create(store, SETUP, host)
    watcher = Session.open(store, s.code)
    s.advance_bots(limit=7)
    mid = s.game.save()
    s.advance_bots(limit=5)
    assert s.marks == [0, 7]
    with pytest.raises(NotHost):
        Session.open(store, s.code).undo(new_token())
    s.undo(host)
    assert s.game.save() == mid and s.marks == [0] and len(s.game.decisions) == 7
    assert watcher.refresh() and watcher.game.save() == mid
    assert [e.kind for e in s.entries()][-1] == "undo"  # append-only: the undone decisions are still stored
    assert Session.open(store, s.code).game.save() == mid
    s.undo(host)
    with pytest.raises(NothingToUndo):
        s.undo(host)
    s.advance_bots(limit=3)
    assert Session.open(store, s.code).game.save() == s.game.save()


def test_pacing_and_what_the_host_shows(mem):
    host = new_token()
    s = Session.create(mem, {**SETUP, "solo": False}, host)
    w = Session.open(mem, s.code)
    s.set_paused(True, host)
    s.show({"tab": "rulebook", "chapter": "battles", "screen": 2}, host)
    w.refresh()
    assert w.paused and w.shown == {"tab": "rulebook", "chapter": "battles", "screen": 2}
    with pytest.raises(NotHost):
        w.set_paused(False, new_token())
    with pytest.raises(BadSetup):
        s.show({"chapter": "<script>"}, host)


def test_a_solo_game_is_anyone_s_with_its_code(mem):
    first, later = new_token(), new_token()  # a reload: a new kernel, a new token
    s = Session.create(mem, {**SETUP, "solo": True}, first, seats={2: first})
    again = Session.open(mem, s.code)
    assert again.is_host(later)
    again.claim_seat(2, later)  # the same learner on a new page takes the seat back
    assert again.seats_of(later) == [2]


def test_view_hides_other_seats_plans_until_turned_up(mem):
    host, ann, bob = new_token(), new_token(), new_token()
    s = Session.create(mem, {**SETUP, "solo": False}, host, seats={0: ann, 1: bob})
    plan = []
    while s.to_decide() == ("plan", 0):
        d = s.game.legal_decisions()[0]
        plan.append(d)
        s.submit(d, ann)
    mine, theirs, watcher = s.view_for(ann), s.view_for(bob), s.view_for(None)
    assert mine.seat == 0 and theirs.seat == 1 and watcher.seat is None and not watcher.host
    assert all(c != HIDDEN for c in mine.state.players[0].plan.values())
    cards = [c for c in theirs.state.players[0].plan.values() if c is not None]
    assert cards and set(cards) == {HIDDEN}
    assert {d.card for d in watcher.decisions if d.player == 0 and d.card is not None} == {HIDDEN}
    done = [e for e in watcher.log if e["rule"] == "plan.done" and e["player"] == 0]
    assert done and set(c for c in done[0]["plan"].values() if c) == {HIDDEN}
    # province cards in a hand are public (they are the provinces one holds); which card lies on which field is not
    secret = {(f, c) for f, c in s.game.state.players[0].plan.items() if c is not None}
    seen = {(d.field, d.card) for d in watcher.decisions} | set(watcher.state.players[0].plan.items())
    seen |= {(f, c) for e in watcher.log if e["rule"].startswith("plan.") for f, c in e.get("plan", {}).items()}
    assert secret and not secret & seen
    assert secret <= {(d.field, d.card) for d in mine.decisions} and s.game.state.players[0].plan != watcher.state.players[0].plan
    # later in the round the cards are turned up one by one; after the round all are public again
    while s.to_decide() and s.to_decide()[1] == 1 and s.to_decide()[0] == "plan":
        s.submit(s.game.legal_decisions()[0], bob)
    s.release_seat(0, ann)
    s.release_seat(1, bob)
    year_season = (s.game.state.year, s.game.state.season)
    s.advance_bots(done=lambda: (s.game.state.year, s.game.state.season) != year_season)
    assert all(HIDDEN not in (d.card or "") for d in s.view_for(None).decisions[: len(plan)])


def test_a_tampered_log_is_refused_in_one_sentence(store):
    host = new_token()
    s = Session.create(store, SETUP, host)
    s.advance_bots(limit=3)
    for kind, body in (("seat", {"seat": 99, "holder": None}), ("undo", {"to": "x"}), ("decision", {"d": {"kind": "plan"}}),
                       ("decision", {"d": {"kind": "plan", "player": 0, "field": "castle", "card": "chest:5"}}),
                       ("weird", {})):
        fresh = Session.create(store, SETUP, host)
        store.append(fresh.code, 0, [(kind, body)], "n")
        with pytest.raises(DamagedGame) as err:
            Session.open(store, fresh.code)
        assert isinstance(err.value, BadSetup)
        assert err.value.sentence() == (f"The stored game {fresh.code} is damaged and cannot be opened; start a new game, "
                                        "or ask whoever runs this server to restore the games from a backup.")


def test_a_deferred_session_is_stored_with_its_first_decision_under_a_free_code():
    """``create(defer=True)``: nothing stored before the first decision; then the row, the seats held in memory and
    the decision in one go; a code taken meanwhile is replaced by a free one; a store down at that moment changes
    nothing and the retry stores it."""
    from shogun_tutor.session import StoreUnavailable

    store = open_store("sqlite://")
    token = new_token()
    s = Session.create(store, SETUP, token, seats={0: token}, defer=True)
    assert not s.stored and store.list_sessions() == [] and s.seq == 1 and s.seats_of(token) == [0]
    Session.create(store, SETUP, new_token(), code=s.code)  # another game takes the candidate code meanwhile
    taken = s.code
    real = store.append

    def down(*args, **kwargs):
        raise StoreUnavailable("disk I/O error")

    store.append = down
    before = s.game.save()
    with pytest.raises(StoreUnavailable):
        s.bot_turn() or s.submit(s.game.legal_decisions()[0], token)
    assert s.game.save() == before and not s.stored and s.seq == 1
    store.append = real
    while not s.stored:
        if not s.bot_turn():
            s.submit(s.game.legal_decisions()[0], token)
    assert s.code != taken and s.seq == 2
    again = Session.open(store, s.code)
    assert again.game.save() == s.game.save() and again.seats_of(token) == [0]
    assert sorted(i.code for i in store.list_sessions()) == sorted([taken, s.code])


def test_view_hides_decks_tower_cubes_and_kept_court_cards(mem):
    """Beyond the plans: what the rules keep face down from everyone is not in a device's view either (the decks'
    order, the cubes lodged in the tower, the random generator), nor the court cards another seat keeps; how many
    there are stays public, and the game itself is untouched."""
    host, ann = new_token(), new_token()
    s = Session.create(mem, {**SETUP, "seed": 8, "solo": False, "expansions": ["tenno", "samurai"]}, host)
    kept = lambda: s.game.state.extra["tenno"]["kept"]  # noqa: E731
    s.advance_bots(done=lambda: s.game.over or (s.game.state.tower.lodged_count() > 0 and any(kept())))
    s.claim_seat(2, ann)  # (with this seed Black keeps a card in year 1)
    real = s.game.state
    assert real.tower.lodged_count() > 0 and real.event_deck and real.extra["tenno"]["deck"] and kept()[2]
    saved = s.game.save()
    for token in (None, ann, host):
        v = s.view_for(token).state
        assert v.rng_state is None and v.event_deck == [HIDDEN] * len(real.event_deck)
        assert v.draft.deck == [HIDDEN] * len(real.draft.deck) and sorted(v.card_supply) == sorted(real.card_supply)
        assert [len(level) for level in v.tower.levels] == [len(level) for level in real.tower.levels]
        assert {c for level in v.tower.levels for c in level} == {HIDDEN} and v.tower.tray == real.tower.tray
        court = v.extra["tenno"]
        assert court["deck"] == [HIDDEN] * len(real.extra["tenno"]["deck"]) and court["display"] == real.extra["tenno"]["display"]
        for seat, cards in enumerate(real.extra["tenno"]["kept"]):
            mine = token == ann and seat == 2
            assert court["kept"][seat] == (cards if mine else [HIDDEN] * len(cards))
        view = s.view_for(token)
        assert not [e for e in view.log if "throw" in e]  # no cube's path through the tower (where it lies now)
        assert [e.get("came_out") for e in view.log] == [e.get("came_out") for e in s.game.state.log]
    assert s.game.save() == saved and s.game.state.rng_state is not None  # the game itself keeps everything
    assert any("throw" in e for e in s.game.state.log)
