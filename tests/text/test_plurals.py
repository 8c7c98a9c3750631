"""Counts read right for every number: each plural message in each language, rendered for n = 0, 1, 2, 4,
5, 12, 21, 22, 25 through the app's own ``ngettext`` (each catalog's plural rule), puts no noun form
after a number that the number's CLDR plural category (Babel) does not allow: "1 chests", "5 skrzynie",
"21 skrzynia", "Rot 3 : 1 Bauern". Plain messages are checked with every number 1 and 5 (a number in a
plain message must not stand before a counted noun at all). The noun forms are in ``counted_nouns.py``."""

from __future__ import annotations

import re

import pytest
from babel import Locale

from shogun_tutor import i18n

from .counted_nouns import wrong_forms
from .language_checks import catalog, render

COUNTS = (0, 1, 2, 4, 5, 12, 21, 22, 25)
LANGS = ["en", "nl", "de", "fr", "da", "pl", "zh", "ja"]
_NUMBER_NOUN = re.compile(r"(?<![\d.,+\-])(\d+)[\s\u00a0\u202f]+(\w+)")
#: the last number of a list of numbers ("3, 2 and 1 points", "3, 2, then 1 armies"): the noun is the list's
_LIST_BEFORE = re.compile(r"\d+\s*,\s*(?:\d+\s*,?\s*)*(?:[^\W\d]+\s+)?$")


def miscounted(lang: str, text: str) -> list[str]:
    """Every "number noun" in ``text`` whose noun form does not fit the number in ``lang``."""
    locale = Locale.parse(lang)
    out = []
    for m in _NUMBER_NOUN.finditer(text):
        if _LIST_BEFORE.search(text[max(0, m.start() - 24):m.start()]):
            continue
        wrong = wrong_forms(lang, locale.plural_form(int(m.group(1))))
        word = m.group(2)
        if word in wrong or (lang != "de" and word.lower() in wrong):
            out.append(m.group(0))
    return out


def _plural_messages(lang: str):
    """(singular, plural) of every plural message: from the template for English, else the catalog."""
    source = catalog("pl") if lang == "en" else catalog(lang)  # the Polish catalog holds every msgid too
    return [m.id for m in source if isinstance(m.id, tuple)]


@pytest.mark.parametrize("bad, lang, good", [
    ("This action costs 1 chests.", "en", "This action costs 1 chest."),
    ("Ta akcja kosztuje 5 skrzynie.", "pl", "Ta akcja kosztuje 5 skrzyń."),
    ("Ta akcja kosztuje 21 skrzynia.", "pl", "Ta akcja kosztuje 21 skrzyń."),
    ("Masz teraz 2 skrzynię.", "pl", "Masz teraz 2 skrzynie."),
    ("Zählung: Rot 3 : 1 Bauern.", "de", "Zählung: Rot 3, Bauern 1."),
    ("Du hast 2 Truhe.", "de", "Du hast 2 Truhen."),
    ("Vous avez 2 coffre.", "fr", "Vous avez 0 coffre."),
    ("Die Burgen bringen 1 Punkte.", "de", "Die meisten Burgen, Tempel und Theater bringen 3, 2 und 1 Punkte."),
])
def test_a_miscounted_noun_is_found(bad, lang, good):
    assert miscounted(lang, bad) and not miscounted(lang, good)


def _count_placeholder(singular: str) -> str | None:
    """The placeholder whose number chooses the form: the one before the counted noun in English, else {n}."""
    from .test_sentences import _counted

    counted = _counted(singular)
    return counted[0][0] if counted else ("n" if "{n}" in singular else None)


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_message_reads_right_for_every_count(lang):
    t = i18n.translator(lang)
    problems = []
    for singular, plural in _plural_messages(lang):
        count = _count_placeholder(singular)
        for n in COUNTS:
            form = t.ngettext(singular, plural, n)
            assert form, (lang, singular, n)
            # every number n; then the count n and any other number 1 or 5 (no other number before a noun)
            texts = [render(lang, form, n)] + ([render(lang, form, n, count, other) for other in (1, 5)] if count else [])
            problems += [f"{lang} n={n}: {bad!r} in {text!r}" for text in texts for bad in miscounted(lang, text)]
    assert sorted(set(problems)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_number_in_a_plain_message_stands_before_a_counted_noun(lang):
    t = i18n.translator(lang)
    problems = []
    for m in catalog("pl"):
        if not m.id or isinstance(m.id, tuple):
            continue
        text = t.pgettext(m.context, m.id) if m.context else t.gettext(m.id)
        for n in (1, 5):
            problems += [f"{lang}: {bad!r} in {render(lang, text, n)!r}" for bad in miscounted(lang, render(lang, text, n))]
    assert problems == []
