"""The port between the host and a chat platform: defined by the core in `bot.host.ports`
(see its docstring for both directions), implemented by each adapter package here."""

from __future__ import annotations

from bot.host.ports import Adapter, HostPort, Outlet

__all__ = ["Adapter", "HostPort", "Outlet"]
