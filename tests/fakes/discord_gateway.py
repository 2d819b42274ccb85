"""The fake Discord gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Frames are JSON text: discord.py inflates only binary frames, so it never needs zlib here
even though it asks for `compress=zlib-stream`.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakes.discord_model import World

HELLO, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS = 10, 1, 2, 6, 7, 8
DISPATCH, INVALID_SESSION, HEARTBEAT_ACK = 0, 9, 11
HEARTBEAT_INTERVAL_MS = 41250


@dataclass
class GatewaySession:
    """One identified session (one shard); survives reconnects so RESUME can replay events."""

    session_id: str
    shard: tuple[int, int]
    identify: dict[str, Any]
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def connected(self) -> bool:
        """Whether a live websocket carries this session."""
        return self.socket is not None and not self.socket.closed

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one frame if connected (dispatches stay in the log for a later RESUME)."""
        if self.socket is None or self.socket.closed:
            return
        async with self.lock:
            await self.socket.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> int:
        """Send a DISPATCH with the next sequence number; return that number."""
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.log.append(frame)
        await self.send(frame)
        return self.seq


class Gateway:
    """Accepts discord.py's websocket and keeps its sessions; `dispatch` injects events."""

    def __init__(
        self, world: World, token: str, url: Callable[[], str], application: dict[str, Any]
    ) -> None:
        self.world = world
        self.token = token
        self.url = url
        self.application = application
        self.sessions: dict[str, GatewaySession] = {}
        self.identifies: list[dict[str, Any]] = []
        self.sockets: set[web.WebSocketResponse] = set()
        self.on_change: Callable[[], None] = lambda: None

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint (`DEFAULT_GATEWAY` points here)."""
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        self.sockets.add(socket)
        try:
            await socket.send_str(
                json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            )
            async for message in socket:
                if message.type is not WSMsgType.TEXT:
                    break
                await self._receive(socket, json.loads(message.data))
        finally:
            self.sockets.discard(socket)
            for session in self.sessions.values():
                if session.socket is socket:
                    session.socket = None
            self.on_change()
        return socket

    async def _receive(self, socket: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
        elif op == IDENTIFY:
            await self._identify(socket, data)
        elif op == RESUME:
            await self._resume(socket, data)
        elif op == REQUEST_MEMBERS:
            await self._send_member_chunk(socket, data)

    async def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return
        self.identifies.append(data)
        shard_id, shard_count = data.get("shard") or (0, 1)
        session = GatewaySession(uuid.uuid4().hex, (shard_id, shard_count), data, socket=socket)
        self.sessions[session.session_id] = session
        guilds = [g for g in self.world.guilds.values() if g.shard_id(shard_count) == shard_id]
        ready = {
            "v": 10,
            "user": self.world.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url(),
            "application": {"id": self.application["id"], "flags": self.application["flags"]},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
        }
        if "shard" in data:
            ready["shard"] = [shard_id, shard_count]
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", self.world.guild_payload(guild))
        self.on_change()

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.token:
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return
        session.socket = socket
        seen = data.get("seq") or 0
        for frame in session.log:
            if frame["s"] > seen:
                await session.send(frame)
        await session.dispatch("RESUMED", {})
        self.on_change()

    async def _send_member_chunk(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> None:
        session = next((s for s in self.sessions.values() if s.socket is socket), None)
        guild = self.world.guilds.get(int(data["guild_id"]))
        if session is None or guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            self.world.member_payload(guild, uid)
            for uid in guild.members
            if (not wanted or uid in wanted) and self.world.users[uid].name.startswith(query)
        ]
        chunk = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def session_for(self, guild_id: int | None) -> GatewaySession:
        """The session whose shard receives events of this guild (DMs go to shard 0).

        A live session wins; else the newest one, whose log a RESUME will replay (so an
        event sent while the client reconnects is not lost).
        """
        guild = self.world.guilds.get(guild_id) if guild_id is not None else None
        owning = [
            s
            for s in self.sessions.values()
            if s.shard[0] == (guild.shard_id(s.shard[1]) if guild is not None else 0)
        ]
        live = [s for s in owning if s.connected]
        if live or owning:
            return (live or owning)[-1]  # the newest identify wins after a restart
        raise RuntimeError(f"no gateway session for guild {guild_id}: is the client running?")

    async def dispatch(self, event: str, data: Any, *, guild_id: int | None = None) -> int:
        """Send an event to the session that owns the guild; return its sequence number."""
        return await self.session_for(guild_id).dispatch(event, data)

    async def reconnect(self) -> None:
        """Ask every live session to reconnect (op 7); discord.py then RESUMEs."""
        for session in list(self.sessions.values()):
            await session.send({"op": RECONNECT, "d": None})

    async def invalidate(self) -> None:
        """Invalidate every session (op 9, not resumable); discord.py then IDENTIFYs anew."""
        for session in list(self.sessions.values()):
            await session.send({"op": INVALID_SESSION, "d": False})
        self.sessions.clear()

    async def close(self) -> None:
        """Close every socket (server shutdown)."""
        for socket in list(self.sockets):
            await socket.close(code=1001)
