"""Signed links (what the bot posts, what opens, what does not), security headers on every
response, a spectator that never reads, and `python -m bot web` without its secret."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.host import commands as cmd
from bot.web.html import CSP
from bot.web.links import Links
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table, room
from tests.web.conftest import SECRET, Site
from tests.web.test_replay_browser import finished_game

ROOT = Path(__file__).resolve().parents[2]

URL = re.compile(r"http://paiju\.test(/\S+)")


def test_a_signature_belongs_to_one_page_and_one_secret() -> None:
    links = Links(SECRET)
    signature = links.signature("replay", "room-1")
    assert links.valid(signature, "replay", "room-1")
    assert not links.valid(signature, "replay", "room-2")
    assert not links.valid(signature, "live", "room-1")
    assert not Links("another-secret-of-16+").valid(signature, "replay", "room-1")
    assert not links.valid(signature[:-1] + ("A" if signature[-1] != "A" else "B"),
                           "replay", "room-1")
    assert not links.valid(None, "replay", "room-1")
    # ("player", 1, 23) and ("player", 12, 3) are different pages.
    assert links.signature("player", 1, 23) != links.signature("player", 12, 3)
    with pytest.raises(ValueError):
        Links("short")


async def test_the_bot_posts_replay_watch_and_board_links_that_open(site: Site) -> None:
    game_id = await finished_game(site)
    result = [n.text for n in site.recorder.notes if n.kind == "host.result"][-1]
    replay_path = URL.search(result.split("Replay: ")[1]).group(1)
    assert replay_path == site.links.replay_path(game_id)
    watch = URL.search(site.recorder.tables[-1].text.split("Watch: ")[1]).group(1)
    assert watch == site.links.live_path(room(site.host).room_id, room(site.host).links_epoch)
    reply = await site.host.handle(cmd.Leaderboard(actor(0), PLACE))
    board_path = URL.search(reply.text).group(1)
    async with aiohttp.ClientSession() as client:
        for path in (replay_path, watch, board_path):
            async with client.get(site.base + path) as response:
                assert response.status == 200, path
                assert response.headers["Content-Security-Policy"] == CSP


async def test_without_a_public_url_the_bot_posts_no_links(make_host: HostFactory) -> None:
    host, recorder = await make_host(web_secret=SECRET)
    assert host.links is None
    await open_table(host, "doudizhu3", 1, 2)
    assert "Watch" not in recorder.tables[-1].text and "/live/" not in recorder.tables[-1].text


async def test_every_response_carries_the_security_headers_and_404s_say_nothing(
        site: Site) -> None:
    game_id = await finished_game(site)
    forged = f"/replay/{game_id}?k={'A' * 22}"
    missing = site.links.replay_path("nosuchgame-1")
    room_id = room(site.host).room_id
    events = site.links.live_path(room_id, room(site.host).links_epoch).replace("?", "/events?")
    async with aiohttp.ClientSession() as client:
        bodies = {}
        for path in ("/", site.links.replay_path(game_id), forged, missing, "/nope",
                     "/static/site.css", "/static/../app.py", f"/lb/abc?k={'A' * 22}"):
            async with client.get(site.base + path) as response:
                assert response.headers.get("Content-Security-Policy") == CSP, path
                assert response.headers["X-Content-Type-Options"] == "nosniff"
                assert response.headers["Referrer-Policy"] == "no-referrer"
                bodies[path] = (response.status, await response.text())
        async with client.get(site.base + events) as response:
            assert response.headers["Content-Security-Policy"] == CSP
            assert response.headers["Content-Type"].startswith("text/event-stream")
            first = await response.content.readline()
            assert first.startswith(b"retry:")
    # A forged link and a link to nothing look alike: nothing can be enumerated.
    assert bodies[forged] == bodies[missing] and bodies[forged][0] == 404
    assert bodies[site.links.replay_path(game_id)][0] == 200
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP


async def test_a_spectator_that_never_reads_does_not_hold_up_the_others(site: Site) -> None:
    host = site.host
    await open_table(host, "doudizhu3", 3, 0)
    room_id = room(host).room_id
    path = site.links.live_path(room_id, room(host).links_epoch).replace("?", "/events?")
    # The stalled spectator: a socket with a tiny receive buffer that is never read.
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    stalled.connect(("127.0.0.1", site.server.port))
    stalled.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    try:
        async with aiohttp.ClientSession() as client, client.get(site.base + path) as response:
            counters: list[int] = []

            async def read() -> None:
                async for line in response.content:
                    if line.startswith(b"data: "):
                        counters.append(int(re.search(rb'"counter":(-?\d+)', line).group(1)))

            reader = asyncio.create_task(read())
            for _ in range(12):
                seat = room(host).state.to_act()[0]
                hints = room(host).spec.hints(room(host).state, seat)
                action = hints[0] if hints else room(host).state.legal_actions(seat)[0]
                await ok(host, cmd.Act(actor(seat), PLACE, text=action))
                target = room(host).counter
                for _ in range(200):
                    if counters and counters[-1] >= target:
                        break
                    await asyncio.sleep(0.02)
                assert counters[-1] >= target
            reader.cancel()
    finally:
        stalled.close()


def test_python_m_bot_web_without_a_secret_says_what_is_missing(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIJU_")}
    env["PAIJU_DATABASE"] = str(tmp_path / "db.sqlite3")
    done = subprocess.run([sys.executable, "-m", "bot", "web", "--port", "0"], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "PAIJU_WEB_SECRET" in done.stdout and "Traceback" not in done.stderr


async def test_the_bot_serves_the_pages_itself_when_a_web_port_is_set(
        make_host: HostFactory, unused_tcp_port: int, caplog: pytest.LogCaptureFixture) -> None:
    from bot.compose import _start_web

    host, _ = await make_host(web_secret=SECRET, web_port=unused_tcp_port)
    server = await _start_web(host.settings, host)
    assert server is not None and server.port == unused_tcp_port
    try:
        async with aiohttp.ClientSession() as client, \
                client.get(f"http://127.0.0.1:{unused_tcp_port}/") as response:
            assert response.status == 200 and "links the bot posts" in await response.text()
    finally:
        await server.stop()
    assert await _start_web(host.settings.model_copy(update={"web_port": None}), host) is None
    unsigned = host.settings.model_copy(update={"web_secret": None})
    assert await _start_web(unsigned, host) is None  # the bot runs on; the cause is logged
    assert "PAIJU_WEB_SECRET" in caplog.text


async def test_python_m_bot_web_serves_the_database_and_stops_on_sigterm(tmp_path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIJU_")}
    env.update(PAIJU_DATABASE=str(tmp_path / "db.sqlite3"), PAIJU_WEB_SECRET=SECRET)
    process = subprocess.Popen([sys.executable, "-m", "bot", "web", "--port", str(port)],
                               env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        async with aiohttp.ClientSession() as client:
            for _ in range(300):
                try:
                    async with client.get(f"http://127.0.0.1:{port}/?lang=zh") as response:
                        page = await response.text()
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.05)
            else:
                raise AssertionError("python -m bot web did not listen")
        assert response.status == 200 and "机器人发出的链接" in page
        assert response.headers["Content-Security-Policy"] == CSP
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert f":{port}/" in out and "Traceback" not in err


async def test_what_a_visitor_adds_to_a_link_is_never_markup(site: Site) -> None:
    await finished_game(site)
    community = await site.host.community_id(PLACE)
    path = site.links.board_path(community) + '&metric="><script>x()</script>&season=<b>'
    async with aiohttp.ClientSession() as client, client.get(site.base + path) as response:
        page = await response.text()
    assert response.status == 200 and "<script>x()" not in page and "<b>" not in page
    assert 'data-metric="beans"' in page  # an unknown metric reads as the default board


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_python_m_bot_web_killed_outright_leaves_no_worker_behind(
        make_host: HostFactory, tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    host, _ = await make_host(database=database)
    await open_table(host, "doudizhu3", 1, 2, start=False)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    game_id = room(host).game_id
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIJU_")}
    env.update(PAIJU_DATABASE=str(database), PAIJU_WEB_SECRET=SECRET)
    process = subprocess.Popen([sys.executable, "-m", "bot", "web", "--port", str(port)],
                               env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)  # a worker left would hold a pipe
    workers: set[int] = set()
    try:
        replay = Links(SECRET).replay_path(game_id)
        async with aiohttp.ClientSession() as client:
            for _ in range(300):
                with contextlib.suppress(aiohttp.ClientConnectionError):
                    async with client.get(f"http://127.0.0.1:{port}{replay}") as response:
                        assert response.status == 200  # its first view starts the analysis
                        break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("python -m bot web did not listen")
        for _ in range(300):  # the analysis worker and multiprocessing's resource tracker
            workers = _children(process.pid)
            if len(workers) >= 2:
                break
            await asyncio.sleep(0.05)
        assert len(workers) >= 2, workers
    finally:
        process.kill()
        process.wait(timeout=30)
    for _ in range(200):
        if not any(_alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.05)
    left = [pid for pid in workers if _alive(pid)]
    named = [Path(f"/proc/{pid}/cmdline").read_bytes()[:120] for pid in left]
    for pid in left:  # not to leave them to the next test either
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    assert left == [], f"still running after python -m bot web was killed: {named}"
