"""The rulebook's content: chapters, rules and the glossary, as gettext message ids.

Chapters follow the printed rulebook's order. Each has short screens (one idea,
one paragraph each), a visual drawn on demand, and the prepared positions
(:mod:`.scenario`) of its "try it". Rules are the answers of the lookup; every
rule id the engine logs (``docs/explanation-events.md``) points to one of them
(:data:`LOG_RULES`), so a "why?" always finds its text and its chapter.

Numbers that come from the game's data are named placeholders, filled by
:func:`paragraph`; a sentence with such a count is an ``ngettext`` message (a
screen is then a function of those numbers, its sentences whole messages). The
rulebook's worked examples keep their printed numbers in the sentence. Provinces
are placeholders too: named as the language names them, romaji in the languages written in Latin letters (no
kanji in their sentences, issue 23), characters in Chinese and Japanese, where a chapter introduces a province
as "Kai 甲斐" (:func:`terms.province_intro`) so it is found among the romaji of a map.

>>> chapter("battles").scenarios
('kozuke-battle', 'full-tray-battle')
>>> rule_for_event("battle.revolt").key, rule_for_event("battle.revolt").chapter
('revolt', 'revolts')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

from ..data import COMPONENTS
from ..i18n import N_, _, current_language, join_sentences, ngettext
from ..text import terms
from . import cards, expansions

#: a screen or a rule text: a msgid, or a function of the data's numbers built from whole messages
Text = Union[str, Callable[[dict], str]]


def _goal_players(v: dict) -> str:
    return join_sentences(
        ngettext("Each player has {armies} army, a planning board, a set of war-chest cards and a daimyo card.",
                 "Each player has {armies} armies, a planning board, a set of war-chest cards and a daimyo card.",
                 v["armies"]).format(**v),
        ngettext("Everything else is shared: the board, the province cards, {farmers} farmer, the buildings, the unrest markers and the battle tower.",
                 "Everything else is shared: the board, the province cards, {farmers} farmers, the buildings, the unrest markers and the battle tower.",
                 v["farmers"]).format(**v))


def _setup_tower(v: dict) -> str:
    return join_sentences(
        ngettext("Then the tower is filled: every player throws in {each} army.",
                 "Then the tower is filled: every player throws in {each} armies.", v["each"]).format(**v),
        ngettext("{farmers} farmer goes in with them. What falls out goes back to the supplies; what stays inside will come out in later battles.",
                 "{farmers} farmers go in with them. What falls out goes back to the supplies; what stays inside will come out in later battles.",
                 v["farmers"]).format(**v))


def _tower_fill(v: dict) -> str:
    return join_sentences(
        ngettext("Before the first season, every player throws {each} army into the empty tower.",
                 "Before the first season, every player throws {each} armies into the empty tower.", v["each"]).format(**v),
        ngettext("{farmers} farmer goes in with them. What falls out goes back; what stays inside stays for the whole game.",
                 "{farmers} farmers go in with them. What falls out goes back; what stays inside stays for the whole game.",
                 v["farmers"]).format(**v))


def _scoring(v: dict) -> str:
    return join_sentences(
        ngettext("After each winter, every province you hold scores {province} point.",
                 "After each winter, every province you hold scores {province} points.", v["province"]).format(**v),
        ngettext("Every building scores {building} point.", "Every building scores {building} points.", v["building"]).format(**v),
        _("In each region the most castles score {castle}, the most temples {temple}, the most Nō theaters {theater}.").format(**v))


@dataclass(frozen=True)
class Chapter:
    key: str
    title: str  # msgid
    screens: tuple[Text, ...]  # one paragraph each
    visual: str  # "board", "tower", "year", "table:<name>", "court", "samurai" (drawn when the chapter is opened)
    scenarios: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    key: str
    title: str  # msgid
    text: Text
    chapter: str
    related: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    key: str
    name: str  # msgid
    definition: str  # msgid
    rule: str  # the rule that says more


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("goal", N_("The goal"), (
        N_("You are a daimyo of 16th-century Japan. Over two years you conquer provinces and build castles, temples and Nō theaters in them; after each winter they bring points. Whoever has the most points after the second winter becomes Shogun."),
        _goal_players,
    ), "board"),
    Chapter("board", N_("Board"), (
        N_("The board has two sides, sun and moon. Both show central Japan in 5 regions of 9 provinces each, but the regions are cut differently. Each province card shows the province's tax (chests), rice and building slots."),
        N_("Provinces that share a border are neighbours; so are provinces joined by a dashed sea route, such as {shima} and {izu}. With 3 players, 8 marked provinces are left out: no army may enter them."),
    ), "board", ("sea-route",)),
    Chapter("setup", N_("Set-up"), (
        N_("For a first game, use the beginner set-up printed for the sun side: each player puts his armies on the listed provinces and takes their cards. Otherwise the provinces are drafted: in turn, take one of the two face-up province cards or the top card of the deck and put one of your army groups there."),
        _setup_tower,
    ), "board", ("claim-draft",)),
    Chapter("season", N_("A season"), (
        N_("A year has spring, summer and autumn, then winter. Each of the three seasons runs the same way: the 10 action cards are shuffled (5 face up, 5 face down) and the 5 special cards are laid on the 5 places of the turn order."),
        N_("Everyone plans in secret: one own province card face down on each of the 10 action fields (a war-chest card if you do not want the action) and one card as a bid. Then one of this year's event cards is drawn: it changes an action for everyone this round."),
        N_("The bids are revealed and paid. The highest bid picks a place first; a province card as bid pays nothing and comes after every bid of 1 chest or more, but before the war-chest card of 0; ties are settled by shuffling the daimyo cards. The place gives your turn and your special card."),
    ), "year", ("plan-season", "settsu-tax")),
    Chapter("actions", N_("Actions"), (
        N_("The actions are carried out in the order of the action cards; each action is done by every player in turn order before the next card is turned. An action that can be carried out must be; one that cannot be carried out fully lapses and costs nothing."),
        N_("Build (castle 3, temple 2, Nō theater 1 chest) on a free building slot, each kind once per province. Collect rice or tax as printed on the card. Place 5 armies (3 chests), 3 armies (2 chests) or 1 army (1 chest) and then move into an own neighbour. Battle/move A and B move armies into any neighbour; at least one army stays behind."),
        N_("When a province changes hands, its card goes to the new owner at once, even from the old owner's planning board: whatever he planned there lapses."),
    ) + cards.screens("actions"), "table:actions", ("handed-over", "sea-route")),
    Chapter("battles", N_("Battles and the tower"), (
        N_("All attacking armies, all defending armies and everything waiting in the tray go into the tower together. A neutral province is defended by one farmer. Cubes lodged inside may be knocked loose and come out now."),
        N_("Count what came out: the attacker's armies against the defender's. Farmers in the tray fight for the defender when the province has no unrest marker. Cubes of other players do not count and stay in the tray."),
        N_("The smaller side loses all its cubes from the tray; the winner loses as many and moves in with the rest. A draw clears the province: armies, buildings and unrest go, its card returns to the supply. If only farmers came out for the defender, it is a draw."),
        cards.KOZUKE,
    ), "tower", ("kozuke-battle", "full-tray-battle")),
    Chapter("revolts", N_("Revolts and unrest"), (
        N_("Each time you collect rice or tax in a province, it gets an unrest marker afterwards. Collecting again where unrest markers lie starts a revolt first: one farmer per unrest marker, your armies of that province and the tray go into the tower."),
        cards.MIKAWA,
    ), "tower", ("mikawa-revolt",)),
    Chapter("winter", N_("Winter"), (
        N_("In winter the fourth event card of the year says how much rice every player loses. Then each province needs one rice. For every shortfall the revolt table says how many provinces revolt and how many extra farmers join each revolt."),
        N_("The player on the left draws the revolting provinces blindly from the player's province cards. Each revolt throws one farmer per unrest marker plus the extra farmers. With several revolts, the player chooses the order; players go in autumn's turn order."),
        N_("The rulebook's examples: red holds 9 provinces with 6 rice, 3 short: 2 provinces revolt with 2 extra farmers each. Another player is 2 rice short: {kai} revolts with 2 extra farmers and 1 for its unrest marker, 3 farmers in all."),
    ), "table:revolts", ("kai-winter", "winter-shortfall")),
    Chapter("scoring", N_("Scoring"), (
        _scoring,
        N_("Tied players each score one point less. No building of a type, no points for it. Then the unrest markers are removed, rice goes back to 0 and 4 new event cards are drawn. After the second winter the most points win; a tie goes to the most chests."),
    ), "table:scoring", ("tied-region",)),
    Chapter("events", N_("Event cards"), (
        N_("At the start of a year 4 event cards are turned face up, so everyone can plan for them. In each of the three seasons one of them is drawn at random and changes an action for everyone; the last one only tells the rice lost in winter."),
        cards.SETTSU_EVENT,
    ) + cards.screens("events"), "table:events", ("settsu-tax",)),
    Chapter("specials", N_("Special cards"), (
        N_("Each of the 5 places of the turn order carries a special card: +1 chest on tax, +1 rice on rice, 6 armies instead of 5, or one more army from your supply when you attack or defend in a battle."),
        cards.SETTSU_SPECIAL,
    ) + cards.screens("specials"), "table:specials", ("settsu-tax",)),
    Chapter("tenno", N_("Tennō's Court"), expansions.TENNO_SCREENS, "court", ("tenno-court",)),
    Chapter("samurai", N_("Samurai"), expansions.SAMURAI_SCREENS, "samurai", ("samurai-bonus",)),
)

RULES: tuple[Rule, ...] = (
    Rule("setup", N_("Starting positions"), N_("Every player gets his armies, war-chest cards and chests (18, 15 or 12 with 3, 4 or 5 players). The beginner set-up places the armies on printed provinces of the sun side; otherwise provinces are drafted."), "setup", ("claim", "tower_fill")),
    Rule("claim", N_("Claiming provinces"), N_("In turn, take a face-up province card or the top card of the deck and put one of your army groups on that province. If the same two cards are offered to you again, you may put both under the deck. Provinces nobody claimed are neutral."), "setup", ("setup", "board")),
    Rule("tower_fill", N_("Filling the tower"), _tower_fill, "setup", ("battle", "tray")),
    Rule("board", N_("Neighbours and sea routes"), N_("Provinces with a common border are neighbours, and so are provinces joined by a sea route. With 3 players, the 8 marked provinces are not in play."), "board", ("move",)),
    Rule("year", N_("The year and its seasons"), N_("A game lasts two years. Each year has spring, summer and autumn, in which actions are planned and carried out, and then winter with rice, revolts and scoring."), "season", ("planning", "winter_rice", "scoring")),
    Rule("planning", N_("Secret planning"), N_("Every player covers each of his 10 action fields with one of his province cards (or a war-chest card to skip the action) and puts one more card on the bid field. Cards lie face down until their action comes."), "season", ("turn_order", "actions")),
    Rule("event", N_("The event of the round"), N_("One of the year's face-up event cards is drawn at random each season. It changes one action for everyone this round; the last card tells the rice lost in winter."), "events", ("special_order", "income")),
    Rule("turn_order", N_("Bids and turn order"), N_("Chest bids are paid; the highest picks a place first. Province-card bids pay nothing and come after chest bids, then a 0 bid, then no bid. Ties: the daimyo cards are shuffled. Each place carries a special card."), "season", ("special_order", "planning")),
    Rule("special_order", N_("Event first, then special card"), N_("When an event card and a special card change the same action, the event card applies first and the special card after it."), "specials", ("event", "income")),
    Rule("actions", N_("Carrying out the actions"), N_("The action cards are turned one by one. Each action is carried out by every player in turn order. An action must be carried out if it can; if it cannot be carried out fully, it lapses and costs nothing."), "actions", ("planning", "build", "income", "armies", "move")),
    Rule("build", N_("Building"), N_("A castle costs 3 chests, a temple 2 and a Nō theater 1. It needs a free building slot, and each kind can stand only once in a province."), "actions", ("scoring", "actions")),
    Rule("income", N_("Rice and tax"), N_("Collect the rice or the chests printed on the province card. If the province already has unrest markers, the farmers revolt first. Afterwards the province gets one more unrest marker."), "actions", ("revolt", "event", "special_order")),
    Rule("armies", N_("Placing armies"), N_("Pay 3 chests for 5 armies, 2 for 3 armies or 1 for 1 army, placed from your supply in the province. Without enough chests or armies the action lapses."), "actions", ("move", "actions")),
    Rule("move", N_("Moving armies"), N_("Armies move from the planned province into one neighbour; at least one stays behind. 'Place 1 army' may only move into an own province. Battle/move A and B may enter any neighbour, and fight there if it is not yours."), "actions", ("battle", "board")),
    Rule("battle", N_("Battles"), N_("The attacker's armies, the defender's armies (one farmer for a neutral province) and the whole tray go into the tower. The side with more cubes out wins; the loser's cubes leave the tray and the winner loses as many. A draw clears the province."), "battles", ("tray", "revolt", "handed_over")),
    Rule("tray", N_("The tray"), N_("Whatever falls out of the tower lies in the tray and is thrown in again with the next battle. Cubes of players not in the battle do not count and stay in the tray; farmers there fight for the defender unless the province has unrest."), "battles", ("battle", "tower_fill")),
    Rule("handed_over", N_("A province changes hands"), N_("The province card goes to the new owner at once, even from the old owner's planning board; the action planned with it lapses."), "actions", ("battle", "actions")),
    Rule("revolt", N_("Revolts"), N_("Farmers revolt when rice or tax is collected where unrest markers lie (one farmer per marker) and in winter when rice is short (plus the table's extra farmers). The player defends with the province's armies; the tray goes in too. If the farmers win or it is a draw, the province is cleared."), "revolts", ("income", "winter_rice", "tray")),
    Rule("winter_rice", N_("Rice in winter"), N_("Every player loses the rice shown on the year's fourth event card. Each province then needs one rice; the revolt table turns the shortfall into provinces in revolt and extra farmers. The left neighbour draws the provinces blindly."), "winter", ("revolt", "scoring")),
    Rule("court", N_("Tennō's Court"), N_("Cards on the court fields turn 3, 2 or 1 of your armies into court officials. In the court phase the players go to the audience in order of their court officials in the entrance hall and may buy a privilege card."), "tenno", ("privilege", "planning", "turn_order")),
    Rule("privilege", N_("Privilege cards"), N_("Three privilege cards lie face up in the audience hall, each on a field with its price in court officials. A card acts at once or is kept for later. The amounts on the cards are inferred, not printed."), "tenno", ("court", "event")),
    Rule("samurai", N_("Samurai cards"), N_("With provinces in enough regions, a player turns his top samurai card under and takes one bonus of the new top card: chests, rice, armies into the tray or points. After each winter the stacks are put back in order."), "samurai", ("scoring", "tray", "turn_order")),
    Rule("scoring", N_("Winter scoring"), N_("One point per province and per building; in every region the most castles, temples and Nō theaters score 3, 2 and 1 points, one point less when tied. After the second winter the most points win, ties go to the most chests."), "scoring", ("build", "winter_rice")),
)

#: every rule id the engine logs -> the rule that explains it
LOG_RULES: dict[str, str] = {
    "setup.start": "setup", "setup.beginner": "setup",
    "claim.province": "claim", "claim.redraw": "claim", "claim.done": "claim",
    "setup.tower_fill": "tower_fill",
    "year.events": "year", "round.start": "year", "round.end": "year", "year.end": "year",
    "plan.done": "planning",
    "round.event": "event", "event.theater_removes_unrest": "event",
    "order.bids": "turn_order", "order.pick_place": "turn_order", "order.turn_order": "turn_order",
    "action.reveal": "actions", "action.lapsed": "actions",
    "action.build": "build", "action.income": "income", "action.armies": "armies",
    "move.armies": "move", "move.none": "move",
    "battle.result": "battle", "battle.revolt": "revolt",
    "winter.rice": "winter_rice", "winter.revolts_drawn": "winter_rice", "winter.revolt_void": "winter_rice",
    "winter.scoring": "scoring", "game.end": "scoring",
    "court.audience": "court", "court.audience_order": "court", "court.cannot_afford": "court",
    "court.convert": "court", "court.display_empty": "court", "court.end": "court", "court.fill_officials": "court",
    "court.lapsed": "court", "court.lay_out": "court", "court.no_action": "court", "court.pass": "court",
    "court.setup": "court", "court.take": "court",
    "privilege.armies_to_tray": "privilege", "privilege.cancel_event": "privilege",
    "privilege.keep_event": "privilege",
    "privilege.free_armies": "privilege", "privilege.free_building": "privilege", "privilege.gain": "privilege",
    "privilege.immune": "privilege", "privilege.immunity_ends": "privilege", "privilege.kept": "privilege",
    "privilege.lapsed": "privilege", "privilege.declined": "privilege", "privilege.remove_unrest": "privilege",
    "samurai.bonus": "samurai", "samurai.not_qualified": "samurai", "samurai.reset": "samurai",
    "samurai.setup": "samurai", "samurai.turn_card": "samurai",
}

GLOSSARY: tuple[Term, ...] = (
    Term("army", N_("Army"), N_("A cube in a player's colour; it stands in a province, in the supply, in the tower or in the tray."), "move"),
    Term("farmer", N_("Farmer"), N_("A green cube. Farmers defend neutral provinces and revolt against players; they never stand in a province."), "revolt"),
    Term("unrest", N_("Unrest marker"), N_("Put on a province after rice or tax is collected there; each one adds a farmer to the next revolt."), "income"),
    Term("tray", N_("Tray"), N_("The dish under the tower that catches the cubes falling out."), "tray"),
    Term("tower", N_("Battle tower"), N_("Decides every battle: cubes go in at the top; some stay inside, others fall out, also ones from earlier battles."), "battle"),
    Term("chest", N_("War chest"), N_("The game's money: it pays for actions and bids and breaks a tie at the end."), "turn_order"),
    Term("card", N_("Province card"), N_("Shows a province's tax, rice and building slots; you hold the cards of your provinces and plan with them."), "planning"),
    Term("region", N_("Region"), N_("One of the 5 coloured groups of 9 provinces; building majorities are scored per region."), "scoring"),
    Term("sea_route", N_("Sea route"), N_("A dashed line joining two provinces across the sea: they count as neighbours."), "board"),
    Term("bid", N_("Bid"), N_("The card on the bid field: chests to pay for a better place in the turn order."), "turn_order"),
    Term("slot", N_("Building slot"), N_("A province has 1 to 3 slots; each building takes one."), "build"),
    Term("majority", N_("Majority"), N_("Having the most buildings of one kind in a region; tied players score one point less."), "scoring"),
    Term("neutral", N_("Neutral province"), N_("A province nobody holds; one farmer defends it."), "battle"),
    Term("lapse", N_("Lapsed action"), N_("An action that cannot be carried out fully is not carried out at all and costs nothing."), "actions"),
)

_CHAPTERS = {c.key: c for c in CHAPTERS}
_RULES = {r.key: r for r in RULES}


def chapter(key: str) -> Chapter:
    try:
        return _CHAPTERS[key]
    except KeyError:
        raise ValueError(f"unknown chapter {key!r}; chapters: {', '.join(_CHAPTERS)}") from None


def rule(key: str) -> Rule:
    try:
        return _RULES[key]
    except KeyError:
        raise ValueError(f"unknown rule {key!r}") from None


def rule_for_event(rule_id: str) -> Rule:
    """The rule behind an engine event's ``rule`` id (e.g. ``'battle.result'``)."""
    try:
        return _RULES[LOG_RULES[rule_id]]
    except KeyError:
        raise ValueError(f"no rule text for the engine's rule id {rule_id!r}") from None


def _numbers() -> dict[str, int]:
    sc = COMPONENTS.scoring
    return {
        "armies": COMPONENTS.armies_each, "farmers": COMPONENTS.farmers, "each": COMPONENTS.tower_fill_armies_each,
        "province": sc.per_province, "building": sc.per_building, **{b: p for b, p in sc.region_majority.items()},
    }


#: the worked examples' numbers that are not printed in their sentences, per chapter (from the rulebook)
EXAMPLES: dict[str, dict[str, int]] = {
    "events": {"base": 7, "cap": 5, "capped": 5},
    "specials": {"base": 7, "cap": 5, "final": 6},
}


#: provinces the chapters and try-its name: {kai} introduces it ("Kai 甲斐"), {kai_name} names it again
_PROVINCES = ("Shima", "Izu", "Shinano", "Kozuke", "Mikawa", "Kai", "Settsu", "Owari", "Mino")


def province_values() -> dict[str, str]:
    """Placeholder values for the provinces a text names, in the current language: ``{kai}`` introduces the
    province ("Kai 甲斐" in Chinese and Japanese, just "Kai" in a language written in Latin letters, whose
    sentences show no kanji), ``{kai_name}`` names it."""
    intro = terms.province_intro if current_language() in terms.KANJI_LANGUAGES else terms.province_name
    out = {}
    for p in _PROVINCES:
        out[p.lower()] = intro(p)
        out[f"{p.lower()}_name"] = terms.province_name(p)
    return out


def _render(text: Text, values: dict) -> str:
    return text(values) if callable(text) else _(text).format(**values)


def paragraph(chapter_key: str, screen: Text) -> str:
    """A chapter's paragraph in the current language, its numbers and province names filled in."""
    examples = {k: v for chapter_examples in EXAMPLES.values() for k, v in chapter_examples.items()}  # one set of numbers
    values = {**_numbers(), **province_values(), **examples}
    if chapter_key == "setup":
        values["farmers"] = COMPONENTS.tower_fill_farmers
    return _render(screen, values)


def rule_text(r: Rule) -> str:
    values = {"each": COMPONENTS.tower_fill_armies_each, "farmers": COMPONENTS.tower_fill_farmers}
    return _render(r.text, values)
