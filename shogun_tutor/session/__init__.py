"""Game sessions: durable, shareable games as append-only decision logs in a store (no widgets).

>>> from shogun_tutor.session import open_store, Session, new_token
>>> store = open_store("sqlite://")                      # in memory; open_store() is the user's SQLite file
>>> host = new_token()
>>> s = Session.create(store, {"players": 3, "side": "sun", "seed": 7, "setup": "beginner"}, host)
>>> s.advance_bots(limit=5), s.seq
(5, 5)
>>> again = Session.open(store, s.code)                 # another kernel: the game rebuilt from the log
>>> again.game.state.log == s.game.state.log
True

See ``docs/sessions.md``. ``ui/`` imports this package; it imports no widgets.
"""

from .codes import ALPHABET, is_code, new_code, new_token, normalize
from .errors import (BadCode, BadSetup, CodeNotFound, DamagedGame, IllegalDecision, NotHost, NothingToUndo, NotYourSeat,
                     SeatTaken, SessionError, StaleDecision, StepNotFound, StoreReadFailed, StoreUnavailable)
from .session import HIDDEN, Seat, Session, View, check_setup, game_from_setup, token_hash
from .backends import PostgresStore, SQLiteStore
from .opening import DATABASE_ENV, DATA_ENV, open_store, shared_store, store_status, user_data_dir
from .store import SCHEMA_VERSION, Store

__all__ = ["ALPHABET", "BadCode", "BadSetup", "CodeNotFound", "DamagedGame", "StepNotFound", "StoreReadFailed", "DATABASE_ENV", "DATA_ENV", "HIDDEN", "IllegalDecision",
           "NotHost", "NothingToUndo", "NotYourSeat", "PostgresStore", "SCHEMA_VERSION", "SQLiteStore", "Seat",
           "SeatTaken", "Session", "SessionError", "StaleDecision", "Store", "StoreUnavailable", "View",
           "check_setup", "game_from_setup", "is_code", "new_code", "new_token", "normalize", "open_store",
           "shared_store", "store_status", "token_hash", "user_data_dir"]
