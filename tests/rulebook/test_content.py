"""Chapters, rules, glossary and lookup: complete in every language, and every logged rule explained."""

import re
from pathlib import Path

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook import content
from shogun_tutor.rulebook.lookup import entries, related, search

LANGS = list(i18n.LANGUAGES)
RULES = Path(content.__file__).resolve().parents[1] / "rules"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def logged_rule_ids() -> set[str]:
    """Every rule id the engine writes with ``log_event("...")`` (read from the source of every module of ``rules/``)."""
    return {rid for path in sorted(RULES.rglob("*.py"))
            for rid in re.findall(r"log_event\(\s*\"([a-z_]+\.[a-z_]+)\"", path.read_text(encoding="utf-8"))}


def test_every_logged_rule_id_has_a_rule_text_and_a_chapter():
    ids = logged_rule_ids()
    assert len(ids) >= 28  # the list in docs/explanation-events.md
    for rid in ids:
        r = content.rule_for_event(rid)
        assert r.text and content.chapter(r.chapter)


def test_rule_ids_met_in_a_real_game_are_all_explained():
    from shogun_tutor.bots import make_bot, play
    from shogun_tutor.rules.game import new_game

    game = new_game(players=4, seed=3, setup="draft")
    play(game, [make_bot("heuristic", i) for i in range(4)])
    for e in game.state.log:
        content.rule_for_event(e["rule"])


def test_unknown_ids_are_clear_errors():
    with pytest.raises(ValueError, match="no rule text"):
        content.rule_for_event("nonsense.rule")
    with pytest.raises(ValueError, match="unknown chapter"):
        content.chapter("nonsense")


def test_related_rules_and_terms_point_to_real_rules():
    for r in content.RULES:
        for k in r.related:
            assert content.rule(k).key == k
        assert related(r.key)
    for t in content.GLOSSARY:
        content.rule(t.rule)


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_renders_in_every_language(lang):
    english = {(ch.key, m): content.paragraph(ch.key, m) for ch in content.CHAPTERS for m in ch.screens}
    i18n.set_language(lang)
    for ch in content.CHAPTERS:
        assert i18n._(ch.title)
        for msgid in ch.screens:
            text = content.paragraph(ch.key, msgid)
            assert text and "{" not in text
            assert (text != english[ch.key, msgid]) == (lang != "en")  # translated, numbers filled in
    for r in content.RULES:
        assert "{" not in content.rule_text(r)
    assert len(entries()) == len(content.RULES) + 10 + 5 + 12 + len(content.GLOSSARY) + sum(len(c.screens) for c in content.CHAPTERS)


def test_worked_examples_keep_their_numbers():
    assert "3 : 2" in content.paragraph("battles", content.chapter("battles").screens[3])
    assert "7" in content.paragraph("specials", content.chapter("specials").screens[1])
    assert "6" in content.paragraph("specials", content.chapter("specials").screens[1])


def test_search_finds_tray_and_dutch_revolt_with_related_rules():
    hits = search("tray")
    assert hits[0].key == "rule:tray"
    assert {r.key for r in related(hits[0].rule)} == {"battle", "tower_fill"}
    i18n.set_language("nl")
    keys = [h.key for h in search("opstand")]
    assert "rule:revolt" in keys and "chapter:revolts" in keys
    assert search("OPSTAND") and search("  ") == []


def test_search_castle_brings_building_scoring_and_the_castle_event():
    keys = [h.key for h in search("castle")]
    assert "card:action:castle" in keys and "rule:build" in keys and "rule:scoring" in keys
    assert "card:event:4" in keys  # castles hold
    assert search("castle scoring")[0].key == "rule:scoring"


def test_search_is_accent_blind():
    i18n.set_language("fr")
    assert search("theatre") == search("théâtre")


@pytest.mark.parametrize("lang", ["en", "pl", "zh", "ja"])
def test_chapters_introduce_provinces_with_their_kanji_and_name_them_in_the_language(lang):
    i18n.set_language(lang)
    battles = content.paragraph("battles", content.chapter("battles").screens[3])
    if lang in ("zh", "ja"):
        shinano = "Shinano 信浓" if lang == "zh" else "Shinano 信濃"  # Chinese: simplified forms (data/province_names.json)
        assert shinano in battles and "Kozuke 上野" in battles  # introduced: romaji and characters
        again = battles.rsplit("Kozuke 上野", 1)[1]  # named again later in the sentence
        assert "上野" in again and "Kozuke" not in again
        assert "Kai 甲斐" in content.paragraph("winter", content.chapter("winter").screens[2])
    else:  # written in Latin letters: the romaji, no kanji (issue 23: "Owari 尾張" in an English prompt)
        assert "Shinano" in battles and "Kozuke" in battles and "上野" not in battles
    from shogun_tutor.ui.rulebook_panel import PROMPTS

    for sid, msgid in PROMPTS.items():
        prompt = i18n._(msgid).format(**content.province_values())
        assert "{" not in prompt, sid


# a CJK ideograph (the kanji of a province's name)
_HAN = __import__("re").compile(r"[\u3400-\u9fff]")


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr", "da", "pl", "zh", "ja"])
def test_try_its_and_lookup_texts_name_provinces_in_the_languages_script(lang):
    """Issue 23: the languages written in Latin letters show no kanji in a try-it's task, a demonstration's
    opening or any rulebook text the lookup answers with; Chinese and Japanese name the provinces in characters."""
    from shogun_tutor.data import BOARD
    from shogun_tutor.text import terms
    from shogun_tutor.ui.demos import demo_intro
    from shogun_tutor.ui.rulebook_panel import PROMPTS

    i18n.set_language(lang)
    texts = {sid: i18n._(msgid).format(**content.province_values()) for sid, msgid in PROMPTS.items()}
    texts.update({f"demo:{sid}": demo_intro(sid) for sid in PROMPTS})
    texts.update({f"{c.key}/{i}": content.paragraph(c.key, p) for c in content.CHAPTERS for i, p in enumerate(c.screens)})
    texts.update({f"rule:{r.key}": content.rule_text(r) for r in content.RULES})
    if lang in ("zh", "ja"):
        owari = terms.province_name("Owari")
        assert owari == ("尾张" if lang == "zh" else "尾張") and owari in texts["tied-region"]
    else:
        kanji = {where: text for where, text in texts.items() if _HAN.search(text)}
        assert not kanji, kanji
        assert "Owari" in texts["tied-region"] and "Mino" in texts["tied-region"]
    assert all(BOARD.province(p) for p in ("Owari", "Mino"))


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "1 army", "7 armies"), ("pl", "1 armię", "7 armii"), ("de", "1 Armee", "7 Armeen")])
def test_counts_from_the_data_select_a_plural_form(lang, one, many, monkeypatch):
    i18n.set_language(lang)
    screen = content.chapter("setup").screens[1]
    assert many in content.paragraph("setup", screen)
    import dataclasses

    monkeypatch.setattr(content, "COMPONENTS", dataclasses.replace(content.COMPONENTS, tower_fill_armies_each=1, tower_fill_farmers=1))
    assert one in content.paragraph("setup", screen)


def test_each_expansion_has_its_chapter_at_the_end_and_its_rules_point_there():
    from shogun_tutor.data import COMPONENTS
    assert [c.key for c in content.CHAPTERS[-2:]] == ["tenno", "samurai"]
    assert [content.CHAPTERS[-2].visual, content.CHAPTERS[-1].visual] == ["court", "samurai"]
    for prefix, key, chapter in (("court.", "court", "tenno"), ("privilege.", "privilege", "tenno"), ("samurai.", "samurai", "samurai")):
        assert any(k.startswith(prefix) for k in content.LOG_RULES)
        assert all(v == key for k, v in content.LOG_RULES.items() if k.startswith(prefix))
        assert content.rule(key).chapter == chapter
    tenno = [content.paragraph("tenno", s) for s in content.chapter("tenno").screens]
    samurai = [content.paragraph("samurai", s) for s in content.chapter("samurai").screens]
    assert f"{COMPONENTS.court_officials_each} court officials" in tenno[0]
    assert "price 4, the next on price 3, the lowest on price 2" in tenno[2]  # the audience hall's prices, from the data
    assert "Kai on the field" in tenno[5] and "甲斐" not in tenno[5] and "1 stays in Kai." in tenno[5]  # the rulebook's example
    assert "equal numbers go in turn order" in tenno[6]
    assert "inferred" in content.rule_text(content.rule("privilege"))
    assert f"at least {COMPONENTS.samurai_min_regions} regions" in samurai[1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_expansion_chapters_show_the_inferred_mark_where_they_speak_of_amounts(lang):
    from shogun_tutor.data import COMPONENTS
    from shogun_tutor.text import terms

    i18n.set_language(lang)
    for key, screen, provenance in (("tenno", -1, COMPONENTS.privilege_provenance), ("samurai", 2, COMPONENTS.samurai_provenance)):
        mark = terms.provenance_mark(provenance)
        assert mark and mark in content.paragraph(key, content.chapter(key).screens[screen])
