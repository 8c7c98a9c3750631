"""Fuzz: real saves and records, mutated as a hostile or careless user would (see ``mutations.py``).

Every case is either refused with SaveFileError or loads as a game that passes every
invariant, plays on and saves again; any other exception fails the test.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .mutations import base_records, base_saves, classify, mutate

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(index=st.integers(min_value=0), rnd=st.randoms(use_true_random=False))
def test_a_mutated_save_is_refused_or_a_valid_game(index, rnd):
    saves = base_saves()
    outcome, message = classify(mutate(saves[index % len(saves)], rnd), rnd)
    assert outcome != "raw", message


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), rnd=st.randoms(use_true_random=False))
def test_a_mutated_record_is_refused_or_replays_to_what_it_claims(index, rnd):
    records = base_records()
    outcome, message = classify(mutate(records[index % len(records)], rnd), rnd, record=True)
    assert outcome != "raw", message


def test_the_base_files_themselves_load_and_replay():
    import random

    assert all(classify(text, random.Random(0))[0] == "valid" for text in base_saves())
    assert all(classify(text, random.Random(0), record=True)[0] == "valid" for text in base_records())
