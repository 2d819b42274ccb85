"""A game that carries something from hand to hand (打棒子's levels, `Outcome.carry`) gets it
in the table's next deal while the seats stay, and its record keeps what it was dealt with,
so replays and `verify` deal it again exactly."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.handlers.replay import replay_matches
from tests.host.conftest import PLACE, actor, ok, open_table, play_out


async def test_the_next_hand_is_dealt_with_what_the_last_carried(make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "dabangzi", 4)
    first = await play_out(host, limit=2000)
    carry = first.last_result["outcome"]["carry"]
    assert carry is not None and carry["number"] == 2
    await ok(host, cmd.Rematch(actor(0), PLACE))
    await play_out(host, limit=2000)
    records = await host.store.finished_games()
    assert len(records) == 2
    assert "dealt_with" not in records[0].result  # a fresh start
    assert records[1].result["dealt_with"] == carry
    assert all(replay_matches(record) for record in records)
