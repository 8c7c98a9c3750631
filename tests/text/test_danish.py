"""Danish punctuation, read from the catalog (issue 50 re-read): quotations in »…«, as Danish prints them.

The catalog mixed four styles (“…”, „…“, ‘…’, '…'); Danish typesetting uses guillemets pointing inwards.
The check also runs on planted samples, so that it cannot stop finding anything unnoticed.
"""

from __future__ import annotations

import re

from .language_checks import messages

_FOREIGN_QUOTES = re.compile(r"[“”„‘’‚]|(?<![\w])'[^'\n]+'(?![\w])")


def quote_findings(text: str) -> list[str]:
    """Quotation marks that are not Danish guillemets (an apostrophe inside a word, "provins'", is fine)."""
    return [m.group(0) for m in _FOREIGN_QUOTES.finditer(text)]


def test_danish_quotes_are_guillemets():
    assert [(s, f) for _, strings in messages("da") for s in strings for f in quote_findings(s)] == []


def test_quote_check_finds_every_foreign_style():
    for bad in ("Tryk på “Næste skridt”.", "Tryk på „Næste skridt“.", "kortet ‘+1 krigskiste’",
                "Med 'Placér 1 hær' kun til en egen provins."):
        assert quote_findings(bad), bad
    for good in ("Tryk på »Næste skridt«.", "Viser en provins' skat, ris og byggepladser"):
        assert quote_findings(good) == [], good
