"""`/metrics` over real HTTP after a game through the fake Discord with the real discord.py
client (issue 57 point 1): its REST calls, 429s and retries, and the room by phase."""

from __future__ import annotations

import aiohttp
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from bot.host.metrics import Metrics
from bot.web.ops import Ops, start_ops
from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.test_doudizhu import play_to_the_end, seat_and_start
from tests.fakes.discord import FakeDiscord

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_discord_calls_429s_and_retries_are_counted_and_scraped(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    assert paiju.host is not None
    metrics = Metrics(paiju.host)
    paiju.host.meter = metrics
    settings = paiju.host.settings.model_copy(update={"metrics_token": SecretStr("t" * 20)})
    server = await start_ops(Ops(settings, paiju.host.store, paiju.host, metrics), port=0)
    fake_discord.rate_limit(EDIT, times=3, retry_after=0.05)
    try:
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        await play_to_the_end(paiju, ["bid"])
        await paiju.settle()
        async with aiohttp.ClientSession() as session, session.get(
                f"http://127.0.0.1:{server.port}/metrics",
                headers={"Authorization": "Bearer " + "t" * 20}) as response:
            assert response.status == 200
            text = await response.text()
    finally:
        await server.stop()
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    platform = (("platform", "discord"),)
    assert samples[("paiju_platform_throttled_total", platform)] == 3
    assert samples[("paiju_platform_retries_total", platform)] >= 3
    # Every REST request the fake saw was counted (the gateway is a websocket: not a call).
    assert samples[("paiju_platform_api_calls_total", platform)] >= len(fake_discord.requests)
    assert samples[("paiju_platform_connected", platform)] == 1
    assert samples[("paiju_rooms", (("game", "doudizhu3"), ("phase", "over")))] == 1
    assert samples[("paiju_presses_total", ())] >= 3  # joins, and each person's bid or play
    assert samples[("paiju_actions_total", ())] >= 3


async def test_readyz_says_discord_is_disconnected_once_its_client_closed(
        paiju: Paiju) -> None:
    assert paiju.host is not None and paiju.adapter is not None
    ops = Ops(paiju.host.settings, paiju.host.store, paiju.host, Metrics(paiju.host))
    server = await start_ops(ops, port=0)
    try:
        async def readyz() -> tuple[int, dict[str, object]]:
            async with aiohttp.ClientSession() as session, session.get(
                    f"http://127.0.0.1:{server.port}/readyz") as response:
                return response.status, await response.json()

        status, body = await readyz()
        assert status == 200 and body["checks"]["platform:discord"] == "ok"
        await paiju.adapter.client.close()  # the gateway gone (a lost connection, a stop)
        status, body = await readyz()
        assert status == 503 and body["checks"]["platform:discord"] == "disconnected"
        assert body["checks"]["database"] == "ok"
    finally:
        await server.stop()
