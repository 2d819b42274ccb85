"""A game's result is kept in storage with its last move until the platform took it: an
outlet that stops before sending it (SIGTERM, a crash) gets it again after the restart,
exactly once; a result taken is never sent again."""

from __future__ import annotations

import asyncio

from bot.host.views import Announcement
from tests.host.conftest import HostFactory, Recorder, open_table, play_out


class Stalled(Recorder):
    """An outlet whose announcements never go out (the process stops before they do)."""

    def __init__(self) -> None:
        super().__init__()
        self.pending: list[asyncio.Future[bool | None]] = []

    async def announce(self, note: Announcement) -> asyncio.Future[bool | None]:
        waiting: asyncio.Future[bool | None] = asyncio.get_running_loop().create_future()
        self.pending.append(waiting)
        return waiting


def results(recorder: Recorder) -> list[Announcement]:
    return [n for n in recorder.notes if n.kind == "host.result"]


async def test_a_result_not_sent_before_a_stop_is_sent_once_after_the_restart(
        make_host: HostFactory) -> None:
    host, _ = await make_host()
    stalled = Stalled()
    host.attach(stalled)
    await open_table(host, "tianji", people=2, ais=1)
    await play_out(host)
    assert stalled.pending, "the result was handed to the outlet"
    for waiting in stalled.pending:
        waiting.set_result(None)  # dropped: the adapter stopped
    await host.flush_kept(5)
    [kept] = [k for k in await host.store.kept_announcements() if k.key.endswith("host.result")]
    await host.close()

    again, recorder = await make_host()
    await again.flush_kept(5)
    [result] = results(recorder)
    assert result.key == kept.key and "🏁" in result.text
    assert await again.store.kept_announcements() == []
    await again.close()

    third, recorder = await make_host()
    await third.flush_kept(5)
    assert results(recorder) == []  # taken once: never again


async def test_a_result_taken_by_the_platform_is_not_kept(make_host: HostFactory) -> None:
    host, recorder = await make_host()
    await open_table(host, "doudizhu3", people=1, ais=2)
    await play_out(host)
    await host.flush_kept(5)
    assert len(results(recorder)) == 1
    assert await host.store.kept_announcements() == []
