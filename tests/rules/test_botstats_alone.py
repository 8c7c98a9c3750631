"""Issue 48's measure of the strong bot: one bot alone among others, its seat rotating (``botstats.alone``)."""

from collections import Counter

from shogun_tutor import botstats
from shogun_tutor.__main__ import main


def test_the_lone_seat_visits_every_seat_of_every_player_count():
    seats = Counter()
    for i in range(36):
        n = botstats.game_setup(500 + i)["players"]
        seats[(n, botstats.alone_seat(i, n))] += 1
    assert {n for n, _ in seats} == {3, 4, 5}
    assert set(seats) == {(n, s) for n in (3, 4, 5) for s in range(n)}


def test_alone_counts_the_lone_bots_wins_against_chance_and_each_bots_winters():
    r = botstats.alone("heuristic", "random", 6, first_seed=700)
    assert r.games == 6 and sum(g for g, _ in r.by_players.values()) == 6
    assert r.wins == sum(w for _, w in r.by_players.values())
    assert 0 <= r.wins <= 6 and r.wins >= 4  # the heuristic beats random bots nearly always
    expected_chance = sum(1 / botstats.game_setup(700 + i)["players"] for i in range(6))
    assert abs(r.chance - expected_chance) < 1e-9
    lo, hi = r.interval()
    assert lo <= r.share <= hi + 1e-9  # Wilson at a share of 1 rounds a hair under it
    assert r.blunders["heuristic"].seat_games == 6
    assert r.blunders["random"].seat_games == sum(botstats.game_setup(700 + i)["players"] - 1 for i in range(6))
    assert r.blunders["heuristic"].player_winters > 0


def test_the_cli_prints_the_lone_bots_share(capsys):
    assert main(["botstats", "--games", "0", "--court-games", "0", "--pair-games", "3", "--pairings", "",
                 "--expansion-pairings", "", "--alone", "heuristic:random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "heuristic alone among random bots: 3 games" in out
    assert "chance alone" in out and "short winters" in out
    assert main(["botstats", "--alone", "heuristic:nobody", "--no-progress"]) == 2
