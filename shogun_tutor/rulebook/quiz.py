"""The class quiz's questions, drawn from real positions and answered by the engine (issue 47).

A seeded game played by the bots (the same seed gives the same game, hence the same questions, in any
process) yields its battles and winters; each becomes a question whose right answer and distractors come
from the engine's own functions, never from a table of ours:

* ``battle``: who wins this battle, with what came out of the tower (:func:`rules.battle.judge`);
* ``rice``: how much rice a player must have after the winter's loss so that no province revolts
  (:meth:`Components.revolt_row`, the rulebook's winter table);
* ``revolts``: how many provinces revolt with the rice a player has (the same table);
* ``region``: who takes a region's points for a building type (:func:`rules.scoring.score`);
* ``turn``: which place of the turn order gives a special card (the round's own shuffle of
  :data:`Components.special_cards` onto the places, as :class:`rules.phases.planning.PlacePhase` hands them out).

A :class:`Question` keeps its answer to itself: :meth:`Question.public` is all a student's page may hold
before the reveal (the kind, the facts shown and the options); :meth:`Question.reveal` adds the answer and the
engine's figures for the explanation. :class:`QuizRound` grades the class: one answer per student and question
(the first counts), scores, a leaderboard and a per-question summary naming the rule (chapter) missed.
No text here: the words are the text layer's and the UI's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Iterable, Sequence

from ..data import BUILDINGS, COMPONENTS
from ..rules import battle as battle_rules
from ..rules.combat import verdict_dict
from ..rules.scoring import score

KINDS = ("battle", "rice", "revolts", "region", "turn")
#: the rulebook chapter each kind tests (the rule a class missed)
CHAPTER = {"battle": "battles", "rice": "winter", "revolts": "revolts", "region": "scoring", "turn": "specials"}
#: level 1: the winter's arithmetic; level 2: battles, majorities and the turn order's cards too
LEVELS = {1: ("rice", "revolts"), 2: KINDS}
MAX_QUESTIONS = 30
MAX_SEEDS = 12  # games played to find enough questions of the kinds asked


class QuizError(ValueError):
    """A quiz that cannot be made or an answer that cannot be taken; ``reason`` names which."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    facts: dict
    options: tuple[str, ...]
    answer: str
    explanation: dict
    #: the board as it stood (:func:`board_at`), shown with the reveal only: a winter's revolts, a region's majority
    picture: dict | None = None

    @property
    def chapter(self) -> str:
        return CHAPTER[self.kind]

    def public(self) -> dict:
        """What a student's page may hold before the reveal: no answer, no explanation."""
        return {"id": self.id, "kind": self.kind, "chapter": self.chapter, "facts": dict(self.facts),
                "options": list(self.options)}

    def reveal(self) -> dict:
        out = {**self.public(), "answer": self.answer, "explanation": dict(self.explanation)}
        if self.picture is not None:
            out["picture"] = self.picture
        return out

    def right(self, choice: str) -> bool:
        return choice == self.answer


# --- the engine's answers ----------------------------------------------------------------------------------
def battle_question(qid: str, event: dict) -> Question:
    """Who wins the battle of a ``battle.result`` event, judged again from what came out of the tower."""
    out = event["came_out"]
    kind = event["kind"]
    verdict = battle_rules.judge(kind, 0 if kind == "revolt" else out["attacker"],
                                 0 if kind == "neutral" else out["defender"], out["farmers"], event["unrest"])
    facts = {"province": event["province"], "battle": kind, "attacker": event["player"], "defender": event["defender"],
             "thrown": dict(event["thrown"]), "came_out": {k: out[k] for k in ("attacker", "defender", "farmers")},
             "unrest": event["unrest"]}
    explanation = verdict_dict(verdict)  # the figures the battle's own explanation reads
    return Question(qid, "battle", facts, ("attacker", "defender", "draw"), verdict.outcome, explanation)


def rice_needed(provinces: int) -> int:
    """The least rice with which a player holding ``provinces`` provinces has no revolt this winter."""
    return next(r for r in range(provinces + 1) if COMPONENTS.revolt_row(max(0, provinces - r)) is None)


def revolts_with(provinces: int, rice: int) -> int:
    row = COMPONENTS.revolt_row(max(0, provinces - rice))
    return row.provinces if row else 0


def _numbers(answer: int, spread: Iterable[int]) -> tuple[str, ...]:
    options = {answer}
    for d in spread:
        if len(options) == 4:
            break
        if answer + d >= 0:
            options.add(answer + d)
    ordered = sorted(options)
    return tuple(str(n) for n in ordered)


def rice_question(qid: str, event: dict) -> Question:
    need = rice_needed(event["provinces"])
    facts = {"player": event["player"], "provinces": event["provinces"], "loss": event["loss"]}
    spread = [event["loss"], -1, 1, -event["loss"], 2, -2, 3]
    return Question(qid, "rice", facts, _numbers(need, spread), str(need),
                    {"provinces": event["provinces"], "rice_needed": need})


def revolts_question(qid: str, event: dict, rng: random.Random) -> Question:
    """How many provinces revolt for the provinces a player held that winter, with the rice they had or (as often
    in class: a well-fed bot teaches little) a shortfall of 1 to 6."""
    rice = event["rice"] if rng.random() < 0.25 else max(0, event["provinces"] - rng.randint(1, 6))
    n = revolts_with(event["provinces"], rice)
    facts = {"player": event["player"], "provinces": event["provinces"], "rice": rice}
    most = max(row.provinces for row in COMPONENTS.winter_revolt_table)
    options = tuple(str(k) for k in range(0, most + 1))
    shortfall = max(0, event["provinces"] - rice)
    return Question(qid, "revolts", facts, options, str(n), {"shortfall": shortfall, "revolts": n})


def region_question(qid: str, region: str, building: str, counts: Sequence[int]) -> Question:
    """Who takes ``region``'s points for ``building`` with ``counts`` buildings per seat (scored by the engine)."""
    owners, buildings, regions = {}, {}, {}
    for seat, n in enumerate(counts):
        for i in range(n):
            name = f"{seat}.{i}"
            owners[name], buildings[name], regions[name] = seat, [building], region
    table = score(owners, buildings, regions, len(counts))["regions"][region][building]
    winners = table["winners"]
    answer = "nobody" if not winners else ("tie" if table["tie"] else f"seat:{winners[0]}")
    options = tuple(f"seat:{s}" for s, n in enumerate(counts) if n > 0) + ("tie",)
    facts = {"region": region, "building": building, "counts": list(counts)}
    return Question(qid, "region", facts, options, answer,
                    {"winners": list(winners), "points": table["points"], "tie": table["tie"]})


def turn_question(qid: str, specials: Sequence[str], special: str) -> Question:
    """Which place of the turn order gives ``special``, with the round's ``specials`` laid on the places in order
    (place ``i + 1`` carries ``specials[i]``: the card a player takes with that place, rules/phases/planning.py).
    Every place is an option: the distractors are the places that carry the round's other cards."""
    specials = list(specials)
    if special not in specials:
        raise QuizError("special")
    place = specials.index(special) + 1
    options = tuple(f"place:{n}" for n in range(1, len(specials) + 1))
    return Question(qid, "turn", {"specials": specials, "special": special}, options, f"place:{place}",
                    {"place": place, "special": special})


# --- drawing a quiz --------------------------------------------------------------------------------------
def board_at(state) -> dict:
    """The board of ``state`` as plain data (what :func:`viz.board.board_traces` reads of a state): the side, the
    player count and colours, and each province's owner, armies, buildings and unrest."""
    return {"side": state.side, "players": state.num_players, "colours": [p.colour for p in state.players],
            "provinces": {n: [p.owner, p.armies, list(p.buildings), p.unrest] for n, p in state.provinces.items()}}


@lru_cache(maxsize=16)
def _played(seed: int) -> tuple[tuple, dict]:
    """The log of the seeded game the bots play (4 players, beginner setup), and the board at each winter's rice
    and scoring events (by log index; taken as the event is logged: before the revolts, as scored): the same in
    any process."""
    from ..bots import make_bot
    from ..rules.game import new_game

    game = new_game(players=4, side="sun", setup="beginner", seed=seed, history=False)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(4)]
    boards: dict[int, dict] = {}

    def snapshot(event: dict) -> None:
        if event["rule"] in ("winter.rice", "winter.scoring"):
            boards[len(game.state.log) - 1] = board_at(game.state)

    game.add_observer(snapshot)
    while not game.over:
        game.apply(bots[game.to_decide()[1]].decide(game))
    return tuple(game.state.log), boards


def _game_log(seed: int) -> tuple:
    return _played(seed)[0]


_game_log.cache_clear = _played.cache_clear  # type: ignore[attr-defined]


def questions_of_game(seed: int) -> list[Question]:
    """Every question a seeded game yields, in the order of the game."""
    rng = random.Random(seed)
    out: list[Question] = []
    rounds = seed  # not the rng: adding a kind leaves the other kinds' questions as they were
    log, boards = _played(seed)
    for i, e in enumerate(log):
        qid = f"{seed}.{i}"
        if e["rule"] == "battle.result" and e.get("kind") in battle_rules.BATTLE_KINDS:
            out.append(battle_question(qid, e))
        elif e["rule"] == "winter.rice" and e["provinces"] > 0:
            out.append(replace(rice_question(qid + "r", e), picture=boards.get(i)))
            out.append(replace(revolts_question(qid + "v", e, rng), picture=boards.get(i)))
        elif e["rule"] == "round.start":
            rounds += 1  # the card asked for goes round the five, so a quiz asks about each of them
            out.append(turn_question(f"{qid}t", e["specials"], COMPONENTS.special_cards[rounds % len(e["specials"])]))
        elif e["rule"] == "winter.scoring":
            for region, types in sorted(e["regions"].items()):
                for building in BUILDINGS:
                    counts = types[building]["counts"]
                    if sum(1 for n in counts if n > 0) >= 2:  # a contest: at least two players have one
                        q = region_question(f"{qid}.{region}.{building}", region, building, counts)
                        out.append(replace(q, picture=boards.get(i)))
    return out


def draw_quiz(count: int, seed: int, chapters: Sequence[str] | None = None, level: int | None = None) -> list[Question]:
    """``count`` questions (1..:data:`MAX_QUESTIONS`) of the kinds of ``chapters`` or ``level`` (both None: all),
    drawn from games of seeds derived from ``seed``: each kind in turn, so a short quiz still mixes them."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_QUESTIONS:
        raise QuizError("count")
    kinds = list(KINDS)
    if level is not None:
        if level not in LEVELS:
            raise QuizError("level")
        kinds = list(LEVELS[level])
    if chapters:
        kinds = [k for k in kinds if CHAPTER[k] in set(chapters)]
        if not kinds:
            raise QuizError("chapters")
    rng = random.Random(seed)
    pools: dict[str, list[Question]] = {k: [] for k in kinds}
    for n in range(MAX_SEEDS):
        for q in questions_of_game(seed * 100 + n):
            if q.kind in pools:
                pools[q.kind].append(q)
        if sum(len(p) for p in pools.values()) >= 3 * count and all(pools.values()):
            break
    for pool in pools.values():
        rng.shuffle(pool)
    drawn: list[Question] = []
    while len(drawn) < count and any(pools.values()):
        for k in kinds:
            if pools[k] and len(drawn) < count:
                drawn.append(pools[k].pop())
    if len(drawn) < count:
        raise QuizError("too_few")
    return drawn


# --- the class's answers ---------------------------------------------------------------------------------
@dataclass
class QuizRound:
    """A class's answers to ``questions``: ``answers[student][question id]`` = the first choice they sent."""

    questions: list[Question]
    answers: dict[str, dict[str, str]] = field(default_factory=dict)

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.id == qid:
                return q
        raise QuizError("question")

    def answer(self, student: str, qid: str, choice: str) -> bool:
        """Take ``student``'s answer; False when they had answered this question already (the first counts).
        :class:`QuizError` for a question or an option that does not exist."""
        q = self.question(qid)
        if choice not in q.options:
            raise QuizError("option")
        mine = self.answers.setdefault(student, {})
        if qid in mine:
            return False
        mine[qid] = choice
        return True

    def answered(self, qid: str) -> int:
        return sum(1 for a in self.answers.values() if qid in a)

    def score(self, student: str, upto: int | None = None) -> int:
        """Right answers of ``student`` among the first ``upto`` questions (the revealed ones; None: all)."""
        mine = self.answers.get(student, {})
        return sum(1 for q in self.questions[:upto] if q.id in mine and q.right(mine[q.id]))

    def leaderboard(self, upto: int | None = None) -> list[tuple[str, int]]:
        """(student, score) best first; equal scores in the order the students joined."""
        order = list(self.answers)
        return sorted(((s, self.score(s, upto)) for s in order), key=lambda t: (-t[1], order.index(t[0])))

    def summary(self, qid: str) -> dict:
        """The class on one question: how many answered, how many right, each choice's count, and the rule (the
        chapter) to go over again when fewer than half were right."""
        q = self.question(qid)
        choices = Counter(a[qid] for a in self.answers.values() if qid in a)
        answered = sum(choices.values())
        right = choices.get(q.answer, 0)
        return {"id": qid, "answered": answered, "right": right, "choices": dict(choices), "answer": q.answer,
                "missed": q.chapter if answered and right * 2 < answered else None}


__all__ = ["KINDS", "CHAPTER", "LEVELS", "Question", "QuizError", "QuizRound", "draw_quiz", "questions_of_game",
           "rice_needed", "revolts_with", "battle_question", "region_question", "turn_question"]
