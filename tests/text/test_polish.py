"""Polish declension: province names (romaji) do not decline, so a preposition or a verb that governs a case
takes the noun "prowincja" in that case ("do prowincji Kazusa", "w prowincji Kaga", "atakuje prowincję
Mino"), never the bare name ("do Kazusa", "w Kaga"); player colours take their case from the
translation's format spec (``test_terms.py``)."""

from __future__ import annotations

import re

import pytest

from shogun_tutor.data import BOARD

from .language_checks import catalog

_PROVINCE_KEYS = {"province", "source", "target"} | {p.name.lower().replace("-", "_") for p in BOARD.provinces}
#: words after which a bare province name would have to decline
_GOVERNS = r"(?:do|w|we|z|ze|na|od|dla|przy|po|przez|przeciw|naprzeciw|obok|spośród|atakuje|atakujesz|zaatakował\w*|atakował\w*|bierze|zajmuje)"
_BARE = re.compile(_GOVERNS + r" \{(\w+)(?::\w+)?\}", re.I)


#: a bare name as the subject of a gendered form ("{province} została utracona", "{province} zostaje oczyszczona"):
#: a romaji name has no gender of its own (Izumo, Kii), so the noun "prowincja" must stand there to agree with
_AGREES = re.compile(r"(?:(\w+) )?\{(?P<key>\w+)\}(?: \w+){0,3}? \w+(?:ła|ona|ana|ięta|alna)\b")


def bare_provinces(text: str) -> list[str]:
    found = [(m.group(0), m.group(1)) for m in _BARE.finditer(text)]
    found += [(m.group(0), m.group("key")) for m in _AGREES.finditer(text)
              if not (m.group(1) or "").lower().startswith("prowincj")]
    return [text for text, key in found if key.removesuffix("_name") in _PROVINCE_KEYS]


@pytest.mark.parametrize("bad, good", [
    ("Przesuń {n} armię do {target}", "Przesuń {n} armię do prowincji {target}"),
    ("Podatek w {province}", "Podatek w prowincji {province}"),
    ("Atakuje {target} z {province}", "Atakuje prowincję {target} z prowincji {province}"),
    ("w {kai} stoją 4 armie", "w prowincji {kai} stoją 4 armie"),
    ("Zaatakowałeś {target} z prowincji {province}", "Zaatakowałeś prowincję {target} z prowincji {province}"),
    ("{province} została już utracona tej zimy", "Prowincja {province} została już utracona tej zimy"),
    ("Powstanie się udaje: {province} zostaje oczyszczona", "Powstanie się udaje: prowincja {province} zostaje oczyszczona"),
])
def test_a_bare_province_after_a_preposition_is_found(bad, good):
    assert bare_provinces(bad) and not bare_provinces(good)


def test_polish_names_a_province_with_its_noun_where_the_case_shows():
    bad = []
    for m in catalog("pl"):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        bad += [f"{found!r} in {s!r}" for s in strings if s for found in bare_provinces(s)]
    assert bad == []


_PLAYER_KEYS = {"player", "players", "attacker", "defender", "owner", "winner", "who", "left", "loser"}
#: words after which a player's colour cannot stay in the nominative ("gracza Czarny", "armia Niebieski")
_NOT_NOMINATIVE = re.compile(r"(?:gracza|graczy|graczowi|graczom|gracz[ea]m|armi[aeię]|urzędnic\w*|przeciw|dla|od|do|u|z|ze|"
                             r"przez|atakuje|atakują|wobec|niż|karty|kart) \{(\w+)\}", re.I)


def nominative_players(text: str) -> list[str]:
    return [m.group(0) for m in _NOT_NOMINATIVE.finditer(text) if m.group(1) in _PLAYER_KEYS]


@pytest.mark.parametrize("bad, good", [
    ("Ochrona gracza {player} kończy się", "Ochrona gracza {player:genitive} kończy się"),
    ("urzędnicy graczy {players}", "urzędnicy graczy {players:genitive}"),
    ("{n} armia {player} zajmuje prowincję", "{n} armia {player:genitive} zajmuje prowincję"),
    ("{player} atakuje {defender}", "{player} atakuje {defender:accusative}"),
])
def test_a_player_left_in_the_nominative_is_found(bad, good):
    assert nominative_players(bad) and not nominative_players(good)


def test_polish_declines_every_player_a_word_governs():
    bad = []
    for m in catalog("pl"):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        bad += [f"{found!r} in {s!r}" for s in strings if s for found in nominative_players(s)]
    assert bad == []
