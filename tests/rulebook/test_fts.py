"""The lookup's table in pure Python (the browser has no sqlite3) ranks as SQLite's FTS5 does (rulebook/fts.py)."""

from __future__ import annotations

import json

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook import fts, lookup

# the lookup tests' languages, question sets and language reset (the fixture is autouse: imported, it applies here)
from .test_lookup import LANGS, QUESTIONS, english_afterwards  # noqa: F401


def test_the_ascii_tokenizer_as_fts5_reads_it():
    assert fts.ascii_tokens("Kozuke's TOWER, tray_2 Ōsumi 塔から") == ["kozuke", "s", "tower", "tray", "2", "Ōsumi", "塔から"]


def test_phrases_prefixes_and_scores_equal_sqlite_on_a_small_table():
    rows = [(1, "the tray", "cubes fall into the tray"), (2, "tower", "the tower throws cubes"),
            (3, "winter", "rice for the winter, rice again"), (4, "", "trays and towers")]
    sql, py = fts.SqliteTable(rows), fts.PythonTable(rows)
    for terms in ([("tray", False)], [("tray", True)], [("tow", True), ("rice", False)], [("the tray", False)],
                  [("into the", True)], [("nothing", False)], [("cubes", False), ("cubes", False)]):
        got, want = py.match(terms), sql.match(terms)
        assert [r for r, _s in got] == [r for r, _s in want], terms
        assert [s for _r, s in got] == pytest.approx([s for _r, s in want], rel=1e-12), terms


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_is_answered_alike_in_python_and_in_sqlite(lang, monkeypatch):
    """Each language's questions: the same answers in the same order, the same scores."""
    i18n.set_language(lang)
    questions = [q["q"] for q in json.loads((QUESTIONS / f"{lang}.json").read_text(encoding="utf-8"))["questions"]]
    with_sqlite = {q: lookup.search(q) for q in questions}
    index = lookup.index(lang)
    monkeypatch.setattr(index, "table", fts.PythonTable(index.rows))
    for q in questions:
        assert [(a.key, a.text) for a in lookup.search(q)] == [(a.key, a.text) for a in with_sqlite[q]], q
        assert [a.score for a in lookup.search(q)] == pytest.approx([a.score for a in with_sqlite[q]], rel=1e-9)


def test_without_sqlite3_the_table_is_pythons(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_sqlite(name, *args, **kw):
        if name == "sqlite3":
            raise ImportError("No module named 'sqlite3'")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_sqlite)
    assert isinstance(fts.table([(0, "tray", "the tray")]), fts.PythonTable)
