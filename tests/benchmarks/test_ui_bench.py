"""Kernel-side benchmarks of the app (run with `make benchmark`; skipped in the normal test run).
The browser side: tests/browser/bench_app.py."""

from shogun_tutor.ui.game_panel import GamePanel
from shogun_tutor.viz.board import board_traces


def test_bench_next_step_kernel_side(benchmark):
    """One Next step of the guided game: engine, explanations, the board's state layers sent."""
    game = GamePanel()
    game.board.probe.width = 900
    benchmark(game.next_step)
    assert game.board.figure.data


def test_bench_board_state_layers(benchmark):
    """The board's traces for a state: static layers from the cache, state layers rebuilt."""
    game = GamePanel()
    for _ in range(30):
        game.next_step()
    state = game.game.state
    traces, _layout = benchmark(board_traces, state=state, width=900)
    assert any(t["name"] == "armies" and t["x"] for t in traces)
