"""Translations: every text a user sees goes through :func:`_` (gettext).

Catalogs are Babel ``.po`` files under ``shogun_tutor/locale/<lang>/LC_MESSAGES``;
``messages.pot`` is extracted from the sources with ``pybabel extract``
(``make translations``). The ``.po`` files are read directly with Babel, so no
compile step is needed at run time.

>>> set_language("nl")
>>> _("Language")
'Taal'
>>> set_language("en")
>>> _("Language")
'Language'
>>> set_language("xx")
Traceback (most recent call last):
...
shogun_tutor.i18n.UnknownLanguageError: unknown language 'xx'; available: da, de, en, fr, ja, nl, pl, zh

The current language is per process (a Voila kernel serves one visitor).
Use :func:`translator` to get functions bound to one language without
changing the current one.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path
from typing import Callable, NamedTuple

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"

#: language code -> its own name, shown in the language picker
LANGUAGES: dict[str, str] = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "fr": "Français",
    "da": "Dansk",
    "pl": "Polski",
    "zh": "中文",
    "ja": "日本語",
}


class UnknownLanguageError(ValueError):
    """A language code the app has no catalog for."""

    def __init__(self, code: object):
        self.code = code
        super().__init__(f"unknown language {code!r}; available: {', '.join(sorted(LANGUAGES))}")


class _CatalogTranslations(gettext.NullTranslations):
    """gettext translations built from a Babel catalog (fuzzy and empty entries fall back)."""

    def __init__(self, messages: dict[str, str], plurals: dict[str, tuple[str, ...]], plural_fn: Callable[[int], int]):
        super().__init__()
        self._messages = messages
        self._plurals = plurals
        self._plural_fn = plural_fn

    def gettext(self, message: str) -> str:
        return self._messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self._plurals.get(singular)
        if forms:
            idx = self._plural_fn(n)
            if 0 <= idx < len(forms) and forms[idx]:
                return forms[idx]
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return self._messages.get(f"{context}\x04{message}") or message


@lru_cache(maxsize=None)
def _load(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for msg in catalog:
        if not msg.id or msg.fuzzy:
            continue
        key = f"{msg.context}\x04{msg.id if isinstance(msg.id, str) else msg.id[0]}" if msg.context else None
        if isinstance(msg.id, (list, tuple)):
            strings = tuple(msg.string)
            if any(strings):
                plurals[msg.id[0]] = strings
        elif msg.string:
            messages[key or msg.id] = msg.string
    # gettext.c2py parses the C plural expression safely (no eval of arbitrary code)
    plural_fn = gettext.c2py(catalog.plural_expr or "(n != 1)")
    return _CatalogTranslations(messages, plurals, plural_fn)


class Language(NamedTuple):
    code: str
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    pgettext: Callable[[str, str], str]


def check_language(code: str) -> str:
    if not isinstance(code, str) or code not in LANGUAGES:
        raise UnknownLanguageError(code)
    return code


def translator(code: str) -> Language:
    """gettext functions for one language."""
    t = _load(check_language(code))
    return Language(code, t.gettext, t.ngettext, t.pgettext)


_current: Language = translator(SOURCE_LANGUAGE)
_listeners: list[Callable[[str], None]] = []


def set_language(code: str) -> None:
    """Switch the current language; listeners (UI panels) are told so they redraw."""
    global _current
    _current = translator(code)
    for fn in list(_listeners):
        fn(code)


def current_language() -> str:
    return _current.code


def on_language_change(fn: Callable[[str], None]) -> Callable[[], None]:
    """Call ``fn(code)`` after each language change; returns a function that unsubscribes."""
    _listeners.append(fn)
    return lambda: _listeners.remove(fn) if fn in _listeners else None


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context for extraction (``-k NP_:1c,2``); translate later with ``pgettext(*pair)``."""
    return context, message


# --- numbers, lists and sentences in the current language's own conventions ----------------

#: languages that write sentences without a space between them (and Japanese-style punctuation)
_NO_SPACE_BETWEEN_SENTENCES = {"zh", "ja"}


def format_number(n: int | float) -> str:
    """A number with the language's grouping: 20,000 (en), 20.000 (de), 20 000 (fr, pl).

    >>> set_language("de"); format_number(20000); set_language("en")
    '20.000'
    """
    from babel.numbers import format_decimal

    return format_decimal(n, locale=_current.code)


def format_list(items: list[str] | tuple[str, ...]) -> str:
    """Names joined as the language joins them (Babel/CLDR): "Red, Blue and Yellow", "赤、青、黄".

    Only for names (players, provinces, cards), never for translated sentence fragments.

    >>> set_language("zh"); format_list(["甲斐", "信濃"]); set_language("en")
    '甲斐和信濃'
    >>> format_list(["Kai", "Shinano", "Echigo"])
    'Kai, Shinano, and Echigo'
    """
    from babel.lists import format_list as babel_format_list

    return babel_format_list(list(items), locale=_current.code) if items else ""


def list_separator() -> str:
    """The separator between items of an open list (CLDR): ", " in most languages, "、" in Chinese and Japanese."""
    from babel import Locale

    return Locale.parse(_current.code).list_patterns["standard"]["middle"].format("", "")


def join_sentences(*sentences: str) -> str:
    """Whole sentences one after the other: a space between them, none in Chinese and Japanese."""
    sep = "" if _current.code in _NO_SPACE_BETWEEN_SENTENCES else " "
    return sep.join(s for s in sentences if s)
