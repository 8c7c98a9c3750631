"""The text layer: what the app says, in the chosen language."""
