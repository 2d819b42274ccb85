"""The 2026-12 rulings (RULES.md §1.2, §1.5, §2) played through the host and storage: the
retired last_bidder_double, two-player must-bid, grab bidding and the rotating first bid."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


def who(host, seat: int) -> cmd.Actor:
    return actor(int(room(host).seats[seat].user_id[1:]))


async def act(host, text: str) -> None:
    await host.quiesce()
    await ok(host, cmd.Act(who(host, room(host).to_act()[0]), PLACE, text=text))


async def test_a_room_saved_with_last_bidder_double_plays_on_without_it(make_host) -> None:
    host, _ = await make_host(seed=3)
    await open_table(host, "doudizhu3", people=3, mode="points", stake=1)
    # The room and its hand as an older version saved them, with the retired option on.
    snapshot = room(host).to_snapshot()
    snapshot["options"]["last_bidder_double"] = True
    snapshot["state"]["options"]["last_bidder_double"] = True
    snapshot["state"]["last_bidder"] = False
    await host.store.save_room(room(host).room_id, snapshot)
    await host.close()
    await host.store.close()
    again, _ = await make_host(seed=4)
    assert room(again).phase is Phase.PLAYING
    await act(again, "pass")
    await act(again, "pass")
    await act(again, "bid 1")
    finished = await play_out(again)
    assert finished.phase is Phase.OVER
    [record] = await again.store.finished_games()
    state = finished.state
    assert "last_bidder" not in state.causes
    # The ordinary settlement: the landlord ±2 × bid × multiplier, each farmer ∓1 × ….
    landlord_score = record.result["scores"][state.landlord]
    assert abs(landlord_score) == 2 * state.multiplier
    assert "last_bidder_double" not in finished.options
    # The room's settings can still be changed; setting the retired option is refused.
    await ok(again, cmd.RoomSettings(actor(0), PLACE, changes={"bomb_cap": "2"}))
    refused = await again.handle(cmd.RoomSettings(actor(0), PLACE,
                                                  changes={"last_bidder_double": "on"}))
    assert not refused.ok and refused.key == "ddz.err.retired_option"
    assert "last_bidder_double" not in room(again).options
    assert await again.store.books_balanced()
    # A game recorded with the option in its settings (as older versions recorded every
    # option) replays to its books.
    from dataclasses import replace

    from bot.host.handlers.replay import replay_matches

    row = await again.store.game_record(record.game_id)
    assert replay_matches(replace(row, options={**row.options, "last_bidder_double": True}))


async def test_two_players_with_three_twos_and_the_small_joker_must_bid(make_host) -> None:
    # Host seed 107 deals the first bidder (seat 0) 2 2 2 + 小王 and no rocket or four 2s:
    # 四个二王也必叫 (RULES §2 as ruled) — before, only four 2s counted and this could pass.
    host, _ = await make_host(seed=107)
    await open_table(host, "doudizhu2", people=2, mode="points", stake=1)
    state = room(host).state
    first = room(host).to_act()[0]
    hand = state.hand(first)
    assert sum(c[0] == "2" for c in hand) == 3 and "B" in hand and "R" not in hand
    refused = await host.handle(cmd.Act(who(host, first), PLACE, text="pass"))
    assert not refused.ok and refused.key == "ddz.err.bid_not_allowed"
    assert room(host).state.auction == ()
    await act(host, "bid 1")
    finished = await play_out(host)
    [record] = await host.store.finished_games()
    assert record.actions[0] == (first, "bid 1")
    assert finished.phase is Phase.OVER and await host.store.books_balanced()


async def test_grab_bidding_through_the_host_one_chance_each_then_the_next_seat(
        make_host) -> None:
    host, _ = await make_host(seed=5)
    await open_table(host, "doudizhu3", people=3, mode="points", stake=1,
                     options={"bidding": "grab"})
    first = room(host).to_act()[0]
    for _ in range(3):
        await act(host, "pass")
    # All said 不抢: redeal, and the next seat speaks first (由下一个玩家进行抢地主).
    assert room(host).state.deal == 1 and room(host).to_act() == [(first + 1) % 3]
    await act(host, "pass")
    await act(host, "call")
    await act(host, "grab")
    # The seat that passed has had its one chance: bidding is over, the last grab leads.
    state = room(host).state
    assert state.landlord == first and state.multiplier == 2 and state.phase.value == "playing"
    await play_out(host)
    [record] = await host.store.finished_games()
    assert [a for _, a in record.actions[:7]] == ["pass"] * 4 + ["bid 1", "grab"] + [
        record.actions[6][1]]
    assert await host.store.books_balanced()


async def test_first_bidder_rotate_gives_the_first_bid_to_each_seat_in_turn(
        make_host) -> None:
    host, _ = await make_host(seed=9)
    await open_table(host, "doudizhu3", people=3, mode="points", stake=1,
                     options={"first_bidder": "rotate"})
    firsts = []
    for hand in range(3):
        firsts.append(room(host).state.first_bidder)
        await play_out(host)
        if hand < 2:
            await ok(host, cmd.Rematch(actor(0), PLACE))
            await host.quiesce()
    assert firsts == [(firsts[0] + n) % 3 for n in range(3)]
    assert len(await host.store.finished_games()) == 3


async def test_a_duel_through_the_host_names_the_roles_and_ends_at_two_tricks(
        make_host) -> None:
    host, recorder = await make_host(seed=2)
    await open_table(host, "tianji-duel", people=2, mode="points", stake=1)
    assert room(host).seats[0].user_id == "u0"  # the opener is the student
    table = recorder.tables[-1].text
    assert "student" in table and "teacher" in table
    # The student shows first; the teacher answers (seat 1 may not lead).
    assert room(host).to_act() == [0]
    finished = await play_out(host)
    state = finished.state
    assert max(state.wins()) == 2 and len(state.tricks) in (2, 3)
    assert len(state.tricks) == 3 or min(state.wins()) == 0
    [record] = await host.store.finished_games()
    assert sorted(record.result["scores"]) == [-1, 1]
    assert await host.store.books_balanced()


async def test_first_hand_first_bidder_is_drawn_by_lot_then_seats_bid_first_in_turn(
        make_host) -> None:
    # 第一局采用抽签决定先叫分者，第二局开始采用按抓牌的顺序轮流先叫分 (first_bidder=rotate): the
    # first hand's first bidder is the lot's at a casual table too, not always seat 0.
    from dataclasses import replace

    from bot.host.room import room_id_for

    host, _ = await make_host(seed=11)
    firsts = set()
    for n in range(8):
        place = replace(PLACE, channel=f"lot-{n}")
        await ok(host, cmd.NewRoom(actor(3 * n), place, game="doudizhu3", mode="points",
                                   options={"first_bidder": "rotate"}))
        for k in (1, 2):
            await ok(host, cmd.Join(actor(3 * n + k), place))
        await ok(host, cmd.Start(actor(3 * n), place))
        await host.quiesce()
        dealt = host.rooms[room_id_for(place)]
        assert dealt.state.first_bidder == dealt.seed % 3
        firsts.add(dealt.state.first_bidder)
    assert len(firsts) > 1


async def test_a_points_room_plays_for_a_stake_of_one_unless_chosen(make_host) -> None:
    # RULES §1.6 "room stake | 1 (points tables); set per room for bean tables".
    host, _ = await make_host(seed=12, stake=10)
    await open_table(host, "doudizhu3", people=3, mode="points")
    assert room(host).stake == 1
    await play_out(host)
    [record] = await host.store.finished_games()
    assert record.result["stake"] == 1
