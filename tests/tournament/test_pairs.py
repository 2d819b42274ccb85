"""Partnership knockouts (打棒子比赛规则, RULES §6: 单淘汰制，自由组队，抽签决定对手): teams of two,
drawn by lot each round, partners seated alternately, the winners go on — pure, then
through the host and storage with whole 打棒子 hands."""

from __future__ import annotations

import json

import pytest

from bot.errors import PaijuError
from bot.host.runtime.clock import ManualClock
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED, RUNNING, Competition
from bot.tournament.config import parse_settings
from bot.tournament.intents import cup_command
from bot.tournament.pairs import draw_round, seats
from tests.tournament.conftest import PLACE, Factory, ok, person, play_out_in_auto

T0 = 1_000_000.0


def reload(cup: Competition) -> Competition:
    return Competition.from_dict(json.loads(json.dumps(cup.to_dict())))


def pairs_cup(teams: int) -> Competition:
    cup = Competition(1, "Bangzi", parse_settings({"preset": "pairs_knockout", "window": "0"},
                                                  T0), "pairs-seed", T0)
    for n in range(1, 2 * teams + 1):
        cup.sign_up_team(100 + n, f"u{n}", f"P{n}", "en", f"T{(n + 1) // 2}", T0)
    return reload(cup)


def test_the_preset_is_the_sheets_knockout_of_teams_of_two_playing_one_match() -> None:
    config = parse_settings({"preset": "pairs_knockout"}, T0)
    assert (config.game, config.format, config.team_size, config.table_size) == (
        "dabangzi", "pairs", 2, 4)
    assert config.hands == 1 and config.options == {"match": True}
    # A partnership game has no individual formats, and the knockout needs partners.
    for settings, key in (({"game": "dabangzi"}, "cup.err.pairs_only"),
                          ({"game": "dabangzi", "format": "table"}, "cup.err.pairs_only"),
                          ({"format": "pairs"}, "cup.err.pairs_game")):
        with pytest.raises(PaijuError) as refused:
            parse_settings(settings, T0)
        assert refused.value.key == key


def test_partners_sit_alternately_and_an_odd_team_out_gets_the_bye_not_twice() -> None:
    assert seats([1, 2], [3, 4]) == [1, 3, 2, 4]  # seats 0 and 2, 1 and 3: 打棒子's teams
    teams = ["A", "B", "C", "D", "E"]
    first = draw_round(teams, "seed", "s1")
    assert first.bye is not None and len(first.matches) == 2
    assert sorted([t for m in first.matches for t in m] + [first.bye]) == teams
    for label in ("s2", "s3", "s4", "s5"):
        again = draw_round(teams, "seed", label, had_bye=first.bye)
        assert again.bye != first.bye


def test_five_teams_knock_out_to_a_champion_pair_with_second_and_shared_third() -> None:
    cup = pairs_cup(5)
    with pytest.raises(PaijuError) as full:
        cup.sign_up_team(300, "u30", "P30", "en", "T1", T0)
    assert full.value.key == "cup.err.team_full"
    cup.close_signup(T0)
    cup = reload(cup)
    assert cup.phase == RUNNING
    now = T0 + 10
    rounds = 0
    while cup.phase == RUNNING:
        rounds += 1
        stage = cup.stage
        for table in list(stage.tables):
            # Partners share a team's result; seats 0 and 2 vs 1 and 3.
            team_a = [table.seats[0], table.seats[2]]
            assert cup.team_of(team_a[0]) == cup.team_of(team_a[1])
            assert cup.team_of(table.seats[0]) != cup.team_of(table.seats[1])
            # A level game first: extra hands follow until a team is ahead.
            cup.record_hand(table.key, f"{table.key}-1", [1, -1, 1, -1] if rounds == 1
                            else [0, 0, 0, 0], now)
            cup = reload(cup)
            table = cup.table(table.key)
            if rounds > 1:
                assert table.status != "done" and table.extra_due == 1
                low = 0 if min(table.seats[0], table.seats[2]) < min(table.seats[1::2]) else 1
                scores = [2, -2, 2, -2] if low == 0 else [-2, 2, -2, 2]
                cup.record_hand(table.key, f"{table.key}-2", scores, now)
                cup = reload(cup)
            now += 1
    assert cup.phase == FINISHED and rounds == 3  # 5 teams → 3 → 2 → the final
    final = cup.stages[-1].tables[0]
    places = dict((n, p) for p, n in cup.places)
    champions = {n for n, p in places.items() if p == 1}
    assert len(champions) == 2 and len({cup.team_of(n) for n in champions}) == 1
    assert champions == set(final.winning_team())
    assert sorted(p for n, p in places.items() if n in final.seats) == [1, 1, 2, 2]
    thirds = [n for n, p in places.items() if p == 3]
    assert len(thirds) == 2 and thirds[0] in cup.stages[-2].players
    # Byes rotated: no team sat two rounds in a row out.
    byes = [cup.team_of(s.byes[0]) for s in cup.stages if s.byes]
    assert all(a != b for a, b in zip(byes, byes[1:], strict=False))


async def test_a_pairs_knockout_of_whole_hands_through_the_host_and_storage(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, recorder = await open_cup_host(seed=5)
    organiser = person(0, admin=True)
    # One hand a table (match=off) keeps the run short; the preset plays a whole match.
    await ok(host, cup_command(organiser, PLACE, ["new", "Bangzi", "preset=pairs_knockout",
                                                  "match=off", "seed=fixed", "window=0"]))
    refused = await host.handle(cup_cmd.CupSignUp(person(1), PLACE))
    assert refused.key == "cup.err.use_team"
    for n in range(1, 7):
        joined = await ok(host, cup_command(person(n), PLACE, ["team", f"T{(n + 1) // 2}"]))
    assert "2/2" in joined
    await ok(host, cup_cmd.CupClose(organiser, PLACE))
    cup = max(service.cups.values(), key=lambda c: c.cup_id)
    await play_out_in_auto(host, service, cup, clock)
    assert cup.phase == FINISHED
    # Every table's result recounted from the stored games: the winners went on.
    for stage in cup.stages:
        for table in stage.tables:
            totals = [0, 0]
            for game_id in table.games:
                record = await host.store.game_record(game_id)
                assert record.game == "dabangzi" and len(record.result["scores"]) == 4
                for seat, score in enumerate(record.result["scores"]):
                    totals[seat % 2] += score
            # The stored totals, then (level on levels) the hands won, then extra hands.
            keys = [(totals[t], table.won[t] + table.won[t + 2],
                     table.extra[t] + table.extra[t + 2]) for t in (0, 1)]
            assert keys[0] != keys[1]
            ahead = 0 if keys[0] > keys[1] else 1
            assert set(table.winning_team()) == set(table.seats[ahead::2])
            assert set(table.winning_team()) <= set(stage.advanced or [])
    assert sorted(p for p, _ in cup.places) == [1, 1, 2, 2, 3, 3]
    standings_text = await ok(host, cup_cmd.CupStandings(person(1), PLACE))
    assert "knockout of teams of 2" in standings_text
    champions = [n for p, n in cup.places if p == 1]
    assert f"1. #{champions[0]} Player{champions[0]} · {cup.team_of(champions[0])}" \
        in standings_text
    assert recorder.cup_notes("cup.finished")
    assert await host.store.books_balanced()


def test_a_team_with_a_member_who_forfeited_goes_out_whatever_托管_scored() -> None:
    cup = pairs_cup(2)
    cup.close_signup(T0)
    (table,) = cup.stage.tables
    absent = table.seats[0]
    cup.withdraw(100 + absent, T0 + 1)  # their seat plays on in 托管, and wins the match
    cup.record_hand(table.key, "g1", [3, -3, 3, -3], T0 + 2)
    assert cup.phase == FINISHED
    winners = {n for p, n in cup.places if p == 1}
    assert winners == {table.seats[1], table.seats[3]}
    assert [(p, n) for p, n in cup.places if p == 2] == [(2, table.seats[2])]  # not the absent


def test_a_single_hand_level_on_levels_is_won_by_the_side_that_won_it() -> None:
    # match=off hands=1: attackers with 80–115 take the deal with no level, a 0–0 hand; all
    # 4 regulation hands of an audit's knockout ended so and went to extra hands. The hand's
    # winners (上台) go on (docs §5 pairs_knockout).
    cup = Competition(1, "Bangzi", parse_settings(
        {"preset": "pairs_knockout", "match": "off", "window": "0"}, T0), "pairs-seed", T0)
    for n in range(1, 5):
        cup.sign_up_team(100 + n, f"u{n}", f"P{n}", "en", f"T{(n + 1) // 2}", T0)
    cup.close_signup(T0)
    (table,) = cup.stage.tables
    cup.record_hand(table.key, "g1", [0, 0, 0, 0], T0 + 2, won=[False, True, False, True])
    cup = reload(cup)
    assert cup.phase == FINISHED and cup.stage.tables[0].extra_played == 0
    assert {n for p, n in cup.places if p == 1} == {table.seats[1], table.seats[3]}


def test_the_hand_winners_of_a_dabangzi_hand_are_its_winning_team() -> None:
    from bot.games import registry
    winners = registry.load(registry.module("dabangzi").cup_winners)
    assert winners({"results": [{"winner": 1}]}) == [False, True, False, True]
    assert winners({"results": []}) == [False] * 4
