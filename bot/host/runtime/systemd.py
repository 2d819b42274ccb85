"""systemd's notify protocol (`sd_notify`), without a library: a datagram to the socket
named by NOTIFY_SOCKET. Under `Type=notify` the bot says READY=1 once its platforms are
connected and its rooms back, STOPPING=1 when it begins to stop, and, when the unit sets
`WatchdogSec=`, WATCHDOG=1 from a task on the event loop every third of that time: a loop
that stalls stops the pings, and systemd restarts the bot. Outside systemd (no
NOTIFY_SOCKET) nothing is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket

log = logging.getLogger(__name__)


class Notifier:
    """The unit's notify socket, if systemd gave one."""

    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        # An abstract socket's name starts with "@": a NUL byte on the wire.
        self.address = "\0" + address[1:] if address.startswith("@") else address
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        mine = not pid or pid == str(os.getpid())
        self.interval = int(usec) / 3e6 if usec.isdigit() and int(usec) > 0 and mine else None
        self._task: asyncio.Task[None] | None = None

    def send(self, message: str) -> None:
        """One notification (a failure is logged once, never raised: the bot runs on)."""
        if not self.address:
            return
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(message.encode(), self.address)
        except OSError as error:
            log.warning("systemd notify failed: %s", error)

    def ready(self) -> None:
        """Started: READY=1, and the watchdog's pings from now on."""
        self.send("READY=1")
        if self.interval is not None and self._task is None:
            self._task = asyncio.create_task(self._ping(self.interval), name="watchdog")

    async def _ping(self, interval: float) -> None:
        while True:
            self.send("WATCHDOG=1")
            await asyncio.sleep(interval)

    async def stopping(self) -> None:
        """Stopping: STOPPING=1, and no more pings."""
        self.send("STOPPING=1")
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
