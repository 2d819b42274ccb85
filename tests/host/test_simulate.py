"""The load simulation, small: every game through the real host, books exact, replays equal."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.host.handlers.replay import replay_matches
from bot.host.simulate import answer_figures, run_simulation, run_thinking, steady_after

KEYS = {"games_finished", "actions_per_s", "p50_ms", "p99_ms", "peak_rss_mb",
        "ledger_balanced", "ledger_matches_replay"}


@pytest.mark.parametrize("game", registry.names())  # every game, the kept one too
async def test_a_small_simulation_keeps_the_books_exact(game: str) -> None:
    figures = await run_simulation(game, rooms=4, hands=2, seed=5)
    assert KEYS <= set(figures)
    assert figures["games_finished"] == 8
    assert figures["ledger_balanced"] is True and figures["ledger_matches_replay"] is True
    assert figures["p99_ms"] >= figures["p50_ms"] > 0


async def test_a_tampered_record_does_not_replay(make_host) -> None:
    from dataclasses import replace

    from tests.host.conftest import open_table, play_out

    host, _ = await make_host()
    await open_table(host, "tianji", people=2, ais=1)
    await play_out(host)
    [record] = await host.store.finished_games()
    assert replay_matches(record)
    forged = dict(record.deltas)
    first = next(iter(forged))
    forged[first] += 1
    assert not replay_matches(replace(record, deltas=forged))
    assert not replay_matches(replace(record, actions=record.actions[:-1]))


THINK_KEYS = {"answer_p50_ms", "answer_p99_ms", "loop_lag_p99_ms", "presses_per_s",
              "books_balanced", "games_finished"}


@pytest.mark.parametrize(("game", "seats"), [("doudizhu3", None), ("tianji", 6)])
async def test_people_who_think_play_whole_hands_with_the_books_exact(
        game: str, seats: int | None) -> None:
    # Long enough for the thinking pool's worker process to start on a busy machine.
    # Quick people, and as quick a pause before a pass that plays itself (要不起).
    figures = await run_thinking(game, rooms=3, think=0.01, duration=8, seats=seats, seed=2,
                                 ai_delay=0.01)
    assert THINK_KEYS <= set(figures)
    assert figures["seats"] == (seats or 3)
    assert figures["games_finished"] >= 1  # whole hands, settled and booked
    assert figures["presses_per_s"] > 0 and figures["refused"] == 0
    # The deals (Start, Rematch) are presses, timed like the others, but no game action.
    assert 3 <= figures["deals"] < figures["presses"]
    moves_per_s = figures["presses_per_s"] * (1 - figures["deals"] / figures["presses"])
    # Every action counts, the passes that played themselves too (田忌 has none).
    assert figures["actions_per_s"] >= moves_per_s - 0.1  # (rounded to 0.1)
    if game.startswith("doudizhu"):
        assert figures["actions_per_s"] > moves_per_s
    assert figures["answer_p99_ms"] >= figures["answer_p50_ms"] > 0
    assert figures["steady_after_s"] == 4.0  # half of a run this short
    assert figures["steady_answer_p99_ms"] >= figures["steady_answer_p50_ms"] > 0
    assert figures["books_balanced"] is True


def test_steady_figures_leave_out_the_presses_of_the_dealing_burst() -> None:
    answers, at = [0.9, 1.2, 0.010, 0.020, 0.030], [0.5, 2.0, 9.0, 10.0, 12.0]
    figures = answer_figures(answers, [0.001], at=at, steady=steady_after(3.0, 30.0))
    assert figures["steady_after_s"] == 9.0  # three think times
    assert figures["answer_p99_ms"] == 1200.0  # the whole run still says it
    assert (figures["steady_answer_p50_ms"], figures["steady_answer_p99_ms"]) == (20.0, 30.0)
    assert "steady_answer_p99_ms" not in answer_figures(answers, [0.001])
    assert steady_after(0.5, 30.0) == 8.0 and steady_after(3.0, 10.0) == 5.0


async def test_a_finished_press_is_not_kept_by_the_people() -> None:
    # Tens of thousands of presses per run: kept, every full garbage collection of the host
    # would walk them, and the run would measure the simulator's leak, not the host.
    import asyncio
    import random

    from bot.host.simulate import ThinkingPeople

    people = ThinkingPeople(host=None, think=0, rng=random.Random(1))

    async def press() -> None:
        people.pressing.add(asyncio.current_task())  # as _press does, inside the host
        await asyncio.sleep(0)

    for _ in range(3):
        people._later(press())
    assert len(people.tasks) == 3
    while people.tasks:
        await asyncio.sleep(0)
    assert people.pressing == set()


async def test_a_second_run_on_the_same_database_counts_its_own_games(tmp_path) -> None:
    database = str(tmp_path / "used.sqlite3")
    for _ in range(2):
        figures = await run_simulation("doudizhu3", rooms=2, hands=1, seed=5,
                                       database=database)
        assert figures["games_finished"] == 2
        assert figures["ledger_balanced"] is True and figures["ledger_matches_replay"] is True
