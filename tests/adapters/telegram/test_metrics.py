"""`/metrics` scraped over real HTTP during a game played through the fake Bot API with the
real PTB client (issue 57 point 1): the families an operator reads, moving as the game goes,
and who may read them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from adapters.telegram import Limits
from bot.host.metrics import LagProbe, Metrics
from bot.web.ops import Ops, OpsServer, start_ops
from tests.adapters.telegram.harness import FAST, Table, solo_table

TOKEN = "scrape-me-0123456789"
# A group's lane sends a request every 2 s: a table edit waits in it long enough to be seen.
SLOW_GROUP = replace(FAST, group_interval=2.0)


@pytest.fixture
def limits() -> Limits:
    return SLOW_GROUP


class Scraper:
    """The bot's metrics served on a port of their own, read as Prometheus would."""

    def __init__(self, tg: Table, **settings: Any) -> None:
        assert tg.host is not None
        self.metrics = Metrics(tg.host)
        tg.host.meter = self.metrics
        self.probe = LagProbe(self.metrics, tick=0.05)
        self.ops = Ops(tg.settings.model_copy(update=settings), tg.host.store, tg.host,
                       self.metrics)
        self.server: OpsServer | None = None

    async def start(self) -> None:
        self.probe.start()
        self.server = await start_ops(self.ops, port=0)

    async def stop(self) -> None:
        await self.probe.stop()
        if self.server is not None:
            await self.server.stop()

    async def get(self, path: str = "/metrics", **headers: str) -> tuple[int, str]:
        assert self.server is not None
        async with aiohttp.ClientSession() as session, session.get(
                f"http://127.0.0.1:{self.server.port}{path}", headers=headers) as response:
            return response.status, await response.text()

    async def samples(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        status, text = await self.get(Authorization=f"Bearer {TOKEN}")
        assert status == 200, text
        return {(s.name, tuple(sorted(s.labels.items()))): s.value
                for family in text_string_to_metric_families(text) for s in family.samples}


@pytest.fixture
async def scraper(tg: Table) -> AsyncIterator[Scraper]:
    scraping = Scraper(tg, metrics_token=SecretStr(TOKEN))
    await scraping.start()
    yield scraping
    await scraping.stop()


async def eventually(probe: Any, timeout: float = 15.0) -> Any:
    """Ask an async probe again until it answers something true (or fail after `timeout`)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (found := await probe()):
        assert loop.time() < end, "never came"
        await asyncio.sleep(0.02)
    return found


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_the_metrics_follow_a_game_played_through_the_fake_telegram(
        tg: Table, scraper: Scraper) -> None:
    before = await scraper.samples()
    assert value(before, "paiju_rooms", game="doudizhu3", phase="playing") == 0
    assert value(before, "paiju_platform_connected", platform="telegram") == 1
    tg.fake.rate_limit("answerCallbackQuery", retry_after=1)  # one 429, waited out
    group, alice, players = await solo_table(tg)
    presses = 4  # two AI seats, Start, and the first bid
    await players.act(alice, lambda c: c.startswith("bid") or c == "pass")
    chat = str(group.id)

    async def table_waiting() -> dict[Any, float] | None:
        # The bid's table edit waits in the group's lane (2 s between its requests).
        samples = await scraper.samples()
        return samples if value(samples, "paiju_outbox_waiting", platform="telegram",
                                chat=chat) >= 1 else None

    during = await eventually(table_waiting)
    assert value(during, "paiju_outbox_oldest_seconds", platform="telegram", chat=chat) >= 0
    assert value(during, "paiju_rooms", game="doudizhu3", phase="playing") == 1
    assert value(during, "paiju_presses_total") >= presses
    assert value(during, "paiju_commands_total") >= presses + 1  # /new too
    assert value(during, "paiju_answer_seconds_count") == value(during,
                                                                "paiju_commands_total")
    assert value(during, "paiju_actions_total") >= 2  # the deal's bids at least
    assert value(during, "paiju_db_write_seconds_count") >= value(during,
                                                                  "paiju_actions_total")
    calls = value(during, "paiju_platform_api_calls_total", platform="telegram")
    assert calls >= len([c for c in tg.fake.calls if c.method != "getUpdates"])
    assert value(during, "paiju_platform_throttled_total", platform="telegram") == 1
    assert value(during, "paiju_platform_retries_total", platform="telegram") >= 1
    for family in ("paiju_results_waiting", "paiju_ai_queue", "paiju_leases_held"):
        assert (family, ()) in during

    async def lag_measured() -> bool:
        return value(await scraper.samples(), "paiju_loop_lag_seconds_count") > 0

    await eventually(lag_measured)


async def test_the_metrics_are_not_public_unless_a_setting_names_their_reader(
        tg: Table) -> None:
    off = Scraper(tg)  # neither a token nor addresses: nobody
    await off.start()
    try:
        assert (await off.get())[0] == 404
        assert (await off.get(Authorization="Bearer anything"))[0] == 404
        status, text = await off.get("/healthz")
        assert (status, text) == (200, "ok\n")
    finally:
        await off.stop()
    token = Scraper(tg, metrics_token=SecretStr(TOKEN))
    await token.start()
    try:
        status, _ = await token.get()
        assert status == 401
        assert (await token.get(Authorization="Bearer wrong"))[0] == 401
        status, text = await token.get(Authorization=f"Bearer {TOKEN}")
        assert status == 200 and "paiju_rooms" in text
    finally:
        await token.stop()
    local = Scraper(tg, metrics_allow=["127.0.0.0/8"])
    await local.start()
    try:
        assert (await local.get())[0] == 200
        # Through a proxy on this machine the address is the proxy's: not taken as local.
        assert (await local.get(**{"X-Forwarded-For": "203.0.113.9"}))[0] == 403
    finally:
        await local.stop()
    elsewhere = Scraper(tg, metrics_allow=["10.1.2.0/24"])
    await elsewhere.start()
    try:
        assert (await elsewhere.get())[0] == 403
    finally:
        await elsewhere.stop()


async def test_readyz_fails_while_the_event_loop_lags_past_its_bound(tg: Table) -> None:
    import json
    import time

    scraping = Scraper(tg, ready_max_lag=0.1)
    await scraping.start()
    try:
        await eventually(lambda: scraping.get("/readyz"))
        status, text = await scraping.get("/readyz")
        assert status == 200 and json.loads(text)["checks"]["loop_lag"] == "ok"
        await asyncio.sleep(0.06)  # the probe waits on its next tick
        time.sleep(0.4)  # the loop blocked (a heavy call on it): the probe wakes late
        await eventually(lambda: _lagging(scraping))
        status, text = await scraping.get("/readyz")
        assert status == 503 and json.loads(text)["checks"]["loop_lag"].startswith("lagging")
    finally:
        await scraping.stop()


async def _lagging(scraping: Scraper) -> bool:
    return scraping.metrics.lag > 0.1
