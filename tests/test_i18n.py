"""Translations: catalogs are complete, placeholders survive, and bad languages are clear errors."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shogun_tutor import i18n

LOCALE = Path(i18n.__file__).parent / "locale"
LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?(?::[^{}]*)?\}")


def _catalog(path):
    with open(path, "rb") as fh:
        return read_po(fh)


def _ids(catalog):
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_template_is_up_to_date_with_the_sources(tmp_path):
    """Every _() string in the code is in messages.pot (run `make translations` if this fails)."""
    out = tmp_path / "fresh.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(pybabel), "-q", "extract", "-F", str(LOCALE / "babel.cfg"), "--no-location", "-k", "N_",
         "-k", "NP_:1c,2", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-o", str(out), str(LOCALE.parent)],
        check=True,
    )
    fresh, committed = _ids(_catalog(out)), _ids(_catalog(LOCALE / "messages.pot"))
    assert fresh - committed == set(), "strings missing from messages.pot: run `make translations`"
    assert committed - fresh == set(), "stale strings in messages.pot: run `make translations`"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_is_complete(lang):
    template = _ids(_catalog(LOCALE / "messages.pot"))
    catalog = _catalog(LOCALE / lang / "LC_MESSAGES" / "messages.po")
    done = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0])
        for m in catalog
        if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)
    }
    missing = sorted(str(i[1]) for i in template - done)
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"


def _placeholders(text: str) -> dict[str, str]:
    """placeholder name -> its format spec ("{player:genitive}" -> {"player": "genitive"})."""
    out = {}
    for p in PLACEHOLDER.findall(text):
        body = p.strip("{}")
        name, _, spec = body.partition(":")
        out[name.split("!")[0]] = spec
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_survive_translation(lang):
    from shogun_tutor.text import terms

    catalog = _catalog(LOCALE / lang / "LC_MESSAGES" / "messages.po")
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = _placeholders(ids[-1]) | _placeholders(ids[0])
        for s in strings:
            if s:
                got = _placeholders(s)
                # a plural form may drop {n} (e.g. "one army"), never invent a placeholder
                assert set(got) <= set(wanted) and (set(got) == set(wanted) or len(ids) == 2), f"{lang}: {ids[0]!r} -> {s!r}"
                # a translation may add only a grammatical case to a name ("{player:genitive}"); a name fills it
                cases = {k: v for k, v in got.items() if v != wanted[k]}
                assert set(cases.values()) <= set(terms.CASES), f"{lang}: unknown case in {s!r}"
                values = {k: terms.PlayerName("red") if k in cases else 1 for k in got if k}
                s.format(**values)


def test_unknown_language_is_a_clear_error_and_changes_nothing():
    before = i18n.current_language()
    with pytest.raises(i18n.UnknownLanguageError, match="unknown language 'klingon'; available: da, de, en"):
        i18n.set_language("klingon")
    assert i18n.current_language() == before


def test_listeners_hear_language_changes():
    heard = []
    unsubscribe = i18n.on_language_change(heard.append)
    try:
        i18n.set_language("de")
        assert i18n._("Language") == "Sprache"
        i18n.set_language("en")
    finally:
        unsubscribe()
    assert heard == ["de", "en"]
    i18n.set_language("fr")
    i18n.set_language("en")
    assert heard == ["de", "en"]


def test_plural_forms_follow_each_language():
    pl = i18n.translator("pl")
    # no translated plural yet is needed for this: the rule itself must load and evaluate
    t = i18n._load("pl")
    assert [t._plural_fn(n) for n in (1, 2, 5, 22, 25)] == [0, 1, 2, 1, 2]
    assert pl.code == "pl"


def test_translator_does_not_change_the_current_language():
    i18n.set_language("en")
    assert i18n.translator("ja").gettext("Language") == "言語"
    assert i18n.current_language() == "en"
