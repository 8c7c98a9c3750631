"""Issue 25: a teacher's scenario file goes through the saves' path; every bad file is a ScenarioError naming
the file and the field in the teacher's language; an illegal answer is a refusal, never the engine's exception."""

import json

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook.scenario import (MAX_SCENARIO_BYTES, MAX_SCENARIO_DEPTH, ScenarioError, parse_scenario,
                                            scenario_dir)
from shogun_tutor.rulebook.scenario_schema import SCHEMA, bounded


def _raw(sid="kozuke-battle"):
    return json.loads((scenario_dir() / f"{sid}.json").read_text())


def _error(text, name="bad") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, name).build()
    return info.value


def test_an_unknown_province_to_move_from_names_the_field():
    raw = _raw()
    raw["round"]["decide"]["province"] = "Atlantis"
    exc = _error(json.dumps(raw))
    assert (exc.name, exc.field) == ("bad", "round/decide/province") and "Atlantis" in exc.problem
    assert str(exc).startswith("The scenario file bad.json is refused at the field round/decide/province:")


@pytest.mark.parametrize("change, field", [
    (lambda r: r.update(seed=2**63), "seed"),  # one above the seed range
    (lambda r: r.update(players=True), "players"),
    (lambda r: r.update(players=4.0), "players"),
    (lambda r: r["round"].update(actions=["battle_a"] * 500), "round/actions"),
    (lambda r: r.update(note="x" * 5000), "note"),
    (lambda r: r["provinces"]["Shinano"].update(armies=10**12), "provinces/Shinano/armies"),
    (lambda r: r["stop"].update(fields={str(i): i for i in range(500)}), "stop/fields"),
])
def test_schema_problems_name_the_field(change, field):
    raw = _raw()
    change(raw)
    exc = _error(json.dumps(raw))
    assert exc.field == field, str(exc)


def test_a_5000_digit_number_deep_nesting_and_a_huge_file_are_refused_before_the_schema():
    text = json.dumps(_raw())
    five_thousand = text.replace('"seed": 3', '"seed": ' + "9" * 5000)
    assert "integer" in _error(five_thousand).problem or "JSON" in _error(five_thousand).problem
    deep = text.replace('"note": ', '"deep": ' + "[" * 5000 + "]" * 5000 + ', "note": ')
    assert f"nested more than {MAX_SCENARIO_DEPTH} levels" in _error(deep).problem
    huge = text.replace('"note": "', '"note": "' + "x" * MAX_SCENARIO_BYTES)
    assert "at most 200,000" in _error(huge).problem
    assert "twice" in _error(text.replace('"players": 5', '"players": 5, "players": 4')).problem
    assert "not valid JSON" in _error(text[:50]).problem


def test_every_array_string_integer_and_object_of_the_schema_is_bounded():
    def walk(node):
        if isinstance(node, dict):
            t = node.get("type")
            t = set(t) if isinstance(t, list) else {t}
            assert not ("array" in t and "maxItems" not in node)
            assert not ("string" in t and "maxLength" not in node and "enum" not in node)
            assert not ("integer" in t and "maximum" not in node)
            assert not ("object" in t and "maxProperties" not in node)
            for k, v in node.items():
                if k not in ("enum", "const"):
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(SCHEMA)
    assert bounded({"type": "integer", "maximum": 3}) == {"type": "integer", "maximum": 3}


def test_an_illegal_answer_is_a_scenario_error_naming_the_answer():
    raw = _raw()
    raw["answer"] = [{"kind": "move", "player": 1, "province": "Shinano", "target": "Kozuke", "count": 5}]
    sc = parse_scenario(json.dumps(raw), "bad")
    with pytest.raises(ScenarioError) as info:  # MustLeaveOneArmy inside: Shinano has 5
        sc.play_answer(sc.build())
    assert info.value.field == "answer/0" and "not legal" in info.value.problem


def test_the_error_is_in_the_teachers_language():
    raw = _raw()
    raw["round"]["decide"]["province"] = "Atlantis"
    english = str(_error(json.dumps(raw)))
    for code in ("nl", "de", "fr", "da", "pl", "zh", "ja"):
        i18n.set_language(code)
        try:
            text = str(_error(json.dumps(raw)))
        finally:
            i18n.set_language("en")
        assert text != english and "bad.json" in text and "round/decide/province" in text, code


def test_a_try_it_whose_file_answer_is_illegal_shows_a_refusal(monkeypatch):
    from shogun_tutor.ui.tryit import TryIt

    t = TryIt("kozuke-battle")
    bad = dict(t.scenario.raw, answer=[{"kind": "move", "player": 1, "province": "Shinano", "target": "Kozuke",
                                         "count": 5}])
    monkeypatch.setattr(t, "scenario", type(t.scenario)(t.scenario.id, bad))
    t.show_answer()  # no exception
    assert "shogun-tryit-refused" in t.result.value and "answer/0" in t.result.value
    assert t.game.to_decide() == ("move", 1)  # the position is there again, for the learner to try
