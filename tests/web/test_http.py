"""HTTP hygiene: odd numbers in a path are a 404 (never a 500), our static files are cached
for five minutes, pages and live updates are compressed for clients that accept it."""

from __future__ import annotations

import asyncio
import logging
import re
import zlib

import aiohttp
import pytest

from tests.host.conftest import open_table, room
from tests.web.conftest import Site


async def test_a_path_number_in_another_script_is_a_plain_404(site: Site) -> None:
    signature = "A" * 22
    async with aiohttp.ClientSession() as client:
        for path in ("/lb/²", "/lb/٣", "/lb/1/p/²", "/lb/１２", "/lb/-1", "/lb/ 1"):
            async with client.get(f"{site.base}{path}?k={signature}") as response:
                body = await response.text()
                assert response.status == 404, path
                assert "Traceback" not in body


async def test_static_files_are_cached_for_five_minutes_and_pages_never(site: Site) -> None:
    async with aiohttp.ClientSession() as client:
        for file in ("site.css", "replay.js", "live.js"):
            async with client.get(f"{site.base}/static/{file}") as response:
                assert response.status == 200
                assert response.headers["Cache-Control"] == "public, max-age=300", file
                assert "Content-Security-Policy" in response.headers
        async with client.get(f"{site.base}/") as response:
            assert response.headers["Cache-Control"] == "no-store"


async def test_pages_are_compressed_for_a_client_that_accepts_gzip(site: Site) -> None:
    await open_table(site.host, "doudizhu3", 3, 0)
    path = site.links.live_path(room(site.host).room_id, room(site.host).links_epoch)
    headers = {"Accept-Encoding": "gzip"}
    async with aiohttp.ClientSession() as client, \
            client.get(site.base + path, headers=headers) as response:
        assert response.status == 200
        assert response.headers.get("Content-Encoding") == "gzip"
        assert 'id="live"' in await response.text()


async def test_live_updates_are_compressed_and_arrive_at_once(site: Site) -> None:
    await open_table(site.host, "doudizhu3", 3, 0)
    table = room(site.host)
    path = site.links.live_path(table.room_id, table.links_epoch).replace("?", "/events?")
    headers = {"Accept-Encoding": "gzip"}
    async with aiohttp.ClientSession(auto_decompress=False) as client, \
            client.get(site.base + path, headers=headers) as response:
        assert response.headers.get("Content-Encoding") == "gzip"
        inflate = zlib.decompressobj(wbits=31)
        raw, text = 0, b""
        # The first table must be readable without waiting for more (a sync flush per event).
        while b"\n\ndata: " not in text and not re.search(rb"data: .*\n\n", text):
            chunk = await response.content.readany()
            assert chunk, "the stream ended"
            raw += len(chunk)
            text += inflate.decompress(chunk)
        assert b'"counter"' in text
        assert raw * 3 < len(text), (raw, len(text))


async def _raw(site: Site, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", site.server.port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(200), 10)
    finally:
        writer.close()


async def test_a_flood_of_overlong_request_lines_logs_one_short_line(
        site: Site, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    overlong = b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    for _ in range(5):
        answer = await _raw(site, overlong)
        assert answer.split(b" ")[1] == b"400", answer
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1, [r.getMessage()[:100] for r in said]
    assert said[0].exc_info is None and "\n" not in said[0].getMessage()
    assert len(said[0].getMessage()) < 300
