"""The play page: one seated person's hand and the table, played in the browser.

Opened as a Telegram Mini App (the `web_app` button of the private panel) or from a signed
link on Discord's ephemeral panel. It exists only when the web app runs inside the bot
(`bot.compose` hands it the host): a page served apart (`python -m bot web`) says so.

Who is playing:
- Telegram: the page posts the init data Telegram gave it (`#tgWebAppData=`); it is checked
  here (HMAC-SHA256 under the key HMAC-SHA256("WebAppData", bot token), `auth_date` no older
  than PAIJU_PLAY_MAX_AGE) and traded for a Play key (below).
- A Play key: `p` (platform), `u` (the platform's user id), `e` (expiry), `k` (signature of
  "play", p, u, the room, e under the web secret, `bot.web.links`). Discord's ephemeral panel
  carries it as a link; every call of the page carries it.
The key's person must sit at the room: anyone else is refused with a short translated note.

What the page shows is what that seat's `PrivateView` holds (its hand, its prompt, its
buttons) and the public table (the engine's public view through the game's text and web
hooks); a whole state is never serialised. What it sends are the host commands a button
press sends: `Press` with a payload stamped with the view's counter, so the host's checks
(stale presses refused, the seat's turn, the engine's rules) apply unchanged. A play the
game can make several ways (a 癞子 play read more than one way) is refused with the ways
(`choices`, each an action and its label): the page offers them as buttons.

Live: every change of a room wakes the streams of its players (`Host.change_watchers`);
each stream sends its seat's newest state as one server-sent event (a slow reader skips to
the newest, as a spectator does).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from aiohttp import web

from bot.errors import PaijuError
from bot.games import registry
from bot.host import commands as cmd
from bot.host.payload import decode_payload, encode_payload
from bot.host.presentation import present
from bot.host.presentation.render import renderer
from bot.host.views import Phase, end_cards
from bot.i18n import translate
from bot.i18n.bidi import isolate
from bot.web.html import CSP, SECURITY_HEADERS, esc, message_page, page, t
from bot.web.links import PLAY_LINK_SECONDS, Links

log = logging.getLogger(__name__)

TELEGRAM = "telegram"
MAX_INIT_DATA = 4096  # bytes: Telegram's init data is well under 1 KB
MAX_ACT_BODY = 1024
MAX_CODE_CHARS = 100
FUTURE_SKEW = 60  # seconds an auth_date may lie ahead of our clock
STREAMS_PER_SEAT = 4  # open play streams of one person at one table
HEARTBEAT_SECONDS = 15.0
WRITE_TIMEOUT_SECONDS = 30.0
# Telegram Web (web.telegram.org) shows a Mini App in a frame; the apps use a web view.
PLAY_CSP = CSP.replace("frame-ancestors 'none'",
                       "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org")


# -- Telegram's init data -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class InitData:
    """The checked fields of a Mini App's init data."""

    user_id: str
    name: str
    auth_date: int
    language: str = ""


class InitDataRefused(Exception):
    """Init data that is forged or malformed (`expired` False) or too old (True)."""

    def __init__(self, expired: bool = False) -> None:
        super().__init__("expired" if expired else "forged")
        self.expired = expired


def init_data_hash(fields: dict[str, str], bot_token: str) -> str:
    """The hash Telegram puts in init data: HMAC-SHA256 of the data-check string (every
    field but `hash`, "key=value" sorted by key, joined by line feeds) under the secret key
    HMAC-SHA256(key="WebAppData", message=bot token); lower-case hex."""
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items())
                      if key != "hash")
    return hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """Init data as Telegram sends it: the fields and their hash, URL-encoded (tests and the
    benchmark sign their own, as Telegram would)."""
    return urlencode({**fields, "hash": init_data_hash(fields, bot_token)})


def check_init_data(text: str, bot_token: str, now: float, max_age: int) -> InitData:
    """The person of a Mini App's init data, or InitDataRefused (forged, malformed, a field
    given twice, no user, or an `auth_date` older than `max_age` seconds)."""
    if not text or len(text.encode()) > MAX_INIT_DATA:
        raise InitDataRefused()
    try:
        pairs = parse_qsl(text, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataRefused() from None
    fields = dict(pairs)
    given = fields.get("hash", "")
    if len(fields) != len(pairs) or len(given) != 64:
        raise InitDataRefused()
    if not hmac.compare_digest(given, init_data_hash(fields, bot_token)):
        raise InitDataRefused()
    auth = fields.get("auth_date", "")
    if not (auth.isascii() and auth.isdigit()) or int(auth) > now + FUTURE_SKEW:
        raise InitDataRefused()
    if now - int(auth) > max_age:
        raise InitDataRefused(expired=True)
    try:
        user = json.loads(fields.get("user", ""))
        user_id = user["id"]
    except (ValueError, TypeError, KeyError):
        raise InitDataRefused() from None
    if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id <= 0:
        raise InitDataRefused()
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip()
    return InitData(str(user_id), name or str(user.get("username") or user_id), int(auth),
                    str(user.get("language_code") or ""))


# -- the page's data ----------------------------------------------------------------------

def _code(payload: str) -> str:
    try:
        return decode_payload(payload).code
    except PaijuError:
        return ""


def _choices(choices: tuple[Any, ...]) -> list[dict[str, str]]:
    return [{"action": c.action, "label": c.label} for c in choices]


def play_state(host: Any, room: Any, seat: int, lang: str) -> dict[str, Any]:
    """What one seat's page shows: its private view and the public table, as JSON values.
    Built from `present.private_view` (this seat's) and the engine's public view only."""
    view = present.private_view(host, room, seat, lang)
    table = present.table_view(host, room, lang)
    prompt = None
    if view.prompt is not None:
        p = view.prompt
        prompt = {"kind": p.kind, "text": p.text, "build": p.build, "can_pass": p.can_pass,
                  "to_beat": p.to_beat, "deadline": p.deadline,
                  "choices": _choices(p.choices), "suggestions": _choices(p.suggestions),
                  "pending": p.suggestions_pending}
    lines = view.text.split("\n")
    if view.hand:  # the first line is the hand itself, drawn as cards
        lines = lines[1:]
    me = {"seat": seat, "hand": list(view.hand), "marked": list(view.marked),
          "groups": [list(g) for g in view.groups], "lines": [x for x in lines if x],
          "order": present.hand_order(room, seat),  # the seat's Sort: "up" or "down"
          "prompt": prompt,
          "buttons": [{"code": _code(b.payload), "label": b.label, "style": b.style}
                      for b in view.buttons if _code(b.payload)]}
    left = end_cards(room.last_result) if room.phase is Phase.OVER else ()
    seats = [{"seat": s.seat, "name": s.name, "ai": s.is_ai, "auto": s.auto,
              "cards": s.cards_left,
              "left": left[s.seat].split() if s.seat < len(left) else [],
              "role": translate(f"host.role.{s.role}", lang) if s.role else "",
              "turn": s.to_act, "me": s.seat == seat} for s in table.seats]
    plays: list[list[str]] = [[] for _ in table.seats]
    rows: list[dict[str, Any]] = []
    lines_table: list[str] = []
    public = room.public_view() if room.state is not None \
        and room.phase in (Phase.PLAYING, Phase.OVER) else None
    if public is not None:
        hooks, text = registry.web(room.game), renderer(room.game, room.options)
        over = room.phase is Phase.OVER
        plays = [list(hooks.seat_play(public, s)) for s in range(len(table.seats))]
        rows = [{"label": translate(r.label, lang) if r.label else "", "cards": list(r.cards),
                 "seat": r.seat, "groups": [list(g) for g in r.groups]}
                for r in hooks.rows(public, over)]
        names = [isolate(s.name) for s in table.seats]
        # At the end as the chat says it: the table, the cards, who won, each amount with
        # its formula (base, multiplier).
        lines_table = [*text.over_lines(public, names, lang),
                       *text.end_lines(end_cards(room.last_result), names, lang),
                       *text.result_lines(public, names, lang),
                       *present.result_amounts(room, lang)] if over \
            else text.table_lines(public, names, lang)
    elif room.phase is Phase.LOBBY:
        lines_table = [translate("web.live.lobby", lang, seated=len(table.seats))]
    return {"room": room.room_id, "counter": room.counter, "phase": room.phase.value,
            "now": host.clock.now(),  # the host's clock, for the turn timer's countdown
            "game": room.game, "title": table.title, "me": me,
            "table": {"seats": seats, "plays": plays, "rows": rows, "lines": lines_table,
                      "latest": table.last_play[0] if table.last_play else None,
                      "deadline": table.deadline}}


# -- who is asking ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Player:
    """A person with a valid key for a room, and their seat there."""

    platform: str
    user_id: str
    room_id: str
    seat: int
    name: str
    lang: str

    @property
    def actor(self) -> cmd.Actor:
        """The person as a command's sender (as their chat's buttons would send it)."""
        return cmd.Actor(self.platform, self.user_id, self.name, self.lang)


class Refused(Exception):
    """A request the page turns down: its HTTP status and catalogue key."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(key)
        self.status = status
        self.key = key


def _int(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None


def seat_of(host: Any, room_id: str, platform: str, user_id: str) -> tuple[Any, int]:
    """The room and the seat of this person there (Refused 403 when they sit elsewhere)."""
    room = host.rooms.get(room_id)
    if room is None or room.phase is Phase.CLOSED or room.place.platform != platform:
        raise Refused(403, "web.play.not_seated")
    for index, seat in enumerate(room.seats):
        if not seat.is_ai and seat.user_id == user_id:
            return room, index
    raise Refused(403, "web.play.not_seated")


@dataclass(eq=False, slots=True)
class Stream:
    """One open play stream: a seat's page waiting for its room to change."""

    room_id: str
    seat_key: tuple[str, str]
    bell: asyncio.Event = field(default_factory=asyncio.Event)


class PlayHub:
    """The open play streams by room; woken by the host after each change of a room."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[Stream]] = {}
        self.stopping = False

    def changed(self, room_id: str) -> None:
        """A room changed: ring its streams (a host change watcher; returns at once)."""
        for stream in self.rooms.get(room_id, ()):
            stream.bell.set()

    def open(self, room_id: str, seat_key: tuple[str, str]) -> Stream | None:
        """A new stream (None when this person has STREAMS_PER_SEAT open already)."""
        streams = self.rooms.setdefault(room_id, set())
        if sum(1 for s in streams if s.seat_key == seat_key) >= STREAMS_PER_SEAT:
            return None
        stream = Stream(room_id, seat_key)
        stream.bell.set()  # the current state goes out at once
        streams.add(stream)
        return stream

    def close(self, stream: Stream) -> None:
        """Forget a stream."""
        streams = self.rooms.get(stream.room_id)
        if streams is not None:
            streams.discard(stream)
            if not streams:
                del self.rooms[stream.room_id]

    def stop(self) -> None:
        """End every stream (the app is shutting down)."""
        self.stopping = True
        for streams in self.rooms.values():
            for stream in streams:
                stream.bell.set()


@dataclass(slots=True)
class Play:
    """The play page's dependencies: the host, the links, Telegram's token and age limit."""

    host: Any
    links: Links
    telegram_token: str = ""
    max_age: int = 3600
    clock: Callable[[], float] | None = None
    hub: PlayHub = field(default_factory=PlayHub)

    def now(self) -> float:
        """Wall time (Telegram's auth_date is; the links' expiry too)."""
        return self.clock() if self.clock is not None else time.time()

    def player(self, request: web.Request, lang: str) -> Player:
        """The person whose key the request carries, seated at the request's room."""
        room_id = request.match_info["room"]
        query = request.query
        platform, user_id = query.get("p", ""), query.get("u", "")
        expires = _int(query.get("e", ""))
        signature = query.get("k")
        if not platform or not user_id or expires is None or not signature:
            raise Refused(403, "web.play.forged")
        ids = (platform, user_id, room_id)
        if not self.links.valid(signature, "play", *ids, expires=expires):
            expired = self.links.valid(signature, "play", *ids, expires=expires,
                                       expired_too=True)
            raise Refused(410 if expired else 403,
                          "web.play.expired" if expired else "web.play.forged")
        room, seat = seat_of(self.host, room_id, platform, user_id)
        person = room.seats[seat]
        return Player(platform, user_id, room_id, seat, person.name, lang)

    def state(self, player: Player) -> dict[str, Any]:
        """The player's state now (Refused when they no longer sit there)."""
        room, seat = seat_of(self.host, player.room_id, player.platform, player.user_id)
        return play_state(self.host, room, seat, player.lang)

    def key(self, room_id: str, platform: str, user_id: str) -> dict[str, str]:
        """A Play key (the query of a Play link) for this person at this room."""
        path = self.links.play_path(room_id, platform, user_id)
        return dict(parse_qsl(path.partition("?")[2]))


PLAY: web.AppKey[Play] = web.AppKey("play", Play)


def _json(data: Any, status: int = 200) -> web.Response:
    response = web.json_response(data, status=status,
                                 dumps=lambda v: json.dumps(v, ensure_ascii=False,
                                                            separators=(",", ":")))
    response.enable_compression()
    return response


def _refusal(error: Refused, lang: str) -> web.Response:
    return _json({"ok": False, "error": translate(error.key, lang), "key": error.key},
                 error.status)


def _playing(request: web.Request) -> Play:
    """The app's Play, or Refused when the pages run apart from the bot (no host to play on)."""
    play = request.app.get(PLAY)
    if play is None:
        raise Refused(503, "web.play.unavailable")
    return play


def _lang(request: web.Request) -> str:
    from bot.web.app import language  # the app's own reading of ?lang= and the browser

    return language(request)


def _unavailable(lang: str) -> web.Response:
    return web.Response(text=message_page("web.play.unavailable_title", "web.play.unavailable",
                                          lang),
                        status=503, content_type="text/html", charset="utf-8")


async def play_page(request: web.Request) -> web.Response:
    """`/play/<room>`: the page (its data comes from the calls below, each with the key)."""
    lang = _lang(request)
    play = request.app.get(PLAY)
    if play is None:
        return _unavailable(lang)
    room_id = request.match_info["room"]
    telegram = request.query.get("p") == TELEGRAM and "k" not in request.query
    if not telegram:  # a signed link: refused now, with its reason, before any script runs
        try:
            play.player(request, lang)
        except Refused as error:
            body = f'<h1>{t("web.play.refused_title", lang)}</h1>' \
                   f'<p class="note" id="refused">{t(error.key, lang)}</p>'
            return web.Response(text=page(translate("web.play.refused_title", lang), lang,
                                          body), status=error.status,
                                content_type="text/html", charset="utf-8")
    keys = ("play", "pass", "hint", "sort", "clear", "confirm", "your_hand", "table",
            "select_help", "groups_help", "nothing_selected", "waiting", "cards", "you",
            "last_play", "bottom", "live", "lost", "connecting", "no_telegram", "group", "timer",
            "which_way", "play_way")
    labels = {key: translate(f"web.play.{key}", lang, count="{count}", name="{name}",
                             seconds="{seconds}", label="{label}")
              for key in keys}
    base = f"/play/{esc(room_id)}"
    query = {k: v for k, v in request.query.items() if k in ("p", "u", "e", "k")}
    body = (f'<div id="play" data-base="{base}" data-lang="{lang}" '
            f'data-telegram="{"1" if telegram else ""}" '
            f'data-key="{esc(json.dumps(query))}" data-labels="{esc(json.dumps(labels))}">'
            f'<p class="status" id="status" data-state="connecting">'
            f'{t("web.play.connecting", lang)}</p>'
            f'<section id="table-area" aria-label="{t("web.play.table", lang)}"></section>'
            f'<section id="hand-area" aria-label="{t("web.play.your_hand", lang)}"></section>'
            f'<p class="note" id="message" role="status" aria-live="polite"></p></div>')
    title = translate("web.play.title", lang, room=room_id)
    html = page(title, lang, body, scripts=("play.js",), body_class="play").replace(
        '<link rel="stylesheet" href="/static/site.css">',
        '<link rel="stylesheet" href="/static/site.css">'
        '<link rel="stylesheet" href="/static/play.css">', 1)
    response = web.Response(text=html,
                            content_type="text/html", charset="utf-8")
    response.headers["Content-Security-Policy"] = PLAY_CSP
    response.headers["X-Frame-Options"] = "SAMEORIGIN"  # frame-ancestors decides in browsers
    return response


async def play_auth(request: web.Request) -> web.Response:
    """`POST /play/<room>/auth`: Telegram's init data in, a Play key out (or a refusal)."""
    lang = _lang(request)
    try:
        play = _playing(request)
        if not play.telegram_token:
            raise Refused(403, "web.play.forged")
        if (request.content_length or 0) > MAX_INIT_DATA:
            raise Refused(413, "web.play.bad_request")
        text = (await request.content.read(MAX_INIT_DATA + 1)).decode("utf-8", "replace")
        person = check_init_data(text.strip(), play.telegram_token, play.now(), play.max_age)
        room_id = request.match_info["room"]
        seat_of(play.host, room_id, TELEGRAM, person.user_id)
    except InitDataRefused as error:
        return _refusal(Refused(410 if error.expired else 403,
                                "web.play.expired" if error.expired else "web.play.forged"),
                        lang)
    except Refused as error:
        return _refusal(error, lang)
    return _json({"ok": True, "key": play.key(room_id, TELEGRAM, person.user_id)})


async def play_data(request: web.Request) -> web.Response:
    """`GET /play/<room>/state`: the seat's state now."""
    lang = _lang(request)
    try:
        play = _playing(request)
        player = play.player(request, lang)
        return _json({"ok": True, "state": play.state(player)})
    except Refused as error:
        return _refusal(error, lang)


async def play_act(request: web.Request) -> web.Response:
    """`POST /play/<room>/act` {"code", "counter"}: what a button with that payload sends."""
    lang = _lang(request)
    try:
        play = _playing(request)
        player = play.player(request, lang)
        if (request.content_length or 0) > MAX_ACT_BODY:
            raise Refused(413, "web.play.bad_request")
        try:
            body = json.loads(await request.content.read(MAX_ACT_BODY + 1))
            code, counter = body["code"], body["counter"]
        except (ValueError, TypeError, KeyError):
            raise Refused(400, "web.play.bad_request") from None
        if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE_CHARS \
                or code.startswith("~") or not isinstance(counter, int) \
                or isinstance(counter, bool) or counter < 0:
            raise Refused(400, "web.play.bad_request")
    except Refused as error:
        return _refusal(error, lang)
    code = code.strip()
    try:
        command: cmd.Command = cmd.Press(player.actor, room=player.room_id,
                                         payload=encode_payload(player.room_id, counter, code))
    except ValueError:  # longer than a button's payload: the typed action, counter-stamped
        if code.startswith("!"):
            return _refusal(Refused(400, "web.play.bad_request"), lang)
        command = cmd.Act(player.actor, room=player.room_id, text=code, counter=counter)
    reply = await play.host.handle(command)
    data: dict[str, Any] = {"ok": reply.ok, "text": reply.text, "action": reply.action}
    if reply.choices:  # refused, asking which way the play is meant: each way, to press
        data["choices"] = _choices(reply.choices)
    try:
        data["state"] = play.state(player)
    except Refused as error:  # the act took the seat away (left the table)
        data["error"] = translate(error.key, lang)
    return _json(data)


async def play_events(request: web.Request) -> web.StreamResponse:
    """`GET /play/<room>/events`: server-sent events, the seat's newest state on each change."""
    lang = _lang(request)
    try:
        play = _playing(request)
        player = play.player(request, lang)
    except Refused as error:
        return _refusal(error, lang)
    stream = play.hub.open(player.room_id, (player.platform, player.user_id))
    if stream is None:
        return web.Response(status=503, text="busy", headers={"Retry-After": "30"})
    response = web.StreamResponse(headers={
        **SECURITY_HEADERS, "Content-Type": "text/event-stream; charset=utf-8",
        "X-Accel-Buffering": "no"})
    try:
        await response.prepare(request)
        await _write(response, b"retry: 1000\n\n")
        sent = b""
        while not play.hub.stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stream.bell.wait(), HEARTBEAT_SECONDS)
            if request.transport is None or request.transport.is_closing():
                break
            if not stream.bell.is_set():
                await _write(response, b": keep-alive\n\n")
                continue
            stream.bell.clear()
            try:
                state = play.state(player)
            except Refused as error:
                data = {"ok": False, "error": translate(error.key, lang)}
                await _write(response, _event(data))
                break
            event = _event({"ok": True, "state": state})
            if event == sent:  # nothing new for this seat (another seat's suggestions)
                continue
            sent = event
            await _write(response, event)
    except (ConnectionResetError, TimeoutError, asyncio.CancelledError):
        pass
    finally:
        play.hub.close(stream)
    return response


def _event(data: dict[str, Any]) -> bytes:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return b"data: " + text.encode() + b"\n\n"


async def _write(response: web.StreamResponse, data: bytes) -> None:
    await asyncio.wait_for(response.write(data), WRITE_TIMEOUT_SECONDS)


def add_routes(app: web.Application, play: Play | None) -> None:
    """The play page's routes; `play` None: the page says play is not available here."""
    if play is not None:
        app[PLAY] = play
        play.host.change_watchers.append(play.hub.changed)

        async def stop(app: web.Application) -> None:
            play.hub.stop()
            with contextlib.suppress(ValueError):
                play.host.change_watchers.remove(play.hub.changed)

        app.on_shutdown.append(stop)
    app.router.add_get("/play/{room}", play_page)
    app.router.add_post("/play/{room}/auth", play_auth)
    app.router.add_get("/play/{room}/state", play_data)
    app.router.add_post("/play/{room}/act", play_act)
    app.router.add_get("/play/{room}/events", play_events)


__all__ = ["PLAY_LINK_SECONDS", "InitData", "InitDataRefused", "Play", "PlayHub",
           "add_routes", "check_init_data", "init_data_hash", "play_state", "sign_init_data"]
