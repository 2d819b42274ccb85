"""Rooms and seats: every refusal has a translated reason and changes nothing."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase, Place
from tests.host.conftest import PLACE, actor, ok, open_table, room


async def refused(host, command, key: str) -> str:
    before = host.rooms.get(room_id_of(command))
    snapshot = before.to_snapshot() if before is not None else None
    reply = await host.handle(command)
    assert not reply.ok and reply.key == key, (reply.key, reply.text)
    after = host.rooms.get(room_id_of(command))
    assert (after.to_snapshot() if after is not None else None) == snapshot
    return reply.text


def room_id_of(command: cmd.Command) -> str:
    from bot.host.room import room_id_for

    return command.room or room_id_for(command.place or PLACE)


async def test_a_table_opens_with_its_owner_in_seat_one(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    reply = await host.handle(cmd.NewRoom(actor(0), PLACE, game="ddz"))
    assert reply.ok and reply.private is not None
    assert room(host).game == "doudizhu3" and room(host).seats[0].name == "Player0"
    assert recorder.tables[-1].phase is Phase.LOBBY
    assert [b.payload.split(":")[2] for b in recorder.tables[-1].buttons] == [
        "!join", "!leave", "!ai", "!start", "!seed"]


async def test_commands_without_a_table_say_there_is_none(host_and_recorder) -> None:
    host, _ = host_and_recorder
    text = await refused(host, cmd.Join(actor(1), PLACE), "host.no_room")
    assert "new" in text
    zh = await host.handle(cmd.Start(actor(1, "zh"), PLACE))
    assert zh.key == "host.no_room" and "牌桌" in zh.text


async def test_an_unknown_game_or_bad_stake_is_refused(host_and_recorder) -> None:
    host, _ = host_and_recorder
    text = await refused(host, cmd.NewRoom(actor(0), PLACE, game="poker"), "host.unknown_game")
    assert "poker" in text and "doudizhu3" in text
    await refused(host, cmd.NewRoom(actor(0), PLACE, stake=0), "host.bad_stake")
    await refused(host, cmd.NewRoom(actor(0), PLACE, game="tianji", mode="chips"),
                  "host.bad_mode")
    # 斗地主 reads another mode word as its variant (mode=laizi), and says which are valid.
    text = await refused(host, cmd.NewRoom(actor(0), PLACE, mode="chips"), "ddz.err.bad_option")
    assert "chips" in text
    bad_option = await host.handle(cmd.NewRoom(actor(0), PLACE, options={"bidding": "auction"}))
    assert not bad_option.ok and bad_option.key.startswith("ddz.")


async def test_a_full_table_refuses_another_player(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3, start=False)
    text = await refused(host, cmd.Join(actor(3), PLACE), "host.room_full")
    assert "3" in text
    await refused(host, cmd.AddAI(actor(0), PLACE), "host.room_full")


async def test_joining_twice_or_at_two_tables_is_refused(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=2, start=False)
    await refused(host, cmd.Join(actor(1), PLACE), "host.already_seated")
    elsewhere = Place("test", "channel-2", "", "guild-1")
    await refused(host, cmd.NewRoom(actor(1), elsewhere), "host.seated_elsewhere")


async def test_starting_short_of_players_names_the_numbers(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=2, start=False)
    text = await refused(host, cmd.Start(actor(0), PLACE), "host.not_enough_players")
    assert "2" in text and "3" in text


async def test_strangers_cannot_start_or_add_ai(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, start=False)
    await refused(host, cmd.Start(actor(5), PLACE), "host.not_in_room")
    await refused(host, cmd.AddAI(actor(5), PLACE), "host.not_in_room")
    await refused(host, cmd.Leave(actor(5), PLACE), "host.not_in_room")


async def test_a_running_hand_blocks_joining_and_a_new_table(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2)
    await refused(host, cmd.Join(actor(4), PLACE), "host.game_running")
    await refused(host, cmd.NewRoom(actor(4), PLACE), "host.room_busy")
    await refused(host, cmd.AddAI(actor(0), PLACE), "host.game_running")
    await refused(host, cmd.RoomSettings(actor(0), PLACE, changes={"stake": "5"}),
                  "host.game_running")


async def test_only_the_owner_or_an_admin_changes_settings(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=2, start=False)
    await refused(host, cmd.RoomSettings(actor(1), PLACE, changes={"stake": "50"}),
                  "host.not_owner")
    await ok(host, cmd.RoomSettings(actor(1, admin=True), PLACE, changes={"stake": "50"}))
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"doubling": "on", "lang": "zh"}))
    assert room(host).stake == 50 and room(host).options["doubling"] is True
    assert room(host).lang == "zh"
    await refused(host, cmd.RoomSettings(actor(0), PLACE, changes={"stake": "lots"}),
                  "host.bad_stake")
    shown = await host.handle(cmd.RoomSettings(actor(1), PLACE))
    assert shown.ok and "50" in shown.text


async def test_too_few_beans_to_sit_is_refused_with_the_amounts(make_host) -> None:
    host, _ = await make_host(starting_grant=50, daily_relief=0)
    text = await refused(host, cmd.NewRoom(actor(0), PLACE, stake=100), "host.not_enough_beans")
    assert "100" in text and "50" in text
    await ok(host, cmd.NewRoom(actor(0), PLACE, stake=100, mode="points"))


async def test_a_player_still_broke_after_the_relief_is_told_when_the_next_comes(
        make_host) -> None:
    host, _ = await make_host(starting_grant=0, daily_relief=50, relief_threshold=100)
    for lang in ("en", "zh"):
        text = await refused(host, cmd.NewRoom(actor(0, lang), PLACE, stake=100),
                             "host.not_enough_beans_today")
        assert "100" in text and "50" in text and "UTC" in text
    assert await host.store.balance(await host.player_id(actor(0))) == 50  # topped up once


async def test_the_daily_relief_tops_up_a_broke_player_once(make_host) -> None:
    host, _ = await make_host(starting_grant=20, daily_relief=300, relief_threshold=100)
    await ok(host, cmd.NewRoom(actor(0), PLACE, stake=200))
    player = await host.player_id(actor(0))
    assert await host.store.balance(player) == 300
    assert await host.beans(player) == 300  # not twice the same day


async def test_leaving_the_lobby_frees_the_seat_and_the_last_one_closes_it(
        host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=2, ais=1, start=False)
    await ok(host, cmd.Leave(actor(0), PLACE))
    assert [s.name for s in room(host).seats] == ["Player1", "1"]
    assert room(host).owner == await host.player_id(actor(1))
    await ok(host, cmd.RemoveAI(actor(1), PLACE))
    await refused(host, cmd.RemoveAI(actor(1), PLACE), "host.no_ai_seat")
    await ok(host, cmd.Leave(actor(1), PLACE))
    assert room(host).phase is Phase.CLOSED
    assert (await host.handle(cmd.Join(actor(2), PLACE))).key == "host.no_room"
    await ok(host, cmd.NewRoom(actor(2), PLACE, game="tianji"))
    assert recorder.tables[-1].counter > 1  # the counter never goes back for old buttons


async def test_help_rules_and_judge_answer_in_both_languages(host_and_recorder) -> None:
    host, _ = host_and_recorder
    assert "judge" in (await host.handle(cmd.Help(actor(0)))).text
    assert "地主" in (await host.handle(cmd.Rules(actor(0, "zh"), game="doudizhu3"))).text
    assert "十点半" in (await host.handle(cmd.Rules(actor(0, "zh"), game="tianji"))).text
    beats = await host.handle(cmd.Judge(actor(0), PLACE, text="3333 > 22"))
    assert beats.ok and "✅" in beats.text
    loses = await host.handle(cmd.Judge(actor(0, "zh"), PLACE, text="55 vs 88"))
    assert loses.ok and "管不住" in loses.text
    reading = await host.handle(cmd.Judge(actor(0), PLACE, text="3334"))
    assert "triple with a single" in reading.text
    nonsense = await host.handle(cmd.Judge(actor(0), PLACE, text="3345"))
    assert not nonsense.ok and nonsense.text
    table = await host.handle(cmd.Judge(actor(0), game="tianji",
                                        text="As|KhQd|2s3h5d; Ac|KdQs|2h3d5c"))
    assert table.ok and "Player 2" in table.text and "+" in table.text
    usage = await host.handle(cmd.Judge(actor(0), game="tianji", text="  "))
    assert usage.key == "host.judge.usage"


async def test_new_with_mode_laizi_opens_a_wild_card_table(host_and_recorder) -> None:
    # `/new ddz mode=laizi` (issue 41's name, the mode_option of the game) opens the table in
    # that mode on the settings' beans or points; a game without modes refuses the word.
    host, _ = host_and_recorder
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3", mode="laizi"))
    assert room(host).options["variant"] == "laizi" and room(host).mode == "beans"
    await ok(host, cmd.CloseRoom(actor(0), PLACE))
    await refused(host, cmd.NewRoom(actor(0), PLACE, game="tianji", mode="laizi"),
                  "host.bad_mode")
