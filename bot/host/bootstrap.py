"""Wiring: settings → storage → host (the one place that builds them)."""

from __future__ import annotations

import random
import sys

from bot.host.host import Host
from bot.host.leases import RoomLeases, process_owner
from bot.host.runtime.clock import Clock
from bot.settings import Settings
from storage import Storage

# The event loop shares the GIL with the database thread (aiosqlite) and the pipe writes to
# the thinking workers. Python's default 5 ms switch interval lets a thread that holds the
# GIL keep the loop waiting that long after each of its system calls; 1 ms keeps the loop's
# waits short (1,500 three-player rooms, --think 3: loop CPU per press ~1.9 -> ~1.6 ms).
SWITCH_INTERVAL = 0.001


async def open_host(settings: Settings, *, clock: Clock | None = None,
                    rng: random.Random | None = None) -> Host:
    """Open the storage of `settings` and build a host on it (not yet started)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    store = await Storage.open(
        settings.database, starting_grant=settings.starting_grant,
        daily_relief=settings.daily_relief, relief_threshold=settings.relief_threshold,
        season_months=settings.season_months,
        **({"clock": clock.now} if clock is not None else {}),
    )
    host = Host(settings, store, clock=clock, rng=rng)
    if settings.on_server:  # several processes may share the database: lease the rooms
        host.leases = RoomLeases(host, settings.lease_owner or process_owner(),
                                 settings.lease_seconds)
    return host


async def close_host(host: Host) -> None:
    """Stop the host's timers and close its storage."""
    await host.close()
    await host.store.close()  # type: ignore[attr-defined]
