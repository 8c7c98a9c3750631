"""The game's facts, loaded once from ``data/*.json`` into immutable records.

Every fact carries a :class:`Provenance`: ``verified`` facts were read off the
board, the cards or a rulebook; ``ASSUMED`` and ``INFERRED`` ones were not, and
the app shows that mark wherever it shows the value.

A corrupt or inconsistent data file raises :class:`DataError` naming the file,
the record and the problem:

>>> BOARD.province("Settsu").tax
7
>>> BOARD.side("moon").excluded_provenance.status
'ASSUMED'
>>> len(BOARD.province_cards())
53
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

SIDES = ("sun", "moon")
BUILDINGS = ("castle", "temple", "theater")
STATUSES = ("verified", "ASSUMED", "INFERRED")
BORDER_KINDS = ("land", "sea")
DATA_FORMAT_VERSION = 1


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


@dataclass(frozen=True)
class Provenance:
    """Where a fact comes from. ``flagged`` is true when the app must show a warning mark."""

    status: str
    source: str

    @property
    def flagged(self) -> bool:
        return self.status != "verified"


@dataclass(frozen=True)
class Province:
    name: str
    kanji: str
    tax: int
    rice: int
    building_slots: int
    regions: Mapping[str, str]  # side -> region colour
    own_card_per_side: bool  # True: one card for each side; False: one card valid on both
    board_xy: tuple[float, float]

    def region(self, side: str) -> str:
        return self.regions[side]

    def card_ids(self) -> tuple[str, ...]:
        if self.own_card_per_side:
            return tuple(f"{self.name}/{side}" for side in SIDES)
        return (self.name,)


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    kind: str  # "land" or "sea"


@dataclass(frozen=True)
class BoardSide:
    name: str
    three_player_excluded: frozenset[str]
    excluded_provenance: Provenance


@dataclass(frozen=True)
class BoardData:
    regions: tuple[str, ...]
    provinces: tuple[Province, ...]
    borders: tuple[Border, ...]
    sides: Mapping[str, BoardSide]
    facts: Mapping[str, Provenance]
    source_file: str

    def province(self, name: str) -> Province:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"unknown province {name!r}") from None

    @cached_property
    def _by_name(self) -> Mapping[str, Province]:
        return MappingProxyType({p.name: p for p in self.provinces})

    def side(self, side: str) -> BoardSide:
        if side not in self.sides:
            raise ValueError(f"unknown board side {side!r}; expected one of {', '.join(SIDES)}")
        return self.sides[side]

    def province_cards(self) -> tuple[str, ...]:
        """All 53 province cards of the game (both sides)."""
        return tuple(c for p in self.provinces for c in p.card_ids())

    def card_for(self, province: str, side: str) -> str:
        """The id of the province card that is used on ``side``."""
        p = self.province(province)
        return f"{p.name}/{side}" if p.own_card_per_side else p.name


# --- components -------------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpec:
    id: str
    cost: int


@dataclass(frozen=True)
class EventCard:
    number: int
    effect: str
    winter_rice_loss: int
    parameters: Mapping[str, int]


@dataclass(frozen=True)
class RevoltRow:
    shortfall_min: int
    shortfall_max: int | None  # None: and more
    provinces: int
    extra_farmers: int

    def covers(self, shortfall: int) -> bool:
        return shortfall >= self.shortfall_min and (
            self.shortfall_max is None or shortfall <= self.shortfall_max
        )


@dataclass(frozen=True)
class Scoring:
    per_province: int
    per_building: int
    region_majority: Mapping[str, int]
    tie_penalty: int


@dataclass(frozen=True)
class PrivilegeCard:
    number: int
    effect: str
    amount: int | None
    detail: Mapping[str, Any]


@dataclass(frozen=True)
class SamuraiCard:
    number: int
    options: Mapping[str, int]


@dataclass(frozen=True)
class Components:
    min_players: int
    max_players: int
    armies_each: int
    farmers: int
    starting_chests: Mapping[int, int]
    start_groups: Mapping[int, tuple[int, ...]]
    colours: tuple[str, ...]
    tower_fill_armies_each: int
    tower_fill_farmers: int
    seasons: tuple[str, ...]
    years: int
    actions: tuple[ActionSpec, ...]
    action_amounts: Mapping[str, int]
    special_cards: tuple[str, ...]
    war_chest_cards: tuple[int, ...]
    events: tuple[EventCard, ...]
    events_face_up_per_year: int
    winter_revolt_table: tuple[RevoltRow, ...]
    scoring: Scoring
    beginner_setups: Mapping[int, Mapping[str, tuple[tuple[str, int], ...]]]
    beginner_setup_side: str
    privilege_cards: tuple[PrivilegeCard, ...]
    privilege_provenance: Provenance
    audience_hall_costs: tuple[int, ...]
    court_officials_each: int
    samurai_cards: tuple[SamuraiCard, ...]
    samurai_provenance: Provenance
    samurai_min_regions: int
    source_file: str

    def action(self, action_id: str) -> ActionSpec:
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(f"unknown action {action_id!r}")

    def event(self, number: int) -> EventCard:
        for e in self.events:
            if e.number == number:
                return e
        raise KeyError(f"unknown event card {number!r}")

    def revolt_row(self, shortfall: int) -> RevoltRow | None:
        """The winter table row for a rice shortfall (None when there is none).

        >>> COMPONENTS.revolt_row(2).extra_farmers
        2
        >>> COMPONENTS.revolt_row(9).provinces
        3
        >>> COMPONENTS.revolt_row(0) is None
        True
        """
        for row in self.winter_revolt_table:
            if row.covers(shortfall):
                return row
        return None


# --- loading and validation ---------------------------------------------------------


class _Reader:
    """Small helper that turns JSON into checked values and names the record on error."""

    def __init__(self, file: Path):
        self.file = file

    def fail(self, record: str, problem: str) -> DataError:
        return DataError(self.file.name, record, problem)

    def load(self) -> dict:
        try:
            text = self.file.read_text(encoding="utf-8")
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
        return doc

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], record: str) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise self.fail(record, f"missing field {key!r}")
        value = obj[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            raise self.fail(record, f"field {key!r} should be {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    def count(self, obj: Any, key: str, record: str, minimum: int = 0) -> int:
        value = self.get(obj, key, int, record)
        if value < minimum:
            raise self.fail(record, f"field {key!r} must be >= {minimum}, got {value}")
        return value

    def provenance(self, obj: Any, record: str) -> Provenance:
        status = self.get(obj, "status", str, record)
        if status not in STATUSES:
            raise self.fail(record, f"status {status!r} is not one of {', '.join(STATUSES)}")
        return Provenance(status, self.get(obj, "source", str, record))


def load_board(path: Path | None = None) -> BoardData:
    r = _Reader(path or data_dir() / "board.json")
    doc = r.load()
    regions = tuple(r.get(doc, "regions", list, "regions"))
    if len(set(regions)) != len(regions) or not regions:
        raise r.fail("regions", "must be a non-empty list without repeats")
    facts = {k: r.provenance(v, f"facts.{k}") for k, v in r.get(doc, "facts", dict, "facts").items()}

    provinces: list[Province] = []
    seen: set[str] = set()
    for i, raw in enumerate(r.get(doc, "provinces", list, "provinces")):
        name = r.get(raw, "name", str, f"provinces[{i}]")
        rec = f"province {name!r}"
        if name in seen:
            raise r.fail(rec, "appears twice")
        seen.add(name)
        region = r.get(raw, "region", dict, rec)
        for side in SIDES:
            if region.get(side) not in regions:
                raise r.fail(rec, f"region on the {side} side is {region.get(side)!r}, not one of {', '.join(regions)}")
        cards = r.get(raw, "cards", list, rec)
        if cards not in (["both"], ["sun", "moon"]):
            raise r.fail(rec, f"cards must be ['both'] or ['sun', 'moon'], got {cards!r}")
        if cards == ["both"] and region["sun"] != region["moon"]:
            raise r.fail(rec, "one card for both sides, but the regions differ between the sides")
        xy = r.get(raw, "board_xy", list, rec)
        if len(xy) != 2 or not all(isinstance(v, (int, float)) for v in xy):
            raise r.fail(rec, f"board_xy must be two numbers, got {xy!r}")
        slots = r.count(raw, "building_slots", rec, 1)
        if slots > len(BUILDINGS):
            raise r.fail(rec, f"building_slots must be at most {len(BUILDINGS)}, got {slots}")
        provinces.append(
            Province(
                name=name,
                kanji=r.get(raw, "kanji", str, rec),
                tax=r.count(raw, "tax", rec, 1),
                rice=r.count(raw, "rice", rec, 1),
                building_slots=slots,
                regions=MappingProxyType({s: region[s] for s in SIDES}),
                own_card_per_side=cards == ["sun", "moon"],
                board_xy=(float(xy[0]), float(xy[1])),
            )
        )

    borders: list[Border] = []
    pairs: set[frozenset[str]] = set()
    for i, raw in enumerate(r.get(doc, "borders", list, "borders")):
        rec = f"borders[{i}]"
        if not (isinstance(raw, list) and len(raw) == 3 and all(isinstance(v, str) for v in raw)):
            raise r.fail(rec, f"must be [province, province, kind], got {raw!r}")
        a, b, kind = raw
        for n in (a, b):
            if n not in seen:
                raise r.fail(rec, f"names unknown province {n!r}")
        if a == b:
            raise r.fail(rec, f"joins {a!r} to itself")
        if kind not in BORDER_KINDS:
            raise r.fail(rec, f"kind {kind!r} is not one of {', '.join(BORDER_KINDS)}")
        pair = frozenset((a, b))
        if pair in pairs:
            raise r.fail(rec, f"border {a}-{b} appears twice")
        pairs.add(pair)
        borders.append(Border(a, b, kind))

    sides: dict[str, BoardSide] = {}
    raw_sides = r.get(doc, "sides", dict, "sides")
    for side in SIDES:
        rec = f"sides.{side}"
        ex = r.get(r.get(raw_sides, side, dict, "sides"), "three_player_excluded", dict, rec)
        names = r.get(ex, "provinces", list, f"{rec}.three_player_excluded")
        for n in names:
            if n not in seen:
                raise r.fail(f"{rec}.three_player_excluded", f"names unknown province {n!r}")
        sides[side] = BoardSide(side, frozenset(names), r.provenance(ex, f"{rec}.three_player_excluded"))

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


def _int_keys(r: _Reader, mapping: dict, record: str) -> dict[int, Any]:
    try:
        return {int(k): v for k, v in mapping.items()}
    except ValueError:
        raise r.fail(record, f"keys must be player counts, got {list(mapping)}") from None


def load_components(board: BoardData, path: Path | None = None) -> Components:
    r = _Reader(path or data_dir() / "components.json")
    doc = r.load()
    pl = r.get(doc, "players", dict, "players")
    lo, hi = r.count(pl, "min", "players", 1), r.count(pl, "max", "players", 1)
    counts = range(lo, hi + 1)
    chests = {k: int(v) for k, v in _int_keys(r, r.get(pl, "starting_chests", dict, "players"), "players.starting_chests").items()}
    groups = {k: tuple(v) for k, v in _int_keys(r, r.get(pl, "start_groups", dict, "players"), "players.start_groups").items()}
    for n in counts:
        if n not in chests or n not in groups:
            raise r.fail("players", f"no starting chests or start groups for {n} players")
    armies = r.count(pl, "armies_each", "players", 1)
    for n, g in groups.items():
        if sum(g) > armies:
            raise r.fail(f"players.start_groups.{n}", f"the groups need {sum(g)} armies, a player has {armies}")

    actions = tuple(
        ActionSpec(r.get(a, "id", str, f"actions[{i}]"), r.count(a, "cost", f"actions[{i}]"))
        for i, a in enumerate(r.get(doc, "actions", list, "actions"))
    )
    if len(actions) != 10 or len({a.id for a in actions}) != 10:
        raise r.fail("actions", "there must be 10 distinct actions")

    params = r.get(doc, "event_parameters", dict, "event_parameters")
    events = []
    for i, e in enumerate(r.get(doc, "events", list, "events")):
        rec = f"events[{i}]"
        effect = r.get(e, "effect", str, rec)
        events.append(
            EventCard(
                number=r.count(e, "number", rec, 1),
                effect=effect,
                winter_rice_loss=r.count(e, "winter_rice_loss", rec),
                parameters=MappingProxyType(dict(params.get(effect, {}))),
            )
        )
    if sorted(e.number for e in events) != list(range(1, 13)):
        raise r.fail("events", "event cards must be numbered 1 to 12")

    table = []
    for i, row in enumerate(r.get(doc, "winter_revolt_table", list, "winter_revolt_table")):
        rec = f"winter_revolt_table[{i}]"
        mx = row.get("shortfall_max") if isinstance(row, dict) else None
        if mx is not None and not isinstance(mx, int):
            raise r.fail(rec, f"shortfall_max must be a whole number or null, got {mx!r}")
        table.append(
            RevoltRow(r.count(row, "shortfall_min", rec, 1), mx, r.count(row, "provinces", rec, 1), r.count(row, "extra_farmers", rec))
        )
    expected = 1
    for i, row in enumerate(table):
        if row.shortfall_min != expected:
            raise r.fail(f"winter_revolt_table[{i}]", f"rows must cover shortfalls without gaps; expected {expected}")
        expected = (row.shortfall_max or 0) + 1
    if table and table[-1].shortfall_max is not None:
        raise r.fail("winter_revolt_table", "the last row must be open-ended (shortfall_max null)")

    sc = r.get(doc, "scoring", dict, "scoring")
    scoring = Scoring(
        r.count(sc, "per_province", "scoring"),
        r.count(sc, "per_building", "scoring"),
        MappingProxyType({b: int(r.get(r.get(sc, "region_majority", dict, "scoring"), b, int, "scoring.region_majority")) for b in BUILDINGS}),
        r.count(sc, "tie_penalty", "scoring"),
    )

    bs = r.get(doc, "beginner_setups", dict, "beginner_setups")
    bside = r.get(bs, "side", str, "beginner_setups")
    if bside not in SIDES:
        raise r.fail("beginner_setups", f"side {bside!r} is not a board side")
    setups: dict[int, Mapping[str, tuple[tuple[str, int], ...]]] = {}
    known = {p.name for p in board.provinces}
    for n, seats in _int_keys(r, r.get(bs, "setups", dict, "beginner_setups"), "beginner_setups.setups").items():
        out = {}
        used: set[str] = set()
        for seat, rows in seats.items():
            rec = f"beginner_setups.{n}.{seat}"
            pairs = tuple((str(p), int(a)) for p, a in rows)
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

    tc = r.get(doc, "tenno_court", dict, "tenno_court")
    pcs = r.get(tc, "privilege_cards", dict, "tenno_court")
    privileges = tuple(
        PrivilegeCard(
            number=r.count(c, "number", f"privilege_cards[{i}]", 1),
            effect=r.get(c, "effect", str, f"privilege_cards[{i}]"),
            amount=c.get("amount"),
            detail=MappingProxyType({k: v for k, v in c.items() if k not in ("number", "effect", "amount")}),
        )
        for i, c in enumerate(r.get(pcs, "cards", list, "tenno_court.privilege_cards"))
    )
    sam = r.get(doc, "samurai", dict, "samurai")
    scs = r.get(sam, "cards", dict, "samurai")
    samurai = tuple(
        SamuraiCard(r.count(c, "number", f"samurai.cards[{i}]", 1), MappingProxyType(dict(r.get(c, "options", dict, f"samurai.cards[{i}]"))))
        for i, c in enumerate(r.get(scs, "cards", list, "samurai.cards"))
    )
    tf = r.get(doc, "tower_fill", dict, "tower_fill")
    return Components(
        min_players=lo,
        max_players=hi,
        armies_each=armies,
        farmers=r.count(pl, "farmers", "players", 1),
        starting_chests=MappingProxyType(chests),
        start_groups=MappingProxyType(groups),
        colours=tuple(r.get(pl, "colours", list, "players")),
        tower_fill_armies_each=r.count(tf, "armies_each", "tower_fill"),
        tower_fill_farmers=r.count(tf, "farmers", "tower_fill"),
        seasons=tuple(r.get(doc, "seasons", list, "seasons")),
        years=r.count(doc, "years", "years", 1),
        actions=actions,
        action_amounts=MappingProxyType(dict(r.get(doc, "action_amounts", dict, "action_amounts"))),
        special_cards=tuple(r.get(s, "id", str, f"special_cards[{i}]") for i, s in enumerate(r.get(doc, "special_cards", list, "special_cards"))),
        war_chest_cards=tuple(r.get(doc, "war_chest_cards", list, "war_chest_cards")),
        events=tuple(events),
        events_face_up_per_year=r.count(doc, "events_face_up_per_year", "events_face_up_per_year", 1),
        winter_revolt_table=tuple(table),
        scoring=scoring,
        beginner_setups=MappingProxyType(setups),
        beginner_setup_side=bside,
        privilege_cards=privileges,
        privilege_provenance=r.provenance(pcs, "tenno_court.privilege_cards"),
        audience_hall_costs=tuple(r.get(tc, "audience_hall_costs", list, "tenno_court")),
        court_officials_each=r.count(tc, "court_officials_each", "tenno_court", 1),
        samurai_cards=samurai,
        samurai_provenance=r.provenance(scs, "samurai.cards"),
        samurai_min_regions=r.count(sam, "min_regions", "samurai", 1),
        source_file=str(r.file),
    )


#: the languages whose sentences name provinces in characters, and the table that holds their forms
CHARACTER_NAME_LANGUAGES = ("zh", "ja")


def load_province_names(board: BoardData, path: Path | None = None) -> Mapping[str, Mapping[str, str]]:
    """``{province: {"zh": simplified form, "ja": Japanese form}}`` from ``data/province_names.json``.

    The Japanese form must be the board's kanji; every province needs both forms."""
    r = _Reader(path or data_dir() / "province_names.json")
    doc = r.load()
    r.provenance(r.get(doc, "provenance", dict, "provenance"), "provenance")
    raw = r.get(doc, "names", dict, "names")
    out = {}
    for p in board.provinces:
        forms = r.get(raw, p.name, dict, "names")
        for lang in CHARACTER_NAME_LANGUAGES:
            form = r.get(forms, lang, str, f"names.{p.name}")
            if not form.strip():
                raise r.fail(f"names.{p.name}", f"empty {lang} form")
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
