"""The nouns the game counts, in the forms a number before them allows, per language (one table, used by
``test_plurals.py``). A plural category is CLDR's (``babel.Locale.plural_form``): ``one``, ``few``, ``many``,
``other``.

* ``singular``: forms that only a count of one takes ("1 chest", "1 Truhe");
* ``plural``: forms a count of one never takes ("1 chests", "1 Truhen");
* ``after_many`` (Polish): plural forms a "many" count never takes ("5 skrzynie" must be "5 skrzyń").

Forms that fit both sides are left out on purpose: Danish "point" and "kort", Dutch and German nouns
that do not change ("Würfel", "Gebäude"), Polish "armii" and "prowincji" (genitive singular and plural).
German "Bauern" is the accusative singular as well, but a digit before it reads as a plural ("Rot 3 : 1
Bauern"), so it counts as plural here.
"""

from __future__ import annotations

NOUNS: dict[str, list[dict[str, set[str]]]] = {
    "en": [
        {"singular": {"army"}, "plural": {"armies"}},
        {"singular": {"chest"}, "plural": {"chests"}},
        {"singular": {"province"}, "plural": {"provinces"}},
        {"singular": {"point"}, "plural": {"points"}},
        {"singular": {"card"}, "plural": {"cards"}},
        {"singular": {"farmer"}, "plural": {"farmers"}},
        {"singular": {"slot"}, "plural": {"slots"}},
        {"singular": {"marker"}, "plural": {"markers"}},
        {"singular": {"cube"}, "plural": {"cubes"}},
        {"singular": {"time"}, "plural": {"times"}},
        {"singular": {"official"}, "plural": {"officials"}},
        {"singular": {"round"}, "plural": {"rounds"}},
    ],
    "nl": [
        {"singular": {"leger"}, "plural": {"legers"}},
        {"singular": {"geldkist"}, "plural": {"geldkisten"}},
        {"singular": {"provincie"}, "plural": {"provincies"}},
        {"singular": {"punt"}, "plural": {"punten"}},
        {"singular": {"kaart"}, "plural": {"kaarten"}},
        {"singular": {"boer"}, "plural": {"boeren"}},
        {"singular": {"bouwplaats"}, "plural": {"bouwplaatsen"}},
        {"singular": {"oproerfiche"}, "plural": {"oproerfiches"}},
        {"singular": {"hofbeambte"}, "plural": {"hofbeambten"}},
        {"singular": {"ronde"}, "plural": {"rondes"}},
    ],
    "de": [
        {"singular": {"Armee"}, "plural": {"Armeen"}},
        {"singular": {"Truhe"}, "plural": {"Truhen"}},
        {"singular": {"Provinz"}, "plural": {"Provinzen"}},
        {"singular": {"Punkt"}, "plural": {"Punkte", "Punkten"}},
        {"singular": {"Karte"}, "plural": {"Karten"}},
        {"singular": {"Bauer"}, "plural": {"Bauern"}},
        {"singular": {"Bauplatz"}, "plural": {"Bauplätze", "Bauplätzen"}},
        {"singular": {"Hofbeamter", "Hofbeamten"}, "plural": {"Hofbeamte"}},
        {"singular": {"Runde"}, "plural": {"Runden"}},
    ],
    "fr": [
        {"singular": {"armée"}, "plural": {"armées"}},
        {"singular": {"coffre"}, "plural": {"coffres"}},
        {"singular": {"province"}, "plural": {"provinces"}},
        {"singular": {"point"}, "plural": {"points"}},
        {"singular": {"carte"}, "plural": {"cartes"}},
        {"singular": {"fermier"}, "plural": {"fermiers"}},
        {"singular": {"emplacement"}, "plural": {"emplacements"}},
        {"singular": {"marqueur"}, "plural": {"marqueurs"}},
        {"singular": {"courtisan"}, "plural": {"courtisans"}},
        {"singular": {"tour"}, "plural": {"tours"}},
    ],
    "da": [
        {"singular": {"hær"}, "plural": {"hære"}},
        {"singular": {"krigskiste"}, "plural": {"krigskister"}},
        {"singular": {"provins"}, "plural": {"provinser"}},
        {"singular": {"bonde"}, "plural": {"bønder"}},
        {"singular": {"byggeplads"}, "plural": {"byggepladser"}},
        {"singular": {"oprørsmarkør"}, "plural": {"oprørsmarkører"}},
        {"singular": {"hofembedsmand"}, "plural": {"hofembedsmænd"}},
        {"singular": {"runde"}, "plural": {"runder"}},
    ],
    "pl": [
        {"singular": {"armia", "armię", "armią"}, "plural": {"armie", "armiami", "armiom"}, "after_many": {"armie"}},
        {"singular": {"skrzynia", "skrzynię", "skrzynią", "skrzyni"}, "plural": {"skrzynie", "skrzyń", "skrzyniami"},
         "after_many": {"skrzynie"}},
        {"singular": {"prowincja", "prowincję", "prowincją"}, "plural": {"prowincje", "prowincjami"}, "after_many": {"prowincje"}},
        {"singular": {"punkt", "punktu"}, "plural": {"punkty", "punktów"}, "after_many": {"punkty"}},
        {"singular": {"karta", "kartę", "kartą"}, "plural": {"kart", "kartami"}, "after_many": {"karty"}},
        {"singular": {"chłop", "chłopa"}, "plural": {"chłopi", "chłopów", "chłopami"}, "after_many": {"chłopi"}},
        {"singular": {"znacznik", "znacznika"}, "plural": {"znaczniki", "znaczników"}, "after_many": {"znaczniki"}},
        {"singular": {"miejsce"}, "plural": {"miejsc"}, "after_many": {"miejsca"}},
        {"singular": {"runda", "rundę"}, "plural": {"rundy", "rund"}, "after_many": {"rundy"}},
    ],
}


def wrong_forms(lang: str, category: str) -> set[str]:
    """Noun forms that cannot follow a number of this plural category in ``lang``."""
    out: set[str] = set()
    for noun in NOUNS.get(lang, []):
        if category == "one":
            out |= noun["plural"]
        else:
            out |= noun["singular"]
            if category == "many":
                out |= noun.get("after_many", set())
    return out
