"""Each language follows its glossary: a key term is translated one way everywhere.

``shogun_tutor/locale/glossary/<lang>.json`` lists, per English term, the term the
catalog uses and its source (the printed rulebook where there is one). A message
whose English text names the term must use that term in every translation; rejected
alternatives (``avoid``) appear in no translation at all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shogun_tutor import i18n

LOCALE = Path(i18n.__file__).parent / "locale"
LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def glossary(lang: str) -> dict:
    with (LOCALE / "glossary" / f"{lang}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def entries(lang: str):
    """(English forms, translations) of every translated message, placeholders removed."""
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh)
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        yield [PLACEHOLDER.sub("", i) for i in ids], [PLACEHOLDER.sub("", s) for s in strings if s]


def inconsistencies(lang: str, doc: dict, messages) -> list[str]:
    out = []
    for term in doc["terms"]:
        english, accept = re.compile(term["english"], re.I), re.compile(term["accept"], re.I)
        avoid = [re.compile(a) for a in term.get("avoid", [])]
        for ids, strings in messages:
            for s in strings:
                if any(english.search(i) for i in ids) and not accept.search(s):
                    out.append(f"{lang}: {term['en']!r} should be {term['term']!r} in {s!r} ({ids[0]!r})")
                for a in avoid:
                    if a.search(s):
                        out.append(f"{lang}: {term['en']!r}: rejected {a.pattern!r} in {s!r}")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_has_a_source_for_every_term(lang):
    doc = glossary(lang)
    assert doc["language"] == lang and len(doc["terms"]) >= 12
    for term in doc["terms"]:
        assert term["term"] and term["source"], term
        re.compile(term["english"]), re.compile(term["accept"])


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_follows_its_glossary(lang):
    assert inconsistencies(lang, glossary(lang), list(entries(lang))) == []


def test_a_term_translated_two_ways_is_found():
    doc = {"terms": [{"en": "tray", "english": r"\btray\b", "term": "plateau de la tour", "accept": "plateau de la tour",
                      "avoid": [r"\bpaysan"], "source": "rulebook"}]}
    messages = [(["Cubes stay in the tray."], ["Les cubes restent dans le plateau."]),
                (["the farmers"], ["les paysans"]),
                (["Cubes stay in the tray."], ["Les cubes restent dans le plateau de la tour."])]
    found = inconsistencies("fr", doc, messages)
    assert len(found) == 2 and "plateau." in found[0] and "paysan" in found[1]
