"""The Prometheus metrics of a serving bot (`prometheus-client`), read at `/metrics`.

On the hot path only counters and histograms move (`Metrics` is the host's `Meter`); every
gauge (rooms by game and phase, what waits to be sent per chat, results not yet posted, the
AI workers' queue, leases held, the platforms' calls) is read from the host when the
metrics are scraped, by `HostCollector`. The event loop's lag is measured by `LagProbe`: a
task that asks to wake every `LAG_TICK` seconds and notes how late it woke.

One registry per host, never the library's global one: tests build many hosts in one
process, and a second bot process has its own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter as Tally
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client import generate_latest as _generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.process_collector import ProcessCollector

from bot.host.meter import Meter
from bot.host.ports import Watched

if TYPE_CHECKING:
    from bot.host.host import Host

CONTENT_TYPE = CONTENT_TYPE_LATEST
LAG_TICK = 0.25  # s between the lag probe's wake-ups
LAG_WINDOW = 10.0  # s of lag readings /readyz judges by (their worst)
# Seconds: an answer is a few ms on a quiet host, 50 ms is the target p99 at capacity.
ANSWER_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
WRITE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)


class Metrics(Meter):
    """The host's counters and histograms in a registry of their own, with the collector
    of its gauges and the process's own (CPU, memory, open files)."""

    def __init__(self, host: Host) -> None:
        self.registry = registry = CollectorRegistry()
        self.commands = Counter("paiju_commands", "Commands people sent (presses included)",
                                registry=registry)
        self.presses = Counter("paiju_presses", "Buttons people pressed", registry=registry)
        self.actions = Counter("paiju_actions", "Game actions accepted (people's, AI "
                               "seats' and timers')", registry=registry)
        self.answer = Histogram("paiju_answer_seconds", "Time from a person's command "
                                "reaching the host to its answer", buckets=ANSWER_BUCKETS,
                                registry=registry)
        self.loop_lag = Histogram("paiju_loop_lag_seconds", "How late the event loop woke "
                                  f"a task due every {LAG_TICK} s", buckets=LAG_BUCKETS,
                                  registry=registry)
        self.db_write = Histogram("paiju_db_write_seconds", "Time to save a room's change "
                                  "(its action, settlement and kept results) in one "
                                  "transaction", buckets=WRITE_BUCKETS, registry=registry)
        self._lags: deque[tuple[float, float]] = deque()  # (when, lag) over LAG_WINDOW
        ProcessCollector(registry=registry)
        registry.register(HostCollector(host))

    def answered(self, press: bool, seconds: float) -> None:
        """A person's command was answered."""
        self.commands.inc()
        if press:
            self.presses.inc()
        self.answer.observe(seconds)

    def acted(self) -> None:
        """A game action was accepted."""
        self.actions.inc()

    def saved(self, seconds: float) -> None:
        """A room's change was saved."""
        self.db_write.observe(seconds)

    def noted_lag(self, seconds: float, now: float) -> None:
        """The lag probe woke `seconds` late (at loop time `now`)."""
        self.loop_lag.observe(seconds)
        lags = self._lags
        lags.append((now, seconds))
        while lags and now - lags[0][0] > LAG_WINDOW:
            lags.popleft()

    @property
    def lag(self) -> float:  # type: ignore[override]
        """The worst lag of the last LAG_WINDOW seconds (a probe between two spikes sees it)."""
        return max((lag for _, lag in self._lags), default=0.0)

    def exposition(self) -> bytes:
        """Every metric in the Prometheus text format (on the event loop: the collector
        reads the host's rooms and queues, which only the loop may touch)."""
        return _generate_latest(self.registry)


class HostCollector:
    """The gauges, read from the host at each scrape (nothing to keep up to date)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def describe(self) -> list[Metric]:
        """No fixed description: the families depend on what the host has (registering
        calls `collect` otherwise, before the loop runs)."""
        return []

    def collect(self) -> Iterator[Metric]:
        """Every gauge and the platforms' counters as they are now."""
        host = self.host
        rooms = GaugeMetricFamily("paiju_rooms", "Rooms in memory by game and phase",
                                  labels=["game", "phase"])
        for (game, phase), count in sorted(Tally(
                (room.game, str(room.phase)) for room in host.rooms.values()).items()):
            rooms.add_metric([game, phase], count)
        yield rooms
        yield GaugeMetricFamily("paiju_results_waiting", "Results and announcements handed "
                                "to a platform and not yet confirmed posted (kept in the "
                                "database until they are)", value=host.results_waiting)
        queued, busy = host.driver.thinker.load()
        yield GaugeMetricFamily("paiju_ai_queue", "AI moves and hints waiting for a worker "
                                "process", value=queued)
        yield GaugeMetricFamily("paiju_ai_workers_busy", "AI worker processes thinking now",
                                value=busy)
        held = len(host.leases.held) if host.leases is not None else 0
        yield GaugeMetricFamily("paiju_leases_held", "Room leases this process holds "
                                "(several processes on one PostgreSQL database)", value=held)
        yield from self._platforms()

    def _platforms(self) -> Iterator[Metric]:
        calls = CounterMetricFamily("paiju_platform_api_calls", "Requests made to the "
                                    "platform's API", labels=["platform"])
        throttled = CounterMetricFamily("paiju_platform_throttled", "Requests the platform "
                                        "answered 429 (Too Many Requests)",
                                        labels=["platform"])
        retries = CounterMetricFamily("paiju_platform_retries", "Requests sent again (after "
                                      "a 429, a server error or a network fault)",
                                      labels=["platform"])
        connected = GaugeMetricFamily("paiju_platform_connected", "1 while the platform is "
                                      "connected", labels=["platform"])
        waiting = GaugeMetricFamily("paiju_outbox_waiting", "Messages and edits waiting to "
                                    "be sent, per group chat or channel (people's chats "
                                    "together as \"private\")", labels=["platform", "chat"])
        oldest = GaugeMetricFamily("paiju_outbox_oldest_seconds", "How long the oldest of "
                                   "them has waited (a group's table staleness)",
                                   labels=["platform", "chat"])
        for name, outlet in sorted(self.host.outlets.items()):
            if not isinstance(outlet, Watched):
                continue
            traffic = outlet.traffic
            calls.add_metric([name], traffic.calls)
            throttled.add_metric([name], traffic.throttled)
            retries.add_metric([name], traffic.retries)
            connected.add_metric([name], 1.0 if outlet.connected() else 0.0)
            for backlog in outlet.backlog():
                waiting.add_metric([name, backlog.destination], backlog.waiting)
                oldest.add_metric([name, backlog.destination], backlog.oldest)
        yield from (calls, throttled, retries, connected, waiting, oldest)


class LagProbe:
    """A task that wakes every LAG_TICK s and tells the metrics how late it woke."""

    def __init__(self, metrics: Metrics, tick: float = LAG_TICK) -> None:
        self.metrics = metrics
        self.tick = tick
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin measuring (once)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="loop-lag")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.tick
            await asyncio.sleep(self.tick)
            now = loop.time()
            self.metrics.noted_lag(max(0.0, now - due), now)

    async def stop(self) -> None:
        """Stop measuring."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
