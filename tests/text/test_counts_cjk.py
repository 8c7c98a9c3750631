"""Chinese and Japanese counts, ties and verbs, read from the catalogs (issue 50).

The English message says what is counted ("{n} armies", "{short} rice", "9 provinces"); the Chinese or
Japanese translation must count that same number with the noun's counter or measure word (ja 軍勢{n}個,
農民{n}人, {n}か国; zh {n}支军队, {n}份稻米). Ties that are not a battle's draw are not 平局/引き分け,
and a Japanese sentence does not stop on a counted object without its verb. Each check is also run on
the issue's quoted findings, so a check that stops finding anything fails here.
"""

from __future__ import annotations

import re

import pytest

from .language_checks import messages

#: English noun after a number -> the counters a translation may put after that number. つ (ja) is allowed
#: only after a written digit below ten (the style guide: つ only under ten), never after a placeholder.
_CARD = r"(?:(?:event|privilege|samurai|province|battle-tower|war-chest|action|special) )?cards?"
COUNTERS = {
    "ja": [(r"arm(?:y|ies)", "個"), (r"chests?", "個"), (r"farmers?", "人"), (r"court officials?", "人"),
           (_CARD, "枚"), (r"(?:victory )?points?", "点"), (r"provinces?", "か国"), (r"cubes?", "個"),
           (r"unrest markers?", "個"), (r"regions?", "地方")],
    "zh": [(r"arm(?:y|ies)", "支"), (r"chests?", "个|箱"), (r"rice", "份"), (r"farmers?", "个"),
           (r"court officials?", "名"), (_CARD, "张"), (r"provinces?", "个"), (r"cubes?", "个"),
           (r"unrest markers?", "个"), (r"regions?", "个")],
}
#: placeholders that hold names, not counts ("{province} armies" is a province's armies)
_NAMES = r"province|player|target|source|region|defender|attacker|who|players"
_ADJECTIVE = r"(?:free |enemy |extra |more |earlier |defending |attacking )?"


def counter_findings(lang: str, english: str, translation: str) -> list[str]:
    """Numbers the English counts (a placeholder or a written number before a counted noun) that the
    translation writes without the noun's counter."""
    out = []
    for noun, counter in COUNTERS[lang]:
        for m in re.finditer(rf"(?<![+\w.{{])(\{{(?!(?:{_NAMES})\}})\w+\}}|\d+) {_ADJECTIVE}{noun}\b", english):
            number = m.group(1)
            if number not in translation:
                continue  # the translation says it another way ("both", "一支"); other checks read those
            allowed = counter + ("|つ" if lang == "ja" and len(number) == 1 else "")
            if not re.search(rf"(?<![\d{{]){re.escape(number)}(?:{allowed})", translation):
                out.append(f"{lang}: {number} in {english!r} needs {counter!r}: {translation!r}")
    return out


_JA_TSU_AFTER_PLACEHOLDER = re.compile(r"\}つ")
_JA_ARMY_TSU = re.compile(r"軍勢[がをは]?(?:もう)?(?:\d+|\{\w+\})つ|(?:\d+|\{\w+\})つの軍勢")


def ja_tsu_findings(text: str) -> list[str]:
    """つ counts only small written numbers and never armies (軍勢{n}個, the style guide)."""
    return [m.group(0) for m in _JA_TSU_AFTER_PLACEHOLDER.finditer(text)] + \
        [m.group(0) for m in _JA_ARMY_TSU.finditer(text)]


_TIE = re.compile(r"\bti(?:e|ed|es|ing)\b|\bequal (?:bids|points|numbers)\b", re.I)
_DRAW = re.compile(r"\bdraw", re.I)
_DRAW_WORD = {"zh": "平局", "ja": "引き分け", "da": "uafgjort"}


def tie_findings(lang: str, english: str, translation: str) -> list[str]:
    """A tie for the most buildings, in points or in bids is 并列/分数相同/出价相同 (zh), 同数/同点/同額 (ja)
    or "står lige"/"lighed" (da); 平局/引き分け/uafgjort is only a battle's draw."""
    if _TIE.search(english) and not _DRAW.search(english) and _DRAW_WORD[lang] in translation.lower():
        return [f"{lang}: a tie written as a draw: {translation!r} ({english!r})"]
    return []


_JA_VERBLESS = re.compile(r"を[^、。：；を]{0,12}?(?:\d+|\{\w+\})(?:枚|個|人|つ)(?:。|$)")


def ja_verbless_findings(text: str) -> list[str]:
    """A Japanese clause that names a counted object with を must go on to its verb
    ("イベントカードを4枚表にする", not "…イベントカードを4枚")."""
    return [m.group(0) for m in _JA_VERBLESS.finditer(text)]


# ---------------------------------------------------------------- the checks on the real catalogs

@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_every_counted_number_has_its_counter(lang):
    findings = [f for ids, strings in messages(lang) for s in strings
                for f in counter_findings(lang, ids[-1], s)]
    assert findings == []


def test_japanese_never_counts_armies_or_placeholders_with_tsu():
    assert [f for _, strings in messages("ja") for s in strings for f in ja_tsu_findings(s)] == []


@pytest.mark.parametrize("lang", ["ja", "zh", "da"])
def test_ties_are_not_draws(lang):
    assert [f for ids, strings in messages(lang) for s in strings for f in tie_findings(lang, ids[-1], s)] == []


def test_japanese_counted_objects_have_their_verb():
    assert [f for _, strings in messages("ja") for s in strings for f in ja_verbless_findings(s)] == []


# ---------------------------------------------------------------- each check finds what issue 50 found

@pytest.mark.parametrize("lang, english, bad, good", [
    ("ja", "Only {n} armies are left in the supply.", "ストックには軍勢が{n}つしか残っていない。",
     "ストックには軍勢が{n}個しか残っていない。"),
    ("ja", "{province} now holds {n} armies.", "{province}の軍勢は今{n}。", "{province}の軍勢は今{n}個。"),
    ("ja", "Your 'place 5 armies' action places 6 armies.", "あなたの「軍勢5個を配置」は6を置く。",
     "あなたの「軍勢5個を配置」は6個を置く。"),
    ("ja", "You are red: 9 provinces, 6 rice.", "あなたは赤：9国、米6。", "あなたは赤：9か国、米6。"),
    ("zh", "{province} gives {n} rice now (one unrest more).", "{province}现在产出{n}稻米（多一个不满标志物）。",
     "{province}现在产出{n}份稻米（多一个不满标志物）。"),
    ("zh", "Attack with {n} armies.", "以{n}军队进攻。", "用{n}支军队进攻。"),
    ("zh", "Pay 3 chests and place 5 armies.", "支付3宝箱，招募5军队。", "支付3箱财宝，招募5支军队。"),
])
def test_counter_check_finds_the_issue_50_counts(lang, english, bad, good):
    assert counter_findings(lang, english, bad), bad
    assert counter_findings(lang, english, good) == [], good


def test_counter_check_leaves_names_labels_and_other_wordings_alone():
    assert counter_findings("ja", "From {province} armies can move to {n} provinces.", "{province}から軍勢は{n}か国へ") == []
    assert counter_findings("zh", "+1 army when attacking", "进攻时+1军队") == []
    assert counter_findings("ja", "Hatched: the 8 provinces", "斜線：8つの国") == []  # つ under ten
    assert counter_findings("ja", "Costs {n} court officials", "廷臣{n}人が必要") == []
    assert counter_findings("ja", "a stack of 12 samurai cards", "侍カード12つの山")  # つ never from ten on


def test_tsu_check_finds_the_issue_50_armies():
    for bad in ("軍勢が0つしかない", "軍勢が{n}つある", "軍勢を1つ加える", "軍勢をもう1つ塔に入れる", "少なくとも1つの軍勢",
                "{n}つの地方"):
        assert ja_tsu_findings(bad), bad
    for good in ("軍勢が{n}個ある", "一揆マーカーが1つ置かれる", "隣接する1つの国へ", "4つの地方に国を持つ"):
        assert ja_tsu_findings(good) == [], good


def test_tie_check_finds_draws_for_ties():
    assert tie_findings("zh", "This demonstration shows a tie for a majority at the scoring.", "这个演示展示计分时多数的平局。")
    assert tie_findings("zh", "Each scores {points} points, one less for the tie.", "各得{points}分，因并列少得1分。") == []
    assert tie_findings("zh", "Equal counts: a draw.", "比分相同：平局。") == []  # a battle's draw
    assert tie_findings("ja", "Tied region", "引き分けの地方")
    assert tie_findings("ja", "Tied region", "最多が同数の地方") == []
    assert tie_findings("da", "Tied region", "Uafgjort region")  # issue 50 re-read
    assert tie_findings("da", "Tied region", "Region, hvor spillere står lige") == []


def test_verb_check_finds_the_missing_verb():
    assert ja_verbless_findings("{year}年目の終わり：一揆マーカーを取り除き、米を0に戻し、新しいイベントカードを4枚")
    assert ja_verbless_findings("…新しいイベントカードを4枚表にする") == []
    assert ja_verbless_findings("特権カード{n}枚を裏向きにして混ぜる。") == []
