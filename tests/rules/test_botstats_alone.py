"""Issue 48's measure of the strong bot: one bot alone among others, its seat rotating (``botstats.alone``)."""

from collections import Counter

import pytest

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


def test_alone_among_its_own_kind_counts_the_lone_seat_only_and_its_points_lead():
    """A bot alone among bots of its own name: only the lone seat's wins count (not every seat's of that name), and
    the points lead per game is the lone seat's points minus the best other seat's, as the same games replayed say."""
    r = botstats.alone("heuristic", "heuristic", 6, first_seed=700)
    wins, leads, points, scored = 0.0, [], 0, {}
    for i in range(6):
        seed = 700 + i
        n = botstats.game_setup(seed)["players"]
        seat = botstats.alone_seat(i, n)
        s = botstats.play_game(seed, ["heuristic"] * n).state
        wins += (seat in s.winners) / len(s.winners)
        scores = [pl.points for pl in s.players]
        points += scores[seat]
        leads.append(scores[seat] - max(p for k, p in enumerate(scores) if k != seat))
        for w, ev in enumerate(e for e in s.log if e["rule"] == "winter.scoring"):
            row = ev["players"][seat]
            got = scored.setdefault(w, [0, 0, 0])
            for k, part in enumerate(("provinces", "buildings", "majority_points")):
                got[k] += row[part]
    assert r.wins == wins < 6
    assert r.leads == leads and r.points == points
    # the winter scorings' parts: as the replayed logs say, and in the base game they are all of a seat's points
    assert {w: lone for w, (lone, _) in r.winters.items()} == scored and sorted(scored) == [0, 1]
    assert sum(sum(lone) for lone, _ in r.winters.values()) == points
    level = sum(d == 0 for d in leads)
    assert abs(r.share_ahead_by(0) - r.share) <= level / 2 / 6 + 1e-9  # only a tie on points is told apart by chests
    assert r.share_ahead_by(max(-d for d in leads) + 1) == 1.0
    assert r.points_short_of(r.share_ahead_by(3)) <= 3 and r.points_short_of(1.01) is None


def test_the_cli_prints_how_many_points_the_lone_bot_lacks_for_the_target(capsys):
    assert main(["botstats", "--games", "0", "--court-games", "0", "--pair-games", "3", "--pairings", "",
                 "--expansion-pairings", "", "--alone", "random:heuristic", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "random alone: " in out and "its lead over the best other seat -" in out
    assert "to win 60.0 % of these games:" in out
    assert "winter 1's scoring, random alone / the other seats, points a game: provinces " in out
    assert "winter 2's scoring" in out and "region majorities" in out


def test_two_lone_bots_on_the_same_games_are_compared_game_by_game(capsys):
    first = botstats.alone("heuristic", "random", 6, first_seed=720)
    second = botstats.alone("random", "random", 6, first_seed=720)
    d = botstats.paired_difference(first, second)
    diffs = [p - q for p, q in zip(first.scores, second.scores)]
    assert len(diffs) == 6 and abs(d["points"][0] - sum(diffs) / 6) < 1e-9 and d["points"][0] > 5  # heuristic >> random
    assert abs(d["won"][0] - (first.wins - second.wins) / 6) < 1e-9
    assert abs(d["lead"][0] - (sum(first.leads) - sum(second.leads)) / 6) < 1e-9
    with pytest.raises(ValueError):
        botstats.paired_difference(first, botstats.alone("random", "random", 3, first_seed=720))
    assert main(["botstats", "--games", "0", "--court-games", "0", "--pair-games", "6", "--pairings", "",
                 "--expansion-pairings", "", "--alone", "heuristic:random,random:random", "--first-seed", "720",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("== heuristic alone minus random alone among random bots"))
    assert f"points a game {d['points'][0]:+.2f} ± {d['points'][1]:.2f}" in line, line
    # each winter scoring's parts, paired game by game the same way: as the two runs' own per-game parts say
    for w in range(2):
        for k, label in enumerate(("provinces", "buildings", "region majorities")):
            parts = [p[w][k] - q[w][k] for p, q in zip(first.scored, second.scored)]
            mean, se = d[f"winter {w + 1} {label}"]
            assert abs(mean - sum(parts) / 6) < 1e-9 and se > 0, (w, label)
        line = next(x for x in out.splitlines() if x.startswith(f"   winter {w + 1}'s scoring, heuristic alone minus random"))
        assert f"buildings {d[f'winter {w + 1} buildings'][0]:+.2f} ± {d[f'winter {w + 1} buildings'][1]:.2f}" in line, line
    assert {w: [sum(g[w][k] for g in first.scored) for k in range(3)] for w in range(2)} == \
        {w: lone for w, (lone, _) in first.winters.items()}
