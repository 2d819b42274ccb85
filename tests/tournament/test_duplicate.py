"""Duplicate deals (复式赛, bot.tournament.duplicate): the same cards at every table, the
seats rotated each deal, each result scored against the other tables' on the same cards (the
pure logic; tests/tournament/test_telegram_cup.py runs one through the Telegram fake)."""

from __future__ import annotations

import json

import pytest

from bot.errors import PaijuError
from bot.tournament import duplicate, present
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.config import parse_settings
from bot.tournament.table import PLAYING

T0 = 1_000_000.0


def new_cup(people: int, **settings: str) -> Competition:
    config = parse_settings({"window": "0", "preset": "duplicate", **settings}, T0)
    cup = Competition(1, "Duplicate", config, "dup-seed", T0)
    for number in range(1, people + 1):
        cup.sign_up(100 + number, f"u{number}", f"P{number}", "en", T0)
    return cup


def test_a_deals_duplicate_scores_cancel_the_luck_of_the_cards() -> None:
    # Seat 0's cards won 4 at one table and 2 at the other: the better play scores +2, the
    # other −2, whatever the cards were worth; every seat's scores sum to zero over tables.
    scores = duplicate.deal_scores([[4, -2, -2], [2, -1, -1]])
    assert scores == [[2, -1, -1], [-2, 1, 1]]
    three = duplicate.deal_scores([[2, -1, -1], [-2, 1, 1], [0, 0, 0]])
    assert [sum(t[s] for t in three) for s in range(3)] == [0, 0, 0]


def test_every_table_is_dealt_the_same_cards_and_the_seats_rotate_each_deal() -> None:
    cup = new_cup(6, ai="3", hands="3")
    cup.close_signup(T0)
    assert len(cup.stage.tables) == 3
    assert sum(duplicate.is_ai(n) for t in cup.stage.tables for n in t.seats) == 3
    # The same seed (and dealer) at every table of a deal, another one at the next deal.
    first = {cup.cards_of(t) for t in cup.stage.tables}
    assert len(first) == 1 and next(iter(first))[0] == duplicate.deal_seed("dup-seed", 1)
    now = T0
    seats: dict[int, set[int]] = {}
    for deal in range(1, 4):
        assert cup.stage.number == deal
        for table in cup.stage.tables:
            for seat, number in enumerate(table.seats):
                seats.setdefault(number, set()).add(seat)
            assert table.status == PLAYING and table.hands == 1
        for table in list(cup.stage.tables):
            # Whoever holds seat 0's cards wins 2, the others lose 1: all tables equal.
            cup.record_hand(table.key, f"{table.key}-1", [2, -1, -1], now)
            now += 1
        cup = Competition.from_dict(json.loads(json.dumps(cup.to_dict())))
    # Over three deals everyone held every seat's cards once.
    assert all(held == {0, 1, 2} for held in seats.values())
    assert cup.phase == FINISHED
    # Every table played every deal alike: nobody is ahead, all share first.
    assert set(cup.duplicate_totals().values()) == {0}
    assert {place for place, _ in cup.places} == {1} and len(cup.places) == 6
    lines = present.deal_lines(cup, 1, "en", lambda game_id: f"https://x/r/{game_id}")
    assert "Seat 1's cards" in lines[1] and "→ +0" in lines[1]
    assert "https://x/r/s1t1-1" in lines[-1]
    assert "复式" in "\n".join(present.deal_lines(cup, 1, "zh"))


def test_seats_that_do_not_fill_whole_tables_are_refused_with_the_reason() -> None:
    cup = new_cup(6, ai="1")
    with pytest.raises(PaijuError) as refused:
        cup.close_signup(T0)
    assert refused.value.key == "cup.err.duplicate_seats"
    with pytest.raises(PaijuError) as timed:
        parse_settings({"preset": "duplicate", "time": "30"}, T0)
    assert timed.value.key == "cup.err.duplicate_hands"
