"""Loading the data files: typed records, and loud, precise errors for corrupt files."""

import json
import shutil

import pytest

from shogun_tutor import data
from shogun_tutor.data import BOARD, COMPONENTS, DataError, load_board, load_components


def test_components_facts():
    assert COMPONENTS.armies_each == 62 and COMPONENTS.farmers == 20
    assert dict(COMPONENTS.starting_chests) == {3: 18, 4: 15, 5: 12}
    assert [len(COMPONENTS.start_groups[n]) for n in (3, 4, 5)] == [9, 8, 7]
    assert [a.cost for a in COMPONENTS.actions] == [3, 2, 1, 0, 0, 3, 2, 1, 0, 0]
    assert len(COMPONENTS.events) == 12
    assert COMPONENTS.event(7).effect == "tax_max5" and COMPONENTS.event(7).parameters["max"] == 5
    assert sum(e.winter_rice_loss for e in COMPONENTS.events) == 40
    assert [COMPONENTS.revolt_row(s).provinces for s in range(1, 10)] == [1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert [COMPONENTS.revolt_row(s).extra_farmers for s in range(1, 10)] == [1, 2, 2, 2, 3, 3, 3, 3, 3]


def test_inferred_expansion_values_keep_their_mark():
    assert COMPONENTS.privilege_provenance.status == "INFERRED"
    assert COMPONENTS.samurai_provenance.status == "INFERRED"
    assert len(COMPONENTS.privilege_cards) == 21
    assert sorted(c.number for c in COMPONENTS.privilege_cards) == list(range(1, 22))


def test_records_are_immutable():
    with pytest.raises(Exception):
        BOARD.province("Aki").tax = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        COMPONENTS.starting_chests[3] = 99  # type: ignore[index]


@pytest.fixture
def data_copy(tmp_path):
    for name in ("board.json", "components.json", "province_names.json"):
        shutil.copy(data.data_dir() / name, tmp_path / name)
    return tmp_path


def _edit(path, fn):
    doc = json.loads(path.read_text())
    fn(doc)
    path.write_text(json.dumps(doc))


def test_not_json(data_copy):
    (data_copy / "board.json").write_text("{ not json")
    with pytest.raises(DataError, match=r"board.json: file: is not valid JSON \(line 1"):
        load_board(data_copy / "board.json")


def test_wrong_version(data_copy):
    _edit(data_copy / "board.json", lambda d: d.update(format_version=99))
    with pytest.raises(DataError, match="format_version: is 99"):
        load_board(data_copy / "board.json")


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["provinces"][0].update(tax=-1), r"province 'Aki'\.tax: -1 is less than the minimum of 1"),
        (lambda d: d["provinces"][0].pop("rice"), r"province 'Aki': 'rice' is a required property"),
        (lambda d: d["provinces"][0]["region"].update(sun="blue"), r"province 'Aki': region on the sun side is 'blue'"),
        (lambda d: d["provinces"][1].update(name="Aki"), r"province 'Aki': appears twice"),
        (lambda d: d["borders"].append(["Aki", "Edo", "land"]), r"borders\[97\]: names unknown province 'Edo'"),
        (lambda d: d["borders"].append(["Bingo", "Aki", "land"]), r"border Bingo-Aki appears twice"),
        (lambda d: d["borders"][0].__setitem__(2, "air"), r"borders\[0\]\[2\]: 'air' is not one of \['land', 'sea'\]"),
        (lambda d: d["sides"]["moon"]["three_player_excluded"].update(status="maybe"), r"sides\.moon\.three_player_excluded\.status: 'maybe' is not one of"),
        (lambda d: d["provinces"][0]["region"].update(sun="red"), r"regions must be of equal size|differ between the sides"),
    ],
)
def test_corrupt_board_names_file_record_and_problem(data_copy, mutate, message):
    _edit(data_copy / "board.json", mutate)
    with pytest.raises(DataError, match=message) as exc:
        load_board(data_copy / "board.json")
    assert exc.value.file == "board.json"


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["beginner_setups"]["setups"]["3"]["A"].append(["Atlantis", 2]), r"beginner_setups.3.A: names unknown province 'Atlantis'"),
        (lambda d: d["beginner_setups"]["setups"]["3"]["B"].__setitem__(0, ["Suruga", 5]), r"province 'Suruga' is given to two seats"),
        (lambda d: d["events"].pop(), r"events: event cards must be numbered 1 to 12"),
        (lambda d: d["winter_revolt_table"].pop(1), r"winter_revolt_table\[1\]: rows must cover shortfalls without gaps"),
        (lambda d: d["players"]["start_groups"].update({"3": [30, 30, 5]}), r"players.start_groups.3: the groups need 65 armies"),
    ],
)
def test_corrupt_components(data_copy, mutate, message):
    _edit(data_copy / "components.json", mutate)
    with pytest.raises(DataError, match=message):
        load_components(BOARD, data_copy / "components.json")


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="board.json: file: cannot be read"):
        load_board(tmp_path / "board.json")


def test_province_names_give_simplified_chinese_and_the_boards_kanji():
    names = data.PROVINCE_NAMES
    assert set(names) == {p.name for p in BOARD.provinces}
    assert all(names[p.name]["ja"] == p.kanji for p in BOARD.provinces)
    assert (names["Settsu"]["zh"], names["Musashi"]["zh"], names["Hida"]["zh"]) == ("摄津", "武藏", "飞驒")
    assert names["Kai"]["zh"] == names["Kai"]["ja"] == "甲斐"  # written alike in both


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["names"]["Settsu"].update(ja="摄津"), "is not the board's kanji"),
    (lambda d: d["names"].pop("Kai"), "names: missing field 'Kai'"),
    (lambda d: d["names"]["Kai"].update(zh=" "), "names.Kai.zh: ' ' does not match"),
    (lambda d: d["names"].update(Atlantis={"zh": "x", "ja": "x"}), "unknown provinces ['Atlantis']"),
])
def test_corrupt_province_names(data_copy, mutate, message):
    path = data_copy / "province_names.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    mutate(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DataError, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")):
        data.load_province_names(BOARD, path)


def test_the_shipped_files_are_valid_and_recorded_as_validated(tmp_path):
    """Each data file passes its JSON Schema (data/schema/), and schema/validated.json holds the digests of exactly
    these bytes (the loader checks a file only when its digest is not there). After changing a data file:
    ``python -m shogun_tutor.data --validated``."""
    import hashlib

    import jsonschema

    folder = data.data_dir()
    recorded = json.loads((folder / "schema" / "validated.json").read_text(encoding="utf-8"))
    assert set(recorded) == set(data.DATA_FILES)
    for name in data.DATA_FILES:
        text = (folder / name).read_text(encoding="utf-8")
        schema = json.loads((folder / "schema" / name.replace(".json", ".schema.json")).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.validate(json.loads(text), schema, cls=jsonschema.Draft202012Validator)
        assert recorded[name] == hashlib.sha256(text.encode("utf-8")).hexdigest(), (
            f"{name} changed since it was validated: run python -m shogun_tutor.data --validated")


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["provinces"][2].update(tax="7"), r"province 'Awa-Shikoku'\.tax: '7' is not of type 'integer'"),
    (lambda d: d["provinces"][0].update(building_slots=4), r"province 'Aki'\.building_slots: 4 is greater than the maximum of 3"),
    (lambda d: d["borders"].append(["Aki", "Bingo"]), r"borders\[97\]: \['Aki', 'Bingo'\] is too short"),
    (lambda d: d.pop("sides"), r"board\.json: file: 'sides' is a required property"),
])
def test_a_broken_board_file_is_refused_by_its_schema_with_a_clear_message(data_copy, mutate, message):
    _edit(data_copy / "board.json", mutate)
    with pytest.raises(DataError, match=message):
        load_board(data_copy / "board.json")


def test_a_broken_components_file_is_refused_by_its_schema(data_copy):
    _edit(data_copy / "components.json", lambda d: d["players"]["starting_chests"].update({"x": 3}))
    with pytest.raises(DataError, match=r"components\.json: players\.starting_chests: 'x' does not match"):
        load_components(BOARD, data_copy / "components.json")
