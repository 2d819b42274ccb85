"""The live hub on a real storage: one query per poll for every watched room, a spectator who
does not read keeps only the newest table, and a room's caches go with its last spectator."""

from __future__ import annotations

import json

from bot.host import commands as cmd
from bot.web.live import LiveHub
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Site


def counter_of(event: bytes) -> int:
    assert event.startswith(b"data: ") and event.endswith(b"\n\n")
    return int(json.loads(event[6:])["counter"])


async def test_a_spectator_who_does_not_read_keeps_only_the_newest_table(site: Site) -> None:
    host = site.host
    await open_table(host, "doudizhu3", 3, 0)
    room_id = room(host).room_id
    hub = LiveHub(host.store.room_counters, host.store.room_snapshot)
    reader = await hub.join(room_id, "en")
    idle = await hub.join(room_id, "zh")
    assert counter_of(reader.take()) == room(host).counter
    for _ in range(5):
        seat = room(host).state.to_act()[0]
        hints = room(host).spec.hints(room(host).state, seat)
        await ok(host, cmd.Act(actor(seat), PLACE,
                               text=hints[0] if hints else room(host).state.legal_actions(seat)[0]))
        await host.quiesce()  # a pass that plays itself (要不起自动过) comes first
        await hub.poll()
        assert counter_of(reader.take()) == room(host).counter  # the reader sees each table
    # The idle one holds one event: the newest, in its language (the first was replaced).
    pending = idle.take()
    assert counter_of(pending) == room(host).counter and "倍数".encode() in pending
    assert idle.take() is None
    await hub.poll()  # nothing changed: nothing offered
    assert reader.take() is None
    hub.leave(reader)
    hub.leave(idle)
    assert hub.rooms == {} and hub.spectators == 0 and not hub._messages  # noqa: SLF001
