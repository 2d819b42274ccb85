"""Restart recovery: every running room comes back from its snapshot and plays on."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


async def play_steps(host, steps: int) -> None:
    for _ in range(steps):
        await host.quiesce()
        current = room(host)
        seat = next(s for s in current.to_act() if not current.seats[s].plays_itself)
        action = current.spec.hints(current.state, seat)[0]
        await ok(host, cmd.Act(actor(int(current.seats[seat].user_id[1:])), PLACE, text=action))


async def finish_and_read(host) -> tuple[dict[int, int], list[tuple[int, str]]]:
    await play_out(host)
    players = [await host.player_id(actor(n)) for n in range(3)]
    [record] = await host.store.finished_games()
    return await host.store.balances(players), record.actions


async def test_a_restarted_host_finishes_the_game_like_an_uninterrupted_one(
        make_host, tmp_path) -> None:
    steady, _ = await make_host(seed=11, database=tmp_path / "steady.sqlite3")
    await open_table(steady, "doudizhu3", people=3)
    expected = await finish_and_read(steady)

    host, _ = await make_host(seed=11)
    await open_table(host, "doudizhu3", people=3)
    await play_steps(host, 6)
    counter = room(host).counter
    await host.close()
    await host.store.close()
    again, recorder = await make_host(seed=99)  # another seed: the saved deal must be used
    assert room(again).counter == counter and room(again).phase is Phase.PLAYING
    assert recorder.tables[-1].counter == counter
    assert {v.user.user_id for v in recorder.privates} == {"u0", "u1", "u2"}
    assert await finish_and_read(again) == expected


async def test_ai_seats_resume_on_their_own_after_a_restart(make_host) -> None:
    host, _ = await make_host(ai_delay=5)
    await open_table(host, "tianji", people=1, ais=3)
    assert room(host).to_act() == [0, 1, 2, 3]  # the AI seats wait out their delay
    await host.close()
    await host.store.close()
    again, _ = await make_host(ai_delay=0)
    await again.quiesce()
    assert room(again).to_act() == [0]
    await ok(again, cmd.Act(actor(0), PLACE, text=room(again).spec.hints(room(again).state,
                                                                         0)[0]))
    assert room(again).phase is Phase.OVER and await again.store.books_balanced()


async def test_an_unreadable_snapshot_is_left_alone(make_host) -> None:
    host, _ = await make_host()
    await host.store.save_room("broken", {"v": 1, "room_id": "broken"})
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    await host.close()
    await host.store.close()
    again, _ = await make_host()
    assert "broken" not in again.rooms and room(again).phase is Phase.LOBBY
