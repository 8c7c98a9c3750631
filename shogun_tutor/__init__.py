"""Shogun Tutor: an interactive tutor and visual rulebook for Dirk Henn's *Shogun*."""

__version__ = "0.1.0"
