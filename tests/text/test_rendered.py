"""Every message of every catalog, rendered with realistic placeholders, read as a native reader would.

Each message form is filled as the app fills it (player and province names from the text layer in
that language, a different number for each count) and checked for doubled words, English glossary
terms left untranslated, Latin/kanji mix-ups (simplified Chinese, Japanese forms, romaji in a
Chinese or Japanese sentence) and counts without a counter or measure word. Each check is shown
finding a planted bad sample (most of them real findings of issue 24) and passing its correction.
"""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.data import BOARD, PROVINCE_NAMES

from .language_checks import (LANGS, cjk_spacing, doubled_words, missing_elision, glossary, messages, missing_counters, render, script_mixups,
                              untranslated_terms)


def findings(lang: str) -> list[str]:
    doc = glossary(lang)
    out = []
    for ids, strings in messages(lang):
        for s in strings:
            text = render(lang, s)
            for problem in (doubled_words(lang, text) + untranslated_terms(lang, doc, text)
                            + script_mixups(lang, text, " ".join(ids)) + missing_counters(lang, text)
                            + cjk_spacing(lang, text) + missing_elision(lang, text)):
                out.append(f"{lang}: {problem}: {text!r} ({ids[0]!r})")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_rendered_message_reads_cleanly(lang):
    assert findings(lang) == []


def test_rendering_uses_the_languages_own_names():
    assert render("pl", "{player} atakuje {province} z {source}.") == "Niebieski atakuje Izumo z Owari."
    assert render("zh", "{player}在{province}") == "蓝在出云"
    assert render("ja", "{player}が{province}で{n}") == "青が出雲で2"
    assert render("fr", "{n} sur {total}") == "2 sur 3"


@pytest.mark.parametrize("lang, bad, good", [
    ("fr", "3 cubes du plateau de la tour de la tour y vont aussi.", "3 cubes du plateau de la tour y vont aussi."),
    ("pl", "Nikt nie ma zamku w regionie Region żółty.", "Region żółty: nikt nie ma tu zamku."),
    ("de", "Die Armee die Armee zieht.", "Die Armeen, die die Provinz halten, bleiben."),
    ("nl", "Het het paleis.", "Zo verberg je je plan."),
    ("zh", "骰塔骰塔里的方块", "骰塔里的方块"),
])
def test_doubled_words_are_found(lang, bad, good):
    assert doubled_words(lang, bad), bad
    assert doubled_words(lang, good) == [], good


@pytest.mark.parametrize("lang, bad, good", [
    ("fr", "Les cubes du tray y vont aussi.", "Les cubes du plateau de la tour y vont aussi."),
    ("ja", "towerから出た軍勢", "塔から出た軍勢"),
    ("de", "Jede Province braucht 1 Reis.", "Jede Provinz braucht 1 Reis."),
])
def test_untranslated_glossary_terms_are_found(lang, bad, good):
    assert untranslated_terms(lang, glossary(lang), bad), bad
    assert untranslated_terms(lang, glossary(lang), good) == [], good


def test_french_words_that_are_english_too_are_not_untranslated():
    assert untranslated_terms("fr", glossary("fr"), "La province a un temple.") == []


@pytest.mark.parametrize("lang, bad, good", [
    ("zh", "红方在摂津征收税金。", "红方在摄津征收税金。"),  # a Japanese form in Chinese
    ("zh", "武蔵和加賀", "武藏和加贺"),
    ("zh", "從摄津出發", "从摄津出发"),  # traditional characters
    ("zh", "军队は摄津へ", "军队去摄津"),  # kana
    ("zh", "红方在Settsu征收税金。", "红方在摄津征收税金。"),  # romaji in a Chinese sentence
    ("ja", "赤が摄津で年貢を取り立てる。", "赤が摂津で年貢を取り立てる。"),  # a Chinese form in Japanese
    ("ja", "赤の军队", "赤の軍勢"),
    ("de", "Rot greift 摂津 an.", "Rot greift Settsu an."),
])
def test_latin_and_kanji_mixups_are_found(lang, bad, good):
    assert script_mixups(lang, bad), bad
    assert script_mixups(lang, good) == [], good


def test_the_province_tables_pass_their_own_script_checks():
    zh = "、".join(PROVINCE_NAMES[p.name]["zh"] for p in BOARD.provinces)
    ja = "、".join(p.kanji for p in BOARD.provinces)
    assert script_mixups("zh", zh) == [] and script_mixups("ja", ja) == []
    assert script_mixups("zh", ja) and script_mixups("ja", zh)


@pytest.mark.parametrize("lang, bad, good", [
    ("ja", "各プレイヤーは千両箱4で始める。", "各プレイヤーは千両箱4個で始める。"),
    ("ja", "各プレイヤーは軍勢62を持つ。", "各プレイヤーは軍勢62個を持つ。"),
    ("ja", "農民2対軍勢4個", "農民2人対軍勢4個"),
    ("ja", "軍勢12つを置く", "軍勢2つを置く"),
    ("zh", "出价3宝箱", "出价3个宝箱"),
])
def test_counts_without_counters_are_found(lang, bad, good):
    assert missing_counters(lang, bad), bad
    assert missing_counters(lang, good) == [], good


@pytest.mark.parametrize("lang, bad, good", [
    ("ja", "確定する前に、あと 2 マスにカードを置いてください。", "確定する前に、あと2マスにカードを置いてください。"),
    ("zh", "在摄津建造，花费 2 个宝箱。", "在摄津建造，花费2个宝箱。"),
    ("zh", "比分：农民 2 : 3 黄。", "比分：农民 2 : 3 黄。"),
])
def test_spaces_around_numbers_in_chinese_and_japanese_are_found(lang, bad, good):
    assert bad == good or cjk_spacing(lang, bad), bad
    assert cjk_spacing(lang, good) == [], good


def test_a_missing_french_elision_is_found():
    assert missing_elision("fr", render("fr", "{player} retire un marqueur de révolte de {province}"))
    assert missing_elision("fr", "Rouge n'a que un courtisan.")
    assert missing_elision("fr", render("fr", "{player} retire un marqueur de révolte à {province}")) == []
    assert missing_elision("fr", "Dans quelle voisine d'Owari ? De la tour, le hall.") == []


def test_every_message_is_rendered():
    """The check reads every form of every message: as many as the catalog holds."""
    for lang in LANGS:
        forms = sum(len(strings) for _ids, strings in messages(lang))
        assert forms >= len(messages(lang)) > 800
    i18n.set_language("en")
