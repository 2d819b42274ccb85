"""One client cannot take every live slot: streams are limited per client address and per
room (settings), and a stream's slot is free again as soon as its client hangs up."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import aiohttp
import pytest

from bot.web.app import HUB
from bot.web.server import start_web
from tests.host.conftest import HostFactory, open_table, room
from tests.web.conftest import WEB_SETTINGS


async def _site(make_host: HostFactory, **limits: int) -> AsyncIterator[tuple[str, object]]:
    host, _ = await make_host(**WEB_SETTINGS, **limits)
    server = await start_web(host.settings, host.store, port=0, poll_interval=0.05)
    try:
        await open_table(host, "doudizhu3", 3, 0)
        table = room(host)
        path = host.links.live_path(table.room_id, table.links_epoch).replace("?", "/events?")
        yield f"http://127.0.0.1:{server.port}{path}", server.runner.app[HUB]
    finally:
        await server.stop()


async def _open(stack: AsyncExitStack, client: aiohttp.ClientSession, url: str) -> int:
    response = await stack.enter_async_context(client.get(url))
    if response.status == 200:
        await response.content.readline()  # the stream is open and counted
    return response.status


async def _until(condition, timeout: float = 10.0) -> None:  # noqa: ANN001 - a predicate
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout  # well under the 15 s heartbeat
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("limits", [{"web_max_per_client": 2, "web_max_per_room": 50},
                                    {"web_max_per_client": 50, "web_max_per_room": 2}])
async def test_a_third_stream_is_refused_and_a_closed_one_frees_its_slot_at_once(
        make_host: HostFactory, limits: dict[str, int]) -> None:
    async for url, hub in _site(make_host, **limits):
        async with aiohttp.ClientSession() as client, AsyncExitStack() as stack:
            assert await _open(stack, client, url) == 200
            async with AsyncExitStack() as closing:
                assert await _open(closing, client, url) == 200
                refused = await _open(stack, client, url)
                assert refused == 503
                await _until(lambda h=hub: h.spectators == 2)
            # The second stream's client hung up: its slot is free now, not in 15 s.
            await _until(lambda h=hub: h.spectators == 1)
            assert await _open(stack, client, url) == 200
