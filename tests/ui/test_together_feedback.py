"""The teacher's feedback in the Play together bar (issue 47): the projector names whom the game waits for;
a control that cannot act is disabled and says why; Pause reads Resume while paused; a student handed to a bot
is told so; the projector (the host in teacher mode) never offers itself a seat."""

from __future__ import annotations

from shogun_tutor import i18n
from shogun_tutor.ui.hint import hint

from .test_together import game_device


def reasons(panel) -> str:
    return panel.host_controls.why.value


def class_of_three(teacher: bool = True):
    host, host_game = game_device()
    host.hooks["teacher"] = lambda: teacher
    host.players.value = 3
    host.create()
    student, student_game = game_device()
    student.join(host.session.code)
    assert student.take(0)  # Red, who plans first
    assert host.poller.poll_once()
    return host, host_game, student, student_game


def leave(*panels):
    for p in panels:
        p.leave()


def test_the_projector_names_whom_the_game_waits_for_and_why_step_cannot_act():
    host, host_game, student, student_game = class_of_three()
    assert host.session.waiting_for_human() and host.session.to_decide()[1] == 0
    assert "The game waits for Red." in host.state_line.value
    assert host.step_button.disabled and "once Red has decided" in host.step_button.tooltip
    assert "Step for everyone can act once Red has decided." in reasons(host)
    assert host.undo_button.disabled and "Nothing to undo yet." in reasons(host)
    host.step_button.click()  # a click that reached the kernel anyway: nothing is played
    assert host.session.game.decisions == []
    assert student_game.apply_decisions([d for d, _r in hint(student_game.game).moves])  # Red plans
    assert host.poller.poll_once()
    who = host.session.to_decide()
    assert who is not None and host.session.seats[who[1]].bot  # the bots plan next
    assert not host.step_button.disabled and host.step_button.tooltip == ""
    assert "Step for everyone moves the game on" in host.state_line.value
    assert not host.undo_button.disabled and reasons(host) == ""
    i18n.set_language("nl")
    assert host.state_line.value != "" and "Step for everyone" not in host.state_line.value
    leave(host, student)


def test_pause_reads_resume_while_the_game_is_paused():
    host, _hg, student, _sg = class_of_three()
    assert host.pause_button.description == "Pause" and host.pause_button.icon == "pause"
    host.pause_button.value = True
    assert host.session.paused and host.pause_button.description == "Resume" and host.pause_button.icon == "play"
    assert "Resume lets it go on" in host.state_line.value
    assert student.poller.poll_once() and "The host has paused the game." in student.state_line.value
    i18n.set_language("de")
    assert host.pause_button.description not in ("Resume", "Pause")
    i18n.set_language("en")
    host.pause_button.value = False
    assert not host.session.paused and host.pause_button.description == "Pause"
    leave(host, student)


def test_a_student_handed_to_a_bot_is_told_so_and_one_who_leaves_is_not():
    host, _hg, student, _sg = class_of_three()
    assert host.to_bot(0)
    assert student.poller.poll_once()
    assert student.my_seats() == [] and "The host handed Red to a bot." in student.message.value
    assert "role='status'" in student.message.value
    assert student.take(1)
    assert student.give_up(1)  # her own doing: no word about the host
    assert "The host handed" not in student.message.value
    leave(host, student)


def test_the_projector_never_offers_itself_a_seat_but_a_host_at_home_may_take_one():
    host, _hg, student, _sg = class_of_three(teacher=True)
    buttons = [card.children[1] for card in host.seats_box.children]
    assert all("shogun-seat-take" not in b._dom_classes and b.layout.display == "none" for b in buttons[1:])
    assert "shogun-seat-to-bot" in buttons[0]._dom_classes  # the student's seat: the host may hand it to a bot
    friends, _fg = game_device()
    friends.hooks["teacher"] = lambda: False
    friends.players.value = 3
    friends.create()
    offered = [card.children[1] for card in friends.seats_box.children]
    assert all("shogun-seat-take" in b._dom_classes and b.layout.display is None for b in offered)
    leave(host, student, friends)


def test_step_is_disabled_only_at_the_present_while_a_student_must_decide():
    """While the projector shows a step before the class's latest, Step for everyone shows the latest (enabled);
    at the present, with a student to decide, it is disabled with the reason."""
    host, host_game, student, student_game = class_of_three()
    seen = set()
    for _ in range(40):
        s = host.session
        at_present = host_game.steps.in_present(s.game)
        assert host.step_button.disabled == (s.waiting_for_human() and at_present), (s.to_decide(), at_present)
        seen.add((s.waiting_for_human(), at_present))
        if s.waiting_for_human() and at_present:
            student.poller.poll_once()
            assert student_game.apply_decisions([d for d, _r in hint(student_game.game).moves])
            host.poller.poll_once()
        else:
            host.step_button.click()
    assert (True, True) in seen and (False, True) in seen  # both cases met, at least
    leave(host, student)
