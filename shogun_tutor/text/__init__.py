"""The text layer: the game's terms, and log events told as sentences, in the current language (no widgets)."""
