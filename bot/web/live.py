"""Live tables: the public table of a room, pushed to spectators as it changes.

Privacy: a room's snapshot holds every hand. `public_table` reads from it only the seats'
names and flags and the engine's public view (`state.public()`, which never holds a hidden
card), and renders those; nothing else of the snapshot leaves this module.

`LiveHub` watches the rooms that have spectators: every `interval` seconds one query reads
their action counters; a changed room is rendered once per language and handed to each
spectator as its latest table. A spectator keeps only the newest table (a slow reader skips
tables, it never queues them), so memory stays bounded by rooms × languages plus one
reference per connection. A spectator came with a Watch link of one table (or of the
channel) and its epoch: once the room's epoch of that kind moves on (a revoke, a new table
for a table's link) its stream ends before the next table is sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import registry
from bot.games.text import SeatInfo
from bot.games.web import CardRow
from bot.host import games
from bot.host.presentation.render import renderer
from bot.host.views import end_cards
from bot.i18n import translate
from bot.i18n.bidi import isolate
from bot.web import cards as svg
from bot.web import felt
from bot.web.html import esc, name, plain_name, t

log = logging.getLogger(__name__)

PUBLIC_PHASES = ("playing", "over")


def _seat_names(snapshot: dict[str, Any], lang: str) -> list[str]:
    """The seats' names, isolated where they are read (see bot.web.html)."""
    return [translate("host.ai_name", lang, number=seat.get("name", "?")) if seat.get("is_ai")
            else plain_name(str(seat.get("name", "?"))) for seat in snapshot.get("seats", [])]


def link_epoch(snapshot: dict[str, Any] | None, channel: bool) -> int:
    """The epoch a Watch link of the room must carry: its table's, or with `channel` the
    channel's (0: none asked for); 0 once the room is gone."""
    value = (snapshot or {}).get("channel_links" if channel else "links_epoch") or 0
    return value if isinstance(value, int) else 0


def typed_state_of(snapshot: dict[str, Any]) -> Any:
    """The room's game state (None in the lobby or once closed): the page reads only its
    public view and whose turn it is."""
    if snapshot.get("phase") not in PUBLIC_PHASES or snapshot.get("state") is None:
        return None
    return games.spec(snapshot["game"]).state_from_dict(snapshot["state"])


def typed_public_of(snapshot: dict[str, Any]) -> Any:
    """The engine's typed public view of the room's game (None in the lobby or once closed)."""
    state = typed_state_of(snapshot)
    return None if state is None else state.public()


def _seat_html(snapshot: dict[str, Any], table: LiveTable, seat: int, names: list[str],
               lang: str) -> str:
    info = snapshot["seats"][seat]
    shown = table.seats[seat] if seat < len(table.seats) else SeatInfo()
    count = shown.cards_left
    marks = []
    if shown.role:
        marks.append(f'<span class="role {esc(shown.role)}">'
                     f'{t(f"host.role.{shown.role}", lang)}</span>')
    if info.get("is_ai"):
        marks.append('<span class="ai">🤖</span>')
    if info.get("auto"):
        marks.append(f'<span class="auto">{t("host.table.auto", lang)}</span>')
    if shown.status:
        marks.append(f'<span class="mark">{esc(shown.status)}</span>')
    turn = seat in table.to_act
    number = (f'<span class="count" title="{t("web.live.cards_left", lang, count=count)}">'
              f"{count}</span>") if isinstance(count, int) else ""
    own = felt.seat_rows(table.rows, seat)
    left = table.left[seat] if seat < len(table.left) else ""
    if own:  # the seat's own cards shown (an arrangement): drawn in its box
        hand = "".join(felt.groups(row) if row.groups else svg.cards(row.cards) for row in own)
    elif left:  # the end: the cards left are public
        hand = f'<span class="left">{svg.cards(left)}</span>{number}'
    else:
        hand = f"{svg.backs(int(count))}{number}" if isinstance(count, int) else ""
    booked = felt.amount(*table.amounts[seat], lang) if seat < len(table.amounts) else ""
    return (f'<div class="seat s{seat}{" acting" if turn else ""}" data-seat="{seat}" '
            f'data-cards="{count if isinstance(count, int) else ""}">'
            f'<div class="who">{"▶ " if turn else ""}{name(names[seat])} {" ".join(marks)}</div>'
            f'<div class="hand">{hand}</div>{booked}</div>')


def _middle_html(table: LiveTable, names: list[str], lang: str) -> str:
    """The cards on the table: shown rows, then the current trick, the latest play marked."""
    rows = [felt.row_html(row, names, lang) for row in table.rows if row.seat is None]
    plays = []
    for seat, played in enumerate(table.plays):
        if played:
            latest = " latest" if seat == table.latest else ""
            plays.append(f'<div class="play{latest}" data-seat="{seat}">'
                         f'<span class="label">{name(names[seat])}</span>'
                         f"{svg.cards(played)}</div>")
    return "".join(rows) + (f'<div class="trick">{"".join(plays)}</div>' if plays else "")


@dataclass(frozen=True, slots=True)
class LiveTable:
    """What the live table shows of a game, from its public view and its hooks."""

    seats: tuple[SeatInfo, ...]
    plays: tuple[tuple[str, ...], ...]  # each seat's part of the current trick
    rows: tuple[CardRow, ...]
    to_act: tuple[int, ...]
    latest: int | None = None  # the seat that played last
    left: tuple[str, ...] = ()  # at the end: each seat's cards left (public then)
    amounts: tuple[tuple[int, str | None], ...] = ()  # at the end: booked, and its formula
    wild: str = ""  # ranks whose cards stand for others (斗地主's 癞子): marked

    def codes(self) -> set[str]:
        """Every card code the table draws (for the page's card symbols)."""
        found = {code for play in self.plays for code in play}
        for row in self.rows:
            found.update(row.cards)
            found.update(code for group in row.groups for code in group)
        found.update(code for cards in self.left for code in svg.codes(cards))
        return {code for code in found if svg.valid(code)}


def _booked(snapshot: dict[str, Any], public: Any, text: Any, lang: str
            ) -> tuple[tuple[str, ...], tuple[tuple[int, str | None], ...]]:
    """At the end, from the host's booked result: each seat's cards left and amount."""
    result = snapshot.get("last_result") or {}
    seats, stake = result.get("seats") or [], result.get("stake")
    if snapshot.get("phase") != "over" or not seats:
        return (), ()
    left = end_cards(result)
    amounts = tuple((int(seat.get("final", 0)),
                     text.formula(public, index, stake, lang) if isinstance(stake, int)
                     and not result.get("ended_by") else None)
                    for index, seat in enumerate(seats))
    return left, amounts


def live_table(snapshot: dict[str, Any], state: Any, lang: str) -> LiveTable:
    """The public table of a running or finished game (nothing for a lobby)."""
    if state is None:
        return LiveTable((), (), (), ())
    game = str(snapshot.get("game", ""))
    public = state.public()
    text, hooks = renderer(game, snapshot.get("options") or {}), registry.web(game)
    over = snapshot.get("phase") == "over"
    seats = range(len(snapshot.get("seats", [])))
    last = public.last_cards
    return LiveTable(tuple(text.seat_info(public, seat, lang) for seat in seats),
                     tuple(hooks.seat_play(public, seat) for seat in seats),
                     tuple(hooks.rows(public, over)),
                     () if over else tuple(state.to_act()),
                     last[0] if last else None, *_booked(snapshot, public, text, lang),
                     wild=hooks.wild(public))


ReplayPath = Callable[[str], str]


def table_fragment(snapshot: dict[str, Any] | None, lang: str,
                   replay_path: ReplayPath | None = None) -> str:
    """The live table of a room as an HTML fragment (public information only); a finished
    hand links to its replay."""
    if snapshot is None or snapshot.get("phase") == "closed":
        return f'<p class="note" id="closed">{t("web.live.closed", lang)}</p>'
    names = _seat_names(snapshot, lang)
    state = typed_state_of(snapshot)
    view = None if state is None else state.public()
    table = live_table(snapshot, state, lang)
    game = str(snapshot.get("game", ""))
    phase = snapshot.get("phase")
    title = t("host.table.title", lang, game=games.title(game, lang),
              room=snapshot.get("room_id", ""), stake=snapshot.get("stake", ""),
              mode=translate(f"host.mode.{snapshot.get('mode', 'beans')}", lang))
    seats = [_seat_html(snapshot, table, seat, names, lang) for seat in range(len(names))]
    text = renderer(game, snapshot.get("options") or {})
    lines = []
    if phase == "playing" and view is not None:
        lines = text.table_lines(view, [isolate(n) for n in names], lang)
    elif phase == "over" and view is not None:  # as the console ends: the table, the result
        isolated = [isolate(n) for n in names]
        lines = [*text.over_lines(view, isolated, lang), *text.result_lines(view, isolated, lang)]
    elif phase == "lobby":
        lines = [translate("web.live.lobby", lang, seated=len(names))]
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    game_id = snapshot.get("game_id")
    if phase == "over" and replay_path is not None and isinstance(game_id, str):
        items += (f'<li><a id="replay-link" href="{esc(replay_path(game_id))}&amp;lang={lang}">'
                  f'{t("web.player.replay", lang)}</a></li>')
    return (f'<div id="table" data-counter="{int(snapshot.get("counter", 0))}" '
            f'data-phase="{esc(phase)}">{svg.defs(table.codes(), table.wild)}<h2>{title}</h2>'
            f'{felt.felt(seats, _middle_html(table, names, lang))}'
            f'<ul class="lines">{items}</ul></div>')


def message(snapshot: dict[str, Any] | None, lang: str,
            replay_path: ReplayPath | None = None) -> bytes:
    """One server-sent event, ready to write: the table fragment and its counter as JSON
    (encoded once, however many spectators it goes to)."""
    counter = int(snapshot.get("counter", 0)) if snapshot else -1
    data = json.dumps({"counter": counter, "html": table_fragment(snapshot, lang, replay_path)},
                      ensure_ascii=False, separators=(",", ":"))
    return b"data: " + data.encode() + b"\n\n"


class Gzip:
    """One stream's gzip compressor: each event is flushed whole (Z_SYNC_FLUSH), so the
    browser reads it at once, and the window spans events, so a table that repeats the last
    one costs a few hundred bytes instead of ~11 KB."""

    def __init__(self) -> None:
        self._zlib = zlib.compressobj(6, zlib.DEFLATED, 31, 8)  # wbits 31: a gzip stream

    @staticmethod
    def accepted(accept_encoding: str) -> Gzip | None:
        """A compressor when the client accepts gzip, else None."""
        codings = {part.split(";")[0].strip().lower() for part in accept_encoding.split(",")}
        return Gzip() if "gzip" in codings else None

    def compress(self, data: bytes) -> bytes:
        """`data` compressed and flushed."""
        return self._zlib.compress(data) + self._zlib.flush(zlib.Z_SYNC_FLUSH)


@dataclass(eq=False, slots=True)
class Spectator:
    """One open live connection: the newest message for it, and a bell."""

    room_id: str
    lang: str
    client: str = ""  # the client's address (its share of the streams)
    # The link it opened with: (channel's?, epoch); None: bound to none (follows the room).
    link: tuple[bool, int] | None = None
    latest: bytes | None = None
    ended: bool = False  # its link was revoked (or its table replaced): the stream ends
    bell: asyncio.Event = field(default_factory=asyncio.Event)

    def end(self) -> None:
        """The link no longer opens: nothing more is sent, the stream closes."""
        self.ended = True
        self.latest = None
        self.bell.set()

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


@dataclass(frozen=True, slots=True)
class Limits:
    """How many live streams may be open: in all, from one client, on one room."""

    total: int = 10_000
    per_client: int = 8
    per_room: int = 500


class LiveHub:
    """Spectators by room, and the watcher that tells them of each change."""

    def __init__(self, counters: Counters, snapshot: Snapshot, *, interval: float = 0.25,
                 limits: Limits | None = None, replay_path: ReplayPath | None = None) -> None:
        self._counters = counters
        self._snapshot = snapshot
        self._replay_path = replay_path
        self.interval = interval
        self.limits = limits or Limits()
        self.clients: dict[str, int] = {}  # open streams by client address
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

    def admits(self, room_id: str, client: str) -> bool:
        """True when one more stream fits: in all, for this client and on this room."""
        return (self.spectators < self.limits.total
                and self.clients.get(client, 0) < self.limits.per_client
                and len(self.rooms.get(room_id, ())) < self.limits.per_room)

    async def join(self, room_id: str, lang: str, client: str = "",
                   link: tuple[bool, int] | None = None) -> Spectator:
        """A new spectator (come with `link`: channel's?, epoch), handed the room's current
        table at once."""
        spectator = Spectator(room_id, lang, client, link)
        self.rooms.setdefault(room_id, set()).add(spectator)
        self.spectators += 1
        self.clients[client] = self.clients.get(client, 0) + 1
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
        left = self.clients.get(spectator.client, 1) - 1
        if left > 0:
            self.clients[spectator.client] = left
        else:
            self.clients.pop(spectator.client, None)
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
            for spectator in watchers:
                if spectator.link is not None \
                        and link_epoch(snapshot, spectator.link[0]) != spectator.link[1]:
                    spectator.end()
            watchers = {spectator for spectator in watchers if not spectator.ended}
            for lang in {spectator.lang for spectator in watchers}:
                text = self._messages[(room_id, lang)] = message(snapshot, lang, self._replay_path)
                for spectator in watchers:
                    if spectator.lang == lang:
                        spectator.offer(text)
