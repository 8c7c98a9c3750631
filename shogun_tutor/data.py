"""The game's facts, loaded once from ``data/*.json`` into immutable records.

Every fact carries a :class:`Provenance`: ``verified`` facts were read off the
board, the cards or a rulebook; ``ASSUMED`` and ``INFERRED`` ones were not, and
the app shows that mark wherever it shows the value.

Each file is checked against its JSON Schema (``data/schema/<file>.schema.json``, validated with
``jsonschema``: types, ranges, required fields) unless its bytes are those recorded in
``data/schema/validated.json`` as validated before (``python -m shogun_tutor.data --validated``; a test keeps
the record current); the loaders then add the checks a schema cannot say (names that must exist, counts that
must agree) and build the records. A corrupt or inconsistent data file raises :class:`DataError` naming the
file, the record and the problem:

>>> BOARD.province("Settsu").tax
7
>>> BOARD.side("moon").excluded_provenance.status
'ASSUMED'
>>> len(BOARD.province_cards())
53
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .data_records import (  # noqa: F401  (the records and names, re-exported: data.X stays valid)
    BORDER_KINDS, BUILDINGS, DATA_FORMAT_VERSION, SIDES, STATUSES, ActionSpec, BoardData, BoardSide, Border,
    Components, EventCard, PrivilegeCard, Provenance, Province, RevoltRow, SamuraiCard, Scoring,
)
#: one JSON Schema per data file (``board.json`` -> ``board.schema.json``), validated with ``jsonschema``
SCHEMA_DIR_NAME = "schema"


class DataError(ValueError):
    """A data file is missing, corrupt or inconsistent."""

    def __init__(self, file: str | os.PathLike, record: str, problem: str):
        self.file = str(file)
        self.record = record
        self.problem = problem
        super().__init__(f"{self.file}: {record}: {problem}")


def data_dir() -> Path:
    """The folder holding the data files: ``$SHOGUN_TUTOR_DATA``, else the copy an installed wheel
    carries (``shogun_tutor/_data``, see setup.py), else the repository's ``data/``."""
    env = os.environ.get("SHOGUN_TUTOR_DATA")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    packaged = here / "_data"
    return packaged if packaged.is_dir() else here.parent / "data"


# --- loading and validation ---------------------------------------------------------


class _Reader:
    """Small helper that turns JSON into checked values and names the record on error."""

    def __init__(self, file: Path):
        self.file = file

    def fail(self, record: str, problem: str) -> DataError:
        return DataError(self.file.name, record, problem)

    def load(self) -> dict:
        """The file's JSON, of this format version and valid against its schema."""
        try:
            text = self.text = self.file.read_text(encoding="utf-8")
        except OSError as exc:
            raise self.fail("file", f"cannot be read ({exc.strerror or exc})") from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise self.fail("file", f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        if not isinstance(doc, dict):
            raise self.fail("file", "top level must be a JSON object")
        version = doc.get("format_version")
        if version != DATA_FORMAT_VERSION:
            raise self.fail("format_version", f"is {version!r}, this program reads version {DATA_FORMAT_VERSION}")
        self.validate(doc)
        return doc

    def validate(self, doc: dict) -> None:
        """Refuse what the file's JSON Schema (``data/schema/<name>.schema.json``) refuses: the first problem,
        with the record it is in. A file whose bytes were validated before (:data:`VALIDATED`) is not checked again."""
        if hashlib.sha256(self.text.encode("utf-8")).hexdigest() == _validated().get(self.file.name):
            return
        import jsonschema  # only for a data file not validated before: importing it costs seconds on a busy machine

        schema = json.loads((data_dir() / SCHEMA_DIR_NAME / self.file.name.replace(".json", ".schema.json")).read_text(encoding="utf-8"))
        error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(doc))
        if error is not None:
            raise self.fail(_record(doc, list(error.absolute_path)), error.message)

    @staticmethod
    def provenance(obj: dict) -> Provenance:
        return Provenance(obj["status"], obj["source"])


def _record(doc: dict, path: list) -> str:
    """A problem's place in a data file, as people say it: ``province 'Aki'.tax``, ``borders[3]``, ``players.min``."""
    if not path:
        return "file"
    parts: list[str] = []
    node: Any = doc
    for i, key in enumerate(path):
        if isinstance(key, int):
            name = node[key].get("name") if isinstance(node[key], dict) and i == 1 and path[0] == "provinces" else None
            if name is not None:
                parts = [f"province {name!r}"]
            else:
                parts[-1] += f"[{key}]"
        else:
            parts.append(str(key))
        node = node[key]
    return ".".join(parts)


@lru_cache(maxsize=1)
def _validated() -> dict[str, str]:
    """SHA-256 of each shipped data file as it was when validated against its schema (``data/schema/validated.json``,
    written by ``python -m shogun_tutor.data --validated``; a test checks it is current)."""
    try:
        return json.loads((data_dir() / SCHEMA_DIR_NAME / "validated.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def load_board(path: Path | None = None) -> BoardData:
    r = _Reader(path or data_dir() / "board.json")
    doc = r.load()
    regions = tuple(doc["regions"])
    facts = {k: r.provenance(v) for k, v in doc["facts"].items()}

    provinces: list[Province] = []
    seen: set[str] = set()
    for i, raw in enumerate(doc["provinces"]):
        name = raw["name"]
        rec = f"province {name!r}"
        if name in seen:
            raise r.fail(rec, "appears twice")
        seen.add(name)
        region = raw["region"]
        for side in SIDES:
            if region.get(side) not in regions:
                raise r.fail(rec, f"region on the {side} side is {region.get(side)!r}, not one of {', '.join(regions)}")
        cards = raw["cards"]
        if cards == ["both"] and region["sun"] != region["moon"]:
            raise r.fail(rec, "one card for both sides, but the regions differ between the sides")
        xy = raw["board_xy"]
        slots = raw["building_slots"]
        provinces.append(
            Province(
                name=name,
                kanji=raw["kanji"],
                tax=raw["tax"],
                rice=raw["rice"],
                building_slots=slots,
                regions=MappingProxyType({s: region[s] for s in SIDES}),
                own_card_per_side=cards == ["sun", "moon"],
                board_xy=(float(xy[0]), float(xy[1])),
            )
        )

    borders: list[Border] = []
    pairs: set[frozenset[str]] = set()
    for i, raw in enumerate(doc["borders"]):
        rec = f"borders[{i}]"
        a, b, kind = raw
        for n in (a, b):
            if n not in seen:
                raise r.fail(rec, f"names unknown province {n!r}")
        if a == b:
            raise r.fail(rec, f"joins {a!r} to itself")
        pair = frozenset((a, b))
        if pair in pairs:
            raise r.fail(rec, f"border {a}-{b} appears twice")
        pairs.add(pair)
        borders.append(Border(a, b, kind))

    sides: dict[str, BoardSide] = {}
    raw_sides = doc["sides"]
    for side in SIDES:
        rec = f"sides.{side}"
        ex = raw_sides[side]["three_player_excluded"]
        names = ex["provinces"]
        for n in names:
            if n not in seen:
                raise r.fail(f"{rec}.three_player_excluded", f"names unknown province {n!r}")
        sides[side] = BoardSide(side, frozenset(names), r.provenance(ex))

    board = BoardData(
        regions=regions,
        provinces=tuple(provinces),
        borders=tuple(borders),
        sides=MappingProxyType(sides),
        facts=MappingProxyType(facts),
        source_file=str(r.file),
    )
    for side in SIDES:
        counts = {reg: 0 for reg in regions}
        for p in provinces:
            counts[p.region(side)] += 1
        if len(set(counts.values())) != 1:
            raise r.fail(f"sides.{side}", f"regions must be of equal size, got {counts}")
    return board


def _int_keys(mapping: dict) -> dict[int, Any]:
    return {int(k): v for k, v in mapping.items()}  # the schema allows only player counts as keys


def load_components(board: BoardData, path: Path | None = None) -> Components:
    r = _Reader(path or data_dir() / "components.json")
    doc = r.load()
    pl = doc["players"]
    lo, hi = pl["min"], pl["max"]
    counts = range(lo, hi + 1)
    chests = {k: v for k, v in _int_keys(pl["starting_chests"]).items()}
    groups = {k: tuple(v) for k, v in _int_keys(pl["start_groups"]).items()}
    for n in counts:
        if n not in chests or n not in groups:
            raise r.fail("players", f"no starting chests or start groups for {n} players")
    armies = pl["armies_each"]
    for n, g in groups.items():
        if sum(g) > armies:
            raise r.fail(f"players.start_groups.{n}", f"the groups need {sum(g)} armies, a player has {armies}")

    actions = tuple(ActionSpec(a["id"], a["cost"]) for a in doc["actions"])
    if len(actions) != 10 or len({a.id for a in actions}) != 10:
        raise r.fail("actions", "there must be 10 distinct actions")

    params = doc["event_parameters"]
    events = []
    for e in doc["events"]:
        effect = e["effect"]
        events.append(
            EventCard(
                number=e["number"],
                effect=effect,
                winter_rice_loss=e["winter_rice_loss"],
                parameters=MappingProxyType(dict(params.get(effect, {}))),
            )
        )
    if sorted(e.number for e in events) != list(range(1, 13)):
        raise r.fail("events", "event cards must be numbered 1 to 12")

    table = [RevoltRow(row["shortfall_min"], row.get("shortfall_max"), row["provinces"], row["extra_farmers"])
             for row in doc["winter_revolt_table"]]
    expected = 1
    for i, row in enumerate(table):
        if row.shortfall_min != expected:
            raise r.fail(f"winter_revolt_table[{i}]", f"rows must cover shortfalls without gaps; expected {expected}")
        expected = (row.shortfall_max or 0) + 1
    if table and table[-1].shortfall_max is not None:
        raise r.fail("winter_revolt_table", "the last row must be open-ended (shortfall_max null)")

    sc = doc["scoring"]
    scoring = Scoring(
        sc["per_province"],
        sc["per_building"],
        MappingProxyType({b: sc["region_majority"][b] for b in BUILDINGS}),
        sc["tie_penalty"],
    )

    bs = doc["beginner_setups"]
    bside = bs["side"]
    setups: dict[int, Mapping[str, tuple[tuple[str, int], ...]]] = {}
    known = {p.name for p in board.provinces}
    for n, seats in _int_keys(bs["setups"]).items():
        out = {}
        used: set[str] = set()
        for seat, rows in seats.items():
            rec = f"beginner_setups.{n}.{seat}"
            pairs = tuple((p, a) for p, a in rows)
            for p, _ in pairs:
                if p not in known:
                    raise r.fail(rec, f"names unknown province {p!r}")
                if p in used:
                    raise r.fail(rec, f"province {p!r} is given to two seats")
                used.add(p)
            if tuple(sorted((a for _, a in pairs), reverse=True)) != tuple(sorted(groups[n], reverse=True)):
                raise r.fail(rec, f"army groups {[a for _, a in pairs]} differ from the start groups {list(groups[n])}")
            out[seat] = pairs
        if len(out) != n:
            raise r.fail(f"beginner_setups.{n}", f"has {len(out)} seats for {n} players")
        setups[n] = MappingProxyType(out)

    tc = doc["tenno_court"]
    pcs = tc["privilege_cards"]
    privileges = tuple(
        PrivilegeCard(
            number=c["number"],
            effect=c["effect"],
            amount=c.get("amount"),
            detail=MappingProxyType({k: v for k, v in c.items() if k not in ("number", "effect", "amount")}),
        )
        for i, c in enumerate(pcs["cards"])
    )
    sam = doc["samurai"]
    scs = sam["cards"]
    samurai = tuple(
        SamuraiCard(c["number"], MappingProxyType(dict(c["options"])))
        for i, c in enumerate(scs["cards"])
    )
    tf = doc["tower_fill"]
    return Components(
        min_players=lo,
        max_players=hi,
        armies_each=armies,
        farmers=pl["farmers"],
        starting_chests=MappingProxyType(chests),
        start_groups=MappingProxyType(groups),
        colours=tuple(pl["colours"]),
        tower_fill_armies_each=tf["armies_each"],
        tower_fill_farmers=tf["farmers"],
        seasons=tuple(doc["seasons"]),
        years=doc["years"],
        actions=actions,
        action_amounts=MappingProxyType(dict(doc["action_amounts"])),
        special_cards=tuple(s["id"] for i, s in enumerate(doc["special_cards"])),
        war_chest_cards=tuple(doc["war_chest_cards"]),
        events=tuple(events),
        events_face_up_per_year=doc["events_face_up_per_year"],
        winter_revolt_table=tuple(table),
        scoring=scoring,
        beginner_setups=MappingProxyType(setups),
        beginner_setup_side=bside,
        privilege_cards=privileges,
        privilege_provenance=r.provenance(pcs),
        audience_hall_costs=tuple(tc["audience_hall_costs"]),
        court_officials_each=tc["court_officials_each"],
        samurai_cards=samurai,
        samurai_provenance=r.provenance(scs),
        samurai_min_regions=sam["min_regions"],
        source_file=str(r.file),
    )


#: the languages whose sentences name provinces in characters, and the table that holds their forms
CHARACTER_NAME_LANGUAGES = ("zh", "ja")


def load_province_names(board: BoardData, path: Path | None = None) -> Mapping[str, Mapping[str, str]]:
    """``{province: {"zh": simplified form, "ja": Japanese form}}`` from ``data/province_names.json``.

    The Japanese form must be the board's kanji; every province needs both forms."""
    r = _Reader(path or data_dir() / "province_names.json")
    doc = r.load()
    raw = doc["names"]
    out = {}
    for p in board.provinces:
        if p.name not in raw:
            raise r.fail("names", f"missing field {p.name!r}")
        forms = raw[p.name]
        if forms["ja"] != p.kanji:
            raise r.fail(f"names.{p.name}", f"the ja form {forms['ja']!r} is not the board's kanji {p.kanji!r}")
        out[p.name] = MappingProxyType({lang: forms[lang] for lang in CHARACTER_NAME_LANGUAGES})
    unknown = sorted(set(raw) - set(out))
    if unknown:
        raise r.fail("names", f"unknown provinces {unknown}")
    return MappingProxyType(out)


BOARD: BoardData = load_board()
COMPONENTS: Components = load_components(BOARD)
PROVINCE_NAMES: Mapping[str, Mapping[str, str]] = load_province_names(BOARD)


DATA_FILES = ("board.json", "components.json", "province_names.json")


def record_validated(folder: Path | None = None) -> dict[str, str]:
    """Validate each data file against its schema and write their SHA-256 to ``schema/validated.json``."""
    import jsonschema

    folder = folder or data_dir()
    digests = {}
    for name in DATA_FILES:
        text = (folder / name).read_text(encoding="utf-8")
        schema = json.loads((folder / SCHEMA_DIR_NAME / name.replace(".json", ".schema.json")).read_text(encoding="utf-8"))
        jsonschema.validate(json.loads(text), schema, cls=jsonschema.Draft202012Validator)
        digests[name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    (folder / SCHEMA_DIR_NAME / "validated.json").write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    return digests


if __name__ == "__main__" and sys.argv[1:] == ["--validated"]:  # python -m shogun_tutor.data --validated
    print(record_validated())
