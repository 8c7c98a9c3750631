"""Count fuzz outcomes: ``python -m tests.robustness.fuzz_report --saves 3000 --records 200``.

Prints cases tried, refused, accepted-and-valid and raw errors (the target is 0), with
the first raw errors found.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from .mutations import base_records, base_saves, classify, mutate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=2000)
    ap.add_argument("--records", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    for what, bases, n in (("saves", base_saves(), args.saves), ("records", base_records(), args.records)):
        counts: Counter = Counter()
        raw: list[str] = []
        for _ in range(n):
            outcome, msg = classify(mutate(rnd.choice(bases), rnd), rnd, record=what == "records")
            counts[outcome] += 1
            if outcome == "raw" and len(raw) < 10:
                raw.append(msg)
        print(f"{what}: tried {n}, refused {counts['refused']}, accepted and valid {counts['valid']}, raw errors {counts['raw']}")
        for m in raw:
            print("   ", m)


if __name__ == "__main__":
    main()
