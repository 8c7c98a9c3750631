"""The rules of Shogun as a pure, deterministic engine (no UI imports)."""
