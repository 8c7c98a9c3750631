"""Expected texts taken from the app's own catalogs, so a browser test holds in any language.

``Texts("nl")("New game")`` is what the Dutch page shows for that message; :meth:`Texts.pattern` turns a
message with placeholders into a regex (the placeholders as named groups), so a test can read the values
out of a label ("Val Tajima aan vanuit Kaga met 3 legers — kansen: winst 62 %…") in any language.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from shogun_tutor import i18n

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


def norm(text: str) -> str:
    """Page text with its no-break spaces (ipywidgets' option labels, Babel's numbers) as plain spaces."""
    return _SPACES.sub(" ", text)


class Texts:
    """One language's messages, as the app renders them."""

    def __init__(self, lang: str):
        self.lang = lang
        self._t = i18n.translator(lang)

    def __call__(self, msgid: str, **kw) -> str:
        text = self._t.gettext(msgid)
        return norm(text.format(**kw) if kw else text)

    def plural_forms(self, singular: str, plural: str) -> list[str]:
        """Every form the language uses for this count message (one, few, many, ...), without repeats."""
        forms: list[str] = []
        for n in range(0, 40):
            form = self._t.ngettext(singular, plural, n)
            if form not in forms:
                forms.append(form)
        return forms

    def pattern(self, msgid: str, plural: str | None = None, **groups: str) -> re.Pattern:
        """A regex for the message (all its plural forms if ``plural``); each placeholder is a named group,
        ``.+?`` unless ``groups`` gives it a regex of its own; spaces match any run of (no-break) spaces."""
        forms = self.plural_forms(msgid, plural) if plural else [self._t.gettext(msgid)]
        return re.compile("|".join(f"(?:{self._one(form, groups, k)})" for k, form in enumerate(forms)))

    @staticmethod
    def _one(form: str, groups: dict[str, str], k: int) -> str:
        out, seen, pos = [], set(), 0
        for m in _PLACEHOLDER.finditer(form):
            out.append(_literal(form[pos:m.start()]))
            name = m.group(1)
            inner = groups.get(name, ".+?")
            out.append(f"(?:{inner})" if name in seen else f"(?P<{name}_{k}>{inner})")
            seen.add(name)
            pos = m.end()
        out.append(_literal(form[pos:]))
        return "".join(out)

    @contextmanager
    def current(self):
        """The app's text functions (``shogun_tutor.text.terms``) in this language for a while."""
        before = i18n.current_language()
        i18n.set_language(self.lang)
        try:
            yield
        finally:
            i18n.set_language(before)

    def province_key(self, shown: str) -> str:
        """The province (its board id) from the name the page shows in this language."""
        from shogun_tutor.data import BOARD
        from shogun_tutor.text import terms

        with self.current():
            return next(p.name for p in BOARD.provinces if terms.province_name(p.name) == shown)


def group(match: re.Match, name: str) -> str | None:
    """A placeholder's value in a :meth:`Texts.pattern` match, whichever plural form matched."""
    for key, value in match.groupdict().items():
        if key.rsplit("_", 1)[0] == name and value is not None:
            return value
    return None


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(part) for part in _SPACES.split(text))
