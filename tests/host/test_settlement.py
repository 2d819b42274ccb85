"""Settlement through the ledger: the bean floor, the house for AI seats, escapes, points
tables, and a settlement that is booked once whatever happens."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase
from storage.records import BANK, HOUSE
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


async def ids(host, people: int) -> list[int]:
    return [await host.player_id(actor(n)) for n in range(people)]


def seat_of(host, player: int) -> int:
    return room(host).seat_of(player)


async def test_a_finished_game_moves_beans_that_sum_to_zero(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    finished = await play_out(host)
    players = await ids(host, 3)
    balances = await host.store.balances(players)
    assert sum(balances.values()) == 3 * 1000
    assert sorted(s["final"] for s in finished.last_result["seats"]) != [0, 0, 0]
    assert [balances[p] - 1000 for p in players] == [
        s["final"] for s in finished.last_result["seats"]]
    assert await host.store.books_balanced()
    [record] = await host.store.finished_games()
    assert record.actions and record.result["scores"] == [
        s["score"] for s in finished.last_result["seats"]]


async def test_ai_seats_win_and_lose_against_the_house(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "tianji", people=1, ais=3)
    await play_out(host)
    [record] = await host.store.finished_games()
    assert set(record.deltas) <= {HOUSE, await host.player_id(actor(0))}
    assert sum(record.deltas.values()) == 0 and await host.store.books_balanced()


async def test_the_bean_floor_caps_a_loss_at_what_the_loser_holds(make_host) -> None:
    host, recorder = await make_host(daily_relief=0)
    await open_table(host, "doudizhu3", people=3, stake=50)
    first = room(host).to_act()[0]
    quitter = room(host).seats[first].player_id
    person = actor(int(room(host).seats[first].user_id[1:]))
    others = [s.player_id for s in room(host).seats if s.player_id != quitter]
    # The bidder quits at base 3: 3 × 3 = 9 units × 50 = 450 beans, reclaimed by the bank
    # (中途逃跑的用户所扣的分系统收回); with only 200 left the quitter pays 200.
    await host.store.transfer("test:spend", "beans", {quitter: -800, others[0]: 800})
    bank_before = await host.store.balance(BANK, "beans")
    await ok(host, cmd.Act(person, PLACE, text="bid 3"))
    await host.quiesce()
    asked = await host.handle(cmd.Leave(person, PLACE))
    assert not asked.ok and asked.key == "host.confirm_escape" and "450" in asked.text
    assert room(host).phase is Phase.PLAYING and room(host).seats[first].player_id == quitter
    reply = await host.handle(cmd.Leave(person, PLACE))
    assert reply.ok and reply.key == "host.left_escaped"
    balances = await host.store.balances([quitter, *others])
    assert balances[quitter] == 0
    assert balances[others[0]] == 1800 and balances[others[1]] == 1000
    assert await host.store.balance(BANK, "beans") == bank_before + 200
    assert await host.store.books_balanced()
    assert room(host).phase is Phase.LOBBY and len(room(host).seats) == 2
    assert any(n.kind == "host.escaped" for n in recorder.notes)
    [record] = await host.store.finished_games()
    assert record.result["ended_by"] == f"escape:{first}"
    assert record.result["scores"] == [0 if s != first else -9 for s in range(3)]
    assert record.deltas == {quitter: -200, BANK: 200}


async def test_an_escape_before_anyone_bids_pays_six_to_the_bank(make_host) -> None:
    # JJ sheet: 叫分前逃跑扣6分; RULES §1.5: the hand is void, the others neither win nor lose.
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=3, stake=10)
    first = room(host).to_act()[0]
    person = actor(int(room(host).seats[first].user_id[1:]))
    quitter = room(host).seats[first].player_id
    await ok(host, cmd.Act(person, PLACE, text="pass"))
    await host.quiesce()
    leaver = room(host).seats[room(host).to_act()[0]]
    who = actor(int(leaver.user_id[1:]))
    await ok(host, cmd.Leave(who, PLACE, confirmed=True))  # `/leave confirm`: no second ask
    [record] = await host.store.finished_games()
    assert sorted(record.result["scores"]) == [-6, 0, 0]
    assert record.deltas == {leaver.player_id: -60, BANK: 60}
    assert await host.store.balance(quitter) == 1000
    assert await host.store.books_balanced()
    from bot.host.handlers.replay import replay_matches

    assert replay_matches(await host.store.game_record(record.game_id))


async def test_points_tables_have_no_floor(make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=3, stake=50, mode="points")
    first = room(host).to_act()[0]
    person = actor(int(room(host).seats[first].user_id[1:]))
    quitter = room(host).seats[first].player_id
    await ok(host, cmd.Act(person, PLACE, text="bid 3"))
    await host.quiesce()
    await ok(host, cmd.Leave(person, PLACE, confirmed=True))
    assert await host.store.balance(quitter, "points") == -450
    assert await host.store.balance(quitter, "beans") == 1000


async def test_a_broke_player_cannot_start_a_bean_hand(make_host) -> None:
    host, _ = await make_host(daily_relief=0)
    await open_table(host, "doudizhu3", people=3, start=False, stake=100)
    broke, rich = await host.player_id(actor(2)), await host.player_id(actor(0))
    await host.store.transfer("test:spend", "beans", {broke: -950, rich: 950})
    reply = await host.handle(cmd.Start(actor(0), PLACE))
    assert not reply.ok and reply.key == "host.player_broke" and "Player2" in reply.text
    assert room(host).phase is Phase.LOBBY


async def test_leaving_without_the_escape_penalty_hands_the_seat_to_auto_play(
        host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3, options={"escape_penalty": False})
    leaver = room(host).to_act()[0]
    person = actor(int(room(host).seats[leaver].user_id[1:]))
    reply = await host.handle(cmd.Leave(person, PLACE))
    assert reply.key == "host.left_auto" and room(host).seats[leaver].auto
    await play_out(host)
    assert room(host).phase is Phase.LOBBY and len(room(host).seats) == 2
    assert await host.store.books_balanced()


async def test_a_settlement_is_booked_once(make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "tianji", people=2, ais=1)
    await play_out(host)
    players = await ids(host, 2)
    balances = await host.store.balances(players)
    [record] = await host.store.finished_games()
    from storage.records import Outcome, Settlement

    again = Settlement(record.game_id, "beans", dict(record.deltas), record.result,
                       [Outcome(p, seat_of(host, p), None, False, record.deltas.get(p, 0))
                        for p in players if record.deltas.get(p, 0)], 0.0)
    assert await host.store.save_room("elsewhere", {}, settlement=again) is False
    assert await host.store.balances(players) == balances
    # A restart finds the room over and settles nothing again.
    await host.close()
    await host.store.close()
    again_host, _ = await make_host()
    assert room(again_host).phase is Phase.OVER
    await again_host.quiesce()
    assert await again_host.store.balances(players) == balances
    assert len(await again_host.store.finished_games()) == 1


async def test_a_tianji_result_shows_what_each_round_gave_each_seat(make_host) -> None:
    """The result listed groups and amounts only: nobody could see which of the three
    rounds (豹子, highest-takes-lowest, head to head) won or lost them their beans."""
    import dataclasses
    import re

    from bot.host.presentation import present

    host, _ = await make_host(stake=10)
    await open_table(host, "tianji", people=1, ais=3)
    finished = await play_out(host)
    for lang in ("en", "zh"):
        # The result is said once, in its note (the finished table shows the seats).
        text = present.note(dataclasses.replace(finished, lang=lang), "host.result", {}).text
        rounds = [tuple(0 if part == "0" else int(part) for part in found)
                  for found in re.findall(r"①(\S+) ②(\S+) ③(\S+)", text)]
        assert len(rounds) == 4, text
        scores = [seat["score"] for seat in finished.last_result["seats"]]
        assert [sum(r) for r in rounds] == scores
        assert [sum(column) for column in zip(*rounds, strict=True)] == [0, 0, 0]
