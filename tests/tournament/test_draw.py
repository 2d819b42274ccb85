"""The seeded lot: anyone holding the published seed re-runs the draw and gets the same tables."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.draw import commitment, draw, lot, new_seed


def rerun_by_hand(numbers: list[int], seed: str, label: str, size: int) -> list[list[int]]:
    """The algorithm as the module docstring publishes it, written again from the text."""
    order = sorted(numbers)
    for i in range(len(order) - 1, 0, -1):
        digest = hashlib.sha256(f"{seed}:{label}:{i}".encode()).digest()
        j = int.from_bytes(digest[:8], "big") % (i + 1)
        order[i], order[j] = order[j], order[i]
    full = len(order) // size * size
    return [order[k:k + size] for k in range(0, full, size)] + [order[full:]]


def test_the_draw_of_a_published_seed_is_pinned() -> None:
    drawn = draw(range(1, 15), "cup-test-seed", "s1", 3)
    assert drawn.tables == ((13, 2, 7), (5, 10, 1), (9, 8, 6), (3, 14, 11))
    assert drawn.byes == (12, 4)


def test_fourteen_players_make_four_tables_and_two_byes() -> None:
    drawn = draw(range(1, 15), new_seed(), "s1", 3)
    assert len(drawn.tables) == 4 and len(drawn.byes) == 2
    assert sorted([n for t in drawn.tables for n in t] + list(drawn.byes)) == list(range(1, 15))


def test_two_player_tables_leave_at_most_one_bye() -> None:
    drawn = draw([2, 4, 6, 8, 10], "x", "s1", 2)
    assert len(drawn.tables) == 2 and len(drawn.byes) == 1


@given(st.sets(st.integers(1, 500), min_size=2, max_size=60), st.text(min_size=1, max_size=20),
       st.sampled_from(["s1", "s2", "s2p1"]), st.sampled_from([2, 3]))
def test_anyone_rerunning_the_published_algorithm_gets_the_same_draw(
        numbers: set[int], seed: str, label: str, size: int) -> None:
    drawn = draw(list(numbers), seed, label, size)
    expected = rerun_by_hand(list(numbers), seed, label, size)
    assert [list(t) for t in drawn.tables] == expected[:-1]
    assert list(drawn.byes) == expected[-1]


@given(st.lists(st.integers(), max_size=30, unique=True))
def test_the_entry_order_does_not_change_the_draw(numbers: list[int]) -> None:
    assert draw(numbers, "seed", "s1", 3) == draw(list(reversed(numbers)), "seed", "s1", 3)


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_different_stages_draw_differently() -> None:
    numbers = list(range(1, 31))
    assert lot("seed", "s1", numbers) != lot("seed", "s2", numbers)


def test_byes_rotate_away_from_last_stages_byes_while_others_can_take_them() -> None:
    from bot.tournament.draw import draw

    plain = draw(range(1, 9), "rotate-seed", "s2", 3)
    assert len(plain.byes) == 2
    rotated = draw(range(1, 9), "rotate-seed", "s2", 3, had_bye=plain.byes)
    assert not set(rotated.byes) & set(plain.byes) and len(rotated.byes) == 2
    seated = [n for t in rotated.tables for n in t]
    assert sorted(seated + list(rotated.byes)) == list(range(1, 9))
    # Only players who had byes left over: they take them again (nobody else can).
    every = draw(range(1, 5), "rotate-seed", "s2", 3, had_bye=[1, 2, 3, 4])
    assert len(every.byes) == 1 and every.tables[0]


def test_a_competition_never_gives_the_same_player_byes_in_two_stages_running() -> None:
    from bot.tournament.competition import Competition
    from bot.tournament.config import CupConfig, checked

    # 14 players, the best two of each table on (advance=2): 12 → …, byes in both stages.
    for seed in ("a", "b", "c", "d", "e"):
        cup = Competition(1, "Byes", checked(CupConfig(hands=1, advance=2, start_window=0)),
                          seed, 0.0)
        for n in range(1, 15):
            cup.sign_up(100 + n, f"u{n}", f"P{n}", "en", 0.0)
        cup.close_signup(0.0)
        first_byes = list(cup.stage.byes)
        for table in cup.live_tables():
            scores = [3, 1, -4]
            cup.record_hand(table.key, table.key, scores, 1.0)
        while cup.live_tables() and cup.stage.number == 1:
            table = cup.live_tables()[0]
            cup.record_hand(table.key, f"{table.key}x{table.extra_played}", [3, 1, -4], 2.0)
        second = cup.stages[1]
        assert first_byes and second.byes
        assert not set(first_byes) & set(second.byes), seed
