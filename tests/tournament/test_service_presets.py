"""Presets (RULES §5) through the real host and storage: sign-up, the draw, every hand
played by the AI (托管) at the real tables, the final places and the cup points booked."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.runtime.clock import ManualClock
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.intents import cup_command
from bot.tournament.service import CupService
from bot.tournament.table import WAITING
from tests.tournament.conftest import PLACE, Factory, ok, person

ORGANISER = person(0, admin=True)


def the_cup(service: CupService) -> Competition:
    return max(service.cups.values(), key=lambda c: c.cup_id)


async def sheet_cup(host, service: CupService, clock: ManualClock, players: int,
                    words: str) -> Competition:
    """`/cup new …` as typed, `players` sign-ups, close, everyone in 托管 until the end."""
    await ok(host, cup_command(ORGANISER, PLACE, ["new", "Sheet", *words.split(),
                                                  "seed=fixed", "window=0"]))
    for n in range(1, players + 1):
        await ok(host, cup_cmd.CupSignUp(person(n), PLACE))
    await ok(host, cup_cmd.CupClose(ORGANISER, PLACE))
    cup = the_cup(service)

    async def autos() -> None:
        for table in cup.live_tables():
            for number in table.seats:
                room = host.rooms.get(table.room_id or "")
                if room is not None and not room.seats[table.seats.index(number)].auto:
                    await host.handle(cmd.Auto(person(number), room=table.room_id, on=True))

    for _ in range(6000):
        await service.quiesce()
        if cup.phase == FINISHED:
            break
        await autos()
        clock.advance(1.0)
    assert cup.phase == FINISHED, [t.key for t in cup.live_tables()]
    assert all(t.status != WAITING for s in cup.stages for t in s.all_tables())
    return cup


async def recount(host, cup: Competition) -> dict[int, int]:
    """Each entrant's regulation score at the last stage, from the stored game records."""
    totals: dict[int, int] = {}
    for table in cup.stage.tables:
        for game_id in table.games[:table.hands]:
            record = await host.store.game_record(game_id)
            for seat, number in enumerate(table.seats):
                totals[number] = totals.get(number, 0) + record.result["scores"][seat]
    return totals


async def test_three_hands_preset_through_the_host(open_cup_host: Factory,
                                                   clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=5)
    cup = await sheet_cup(host, service, clock, 3, "preset=three_hands")
    table = cup.stage.tables[0]
    assert table.hands == 3 and table.played == 3
    # The sheet's order: 1st, 2nd, 3rd by the three hands' score (recounted from storage).
    totals = await recount(host, cup)
    assert [totals[n] for _, n in cup.places] == sorted(totals.values(), reverse=True) or \
        table.extra_played
    # first_bidder=rotate: the three hands' first bidders are seats 1, 2, 3 in turn.
    firsts = []
    for game_id in table.games[:3]:
        record = await host.store.game_record(game_id)
        firsts.append(record.actions[0][0])
    assert firsts == [0, 1, 2]
    assert await host.store.books_balanced()
    assert sum((await host.store.balances([e.player_id for e in cup.entrants],
                                          "cup")).values()) == 6


def _won(record, seat: int) -> bool:
    game = record.result["game"]
    return (seat == game["landlord"]) == (game["winner"] == "landlord")


async def test_wins_preset_ranks_by_the_hands_won_in_storage(open_cup_host: Factory,
                                                             clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=6)
    cup = await sheet_cup(host, service, clock, 3, "preset=wins hands=3")
    table = cup.stage.tables[0]
    won = {n: 0 for n in table.seats}
    for game_id in table.games[:3]:
        record = await host.store.game_record(game_id)
        for seat, number in enumerate(table.seats):
            won[number] += _won(record, seat)
    assert [table.score_of(n) for n in table.seats] == [won[n] for n in table.seats]
    assert cup.places[0][1] in [n for n in won if won[n] == max(won.values())]


async def test_activity_preset_scores_are_the_sheets_points(open_cup_host: Factory,
                                                            clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=8)
    cup = await sheet_cup(host, service, clock, 3, "preset=activity hands=3")
    table = cup.stage.tables[0]
    # Never negative, and each hand gives its winners at least their win points (+1/+2).
    assert min(table.scores) >= 0 and sum(table.scores) >= 3 * 1
    assert cup.places[0][1] in [n for n in table.seats
                                if table.score_of(n) == max(table.scores)]


async def test_qq_rounds_preset_from_thirty_points(open_cup_host: Factory,
                                                   clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=9)
    cup = await sheet_cup(host, service, clock, 3, "preset=qq_rounds")
    table = cup.stage.tables[0]
    totals = await recount(host, cup)
    assert table.played == 10
    assert [table.score_of(n) for n in table.seats] == [30 + totals[n] for n in table.seats]
    assert sum(table.scores) == 90 and await host.store.books_balanced()


async def test_three_rounds_preset_final_halves_through_the_host(open_cup_host: Factory,
                                                                 clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=10)
    cup = await sheet_cup(host, service, clock, 3, "preset=three_rounds")
    first, second = cup.stages
    assert first.leg == 1 and second.leg == 2 and first.final and second.final
    assert first.tables[0].played == 9 and second.tables[0].played == 9
    # Ranked by the total of both halves, recounted from the stored hands.
    totals: dict[int, int] = {}
    for stage in (first, second):
        table = stage.tables[0]
        for game_id in table.games:
            record = await host.store.game_record(game_id)
            for seat, number in enumerate(table.seats):
                totals[number] = totals.get(number, 0) + record.result["scores"][seat]
    assert totals == {n: second.total(n) for n in second.players}
    ordered = [totals[n] for _, n in cup.places]
    assert ordered == sorted(ordered, reverse=True)


async def test_timed_rounds_preset_ends_tables_on_their_time(open_cup_host: Factory,
                                                             clock: ManualClock) -> None:
    # The sheet's 15/20/25 minutes, shortened to 2 minutes a round for the test's sake.
    host, service, _ = await open_cup_host(seed=12)
    cup = await sheet_cup(host, service, clock, 3, "preset=timed_rounds times=2,2,2")
    table = cup.stage.tables[0]
    assert table.time_up and table.hands == table.played >= 1
    assert cup.places and await host.store.books_balanced()


async def test_knockout_preset_final_of_ten_hands(open_cup_host: Factory,
                                                  clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=13)
    cup = await sheet_cup(host, service, clock, 3, "preset=knockout")
    table = cup.stage.tables[0]
    assert table.played == 10 and cup.stage.final
    totals = await recount(host, cup)
    assert [table.score_of(n) for n in table.seats] == [totals[n] for n in table.seats]
    # First is clear (extra hands if needed); equal scores after it share (并列第二名).
    assert sum(1 for p, _ in cup.places if p == 1) == 1


async def test_round_robin_preset_with_merit_places(open_cup_host: Factory,
                                                    clock: ManualClock) -> None:
    host, service, _ = await open_cup_host(seed=14)
    cup = await sheet_cup(host, service, clock, 12, "preset=round_robin hands=2")
    final = cup.stage
    # 决赛：采用单循环赛制: twelve fill four tables, whose four winners could not each meet every
    # other once with equal hands; the cut sends three on (3, 7 or 9 can), one table.
    assert final.final and final.leg == final.legs == 1 and len(final.players) == 3
    hands = {n: sum(t.played for s in cup.stages[1:] for t in s.tables if n in t.seats)
             for n in final.players}
    assert set(hands.values()) == {2}
    # 优秀奖: three of the eight left in stage 1, by their stage 1 score.
    assert len(cup.merits) == 3 and not {n for _, n in cup.places} & set(cup.merits)
    best_left = sorted((cup.stages[0].stage_score(n) for n in cup.eliminated), reverse=True)
    assert sorted((cup.stages[0].stage_score(n) for n in cup.merits),
                  reverse=True) == best_left[:3]


async def test_cup_help_lists_every_preset_with_its_sheet(open_cup_host: Factory) -> None:
    from bot.tournament.presets import all_presets

    host, _, _ = await open_cup_host()
    text = await ok(host, cup_command(person(1), PLACE, ["help"]))
    assert "pairs_knockout" in all_presets()  # a game's own (打棒子's), listed with the rest
    for preset in all_presets().values():
        assert preset.name in text and preset.sheet in text
    zh = await ok(host, cup_command(cmd.Actor("test", "u1", "P1", "zh", False), PLACE,
                                    ["help"]))
    assert "赛制" in zh
    # The list stays short (one line a preset); each preset's format is one command away.
    assert len(text) < 1200 and "cup help <preset>" in text


async def test_cup_help_with_a_preset_gives_its_format_and_settings(
        open_cup_host: Factory) -> None:
    from bot.i18n import translate
    from bot.tournament.presets import preset

    host, _, _ = await open_cup_host()
    text = await ok(host, cup_command(person(1), PLACE, ["help", "KnockOut"]))
    knockout = preset("knockout")
    assert knockout.sheet in text and translate("cup.preset.knockout", "en") in text
    assert "hands=10" in text and "preset=knockout" in text
    zh = await ok(host, cup_command(cmd.Actor("test", "u1", "P1", "zh", False), PLACE,
                                    ["赛制", "pairs_knockout"]))
    assert "game=dabangzi" in zh and translate("cup.preset.pairs_knockout", "zh") in zh
    unknown = await host.handle(cup_command(person(1), PLACE, ["help", "swiss"]))
    assert not unknown.ok and unknown.key == "cup.err.bad_preset"
    assert "knockout" in unknown.text


async def test_organisers_disqualify_a_pair_of_stand_ins(open_cup_host: Factory,
                                                         clock: ManualClock) -> None:
    # 发现代赛者两人均取消参赛资格: both forfeit, their seats play on in 托管, the reason is
    # announced and kept with the results (after a restart too).
    host, service, recorder = await open_cup_host(seed=15)
    await ok(host, cup_command(ORGANISER, PLACE, ["new", "DQ", "hands=2", "seed=fixed",
                                                  "window=0"]))
    for n in range(1, 7):
        await ok(host, cup_cmd.CupSignUp(person(n), PLACE))
    await ok(host, cup_cmd.CupClose(ORGANISER, PLACE))
    refused = await host.handle(cup_command(person(1), PLACE, ["dq", "2", "5", "代赛"]))
    assert not refused.ok and refused.key == "cup.err.not_organiser"
    missing = await host.handle(cup_command(ORGANISER, PLACE, ["dq", "2", "5"]))
    assert not missing.ok and missing.key == "cup.err.dq_usage"
    text = await ok(host, cup_command(ORGANISER, PLACE, ["dq", "2", "#5", "代赛", "(stand-in)"]))
    assert "代赛 (stand-in)" in text
    cup = the_cup(service)
    assert cup.disqualified == {2: "代赛 (stand-in)", 5: "代赛 (stand-in)"}
    note = recorder.cup_notes("cup.disqualified")[-1]
    assert "代赛" in note.text and "#2" in note.text and "#5" in note.text
    await service.quiesce()
    for number in (2, 5):
        table = cup.live_table_of(number)
        assert table is not None and number in table.forfeits
        room = host.rooms[table.room_id]
        assert room.seats[table.seats.index(number)].auto
    again = await host.handle(cup_command(ORGANISER, PLACE, ["dq", "2", "again"]))
    assert not again.ok and again.key == "cup.err.no_entrant"
    for _ in range(3000):
        await service.quiesce()
        if cup.phase == FINISHED:
            break
        for table in cup.live_tables():
            for number in table.seats:
                room = host.rooms.get(table.room_id or "")
                if room is not None and not room.seats[table.seats.index(number)].auto:
                    await host.handle(cmd.Auto(person(number), room=table.room_id, on=True))
        clock.advance(1.0)
    assert cup.phase == FINISHED
    placed = {n for _, n in cup.places}
    assert not placed & {2, 5}
    standings = await ok(host, cup_cmd.CupStandings(person(1), PLACE))
    assert "代赛 (stand-in)" in standings
    stored = await service.store.get(cup.cup_id)
    assert stored["disqualified"] == {"2": "代赛 (stand-in)", "5": "代赛 (stand-in)"}


async def test_ten_hands_preset_plays_a_section_of_ten_hands_through_the_host(
        open_cup_host: Factory, clock: ManualClock) -> None:
    # 每三个人一组，每组打完十局为一个小节，根据比赛成绩三人中的获胜方可进入下一轮比赛，若成绩相同可
    # 加赛一局决定获胜方.
    host, service, _ = await open_cup_host(seed=16)
    cup = await sheet_cup(host, service, clock, 3, "preset=ten_hands")
    table = cup.stage.tables[0]
    assert table.played == 10 and table.extra_played in range(0, 10)
    totals = await recount(host, cup)
    assert [table.score_of(n) for n in table.seats] == [totals[n] for n in table.seats]
    assert sum(1 for p, _ in cup.places if p == 1) == 1 and await host.store.books_balanced()


async def test_first_to_thirty_preset_ends_a_table_at_thirty_points_or_thirty_minutes(
        open_cup_host: Factory, clock: ManualClock) -> None:
    # 30分/30分钟为一局，先得30分者或时间到分数最多者胜出.
    host, service, _ = await open_cup_host(seed=17)
    cup = await sheet_cup(host, service, clock, 3, "preset=first_to_30 time=3")
    table = cup.stage.tables[0]
    assert table.time_up or max(table.scores) >= 30
    assert table.hands == table.played and await host.store.books_balanced()


async def test_organisers_rule_a_hand_lost_for_coaching_a_partner(open_cup_host: Factory,
                                                                  clock: ManualClock) -> None:
    # 询问或指点同伙出牌的一次判输，按地主手中牌计分 (the 30分/30分钟 sheet): the organiser rules
    # the hand #2 is playing lost for #2's side; it is booked as the other side's win at the
    # stakes the hand was played for; the next hand counts as played.
    host, service, recorder = await open_cup_host(seed=18)
    await ok(host, cup_command(ORGANISER, PLACE, ["new", "Rule", "hands=2", "seed=fixed",
                                                  "window=0"]))
    for n in range(1, 4):
        await ok(host, cup_cmd.CupSignUp(person(n), PLACE))
    await ok(host, cup_cmd.CupClose(ORGANISER, PLACE))
    await service.quiesce()
    refused = await host.handle(cup_command(person(2), PLACE, ["rule", "1", "coaching"]))
    assert not refused.ok and refused.key == "cup.err.not_organiser"
    # #2's side wins hand 1 as played (seed 18): the ruling turns it round.
    text = await ok(host, cup_command(ORGANISER, PLACE, ["判输", "#2", "指点同伙"]))
    assert "指点同伙" in text
    again = await host.handle(cup_command(ORGANISER, PLACE, ["rule", "2", "again"]))
    assert not again.ok and again.key == "cup.err.rule_twice"
    assert "指点同伙" in recorder.cup_notes("cup.ruled")[-1].text
    cup = the_cup(service)
    for _ in range(3000):
        await service.quiesce()
        if cup.phase == FINISHED:
            break
        for table in cup.live_tables():
            for number in table.seats:
                room = host.rooms.get(table.room_id or "")
                if room is not None and not room.seats[table.seats.index(number)].auto:
                    await host.handle(cmd.Auto(person(number), room=table.room_id, on=True))
        clock.advance(1.0)
    assert cup.phase == FINISHED
    table = cup.stage.tables[0]
    first, second = [await host.store.game_record(g) for g in table.games[:2]]
    landlord = first.result["game"]["landlord"]
    raw = first.result["scores"]
    lost_by_landlord = table.seat_of(2) == landlord
    sign = -1 if lost_by_landlord else 1
    ruled = [sign * abs(s) if s_ == landlord else -sign * abs(s)
             for s_, s in enumerate(raw)]
    ruled[landlord] = -sum(ruled[s] for s in range(3) if s != landlord)
    assert ruled != raw
    assert table.scores == [a + b for a, b in zip(ruled, second.result["scores"],
                                                  strict=True)]
    assert sum(table.scores) == 0 and await host.store.books_balanced()
    # One truth (issue 53 point 6): the points leaderboard books the ruled result too (it
    # kept the played one: the cup said [-12, 6, 6], the points [12, -6, -6]).
    for seat, number in enumerate(table.seats):
        stats = await host.store.stats(cup.entrant(number).player_id)
        assert stats.points == table.scores[seat] + table.extra[seat]
