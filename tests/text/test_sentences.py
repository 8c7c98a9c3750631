"""Whole sentences: no translated fragment is spliced into another, and every count selects a plural.

Two checks over the project:

* the template (``messages.pot``): a message translated with plain ``_()`` has no
  count placeholder (``{n}``, ``{count}``…, or a placeholder followed by a countable
  noun such as "{slots} building slots"); counts go through ``ngettext``;
* the sources (an AST lint): the result of ``_()``/``ngettext()``/``pgettext()`` is
  never concatenated (``+``, f-strings, ``", ".join``) with words, punctuation or
  another translation, and never fills a placeholder of another message. Names
  (player colours, provinces, cards, from ``terms`` and the name helpers) may fill
  placeholders; lists of names go through ``i18n.format_list``. A line may opt out
  with a ``# i18n-ok: <reason>`` comment (separate labels of a status bar, for example).
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

from babel.messages.pofile import read_po

import shogun_tutor

PACKAGE = Path(shogun_tutor.__file__).parent
TEMPLATE = PACKAGE / "locale" / "messages.pot"

# --- counts ----------------------------------------------------------------------------------

COUNT_NAMES = re.compile(r"\{(n|m|count|num|number_of_\w+)\}")
#: the nouns a number counts in this game, with the words that may stand between ("{n} extra farmers")
NOUN = (r"(armies|army|chests?|cubes?|farmers?|provinces?|slots?|points?|players?|moves?|markers?|cards?|rice|times?|"
        r"rounds?|buildings?|castles?|temples?|theaters?|officials?|privileges?|games?|seeds?|steps?|battles?|revolts?|"
        r"fields?|bids?|wins?|decisions?)")
COUNTED = re.compile(r"\{(\w+)[^{}]*\}\s+(?:(?:building|extra|simulated|unrest|victory|war-chest|enemy|more|other|neutral|"
                     r"own|court|Nō|legal)\s+)*" + NOUN + r"\b")
#: placeholders that hold names, not numbers ("{player} bids", "{province} armies can move")
NAMES = {"player", "players", "attacker", "defender", "owner", "winner", "who", "left", "province", "source", "target",
         "region", "name", "names", "special", "action", "season", "side", "building", "event"}


def _counted(message: str) -> list[tuple[str, str]]:
    """(placeholder, noun) for every placeholder that stands before a countable noun and holds a number."""
    from shogun_tutor.data import BOARD

    provinces = {p.name.lower().replace("-", "_") for p in BOARD.provinces}
    return [(m.group(1), m.group(2)) for m in COUNTED.finditer(message)
            if m.group(1) not in NAMES and m.group(1).removesuffix("_name") not in provinces]


def count_problems(message: str | tuple[str, str]) -> list[str]:
    """Why a message's counts read wrong in some language: a plain message (``_``) with a count; a plural
    message (``ngettext``) whose singular puts a number before a plural noun (that number is not the one
    that chooses the form: "costs {cost} chests" reads "costs 1 chests"), or with two counted nouns (only
    one number chooses the form; "{n} armies for {cost} chests" is wrong in Polish for 5 armies and 3 chests)."""
    if isinstance(message, str):
        return COUNT_NAMES.findall(message) + [f"{{{p}}} {noun}" for p, noun in _counted(message)]
    singular, _plural = message
    counted = _counted(singular)
    out = [f"{{{p}}} {noun} in the singular" for p, noun in counted if noun not in ("rice", "army") and noun.endswith("s")]
    out += [f"{{{p}}} {noun} in the singular" for p, noun in counted if noun == "armies"]
    if len({p for p, _ in counted}) > 1:
        out.append(f"two counts in one plural message: {sorted({p for p, _ in counted})}")
    return out


def test_count_check_finds_counts():
    assert count_problems("All {slots} building slots of {province} are used.")
    assert count_problems("{n} provinces need one rice each.")
    assert count_problems("Inside the tower: {inside} cubes.")
    assert count_problems("Each spring three cards are laid out: the highest on the field that costs {first} court officials.")
    assert not count_problems("Building slots used: {used} of {slots}.")
    assert not count_problems("Event card {number}: {name}.")
    assert not count_problems("{player} bids a province card.")
    # plural messages: the number before the noun must be the one that chooses the form
    assert count_problems(("Place {n} army in {province}; costs {cost} chests.", "Place {n} armies in {province}; costs {cost} chests."))
    assert count_problems(("{building} for {cost} chest: about {points} points.", "{building} for {cost} chests: about {points} points."))
    assert count_problems(("Moves {armies} army, which faces {threat} enemy armies.", "Moves {armies} armies, which faces {threat} enemy armies."))
    assert count_problems(("{n} army for {cost} chest.", "{n} armies for {cost} chests."))
    assert not count_problems(("Place {n} army in {province}.", "Place {n} armies in {province}."))
    assert not count_problems(("{province} gives {n} rice now.", "{province} gives {n} rice now."))
    assert not count_problems(("{n} army of {player} occupies {province}.", "{n} armies of {player} occupy {province}."))


def _template():
    with TEMPLATE.open("rb") as fh:
        return read_po(fh)


def test_no_count_in_a_message_without_plural_forms():
    bad = [m.id for m in _template() if m.id and isinstance(m.id, str) and count_problems(m.id)]
    assert bad == [], "use ngettext for these counts"


def test_every_number_before_a_noun_chooses_the_plural_form():
    bad = [(m.id[0], count_problems(m.id)) for m in _template() if isinstance(m.id, tuple) and count_problems(m.id)]
    assert bad == [], "one count per plural message, and it is the number before the noun"


# --- splicing ----------------------------------------------------------------------------------

GETTEXT = {"_", "gettext", "ngettext", "pgettext"}
#: functions that return names (players, provinces, cards, terms): they may fill placeholders
NAME_FUNCTIONS = {"player_name", "players", "province", "provinces", "winner_headline", "format_list"}
WRAPPERS = {"escape", "str"}
WORDS_OR_PUNCTUATION = re.compile(r"[^\W\d_]|[:;,.!?·]|^\s+$")


def _literal_text(s: str) -> str:
    return re.sub(r"<[^>]*>", "", s)  # HTML tags are markup, not words


class _Lint(ast.NodeVisitor):
    def __init__(self, source: str, path: str):
        self.lines = source.splitlines()
        self.path = path
        self.problems: list[str] = []
        self.scopes: list[dict[str, str]] = [{}]

    # what an expression is: "text" (a translated message or fragment), "name" (a translated name), or None
    def kind(self, node) -> str | None:
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in GETTEXT:
                return "text"
            if isinstance(f, ast.Attribute) and f.attr in GETTEXT:
                return "text"
            if isinstance(f, ast.Attribute) and f.attr == "format":
                return self.kind(f.value)
            if isinstance(f, ast.Name) and f.id in WRAPPERS and node.args:
                return self.kind(node.args[0])
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "terms":
                return "name"
            if isinstance(f, ast.Name) and f.id in NAME_FUNCTIONS:
                return "name"
            return None
        if isinstance(node, ast.Name):
            for scope in reversed(self.scopes):
                if node.id in scope:
                    return scope[node.id]
            return None
        if isinstance(node, ast.IfExp):
            kinds = {self.kind(node.body), self.kind(node.orelse)}
        elif isinstance(node, ast.BoolOp):
            kinds = {self.kind(v) for v in node.values}
        else:
            return None
        return "text" if "text" in kinds else ("name" if "name" in kinds else None)

    def report(self, node, what: str) -> None:
        line = self.lines[node.lineno - 1] if node.lineno <= len(self.lines) else ""
        if "# i18n-ok" in line:
            return
        problem = f"{self.path}:{node.lineno}: {what}: {line.strip()}"
        if not any(p.startswith(f"{self.path}:{node.lineno}:") for p in self.problems):  # once per line
            self.problems.append(problem)

    def _function(self, node):
        self.scopes.append({})
        self.generic_visit(node)
        self.scopes.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Assign(self, node):
        self.generic_visit(node)
        k = self.kind(node.value)
        for t in node.targets:
            if isinstance(t, ast.Name):
                if k:
                    self.scopes[-1][t.id] = k
                else:
                    self.scopes[-1].pop(t.id, None)

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Add):
            target = self.kind(node.target)
            value = self.kind(node.value)
            if target and (value or self._wordy(node.value)):
                self.report(node, "translated text extended with +=")

    def _wordy(self, node) -> bool:
        """A literal with words or punctuation, or only a space (sentences glued with " ")."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return bool(WORDS_OR_PUNCTUATION.search(_literal_text(node.value)))
        if isinstance(node, ast.JoinedStr):
            return any(self._wordy(v) for v in node.values if isinstance(v, ast.Constant))
        return False

    @staticmethod
    def _fstring_words(node: ast.JoinedStr) -> bool:
        """Words or punctuation in an f-string's literal parts (a space between a symbol and a name is fine)."""
        return any(re.search(r"[^\W\d_]|[:;,.!?]", _literal_text(v.value))
                   for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))

    @staticmethod
    def _separate_lines(node: ast.JoinedStr) -> bool:
        """Translated values the markup puts on lines of their own (<br>, </p>, </div>)."""
        return any(re.search(r"<br|</p>|</div>|</li>", v.value)
                   for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Add):
            left, right = self.kind(node.left), self.kind(node.right)
            if (left and (right or self._wordy(node.right))) or (right and self._wordy(node.left)):
                self.report(node, "translated text concatenated")

    def visit_JoinedStr(self, node):
        self.generic_visit(node)
        translated = [v for v in node.values if isinstance(v, ast.FormattedValue) and self.kind(v.value)]
        if translated and ((len(translated) > 1 and not self._separate_lines(node)) or self._fstring_words(node)):
            self.report(node, "translated text inside an f-string")

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "format" and self.kind(f.value) == "text":
            for kw in node.keywords:
                if kw.arg and self.kind(kw.value) == "text":
                    self.report(node, f"translated fragment fills placeholder {{{kw.arg}}}")
        if (isinstance(f, ast.Attribute) and f.attr == "join" and isinstance(f.value, ast.Constant)
                and isinstance(f.value.value, str) and WORDS_OR_PUNCTUATION.search(_literal_text(f.value.value))
                and node.args and any(self.kind(n) for n in ast.walk(node.args[0]))):
            self.report(node, "translated texts joined with a hard-coded separator (use format_list)")


def lint(source: str, path: str = "<string>") -> list[str]:
    checker = _Lint(source, path)
    checker.visit(ast.parse(source))
    return checker.problems


def test_the_lint_finds_spliced_fragments():
    bad = textwrap.dedent('''
        def f(e, p):
            a = _("{winner} wins.").format(winner=_("the farmers"))
            src = _("from the deck") if e else _("face up")
            b = _("The card was taken {where}.").format(where=src)
            c = f"{player_name(p)}: " + _("{points} points").format(points=1)
            d = ", ".join(_(x) for x in e)
            g = _("a.") + " " + ngettext("{n} b.", "{n} bs.", 2)
            h = f"{p}: {_('x')}"
            return a, b, c, d, g, h
    ''')
    problems = lint(bad)
    assert len(problems) == 6, problems
    good = textwrap.dedent('''
        def f(e, p):
            a = _("{player} wins.").format(player=player_name(p))
            b = _("Points so far: {points}.").format(points=format_list([player_name(i) for i in e]))
            c = "<br>".join(_(x) for x in e)
            d = "✕ " + _("Out of play")
            g = f"<b>{escape(terms.province_intro(p))}</b>"
            h = ", ".join(_(x) for x in e)  # i18n-ok: a test of the opt-out
            return a, b, c, d, g, h
    ''')
    assert lint(good) == []


def test_no_translated_fragment_is_spliced_into_a_sentence():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        problems += lint(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))
    assert problems == []
