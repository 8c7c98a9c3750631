"""No inflectable name spliced into a sentence (issue 24: de "in Gelbe Region", pl "w regionie Region żółty").

Region, building, season and board-side names are nouns with an adjective in most of the catalogs'
languages; a sentence that puts such a name after a preposition or an article needs it declined, which
a nominative label cannot be. So wherever the source fills a placeholder with one of these names, the
placeholder must stand, in every translation into a language that declines (nl de fr da pl), where a
label stands: at the start before a colon ("{region}: ..."), alone, in parentheses, or after a colon or a
middle dot (de "Deine Jahreszeit ({season}, Jahr {year})" is fine, "in {region}" is not). A sentence that needs the name inside it gets one
message per name and case (as player colours do: ``terms.COLOUR_NAMES_BY_CASE``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import shogun_tutor

from .language_checks import messages

PACKAGE = Path(shogun_tutor.__file__).parent
#: functions of the text layer that return a bare (nominative) name that languages decline
INFLECTABLE = {"region_name", "building_name", "season_name", "side_name"}
GETTEXT = {"_": 0, "ngettext": 0, "pgettext": 1, "npgettext": 1}
LABEL_BEFORE = r"(?:^|: |：|\(|（|· |→ |\n)"
LABEL_AFTER = r"(?:$|[ \u00a0\u202f]?[:：]|\)|）| ·|,|\n)"  # fr puts a (no-break) space before its colon
DECLINING = ["nl", "de", "fr", "da", "pl"]


def _called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        f = node.func
        return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    return None


def _messages(call: ast.Call) -> list[str]:
    """The English message(s) of a gettext call: singular and plural of ngettext."""
    name = _called(call)
    first = GETTEXT[name]
    args = call.args[first:first + (2 if name in ("ngettext", "npgettext") else 1)]
    return [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def filled_with_names(source: str) -> dict[str, set[str]]:
    """{English message: placeholders the source fills with an inflectable name} of one module."""
    out: dict[str, set[str]] = {}
    tree = ast.parse(source)
    # variables that hold such a name (``name = terms.region_name(region)``), anywhere in the module
    held = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and _called(node.value) in INFLECTABLE
            for t in node.targets if isinstance(t, ast.Name)}

    def inflectable(value: ast.AST) -> bool:
        return _called(value) in INFLECTABLE or (isinstance(value, ast.Name) and value.id in held)

    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                and _called(node.func.value) in GETTEXT):
            continue
        names = {kw.arg for kw in node.keywords if inflectable(kw.value)}
        for message in _messages(node.func.value) if names else []:
            out.setdefault(message, set()).update(names)
    return out


def splices(translation: str, placeholders: set[str]) -> list[str]:
    """The placeholders of ``placeholders`` that ``translation`` puts inside a sentence, not as a label."""
    out = []
    for name in sorted(placeholders):
        for m in re.finditer(re.escape("{" + name + "}"), translation):
            if not (re.search(LABEL_BEFORE + r"\Z", translation[:m.start()]) and re.match(LABEL_AFTER, translation[m.end():])):
                out.append(f"{{{name}}} spliced into {translation!r}")
    return out


def source_messages() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for message, names in filled_with_names(path.read_text(encoding="utf-8")).items():
            found.setdefault(message, set()).update(names)
    return found


def test_the_source_scan_finds_the_names_it_should():
    found = source_messages()
    assert found["{region}: nobody has a castle here, so nobody scores for castles."] == {"region"}
    assert found["{side}: {region}"] == {"side", "region"}
    plural = 'ngettext("{p} tie in {region}.", "{p} ties in {region}.", n).format(p=x, region=terms.region_name(r))'
    assert filled_with_names(plural) == {"{p} tie in {region}.": {"region"}, "{p} ties in {region}.": {"region"}}
    assert filled_with_names('_("Attack {province}").format(province=terms.province_name(p))') == {}
    held = 'name = terms.region_name(r)\nx = _("Nobody in {region}").format(region=name)'
    assert filled_with_names(held) == {"Nobody in {region}": {"region"}}


@pytest.mark.parametrize("lang", DECLINING)
def test_no_inflectable_name_is_spliced_into_a_translated_sentence(lang):
    filled = source_messages()
    found = []
    for ids, strings in messages(lang):
        names = set().union(*(filled.get(i, set()) for i in ids))
        for s in strings if names else ():
            found += [f"{lang}: {f}" for f in splices(s, names)]
    assert found == []


@pytest.mark.parametrize("bad", ["Niemand hat eine Burg in {region}: dort punktet niemand.",
                                 "Nikt nie ma zamku w regionie {region}.", "Personne n'a de château en {region}.",
                                 "{players} staan gelijk in {region} met elk 2 paleizen."])
def test_a_spliced_region_is_found(bad):
    assert splices(bad, {"region"})


@pytest.mark.parametrize("good", ["{region}: Niemand hat hier eine Burg.", "{province} ({region})", "{side}: {region}",
                                  "Jahr {year} · {season}", "Deine Jahreszeit ({season}, Jahr {year}): 2 Aktionen"])
def test_a_name_used_as_a_label_is_not(good):
    assert splices(good, {"region", "side", "season"}) == []
