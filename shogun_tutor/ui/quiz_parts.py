"""The class quiz's pieces of HTML, shared by the projector (:mod:`.quiz_host`) and the phones (:mod:`.quiz_student`).

Each function draws one part of a view of :mod:`shogun_tutor.session.quiz_view` in the current language, with the
words of :mod:`shogun_tutor.text.quiz`: the question (its sentence, the facts and, for a battle, what came out of the
tower as cubes), the timer, the reveal (the answer and the engine's explanation), the class's summary and the
leaderboard. A question's part drawn before the reveal reads only its public part: nothing here can put the
answer on a page before the reveal, because nothing before it is given the answer.
"""

from __future__ import annotations

from html import escape

from .. import i18n
from ..i18n import _, ngettext
from ..text import quiz as words
from ..text import terms
from ..viz.palette import cube_style
from .quiz_picture import picture_html

QUIZ_CSS = """<style>
.shogun-app .shogun-quiz { font-size: 1.05em; }
.shogun-app .shogun-quiz, .shogun-app .shogun-quiz .widget-box { overflow: visible; }
.shogun-app .shogun-quiz button { min-height: 44px; min-width: 44px; }
.shogun-app .shogun-quiz .shogun-quiz-option { width: 100%; max-width: 32em; justify-content: flex-start;
  white-space: normal; height: auto; text-align: left; }
.shogun-app .shogun-quiz .shogun-quiz-option.shogun-quiz-right { outline: 3px solid #1b5e20; }
.shogun-app .shogun-quiz .shogun-quiz-sentence { font-size: 1.25em; font-weight: bold; line-height: 1.3; }
.shogun-app .shogun-quiz .shogun-quiz-timer { font: bold 1.4em monospace; }
.shogun-app .shogun-quiz .widget-html-content { line-height: 1.35; }
.shogun-app .shogun-quiz input[type=text] { min-height: 44px; font-size: 1.1em; }
.shogun-app.shogun-teacher .shogun-quiz { font-size: 1.5em; }
.shogun-app .shogun-quiz-picture svg { max-width: 100%; height: auto; }
.shogun-app .shogun-quiz-picture-frame { max-width: 100%; overflow-x: auto; overflow-y: hidden; }
@media (max-width: 600px) {  /* a phone: the board at a readable scale (its names 11 px), scrolled sideways in its frame */
  .shogun-app:not(.shogun-teacher) .shogun-quiz-picture:not(.shogun-quiz-picture-turn) svg {
    width: max(100%, calc(var(--shogun-picture-units, 600) * 0.55px)); max-width: none !important; }
}
.shogun-app.shogun-teacher .shogun-quiz-picture svg {
  width: min(100%, calc(55vh * var(--shogun-picture-ratio, 1.5))); }
.shogun-app.shogun-teacher .shogun-quiz-picture-turn svg { width: min(100%, 36em); }
.shogun-app .shogun-quiz-cube { display: inline-block; width: 1.6em; height: 1.6em; margin: 0.1em;
  border: 1px solid #333; text-align: center; line-height: 1.6em; font-weight: bold; }
</style>"""


def question_html(q: dict | None, number: int, total: int) -> str:
    """The question asked (its public part ``q``): its number, sentence, facts and, for a battle, the tray."""
    if q is None:
        return ""
    head = _("Question {number} of {total}").format(number=i18n.format_number(number + 1),
                                                     total=i18n.format_number(total))
    facts = "".join(f"<li>{escape(line)}</li>" for line in words.fact_lines(q))
    return (f"<div class='shogun-quiz-number' style='color:#555'>{escape(head)}</div>"
            f"<div class='shogun-quiz-sentence'>{escape(words.question_sentence(q))}</div>"
            f"{tray_html(q)}<ul class='shogun-quiz-facts'>{facts}</ul>")


_CUBE = "<span class='shogun-quiz-cube' style='background:{fill};color:{ink}'>{letter}</span>"


def tray_html(q: dict) -> str:
    """A battle question's picture: the cubes that came out of the tower, each in its colour with its letter (the
    facts say the same in words beside it, so the picture is hidden from screen readers)."""
    if q["kind"] != "battle":
        return ""
    f = q["facts"]
    out = f["came_out"]
    attacker = None if f["battle"] == "revolt" else f["attacker"]
    cubes = []
    groups = [(seat, n) for seat, n in ((attacker, out["attacker"]), (f["defender"], out["defender"]))
              if seat is not None] + [(None, out["farmers"])]  # as the facts count them (text/quiz.py)
    for owner, n in groups:
        style = cube_style(owner)
        letter = escape(terms.cube_letter(style.name))
        cube = _CUBE.format(fill=style.fill, ink=style.text, letter=letter)  # i18n-ok: a cube's letter, no sentence
        cubes += [cube] * int(n or 0)
    return f"<div class='shogun-quiz-tray' aria-hidden='true'>{''.join(cubes)}</div>" if cubes else ""


def timer_html(view: dict) -> str:
    """The time left for the question asked, or that it is up (a timer: screen readers read it when asked)."""
    if view["phase"] == "open":
        n = view["seconds"]
        text = ngettext("{n} second left", "{n} seconds left", n).format(n=n)
    elif view["phase"] == "closed":
        text = _("Time is up.")
    else:
        return ""
    return f"<div class='shogun-quiz-timer' role='timer'>{escape(text)}</div>"


def answered_html(view: dict) -> str:
    """The projector's live count: how many joined, how many answered the question asked."""
    joined = ngettext("{n} student has joined.", "{n} students have joined.", view["joined"]).format(
        n=view["joined"])
    lines = [joined]
    if view["question"] is not None:
        n = view["answered"]
        lines.append(ngettext("{n} student has answered.", "{n} students have answered.", n).format(n=n))
    inner = "".join(f"<div>{escape(t)}</div>" for t in lines)
    return f"<div class='shogun-quiz-count' role='status' aria-live='polite'>{inner}</div>"


def reveal_html(view: dict, large: bool = False) -> str:
    """After the reveal: the right answer and the engine's explanation of it (nothing before), without the lines
    the question shows already above it (its facts, the advantage its sentence names); the picture ``large`` on the
    projector."""
    r = view.get("reveal")
    if not r:
        return ""
    answer = _("The answer: {answer}").format(answer=words.option_label(r, r["answer"]))
    shown, sentence = set(words.fact_lines(r)), words.question_sentence(r)
    lines = "".join(f"<li>{escape(line)}</li>" for line in words.reveal_lines(r)
                    if line not in shown and line not in sentence)
    return (f"<div class='shogun-quiz-answer' style='font-weight:bold;color:#1b5e20'>{escape(answer)}</div>"
            f"<ul class='shogun-quiz-explanation'>{lines}</ul>{picture_html(r, large)}")


def chapter_title(key: str) -> str:
    from ..rulebook import content

    return next((_(c.title) for c in content.CHAPTERS if c.key == key), key)


def summary_html(view: dict) -> str:
    """The class on the revealed question: who was right, each option's count, and the rule the class missed."""
    s, r = view.get("summary"), view.get("reveal")
    if not s or not r:
        return ""
    if not s["answered"]:
        lines = [_("Nobody answered this question.")]
    else:
        lines = [ngettext("{n} student was right.", "{n} students were right.", s["right"]).format(n=s["right"])]
        lines += [ngettext("{n} answer: {option}", "{n} answers: {option}", c).format(
            option=words.option_label(r, option), n=c) for option, c in s["choices"]]
        if s["missed"]:
            lines.append(_("Rule to go over again: {chapter}").format(chapter=chapter_title(s["missed"])))
        else:
            lines.append(_("At least half of the class got this one right."))
    items = "".join(f"<li>{escape(t)}</li>" for t in lines)
    return f"<div class='shogun-quiz-summary'><ul>{items}</ul></div>"


def board_html(board: list[dict]) -> str:
    """The leaderboard: place, name and right answers, best first."""
    if not board:
        return ""
    title = _("Leaderboard")
    rows = "".join("<li>{}</li>".format(escape(ngettext(
        "{rank}. {name}: {n} right answer", "{rank}. {name}: {n} right answers", b["score"]).format(
            rank=i18n.format_number(b["rank"]), name=b["name"], n=b["score"]))) for b in board)
    return (f"<div class='shogun-quiz-board'><b>{escape(title)}</b>"
            f"<ol style='list-style:none;padding-left:0.5em'>{rows}</ol></div>")


def missed_html(missed: list[tuple[str, int]]) -> str:
    """At the end: the rules the class missed (most missed first), or that it missed none."""
    if not missed:
        text = _("The class missed no rule: at least half answered each question right.")
    else:
        text = _("Rules to go over again: {chapters}").format(
            chapters=i18n.format_list([chapter_title(k) for k, _n in missed]))
    return f"<div class='shogun-quiz-missed'><b>{escape(text)}</b></div>"


__all__ = ["QUIZ_CSS", "answered_html", "board_html", "chapter_title", "missed_html", "question_html",
           "reveal_html", "summary_html", "timer_html", "tray_html"]
