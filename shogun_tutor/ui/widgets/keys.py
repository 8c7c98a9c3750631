"""Keyboard navigation in the rulebook and the guided game (the bridge sends the keys, this routes them).

The page-wide listener (:mod:`.bridge`) sends ``next``, ``prev``, ``first`` or ``last``
while a tab that takes keys is shown (:data:`KEYED_TABS`), unless the visitor is typing:

* **Rulebook**: → ↓ Space PageDown next screen, ← ↑ PageUp back, Home/End first/last screen.
* **Guided game**: → ↓ Space PageDown *Next step* (a step already played is read again; on the
  learner's own turn only while such steps lie ahead: he chooses his decision first),
  ← ↑ PageUp *Back* (the step before is read again; nothing is undone).

:func:`hint` is the line that documents the keys in the app, in the current language.
"""

from __future__ import annotations

from ...i18n import _

KEYED_TABS = ("rulebook", "game")


def route(panel, tab: str, key: str) -> bool:
    """Carry out ``key`` on the shown tab's panel; True if it did something."""
    if panel is None:
        return False
    if tab == "rulebook":
        panel.key(key)
        return True
    if tab == "game":
        if panel.game is None:
            return False
        if key == "next" and not panel.next_button.disabled:
            panel.next_step()
            return True
        if key == "prev" and not panel.steps.back_button.disabled:
            panel.back()
            return True
    return False


def hint(tab: str) -> str:
    """The keys of a tab, as one line for the page (empty for tabs without keys)."""
    if tab == "rulebook":
        return _("Keys: → or space for the next screen, ← to go back, Home and End for the first and last screen.")
    if tab == "game":
        return _("Keys: → or space for the next step, ← to read the step before again.")
    return ""
