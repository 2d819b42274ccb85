"""The aiohttp application: routes, signed-link checks, security headers, the live stream.

Every page needs its signature (`?k=`): a wrong or missing one gets the same 404 as a page
that does not exist, so links can be neither forged nor enumerated. Every response carries
the Content-Security-Policy and friends (`bot.web.html.SECURITY_HEADERS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from importlib import resources
from typing import Any, Protocol
from urllib.parse import urlencode

from aiohttp import web

from bot.i18n import LANGUAGES, normalise_language, translate
from bot.tournament.competition import Competition
from bot.web import boards, cups, live, play, replay
from bot.web import teach as teaching
from bot.web.html import SECURITY_HEADERS, esc, message_page, page, plain_name
from bot.web.links import Links, live_ids
from bot.web.pages import Page, PageCache
from storage.competitions import CompetitionStore
from storage.leaderboard import PERIODS
from storage.records import (
    CommunityRow,
    GameRecordRow,
    LeaderRow,
    PlayerGame,
    PlayerStats,
    SeasonLine,
)
from storage.standings import SEASON_KEY

log = logging.getLogger(__name__)

STATIC = {"site.css": "text/css", "replay.js": "text/javascript", "live.js": "text/javascript",
          "play.js": "text/javascript", "play.css": "text/css"}
HEARTBEAT_SECONDS = 15.0  # an SSE comment keeps proxies from closing an idle stream
WRITE_TIMEOUT_SECONDS = 30.0  # a spectator that takes longer to accept one table is dropped
HISTORY_GAMES = 50

HUB: web.AppKey[live.LiveHub] = web.AppKey("hub", live.LiveHub)
STORE: web.AppKey[Any] = web.AppKey("store", object)
LINKS: web.AppKey[Links] = web.AppKey("links", Links)
PAGES: web.AppKey[PageCache] = web.AppKey("pages", PageCache)
ANALYSER: web.AppKey[teaching.Analyser] = web.AppKey("analyser", teaching.Analyser)


class WebStore(Protocol):
    """What the pages read from storage (implemented by `storage.Storage`)."""

    async def game_record(self, game_id: str) -> GameRecordRow | None: ...
    async def player_name(self, player_id: int) -> str: ...
    async def community_row(self, community_id: int) -> CommunityRow | None: ...
    async def leaderboard(self, metric: str, *, community_id: int | None = None,
                          period: str = "all", limit: int = 10,
                          season: str | None = None) -> list[LeaderRow]: ...
    def season(self) -> str: ...
    async def metrics_offered(self, community_id: int | None = None) -> tuple[str, ...]: ...
    async def seasons(self, community_id: int | None = None) -> list[str]: ...
    async def stats(self, player_id: int, community_id: int | None = None) -> PlayerStats: ...
    async def season_lines(self, player_id: int,
                           community_id: int | None = None) -> list[SeasonLine]: ...
    async def player_games(self, player_id: int, community_id: int | None = None,
                           limit: int = 50) -> list[PlayerGame]: ...
    async def beans_series(self, player_id: int,
                           community_id: int | None = None) -> list[tuple[float, int]]: ...
    async def room_counters(self, room_ids: list[str]) -> dict[str, int]: ...
    async def room_snapshot(self, room_id: str) -> dict[str, Any] | None: ...
    async def analysis(self, game_id: str) -> Any: ...
    async def claim_analysis(self, game_id: str, stale: float) -> bool: ...
    async def keep_analysis(self, game_id: str, status: str, data: Any) -> None: ...


def language(request: web.Request) -> str:
    """`?lang=` if it names a catalogue language, else the browser's first choice."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    header = request.headers.get("Accept-Language", "")
    return normalise_language(header.split(",")[0].split(";")[0].strip() or None)


def _html(text: str, status: int = 200) -> web.Response:
    response = web.Response(text=text, status=status, content_type="text/html",
                            charset="utf-8")
    response.enable_compression()  # only when the client accepts it (gzip or deflate)
    return response


def _not_found(lang: str) -> web.Response:
    return _html(message_page("web.not_found.title", "web.not_found.text", lang), 404)


def _signed(request: web.Request, kind: str, *ids: object) -> bool:
    return request.app[LINKS].valid(request.query.get("k"), kind, *ids)


def _channel_link(request: web.Request) -> bool:
    """A channel's Watch link (`c=1`), not one table's."""
    return request.query.get("c") == "1"


def _live_signed(request: web.Request, room_id: str, snapshot: dict[str, Any] | None,
                 *, expired_too: bool = False) -> bool:
    """A Watch link: signed for this room, the table's epoch (or with `c=1` the channel's,
    once an admin asked for it) and its expiry (`e`)."""
    channel = _channel_link(request)
    epoch = live.link_epoch(snapshot, channel)
    expires = _int(request.query.get("e", ""))
    return expires is not None and (epoch != 0 or not channel) and request.app[LINKS].valid(
        request.query.get("k"), "live", *live_ids(room_id, channel), epoch=epoch,
        expires=expires, expired_too=expired_too)


def _here(request: web.Request) -> str:
    """The page's own signed path without its language (for the language switch)."""
    query = urlencode([(k, v) for k, v in request.rel_url.query.items() if k != "lang"])
    return f"{request.rel_url.path}?{query}" if query else request.rel_url.path


@web.middleware
async def security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    """Headers on every response; an unexpected error is a plain page, logged with its trace."""
    try:
        response = await handler(request)
    except web.HTTPException as error:  # aiohttp's own (no such route, method not allowed)
        error.headers.update(SECURITY_HEADERS)
        raise
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("web: %s %s failed", request.method, request.rel_url.path)
        response = _html(message_page("web.error.title", "web.error.text", language(request)),
                         500)
    if not response.prepared:
        for header, value in SECURITY_HEADERS.items():
            response.headers.setdefault(header, value)  # a static file keeps its max-age
    return response


async def replay_page(request: web.Request) -> web.Response:
    """`/replay/<game_id>`: a finished game, step by step (built off the loop, kept), with
    the strong AI's analysis of people's decisions (started on the first view, kept)."""
    lang = language(request)
    game_id = request.match_info["game_id"]
    if not _signed(request, "replay", game_id):
        return _not_found(lang)
    here = _here(request)
    pages = request.app[PAGES]
    analyser = request.app[ANALYSER]
    settled = analyser.settled(game_id)  # known done or not offered: the page never changes
    kept = pages.kept((game_id, lang, here, settled.status)) if settled else None
    if kept is None:
        store = request.app[STORE]
        record = await store.game_record(game_id)
        if record is None:
            return _not_found(lang)
        if record.result is None:
            return _html(message_page("web.replay.running_title", "web.replay.running", lang),
                         404)
        taught = await analyser.teaching(record)
        names = await _seat_names(store, record, lang)

        def build() -> str:
            shown = replay.build_replay(record, names, lang)
            title = translate("web.replay.page_title", lang, game_id=game_id)
            return page(title, lang, replay.replay_html(shown, lang, taught),
                        scripts=("replay.js",), here=here, body_class="replay")

        # A finished game never changes; its analysis does once (pending → done).
        kept = await pages.get((game_id, lang, here, taught.status), build)
    return _kept_html(request, kept)


async def teach_fragment(request: web.Request) -> web.Response:
    """`/replay/<game_id>/teach`: the analysis section once it is kept (200), or 202 while
    it is being worked on (the replay page's script asks again)."""
    lang = language(request)
    game_id = request.match_info["game_id"]
    if not _signed(request, "replay", game_id):
        return _not_found(lang)
    store = request.app[STORE]
    record = await store.game_record(game_id)
    if record is None or record.result is None:
        return _not_found(lang)
    taught = await request.app[ANALYSER].teaching(record)
    if taught.status == "pending":
        return web.Response(status=202, text="", headers={"Cache-Control": "no-store"})
    names = await _seat_names(store, record, lang)
    return web.Response(text=teaching.section_html(record, names, taught, lang),
                        content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})


def _kept_html(request: web.Request, kept: Page) -> web.Response:
    """A kept page, sent compressed as it was kept when the client accepts gzip."""
    if live.Gzip.accepted(request.headers.get("Accept-Encoding", "")) is None:
        return web.Response(text=kept.html, content_type="text/html", charset="utf-8")
    response = web.Response(body=kept.gzip, content_type="text/html", charset="utf-8")
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    return response


async def _seat_names(store: Any, record: GameRecordRow, lang: str) -> list[str]:
    """The names of a game's seats, isolated where they are read (see bot.web.html)."""
    names, ai = [], 0
    for player in record.seats:
        if player is None:
            ai += 1
            names.append(translate("host.ai_name", lang, number=ai))
        else:
            names.append(plain_name(await store.player_name(player)))
    return names


async def live_page(request: web.Request) -> web.Response:
    """`/live/<room>`: the public table, updated by the page's event stream."""
    lang = language(request)
    room_id = request.match_info["room"]
    snapshot = await request.app[STORE].room_snapshot(room_id)
    if not _live_signed(request, room_id, snapshot):
        if _live_signed(request, room_id, snapshot, expired_too=True):
            return _html(message_page("web.live.expired_title", "web.live.expired", lang), 410)
        return _not_found(lang)
    query = urlencode({**({"c": "1"} if _channel_link(request) else {}),
                       "e": request.query["e"], "k": request.query["k"], "lang": lang})
    events = f"{request.rel_url.path}/events?{query}"
    body = (f'<h1>{translate("web.live.heading", lang)}</h1>'
            f'<p class="status" id="status" data-state="connecting">'
            f'{translate("web.live.connecting", lang)}</p>'
            f'<div id="live" data-events="{esc(events)}" '
            f'data-live="{esc(translate("web.live.live", lang))}" '
            f'data-lost="{esc(translate("web.live.lost", lang))}">'
            f"{live.table_fragment(snapshot, lang, request.app[LINKS].replay_path)}</div>")
    title = translate("web.live.title", lang, room=room_id)
    return _html(page(title, lang, body, scripts=("live.js",), here=_here(request),
                      body_class="live"))


async def live_events(request: web.Request) -> web.StreamResponse:
    """`/live/<room>/events`: server-sent events, one per table change (latest only)."""
    lang = language(request)
    room_id = request.match_info["room"]
    snapshot = await request.app[STORE].room_snapshot(room_id)
    if not _live_signed(request, room_id, snapshot):
        return _not_found(lang)
    channel = _channel_link(request)  # the stream ends once its link's epoch moves on
    hub = request.app[HUB]
    client = request.remote or ""
    if not hub.admits(room_id, client):
        return web.Response(status=503, text="busy", headers={"Retry-After": "30"})
    gzip = live.Gzip.accepted(request.headers.get("Accept-Encoding", ""))
    response = web.StreamResponse(headers={
        **SECURITY_HEADERS, "Content-Type": "text/event-stream; charset=utf-8",
        "X-Accel-Buffering": "no", **({"Content-Encoding": "gzip"} if gzip else {})})
    await response.prepare(request)
    spectator = await hub.join(room_id, lang, client,
                               link=(channel, live.link_epoch(snapshot, channel)))
    try:
        await _write(response, b"retry: 2000\n\n", gzip)
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(spectator.bell.wait(), HEARTBEAT_SECONDS)
            if request.transport is None or request.transport.is_closing() \
                    or spectator.ended:
                break
            text = spectator.take()
            await _write(response, text if text is not None else b": keep-alive\n\n", gzip)
            if hub.stopping:
                break
    except (ConnectionResetError, TimeoutError, asyncio.CancelledError):
        pass
    finally:
        hub.leave(spectator)
    return response


async def _write(response: web.StreamResponse, data: bytes, gzip: live.Gzip | None) -> None:
    chunk = gzip.compress(data) if gzip is not None else data
    await asyncio.wait_for(response.write(chunk), WRITE_TIMEOUT_SECONDS)


def _int(text: str) -> int | None:
    """An id written in ASCII digits ("²" and "١" are digits to Python, not to us)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None


async def board_page(request: web.Request) -> web.Response:
    """`/lb/<community>`: every metric and period, the current and past seasons."""
    lang = language(request)
    community_id = _int(request.match_info["community"])
    if community_id is None or not _signed(request, "lb", community_id):
        return _not_found(lang)
    store = request.app[STORE]
    community = await store.community_row(community_id)
    if community is None:
        return _not_found(lang)
    metric = request.query.get("metric", "beans")
    period = request.query.get("period", "all")
    offered = await store.metrics_offered(community_id)  # only what its games have
    metric = metric if metric in offered else "beans"
    period = period if period in PERIODS else "all"
    current = store.season()
    season = request.query.get("season", "") or current
    if not SEASON_KEY.match(season):
        season = current
    rows = await store.leaderboard(metric, community_id=community_id, period=period, limit=50,
                                   season=season)
    seasons = await store.seasons(community_id)
    body = boards.board_html(request.app[LINKS], community, rows, metric=metric, period=period,
                             season=season, current_season=current, seasons=seasons, lang=lang,
                             metrics=offered)
    title = translate("web.lb.page_title", lang,
                      community=plain_name(community.name or community.external_id))
    return _html(page(title, lang, body, here=_here(request), body_class="boards"))


async def player_page(request: web.Request) -> web.Response:
    """`/lb/<community>/p/<player>`: one player's record, seasons, games and beans."""
    lang = language(request)
    community_id = _int(request.match_info["community"])
    player_id = _int(request.match_info["player"])
    if community_id is None or player_id is None \
            or not _signed(request, "player", community_id, player_id):
        return _not_found(lang)
    store = request.app[STORE]
    community = await store.community_row(community_id)
    if community is None:
        return _not_found(lang)
    try:
        stats = await store.stats(player_id, community_id)
    except LookupError:
        return _not_found(lang)
    rating_series = {(r.game, r.role): await store.rating_series(player_id, r.game, r.role,
                                                                 community_id)
                     for r in stats.ratings}
    body = boards.player_html(
        request.app[LINKS], community, stats, await store.season_lines(player_id, community_id),
        await store.player_games(player_id, community_id, HISTORY_GAMES),
        await store.beans_series(player_id, community_id), lang, rating_series)
    return _html(page(plain_name(stats.name), lang, body, here=_here(request),
                      body_class="player"))


async def cup_page(request: web.Request) -> web.Response:
    """`/cup/<id>`: a competition's draw, tables, hands (replays), stages, seed and places."""
    lang = language(request)
    cup_id = _int(request.match_info["cup"])
    if cup_id is None or not _signed(request, "cup", cup_id):
        return _not_found(lang)
    state = await CompetitionStore(request.app[STORE]).get(cup_id)
    if state is None:
        return _not_found(lang)
    cup = Competition.from_dict(state)
    body = cups.cup_html(cup, request.app[LINKS], lang)
    title = translate("web.cup.page_title", lang, name=plain_name(cup.name))
    return _html(page(title, lang, body, here=_here(request), body_class="cup"))


async def static_file(request: web.Request) -> web.Response:
    """Our stylesheet and scripts (a fixed list; nothing else is served)."""
    file = request.match_info["file"]
    if file not in STATIC:
        return _not_found(language(request))
    text = resources.files("bot.web").joinpath("static", file).read_text("utf-8")
    response = web.Response(text=text, content_type=STATIC[file], charset="utf-8")
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


async def index(request: web.Request) -> web.Response:
    """`/`: nothing to list (every page is reached by its own link)."""
    lang = language(request)
    return _html(message_page("web.index.title", "web.index.text", lang))


def create_app(store: WebStore, links: Links, *, poll_interval: float = 0.25,
               limits: live.Limits | None = None,
               playing: play.Play | None = None) -> web.Application:
    """The web application on a storage; its live hub starts and stops with it. `playing`:
    the play page's host (None apart from the bot: the page says play is not here)."""
    app = web.Application(middlewares=[security_headers])
    hub = live.LiveHub(store.room_counters, store.room_snapshot, interval=poll_interval,
                       limits=limits, replay_path=links.replay_path)
    app[HUB] = hub
    app[STORE] = store
    app[LINKS] = links
    app[PAGES] = PageCache()
    app[ANALYSER] = teaching.Analyser(store)
    app.router.add_get("/", index)
    app.router.add_get("/replay/{game_id}", replay_page)
    app.router.add_get("/replay/{game_id}/teach", teach_fragment)
    app.router.add_get("/live/{room}", live_page)
    app.router.add_get("/live/{room}/events", live_events)
    app.router.add_get("/lb/{community}", board_page)
    app.router.add_get("/lb/{community}/p/{player}", player_page)
    app.router.add_get("/cup/{cup}", cup_page)
    app.router.add_get("/static/{file}", static_file)
    play.add_routes(app, playing)

    async def start_hub(app: web.Application) -> None:
        hub.start()

    async def stop_hub(app: web.Application) -> None:
        await hub.stop()
        app[PAGES].close()
        app[ANALYSER].close()

    app.on_startup.append(start_hub)
    app.on_shutdown.append(stop_hub)
    return app
