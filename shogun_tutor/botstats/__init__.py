"""Bot statistics: blunder counters, win rates with confidence intervals, time per decision.

``python -m shogun_tutor botstats --games 300`` prints the figures issue 10 asks for; they are measured and printed,
never asserted as timings. The counters are read from each game's structured log, plus the reasons the bots gave for
their bids. The modules: :mod:`.games` (the seeded games), :mod:`.blunders` (issue 10's counters), :mod:`.detector`
(issue 21's per-bot detector), :mod:`.pairing` (win rates: pairings, one bot alone), :mod:`.report` (the printout).
"""

from .blunders import EXPLAINED_HIGH_BIDS, Blunders, add_game, avoidable_short_winter, count_blunders, rice_reach
from .detector import SeatBlunders, detect, print_blunders, seat_blunders
from .games import CourtStats, court_games, game_setup, lineup, play_game
from .pairing import Alone, Pairing, alone, alone_seat, paired_difference, pairing, wilson
from .report import report

__all__ = ["EXPLAINED_HIGH_BIDS", "Alone", "Blunders", "CourtStats", "Pairing", "SeatBlunders", "add_game", "alone",
           "alone_seat", "avoidable_short_winter", "count_blunders", "court_games", "detect", "game_setup", "lineup",
           "paired_difference", "pairing", "play_game", "print_blunders", "rice_reach", "report", "seat_blunders", "wilson"]
