"""Live tables: the public table of a room, pushed to spectators as it changes.

Privacy: a room's snapshot holds every hand. `public_table` reads from it only the seats'
names and flags and the engine's public view (`state.public()`, which never holds a hidden
card), and renders those; nothing else of the snapshot leaves this module.

`LiveHub` watches the rooms that have spectators: every `interval` seconds one query reads
their action counters; a changed room is rendered once per language and handed to each
spectator as its latest table. A spectator keeps only the newest table (a slow reader skips
tables, it never queues them), so memory stays bounded by rooms × languages plus one
reference per connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.host import games
from bot.host.presentation.render import renderer
from bot.i18n import translate
from bot.web import cards as svg
from bot.web.html import esc, name, t

log = logging.getLogger(__name__)

PUBLIC_PHASES = ("playing", "over")


def _seat_names(snapshot: dict[str, Any], lang: str) -> list[str]:
    return [translate("host.ai_name", lang, number=seat.get("name", "?")) if seat.get("is_ai")
            else str(seat.get("name", "?")) for seat in snapshot.get("seats", [])]


def typed_public_of(snapshot: dict[str, Any]) -> Any:
    """The engine's typed public view of the room's game (None in the lobby or once closed)."""
    if snapshot.get("phase") not in PUBLIC_PHASES or snapshot.get("state") is None:
        return None
    state = games.spec(snapshot["game"]).state_from_dict(snapshot["state"])
    return state.public()


def public_cards(public: dict[str, Any]) -> set[str]:
    """Every card code the public view shows (for the page's card symbols)."""
    found: set[str] = set()
    for key in ("face_up", "bottom", "shown_hand"):
        found.update(svg.codes(public.get(key)))
    for _, shown in public.get("history") or []:
        found.update(svg.codes(shown))
    dummy = public.get("dummy") or {}
    found.update(svg.codes(dummy.get("hand_cards")))
    for arrangement in public.get("arrangements") or []:
        for group in (arrangement or {}).values():
            found.update(svg.codes(group))
    for trick in public.get("tricks") or []:
        found.update(c for c in trick if svg.valid(c))
    return found


def _seat_html(snapshot: dict[str, Any], public: dict[str, Any], seat: int, names: list[str],
               lang: str) -> str:
    info = snapshot["seats"][seat]
    views = public.get("seats") or []
    view = views[seat] if seat < len(views) and isinstance(views[seat], dict) else {}
    count = view.get("cards")
    if count is None and public.get("cards_left"):
        count = public["cards_left"][seat]
    role = view.get("role")
    marks = []
    if role:
        marks.append(f'<span class="role {esc(role)}">{t(f"host.role.{role}", lang)}</span>')
    if info.get("is_ai"):
        marks.append('<span class="ai">🤖</span>')
    if info.get("auto"):
        marks.append(f'<span class="auto">{t("host.table.auto", lang)}</span>')
    if view.get("doubled"):
        marks.append('<span class="doubled">×2</span>')
    arranged = public.get("arranged") or []
    if seat < len(arranged):
        marks.append("✅" if arranged[seat] else "⏳")
    turn = seat in _to_act(public)
    hand = svg.backs(int(count)) if isinstance(count, int) else ""
    last = _last_move(public, seat)
    return (f'<div class="seat{" acting" if turn else ""}" data-seat="{seat}" '
            f'data-cards="{count if isinstance(count, int) else ""}">'
            f'<div class="who">{"▶ " if turn else ""}{name(names[seat])} {" ".join(marks)}</div>'
            f'<div class="hand">{hand}</div><div class="last">{last}</div></div>')


def _to_act(public: dict[str, Any]) -> list[int]:
    if public.get("phase") in ("over", None):
        return []
    if isinstance(public.get("to_act"), list):
        return list(public["to_act"])
    return [public["turn"]] if isinstance(public.get("turn"), int) else []


def _last_move(public: dict[str, Any], seat: int) -> str:
    """What the seat laid down last in the current trick (斗地主), if anything."""
    trick = public.get("trick")
    for who, shown in reversed(public.get("history") or []):
        if who == seat:
            if shown and trick:
                return svg.cards(shown)
            break
    return ""


ReplayPath = Callable[[str], str]


def table_fragment(snapshot: dict[str, Any] | None, lang: str,
                   replay_path: ReplayPath | None = None) -> str:
    """The live table of a room as an HTML fragment (public information only); a finished
    hand links to its replay."""
    if snapshot is None or snapshot.get("phase") == "closed":
        return f'<p class="note" id="closed">{t("web.live.closed", lang)}</p>'
    names = _seat_names(snapshot, lang)
    view = typed_public_of(snapshot)
    public = {} if view is None else view.to_dict()
    game = str(snapshot.get("game", ""))
    phase = snapshot.get("phase")
    title = t("host.table.title", lang, game=games.title(game, lang),
              room=snapshot.get("room_id", ""), stake=snapshot.get("stake", ""),
              mode=translate(f"host.mode.{snapshot.get('mode', 'beans')}", lang))
    seats = "".join(_seat_html(snapshot, public, seat, names, lang)
                    for seat in range(len(names)))
    extra = []
    if public.get("bottom"):
        extra.append(f'<div class="bottom">{t("web.live.bottom", lang)} '
                     f'{svg.cards(public["bottom"])}</div>')
    if public.get("shown_hand"):
        extra.append(f'<div class="shown">{t("web.live.shown", lang)} '
                     f'{svg.cards(public["shown_hand"])}</div>')
    dummy = public.get("dummy") or {}
    if dummy.get("visible") and dummy.get("hand_cards"):
        extra.append(f'<div class="dummy">{t("web.replay.dummy", lang)} '
                     f'{svg.cards(dummy["hand_cards"])}</div>')
    for trick in public.get("tricks") or []:
        extra.append(f'<div class="trick">{svg.cards([c for c in trick if svg.valid(c)])}</div>')
    if phase == "over":
        for seat, arrangement in enumerate(public.get("arrangements") or []):
            groups = " | ".join(svg.cards(g) for g in (arrangement or {}).values())
            extra.append(f'<div class="arranged">{name(names[seat])} {groups}</div>')
    text = renderer(game, snapshot.get("options") or {})
    lines = []
    if phase == "playing" and view is not None:
        lines = text.table_lines(view, names, lang)
    elif phase == "over" and view is not None:
        lines = text.result_lines(view, names, lang)
    elif phase == "lobby":
        lines = [translate("web.live.lobby", lang, seated=len(names))]
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    game_id = snapshot.get("game_id")
    if phase == "over" and replay_path is not None and isinstance(game_id, str):
        items += (f'<li><a id="replay-link" href="{esc(replay_path(game_id))}&amp;lang={lang}">'
                  f'{t("web.player.replay", lang)}</a></li>')
    return (f'<div id="table" data-counter="{int(snapshot.get("counter", 0))}" '
            f'data-phase="{esc(phase)}">{svg.defs(public_cards(public))}<h2>{title}</h2>'
            f'<div class="seats">{seats}</div>'
            f'{"".join(extra)}<ul class="lines">{items}</ul></div>')


def message(snapshot: dict[str, Any] | None, lang: str,
            replay_path: ReplayPath | None = None) -> bytes:
    """One server-sent event, ready to write: the table fragment and its counter as JSON
    (encoded once, however many spectators it goes to)."""
    counter = int(snapshot.get("counter", 0)) if snapshot else -1
    data = json.dumps({"counter": counter, "html": table_fragment(snapshot, lang, replay_path)},
                      ensure_ascii=False, separators=(",", ":"))
    return b"data: " + data.encode() + b"\n\n"


@dataclass(eq=False, slots=True)
class Spectator:
    """One open live connection: the newest message for it, and a bell."""

    room_id: str
    lang: str
    latest: bytes | None = None
    bell: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, text: bytes) -> None:
        """Replace the pending message (a slow reader skips to the newest table)."""
        self.latest = text
        self.bell.set()

    def take(self) -> bytes | None:
        """The pending message, if any, and clear the bell."""
        text, self.latest = self.latest, None
        self.bell.clear()
        return text


Counters = Callable[[list[str]], Awaitable[dict[str, int]]]
Snapshot = Callable[[str], Awaitable[dict[str, Any] | None]]


class LiveHub:
    """Spectators by room, and the watcher that tells them of each change."""

    def __init__(self, counters: Counters, snapshot: Snapshot, *, interval: float = 0.25,
                 max_spectators: int = 10_000, replay_path: ReplayPath | None = None) -> None:
        self._counters = counters
        self._snapshot = snapshot
        self._replay_path = replay_path
        self.interval = interval
        self.max_spectators = max_spectators
        self.rooms: dict[str, set[Spectator]] = {}
        self._seen: dict[str, int] = {}
        self._messages: dict[tuple[str, str], bytes] = {}  # (room, lang) -> newest event
        self._task: asyncio.Task[None] | None = None
        self.spectators = 0
        self.stopping = False

    def start(self) -> None:
        """Start watching (idempotent)."""
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name="live-hub")

    async def stop(self) -> None:
        """Stop watching and wake every spectator so its stream ends."""
        self.stopping = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
        for watchers in self.rooms.values():
            for spectator in watchers:
                spectator.bell.set()

    @property
    def full(self) -> bool:
        """True when no more spectators are let in."""
        return self.spectators >= self.max_spectators

    async def join(self, room_id: str, lang: str) -> Spectator:
        """A new spectator, handed the room's current table at once."""
        spectator = Spectator(room_id, lang)
        self.rooms.setdefault(room_id, set()).add(spectator)
        self.spectators += 1
        text = self._messages.get((room_id, lang))
        if text is None:
            snapshot = await self._snapshot(room_id)
            self._seen.setdefault(room_id, int(snapshot.get("counter", 0)) if snapshot else -1)
            text = self._messages[(room_id, lang)] = message(snapshot, lang, self._replay_path)
        spectator.offer(text)
        return spectator

    def leave(self, spectator: Spectator) -> None:
        """Forget a spectator (and its room's cache when it was the last)."""
        watchers = self.rooms.get(spectator.room_id)
        if watchers is None or spectator not in watchers:
            return
        watchers.discard(spectator)
        self.spectators -= 1
        if not watchers:
            del self.rooms[spectator.room_id]
            self._seen.pop(spectator.room_id, None)
            for key in [k for k in self._messages if k[0] == spectator.room_id]:
                del self._messages[key]

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.poll()
            except Exception:
                log.exception("live tables: poll failed")

    async def poll(self) -> None:
        """Read the watched rooms' counters once and push the changed tables."""
        if not self.rooms:
            return
        counters = await self._counters(list(self.rooms))
        for room_id in list(self.rooms):
            counter = counters.get(room_id, -1)
            if self._seen.get(room_id) == counter:
                continue
            snapshot = await self._snapshot(room_id) if counter >= 0 else None
            self._seen[room_id] = int(snapshot.get("counter", 0)) if snapshot else -1
            watchers = self.rooms.get(room_id, set())
            for lang in {spectator.lang for spectator in watchers}:
                text = self._messages[(room_id, lang)] = message(snapshot, lang, self._replay_path)
                for spectator in watchers:
                    if spectator.lang == lang:
                        spectator.offer(text)
