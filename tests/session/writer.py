"""One writer process of the fault test: submits random legal decisions (and now and then an undo) to one
session as fast as it can, printing one line per attempt (``submit``/``ok``/``stale``/``unavailable``/``undo``).

``python -m tests.session.writer URL CODE TOKEN SEED``; the parent kills it at random with SIGKILL.
"""

from __future__ import annotations

import random
import sys

from shogun_tutor.session import NothingToUndo, Session, StaleDecision, StoreUnavailable, open_store


def main(url: str, code: str, token: str, seed: int) -> None:
    rng = random.Random(seed)
    session = Session.open(open_store(url), code)
    out = sys.stdout
    while True:
        try:
            session.refresh()
            if session.game.over:
                print("over", flush=True)
                return
            if rng.random() < 0.02 and session.marks:
                print("undo", flush=True)
                session.undo(token)
                print("ok", flush=True)
                continue
            options = session.game.legal_decisions()
            decision = options[rng.randrange(len(options))]
            print("submit", flush=True)
            session.submit(decision, token, expected_seq=session.seq)
            out.write("ok\n")
            out.flush()
        except StaleDecision:
            print("stale", flush=True)
        except StoreUnavailable:
            print("unavailable", flush=True)
        except NothingToUndo:
            print("stale", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
