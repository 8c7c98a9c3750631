"""The class quiz's pages driven in Python (ui/quiz*.py): a teacher's projector and students' phones, each a panel as
its own kernel would hold it, sharing one SQLite store. The live count, the reveal with the engine's explanation,
the first answer counts, a reload keeps the score, a late joiner, and no widget of a student's page holding the
answer before the reveal; the texts in every language."""

from __future__ import annotations

import json

import pytest

from shogun_tutor import i18n
from shogun_tutor.text import quiz as words
from shogun_tutor.ui.quiz import QuizPanel
from shogun_tutor.ui.quiz_host import QuizStartForm
from shogun_tutor.ui.widgets.address import Address

LANGUAGES = ("en", "nl", "de", "fr", "da", "pl", "zh", "ja")
SPEC = {"kind": "quiz", "count": 3, "seed": 7, "seconds": 30}


@pytest.fixture
def store(tmp_path, monkeypatch):
    from shogun_tutor.session.opening import open_store

    monkeypatch.setenv("SHOGUN_TUTOR_DATABASE_URL", f"sqlite:///{tmp_path / 'sessions.sqlite3'}")
    s = open_store()
    yield s
    s.close()


@pytest.fixture
def pages(store):
    made = []

    def page(tokens=None, hello=True):
        address = Address()
        if hello:
            address._received(address, {"hello": "http://127.0.0.1:8866/", "tokens": tokens or {}, "query": ""}, [])
        panel = QuizPanel({"store": lambda: store, "address": address})
        made.append(panel)
        return panel, address
    yield page
    for p in made:
        p.leave()


def states(widget) -> str:
    """Every synced value of ``widget`` and the widgets inside it: what the page can receive."""
    out = [widget.get_state()]
    for child in getattr(widget, "children", ()):
        out.append(states(child))
    return json.dumps(out, default=str)


def classes(widget) -> set:
    out = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        out |= classes(child)
    return out


def join(panel, name):
    panel.student_view.name.value = name
    panel.student_view.join()


def option_index(panel, key):
    return panel.student_view._keys.index(key)


def test_a_teacher_runs_a_quiz_and_two_students_answer(pages):
    teacher, _a = pages()
    assert teacher.create(SPEC) and teacher.host
    code = teacher.code
    assert f"{code[:3]} {code[3:]}" in teacher.host_view.join_info.value and "shogun-qr" in teacher.host_view.join_info.value
    ann, _b = pages()
    bob, _c = pages()
    assert ann.open(code) and bob.open(code) and not ann.host
    assert not ann.open("QQQQQQ" if code != "QQQQQQ" else "WWWWWW") or True  # an unknown code is no quiz
    join(ann, "Ann")
    join(bob, "Bob")
    assert teacher.poller.poll_once() and "2 students have joined." in teacher.host_view.count.value
    assert teacher.host_view.reveal_button.disabled and not teacher.host_view.ask_button.disabled
    teacher.host_view.ask()
    q = teacher.quiz.current
    for p in (ann, bob):
        p.poller.poll_once()
    assert words.question_sentence(q.public()) in ann.student_view.question.value
    wrong = next(o for o in q.options if o != q.answer)
    ann.student_view.choose(option_index(ann, q.answer))
    bob.student_view.choose(option_index(bob, wrong))
    assert teacher.poller.poll_once() and "2 students have answered." in teacher.host_view.count.value
    assert "The answer" not in teacher.host_view.reveal.value  # the projector too: nothing before the click
    teacher.host_view.do_reveal()
    label = words.option_label(q.public(), q.answer)
    assert f"The answer: {label}" in teacher.host_view.reveal.value
    assert words.reveal_lines(q.reveal())[-1] in teacher.host_view.reveal.value.replace("&#x27;", "'")
    assert "1 student was right." in teacher.host_view.summary.value
    assert "1. Ann: 1 right answer" in teacher.host_view.board.value
    for p in (ann, bob):
        p.poller.poll_once()
    assert "Right!" in ann.student_view.result.value and "Not this time." in bob.student_view.result.value
    right_button = ann.student_view.options[option_index(ann, q.answer)]
    assert "shogun-quiz-right" in right_button._dom_classes and right_button.button_style == "success"
    assert "You have 1 right answer." in ann.student_view.score.value


def test_no_widget_of_a_students_page_holds_the_answer_before_the_reveal(pages):
    teacher, _a = pages()
    teacher.create({**SPEC, "chapters": ["battles"]})
    ann, _b = pages()
    ann.open(teacher.code)
    join(ann, "Ann")
    teacher.host_view.ask()
    ann.poller.poll_once()
    q = ann.quiz.current
    ann.student_view.choose(0)
    public = set(words.fact_lines(q.public())) | {words.option_label(q.public(), o) for o in q.options}
    # what the reveal adds to what the question shows: the answer named, the explanation's own lines
    reveal_texts = [f"The answer: {words.option_label(q.public(), q.answer)}"] + [
        t for t in words.reveal_lines(q.reveal()) if t not in public]
    assert len(reveal_texts) > 1
    before = states(ann.widget)
    assert not [t for t in reveal_texts if json.dumps(t)[1:-1] in before]
    assert "shogun-quiz-right" not in classes(ann.widget) and '"check"' not in before
    assert json.dumps(q.answer) not in before  # the option keys stay in the kernel
    teacher.host_view.do_reveal()
    ann.poller.poll_once()
    after = states(ann.widget)
    assert json.dumps(reveal_texts[0])[1:-1] in after and "shogun-quiz-right" in classes(ann.widget)


def test_answering_twice_counts_the_first(pages):
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, _b = pages()
    ann.open(teacher.code)
    join(ann, "Ann")
    teacher.host_view.ask()
    ann.poller.poll_once()
    keys = list(ann.student_view._keys)
    ann.student_view.choose(0)
    assert all(b.disabled for b in ann.student_view.options if b.layout.display is None)
    ann.student_view.choose(1)  # a second click (a stale page): refused, the first stays
    assert ann.quiz.choice_of(ann.token) == keys[0]
    assert "shogun-quiz-chosen" in ann.student_view.options[0]._dom_classes
    teacher.poller.poll_once()
    assert "1 student has answered." in teacher.host_view.count.value


def test_a_reload_keeps_the_name_the_choice_and_the_score(pages):
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, address = pages()
    ann.open(teacher.code)
    join(ann, "Ann")
    teacher.host_view.ask()
    ann.poller.poll_once()
    q = ann.quiz.current
    ann.student_view.choose(option_index(ann, q.answer))
    teacher.poller.poll_once()
    teacher.host_view.do_reveal()
    token = address.tokens[teacher.code]
    again, _b = pages(hello=False)  # the phone reloads: ?game=CODE opens before the page says its tokens
    assert again.open(teacher.code) and again.token is None
    again.hooks["address"]._received(again.hooks["address"], {"hello": "http://h/", "tokens": {teacher.code: token}}, [])
    assert again.token == token and again.student_view.join_box.layout.display == "none"
    assert "You have 1 right answer." in again.student_view.score.value and "Right!" in again.student_view.result.value
    host_again, _c = pages(tokens={teacher.code: teacher.token})  # the projector reloads: still the host
    host_again.open(teacher.code)
    assert host_again.host and host_again.host_view.widget.layout.display is None


def test_a_late_joiner_answers_from_the_current_question(pages):
    teacher, _a = pages()
    teacher.create(SPEC)
    teacher.host_view.ask()
    teacher.host_view.do_reveal()
    teacher.host_view.ask()
    late, _b = pages()
    late.open(teacher.code)
    assert late.student_view.question.value == ""  # the name first
    late.student_view.join()
    assert "Type your name" in late.message.value
    join(late, "Late")
    assert "Question 2 of 3" in late.student_view.question.value
    assert not late.student_view.options[0].disabled
    late.student_view.choose(0)
    teacher.poller.poll_once()
    assert "1 student has answered." in teacher.host_view.count.value


def test_the_host_asks_every_question_and_ends_with_the_rules_to_go_over(pages):
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, _b = pages()
    ann.open(teacher.code)
    join(ann, "Ann")
    for n in range(SPEC["count"]):
        assert not teacher.host_view.ask_button.disabled
        teacher.host_view.ask()
        ann.poller.poll_once()
        q = ann.quiz.current
        ann.student_view.choose(option_index(ann, next(o for o in q.options if o != q.answer)))
        teacher.poller.poll_once()
        teacher.host_view.do_reveal()
    assert teacher.host_view.ask_button.disabled and teacher.host_view.ask_button.tooltip
    assert "Rules to go over again:" in teacher.host_view.summary.value
    ann.poller.poll_once()
    assert "The quiz is over." in ann.student_view.status.value


def test_the_start_form_gives_a_valid_setup():
    from shogun_tutor.session.quiz import check_quiz_setup

    got = []
    form = QuizStartForm(got.append)
    for source, key, value in (("all", None, None), ("level:1", "level", 1), ("chapter:winter", "chapters", ["winter"])):
        form.source.value = source
        form.start_button.click()
        spec = got[-1]
        assert check_quiz_setup(spec) == spec and (key is None or spec[key] == value)
    assert form.source.description and form.count.description and form.seconds.description  # accessible names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_quiz_text_in_each_language(pages, lang):
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, _b = pages()
    ann.open(teacher.code)
    join(ann, "Ann")
    i18n.set_language(lang)
    try:
        texts = []
        for n in range(SPEC["count"]):
            teacher.host_view.ask()
            ann.poller.poll_once()
            texts.append(states(ann.widget) + states(teacher.widget))
            ann.student_view.choose(0)
            teacher.poller.poll_once()
            teacher.host_view.do_reveal()
            ann.poller.poll_once()
            texts.append(states(ann.widget) + states(teacher.widget))
        text = " ".join(texts)
        assert "{" + "n}" not in text and "{answer}" not in text and "{option}" not in text
        if lang != "en":
            for english in ("Reveal the answer", "Leaderboard", "Class quiz", "students have", "right answer",
                            "Wait for", "Question 3 of 3"):
                assert english not in text, english
    finally:
        i18n.set_language("en")


def test_the_play_together_bar_starts_a_quiz_and_its_code_opens_it(store):
    from shogun_tutor.ui.app import App

    teacher = App()
    teacher.show("game")
    holder = teacher._tabs.holder
    together, form = holder["together"], holder["quiz_form"]
    assert "quiz" not in holder and holder["quiz_slot"].children == ()  # no quiz widget in a page until a quiz
    assert form.widget in together.start_form.widget.children  # a third door beside start and join
    together.unfold()
    form.start_button.click()
    quiz = holder["quiz"]
    assert quiz.host and quiz.widget.layout.display is None
    assert teacher.panel("game").widget.layout.display == "none" and not together.open_button.value
    assert teacher.position()["game"] == quiz.code  # a reload of the projector opens the quiz again
    student = App()
    student.show("game")
    bar = student._tabs.holder["together"]
    assert bar.join(quiz.code.lower()) and bar.session is None  # a quiz's code typed in Join: the quiz, not a game
    assert student._tabs.holder["quiz"].code == quiz.code and not student._tabs.holder["quiz"].host
    student._tabs.holder["quiz"].leave()
    assert student.panel("game").widget.layout.display is None
    quiz.leave()


def test_enter_in_the_name_field_joins_with_the_text_it_holds_and_a_blur_does_not(pages):
    """Enter sends the field's text with the key (ui/widgets/enter_key.py): it joins under that text even when the
    synced value still lags behind ("A" of "Ann"). Typing and leaving the field (a blur) joins nobody."""
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, _b = pages()
    ann.open(teacher.code)
    view = ann.student_view
    assert view.enter_key in view.join_box.children and view.enter_key.css_class in view.name._dom_classes
    view.name.value = "A"  # typed (the last letters not yet synced), then the field loses the focus: no join
    assert not ann.quiz.names and view.join_box.layout.display is None
    view.enter_key._received(view.enter_key, {"enter": "Ann"}, [])  # Enter, with what the field holds
    assert list(ann.quiz.names.values()) == ["Ann"] and view.join_box.layout.display == "none"
    view.enter_key._received(view.enter_key, {"other": "x"}, [])  # any other message is no join
    assert len(ann.quiz.names) == 1


def test_the_enter_key_widget_listens_for_enter_in_its_field_only():
    from shogun_tutor.ui.widgets.enter_key import _ESM, EnterKey

    assert "'Enter'" in _ESM and "keydown" in _ESM and "blur" not in _ESM and "isComposing" in _ESM
    got = []
    key = EnterKey("x")
    key.on_enter(got.append)
    key._received(key, {"enter": "y" * 500}, [])
    key._received(key, {"enter": 3}, [])
    key._received(key, "junk", [])
    assert got == ["y" * 200]


def test_a_student_leaves_the_answers_stay_and_the_device_forgets_its_seat(pages):
    teacher, _a = pages()
    teacher.create(SPEC)
    ann, address = pages()
    ann.open(teacher.code)
    view = ann.student_view
    assert view.leave_button.layout.display == "none"  # not joined: nothing to leave
    join(ann, "Ann")
    assert view.leave_button.layout.display is None and view.leave_button.description == "Leave the quiz"
    teacher.host_view.ask()
    ann.poller.poll_once()
    q = ann.quiz.current
    view.choose(option_index(ann, q.answer))
    old = ann.token
    sent = []
    address.send = lambda msg, *args, **kw: sent.append(msg)
    view.leave_button.click()
    assert {"forget": teacher.code} in sent  # the page's storage drops the seat token
    assert ann.token != old and address.tokens[teacher.code] == ann.token  # a new device identity, not joined
    assert view.join_box.layout.display is None and view.name.value == "" and view.leave_button.layout.display == "none"
    assert ann.quiz is not None and not view.question.value  # still on the quiz's page: the name form
    teacher.poller.poll_once()
    assert ann.quiz.choice_of(old) == q.answer and "Ann" in ann.quiz.names.values()  # the answer stays stored
    assert "1 student has answered." in teacher.host_view.count.value
    teacher.host_view.do_reveal()
    teacher.poller.poll_once()
    assert "Ann: 1 right answer" in teacher.host_view.board.value
    join(ann, "Ann again")  # the same phone joins again: a new student
    assert len(ann.quiz.names) == 2 and view.leave_button.layout.display is None
