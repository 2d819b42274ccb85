"""The team league (工会 sheet; RULES §5): teams of three, a round robin of matches of two
deals with the seats swapped, 2 / 1 / 0 points, two doublings a team, standings by points
then point difference — pure, then through the host and storage."""

from __future__ import annotations

import json

import pytest

from bot.errors import PaijuError
from bot.host.runtime.clock import ManualClock
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED, RUNNING, Competition
from bot.tournament.config import parse_settings
from bot.tournament.intents import cup_command
from bot.tournament.league import Match, match_tables, rounds, standings
from tests.tournament.conftest import PLACE, Factory, ok, person, play_out_in_auto

T0 = 1_000_000.0
TEAMS = {"Red": (1, 2, 3), "Blue": (4, 5, 6), "Gold": (7, 8, 9), "Jade": (10, 11, 12)}


def reload(cup: Competition) -> Competition:
    return Competition.from_dict(json.loads(json.dumps(cup.to_dict())))


def league_cup() -> Competition:
    cup = Competition(1, "Union", parse_settings({"preset": "team_league", "window": "0"}, T0),
                      "league-seed", T0)
    for team, numbers in TEAMS.items():
        for n in numbers:
            cup.sign_up_team(100 + n, f"u{n}", f"P{n}", "en", team, T0)
    return reload(cup)


def test_matches_are_two_tables_with_the_seats_swapped_and_every_team_meets_every_other() -> None:
    assert match_tables([1, 2, 3], [4, 5, 6]) == [(1, 4, 2), (5, 3, 6)]
    schedule = rounds(["A", "B", "C", "D"])
    met = [frozenset(p) for leg in schedule for p in leg]
    assert len(schedule) == 3 and len(met) == len(set(met)) == 6
    odd = rounds(["A", "B", "C"])
    assert len(odd) == 3 and all(len(leg) == 1 for leg in odd)


def test_points_two_one_nothing_doubled_wins_four_then_point_difference() -> None:
    assert Match("A", "B", 3, False).points() == (2, 0)
    assert Match("A", "B", 0, True).points() == (1, 1)
    assert Match("A", "B", -2, True).points() == (0, 4)  # 加倍后胜利方所得积分翻倍，失败方不得分
    table = standings(["A", "B", "C"], [Match("A", "B", 2, False), Match("B", "C", 5, False),
                                        Match("C", "A", 1, False)])
    # Everyone 2 points: A +1, B +3, C −4 on difference.
    assert [(r.team, r.points, r.difference) for r in table] == [
        ("B", 2, 3), ("A", 2, 1), ("C", 2, -4)]


def test_a_league_of_four_teams_from_sign_up_to_the_final_places() -> None:
    cup = league_cup()
    with pytest.raises(PaijuError) as full:
        cup.sign_up_team(200, "u20", "P20", "en", "Red", T0)
    assert full.value.key == "cup.err.team_full"
    # Blue doubles its first match, then twice more: the third is refused.
    cup.double(104)
    assert cup.doubles == {"Blue": [cup._next_round_of("Blue")]}
    cup.close_signup(T0)
    cup = reload(cup)
    assert cup.phase == RUNNING and sorted(cup.teams) == sorted(TEAMS)
    now = T0 + 10
    for number in range(1, 4):
        stage = cup.stage
        assert len(stage.tables) == 4 and all(t.hands == 1 for t in stage.tables)
        for table in list(stage.tables):
            # The seat holding the lowest number wins as landlord: +2, −1, −1.
            low = min(table.seats)
            cup.record_hand(table.key, f"{table.key}-1",
                            [2 if n == low else -1 for n in table.seats], now)
            cup = reload(cup)
            now += 1
        if number == 1:
            # Blue's round-1 match is over: its second doubling is for round 2.
            assert cup.double(105) == ("Blue", 0)
            assert cup.doubles["Blue"] == [1, 2]
            with pytest.raises(PaijuError) as none_left:
                cup.double(106)
            assert none_left.value.key == "cup.err.no_doubles"
    assert cup.phase == FINISHED and len(cup.matches) == 6
    doubled = [m for m in cup.matches if m["doubled"]]
    assert [m["round"] for m in doubled] == [1, 2]
    assert all("Blue" in (m["first"], m["second"]) for m in doubled)
    # Recount every match from the tables: each team's members' scores summed.
    for match in cup.matches:
        stage = cup.stages[match["round"] - 1]
        members = set(cup.members(match["first"]))
        assert match["score"] == sum(t.score_of(n) for t in stage.tables for n in t.seats
                                     if n in members)
    table = cup.league_table()
    assert [r.points for r in table] == sorted((r.points for r in table), reverse=True)
    assert sum(r.difference for r in table) == 0
    # Places: each member of a team shares its place.
    first = table[0].team
    assert {n for p, n in cup.places if p == 1} >= set(TEAMS[first])
    assert len(cup.places) == 12


async def test_a_team_league_through_the_host_and_storage(open_cup_host: Factory,
                                                          clock: ManualClock) -> None:
    host, service, recorder = await open_cup_host(seed=21)
    organiser = person(0, admin=True)
    await ok(host, cup_command(organiser, PLACE, ["new", "Union", "preset=team_league",
                                                  "seed=fixed", "window=0"]))
    refused = await host.handle(cup_cmd.CupSignUp(person(1), PLACE))
    assert refused.key == "cup.err.use_team"
    for n in range(1, 7):
        await ok(host, cup_command(person(n), PLACE, ["team", "Red" if n <= 3 else "Blue"]))
    early = await host.handle(cup_command(person(7), PLACE, ["team", "Gold"]))
    assert early.ok
    short = await host.handle(cup_cmd.CupClose(organiser, PLACE))
    assert not short.ok and short.key == "cup.err.team_incomplete"
    await ok(host, cup_cmd.CupWithdraw(person(7), PLACE))
    text = await ok(host, cup_command(person(4), PLACE, ["double"]))
    assert "Blue" in text
    await ok(host, cup_cmd.CupClose(organiser, PLACE))
    cup = max(service.cups.values(), key=lambda c: c.cup_id)
    await play_out_in_auto(host, service, cup, clock, limit=3000)
    assert cup.phase == FINISHED
    [match] = cup.matches
    assert match["doubled"]
    # The match score recounted from the two stored deals.
    red = set(cup.members("Red"))
    score = 0
    for table in cup.stages[0].tables:
        record = await host.store.game_record(table.games[0])
        score += sum(s for seat, s in enumerate(record.result["scores"])
                     if table.seats[seat] in red)
    first_is_red = match["first"] == "Red"
    assert match["score"] == (score if first_is_red else -score)
    rows = cup.league_table()
    if score:
        assert rows[0].points == 4 and rows[1].points == 0  # the doubled match
    else:
        assert rows[0].points == rows[1].points == 1
    standings_text = await ok(host, cup_cmd.CupStandings(person(1), PLACE))
    assert "Red" in standings_text and "Blue" in standings_text
    assert recorder.cup_notes("cup.round_done") and recorder.cup_notes("cup.doubled")
    assert await host.store.books_balanced()
