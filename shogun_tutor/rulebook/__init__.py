"""The visual rulebook: chapters, rules, the glossary and prepared positions (scenarios).

Pure content and engine wiring, no widgets: :mod:`.content` holds the chapters and
the rule texts (gettext message ids), :mod:`.scenario` loads the prepared positions
of ``data/scenarios`` and plays them through the real engine, :mod:`.lookup`
searches everything in the current language.
"""
