"""Results after someone left: told from the finished game's outcome, so they name the
people of that game and show the whole result even once the leavers' seats are gone."""

from __future__ import annotations

import re

from bot.host import commands as cmd
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


async def test_a_tianji_result_after_a_leave_still_shows_every_group(make_host) -> None:
    host, recorder = await make_host()
    await open_table(host, "tianji", people=3)
    await ok(host, cmd.Leave(actor(1), PLACE))  # 托管 arranges for them; seat gone after
    finished = await play_out(host)
    assert finished.phase is Phase.LOBBY and [s.name for s in finished.seats] == [
        "Player0", "Player2"]
    [result] = [n.text for n in recorder.notes if n.kind == "host.result"]
    assert len(re.findall(r"①(\S+) ②(\S+) ③(\S+)", result)) == 3, result
    assert all(f"Player{n}" in result for n in range(3)), result


async def test_the_escape_notice_names_the_seat_that_left_not_the_one_moved_up(
        host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    await ok(host, cmd.Leave(actor(1), PLACE, confirmed=True))
    [escaped] = [n.text for n in recorder.notes if n.kind == "host.escaped"]
    assert "Player1" in escaped and "Player2" not in escaped
    assert [s.name for s in room(host).seats] == ["Player0", "Player2"]
    assert await host.store.books_balanced()
