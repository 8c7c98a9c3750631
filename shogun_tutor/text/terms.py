"""The game's vocabulary in the current language: one place for every term.

The rules core names things by ids (``"castle"``, ``"tax_max5"``, ``"spring"``);
these functions turn ids into words. Strings are marked with ``N_`` and
translated when called, so a language change takes effect at once.

>>> from shogun_tutor import i18n
>>> i18n.set_language("nl"); building_name("castle"); i18n.set_language("en")
'Paleis'
>>> event_text(7)
'Tax brings at most 5 chests this round, whatever the province yields.'

Player colours are names and fill sentences; a language that declines them
(Polish) translates each grammatical case under its own context:

>>> i18n.set_language("pl"); colour_name("blue", "accusative"); i18n.set_language("en")
'Niebieskiego'

The sentence, not the renderer, picks the case: a renderer passes a :class:`PlayerName`
(or a :class:`NameList`), and each translation names the case it needs as the
placeholder's format spec, "gracza {player:genitive}" where English writes "of {player}":

>>> i18n.set_language("pl")
>>> "Ochrona gracza {player:genitive}".format(player=PlayerName("black"))
'Ochrona gracza Czarnego'
>>> "urzędnicy graczy {players:genitive}".format(players=NameList([PlayerName("red"), PlayerName("blue")]))
'urzędnicy graczy Czerwonego i Niebieskiego'
>>> i18n.set_language("en")

Province names: the romaji name is the key; Japanese sentences show the board's
kanji, Chinese sentences the same name in simplified characters (``data/province_names.json``),
and where a province is introduced every language shows romaji and characters:

>>> i18n.set_language("ja"); province_name("Settsu"), province_intro("Settsu"); i18n.set_language("en")
('摂津', 'Settsu 摂津')
>>> i18n.set_language("zh"); province_name("Settsu"), province_intro("Settsu"); i18n.set_language("en")
('摄津', 'Settsu 摄津')
"""

from __future__ import annotations

from ..data import BOARD, COMPONENTS, PROVINCE_NAMES, Provenance
from ..i18n import N_, NP_, _, current_language, format_list, pgettext

BUILDING_NAMES = {"castle": N_("Castle"), "temple": N_("Temple"), "theater": N_("Nō theater")}
REGION_NAMES = {
    "brown": N_("Brown region"),
    "green": N_("Green region"),
    "purple": N_("Purple region"),
    "red": N_("Red region"),
    "yellow": N_("Yellow region"),
}
COLOUR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "black": N_("Black"),
    "yellow": N_("Yellow"),
    "purple": N_("Purple"),
}
#: the same colours as player names in the grammatical cases sentences need (context = the case)
COLOUR_NAMES_BY_CASE = {
    "nominative": {c: ("", m) for c, m in COLOUR_NAMES.items()},
    "genitive": {
        "red": NP_("player name, genitive (of whom)", "Red"),
        "blue": NP_("player name, genitive (of whom)", "Blue"),
        "black": NP_("player name, genitive (of whom)", "Black"),
        "yellow": NP_("player name, genitive (of whom)", "Yellow"),
        "purple": NP_("player name, genitive (of whom)", "Purple"),
    },
    "dative": {
        "red": NP_("player name, dative (to/against whom)", "Red"),
        "blue": NP_("player name, dative (to/against whom)", "Blue"),
        "black": NP_("player name, dative (to/against whom)", "Black"),
        "yellow": NP_("player name, dative (to/against whom)", "Yellow"),
        "purple": NP_("player name, dative (to/against whom)", "Purple"),
    },
    "accusative": {
        "red": NP_("player name, accusative (whom)", "Red"),
        "blue": NP_("player name, accusative (whom)", "Blue"),
        "black": NP_("player name, accusative (whom)", "Black"),
        "yellow": NP_("player name, accusative (whom)", "Yellow"),
        "purple": NP_("player name, accusative (whom)", "Purple"),
    },
}
#: "Most castles in a region": one whole label per building type (a plural, not the name)
MAJORITY_LABELS = {
    "castle": N_("Most castles in a region"),
    "temple": N_("Most temples in a region"),
    "theater": N_("Most Nō theaters in a region"),
}
#: languages whose sentences name provinces in kanji (the romaji name stays the key)
KANJI_LANGUAGES = frozenset({"zh", "ja"})
SIDE_NAMES = {"sun": N_("Sun side"), "moon": N_("Moon side")}
SEASON_NAMES = {
    "setup": N_("Set-up"),
    "spring": N_("Spring"),
    "summer": N_("Summer"),
    "autumn": N_("Autumn"),
    "winter": N_("Winter"),
    "end": N_("End of the game"),
}
ACTION_NAMES = {
    "castle": N_("Build a castle"),
    "temple": N_("Build a temple"),
    "theater": N_("Build a Nō theater"),
    "rice": N_("Collect rice"),
    "tax": N_("Collect tax"),
    "armies5": N_("Place 5 armies"),
    "armies3": N_("Place 3 armies"),
    "army1_move": N_("Place 1 army / move"),
    "battle_a": N_("Battle / move A"),
    "battle_b": N_("Battle / move B"),
}
ACTION_TEXTS = {
    "castle": N_("Pay 3 chests and put a castle on a free building slot of the province."),
    "temple": N_("Pay 2 chests and put a temple on a free building slot of the province."),
    "theater": N_("Pay 1 chest and put a Nō theater on a free building slot of the province."),
    "rice": N_("Add the province's rice to your rice track. Unrest markers there start a revolt first; afterwards the province gets one more unrest marker."),
    "tax": N_("Take the province's tax in chests. Unrest markers there start a revolt first; afterwards the province gets one more unrest marker."),
    "armies5": N_("Pay 3 chests and place 5 armies from your supply in the province."),
    "armies3": N_("Pay 2 chests and place 3 armies from your supply in the province."),
    "army1_move": N_("Pay 1 chest and place 1 army; then you may move armies from there into one neighbouring province of your own. At least one army stays behind."),
    "battle_a": N_("Move armies from the province into one neighbouring province. If it is not yours, they fight. At least one army stays behind."),
    "battle_b": N_("Move armies from the province into one neighbouring province. If it is not yours, they fight. At least one army stays behind."),
}
SPECIAL_NAMES = {
    "chest_plus1": N_("+1 chest"),
    "rice_plus1": N_("+1 rice"),
    "six_armies": N_("6 armies"),
    "attack_plus1": N_("+1 army when attacking"),
    "defense_plus1": N_("+1 army when defending"),
}
SPECIAL_TEXTS = {
    "chest_plus1": N_("Your tax action brings one chest more."),
    "rice_plus1": N_("Your rice action brings one rice more."),
    "six_armies": N_("Your 'place 5 armies' action places 6."),
    "attack_plus1": N_("When you attack with battle A or B, one more army from your supply goes into the tower."),
    "defense_plus1": N_("When you are attacked with battle A or B, one more army from your supply goes into the tower."),
}
EVENT_NAMES = {
    "theater_removes_unrest": N_("Nō theaters calm the people"),
    "neutral_two_farmers": N_("Farmers defend their land"),
    "castle_defender_plus1": N_("Castles hold"),
    "temple_immune": N_("Temples are sacred"),
    "tax_max5": N_("Tax is capped"),
    "tax_min6": N_("A rich harvest of taxes"),
    "rice_min4": N_("A good rice harvest"),
    "rice_max3": N_("A poor rice harvest"),
    "armies_reduced": N_("Few recruits"),
}
EVENT_TEXTS = {
    "theater_removes_unrest": N_("Whoever builds a Nō theater this round removes one unrest marker from that province."),
    "neutral_two_farmers": N_("An attack on a neutral province throws 2 farmers into the tower instead of 1."),
    "castle_defender_plus1": N_("When a province with a castle is attacked, its owner adds one army from his supply to the tower."),
    "temple_immune": N_("Provinces with a temple cannot be attacked this round."),
    "tax_max5": N_("Tax brings at most 5 chests this round, whatever the province yields."),
    "tax_min6": N_("Tax brings at least 6 chests this round, whatever the province yields."),
    "rice_min4": N_("The rice action brings at least 4 rice this round."),
    "rice_max3": N_("The rice action brings at most 3 rice this round."),
    "armies_reduced": N_("'Place 5 armies' places only 3 and 'place 3 armies' only 2 this round."),
}
PROVENANCE_MARKS = {
    "ASSUMED": N_("⚠ assumed"),
    "INFERRED": N_("⚠ inferred"),
}
PROVENANCE_TEXTS = {
    "ASSUMED": N_("No source was found for this value; it is a documented assumption."),
    "INFERRED": N_("This value is not printed in any rulebook; it was inferred."),
}


def _lookup(table: dict[str, str], key: str, what: str) -> str:
    try:
        return _(table[key])
    except KeyError:
        raise ValueError(f"unknown {what} {key!r}") from None


def building_name(building: str) -> str:
    return _lookup(BUILDING_NAMES, building, "building")


def region_name(region: str) -> str:
    return _lookup(REGION_NAMES, region, "region")


def colour_name(colour: str, case: str = "nominative") -> str:
    """A player colour as a name; ``case`` is nominative, genitive, dative or accusative."""
    try:
        context, message = COLOUR_NAMES_BY_CASE[case][colour]
    except KeyError:
        raise ValueError(f"unknown player colour {colour!r} or case {case!r}") from None
    return pgettext(context, message) if context else _(message)


#: the letter a tower cube of each colour carries (its second cue beside the colour), per language: a letter of the
#: colour's name (the farmers' green: of "Farmer"), every one distinct within a language; Chinese and Japanese keep
#: the Latin letters, as the board's markers do there (the legend gives each colour's name)
CUBE_LETTERS = {
    "red": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "R"),
    "blue": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "B"),
    "black": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "K"),
    "yellow": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "Y"),
    "purple": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "P"),
    "farmer": NP_("tower cube letter: one letter of this colour's name, distinct from the other cube letters", "F"),
}
FARMER_NAME = N_("Farmer")


def cube_letter(colour: str) -> str:
    """The letter on a tower cube of ``colour`` (a player colour, or ``"farmer"``) in the current language.

    >>> from shogun_tutor import i18n
    >>> i18n.set_language("fr"); [cube_letter(c) for c in ("black", "yellow", "farmer")]; i18n.set_language("en")
    ['N', 'J', 'F']
    """
    try:
        context, message = CUBE_LETTERS[colour]
    except KeyError:
        raise ValueError(f"unknown cube colour {colour!r}") from None
    return pgettext(context, message)


def cube_colour_name(colour: str) -> str:
    """The name of a tower cube's colour for the tower's legend: a player colour's name, or the farmers'."""
    return _(FARMER_NAME) if colour == "farmer" else colour_name(colour)


#: the grammatical cases a translation may ask for as a format spec ("{player:genitive}")
CASES = tuple(COLOUR_NAMES_BY_CASE)


class PlayerName(str):
    """A player's colour as a name in the current language (the nominative as a ``str``) that also knows its
    other cases: a translation selects one with a format spec, "{player:genitive}" (ValueError for an unknown
    case). Languages without cases write "{player}" and get the nominative."""

    colour: str

    def __new__(cls, colour: str):
        obj = super().__new__(cls, colour_name(colour))
        obj.colour = colour
        return obj

    def __format__(self, spec: str) -> str:
        return colour_name(self.colour, spec) if spec else str(self)


class NameList(str):
    """Player names joined as the language joins names (:func:`i18n.format_list`); a format spec puts every
    name in that case: "graczy {players:genitive}" -> "graczy Czerwonego i Niebieskiego"."""

    names: tuple[PlayerName, ...]

    def __new__(cls, names):
        names = tuple(names)
        obj = super().__new__(cls, format_list(list(names)))
        obj.names = names
        return obj

    def __format__(self, spec: str) -> str:
        return format_list([format(n, spec) for n in self.names]) if spec else str(self)


def majority_label(building: str) -> str:
    return _lookup(MAJORITY_LABELS, building, "building")


def province_name(province: str, language: str | None = None) -> str:
    """The province (or its card, ``"Kai/sun"``) as sentences name it: characters in Chinese (simplified) and
    Japanese, else romaji (in ``language``, default the current one); KeyError for an unknown province."""
    p = BOARD.province(province.split("/")[0])
    lang = language or current_language()
    return PROVINCE_NAMES[p.name][lang] if lang in KANJI_LANGUAGES else p.name


def province_intro(province: str, language: str | None = None) -> str:
    """The province where it is introduced (board hover, chapter texts): "Kai 甲斐" in every language; the characters
    are the simplified forms in Chinese ("Settsu 摄津") and the board's kanji elsewhere."""
    p = BOARD.province(province.split("/")[0])
    return f"{p.name} {province_characters(p.name, language)}"


def province_characters(province: str, language: str | None = None) -> str:
    """The province's name in characters as the map shows it under the romaji: the simplified Chinese form in
    Chinese, the board's kanji in every other language."""
    p = BOARD.province(province.split("/")[0])
    return PROVINCE_NAMES[p.name]["zh" if (language or current_language()) == "zh" else "ja"]


def side_name(side: str) -> str:
    return _lookup(SIDE_NAMES, side, "board side")


def season_name(season: str) -> str:
    return _lookup(SEASON_NAMES, season, "season")


def action_name(action: str) -> str:
    return _lookup(ACTION_NAMES, action, "action")


def action_text(action: str) -> str:
    return _lookup(ACTION_TEXTS, action, "action")


def special_name(special: str) -> str:
    return _lookup(SPECIAL_NAMES, special, "special card")


def special_text(special: str) -> str:
    return _lookup(SPECIAL_TEXTS, special, "special card")


def event_name(number: int) -> str:
    return _lookup(EVENT_NAMES, COMPONENTS.event(number).effect, "event")


def event_text(number: int) -> str:
    return _lookup(EVENT_TEXTS, COMPONENTS.event(number).effect, "event")


def provenance_mark(provenance: Provenance) -> str:
    """'' for verified facts, else a short visible mark such as '⚠ assumed'."""
    return _(PROVENANCE_MARKS[provenance.status]) if provenance.flagged else ""


def provenance_text(provenance: Provenance) -> str:
    return _(PROVENANCE_TEXTS[provenance.status]) if provenance.flagged else ""
