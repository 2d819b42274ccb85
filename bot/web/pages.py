"""Replay pages built off the event loop and kept: a finished game's page never changes.

Building a replay re-applies every action through its engine and lays out each step
(~10–20 ms of CPU); on the bot's loop (PAIJU_WEB_PORT) 50 at once stalled every room for
over half a second. Here a page is built in one worker thread (the loop keeps running: the
interpreter hands it the GIL every few ms; one builder, not a pool, so the loop competes
with one thread only), once however many ask for it at the same time, and the last
PAGE_CACHE pages are kept.
"""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

PAGE_CACHE = 256  # pages kept (a replay page is ~100–300 KB of HTML, ~10× less gzipped)


@dataclass(frozen=True, slots=True)
class Page:
    """A built page and its gzip body (compressed once, in the builder thread)."""

    html: str
    gzip: bytes


def _built(build: Callable[[], str]) -> Page:
    html = build()
    return Page(html, gzip.compress(html.encode(), 6))


class PageCache:
    """Pages by key: built once in a thread, shared by concurrent askers, least recent out."""

    def __init__(self, size: int = PAGE_CACHE) -> None:
        self.size = size
        self._pages: OrderedDict[Hashable, Page] = OrderedDict()
        self._building: dict[Hashable, asyncio.Future[Page]] = {}
        self._builder = ThreadPoolExecutor(1, thread_name_prefix="web-pages")
        self.builds = 0

    def kept(self, key: Hashable) -> Page | None:
        """The page of `key` if it is kept."""
        page = self._pages.get(key)
        if page is not None:
            self._pages.move_to_end(key)
        return page

    async def get(self, key: Hashable, build: Callable[[], str]) -> Page:
        """The page of `key`, built by `build` (in a thread) when it is not kept."""
        page = self.kept(key)
        if page is not None:
            return page
        pending = self._building.get(key)
        if pending is None:
            # A task of its own: an asker that goes away (its client hung up, its handler
            # cancelled) leaves the build running for the others.
            pending = asyncio.ensure_future(self._build(key, build))
            self._building[key] = pending
        return await asyncio.shield(pending)

    async def _build(self, key: Hashable, build: Callable[[], str]) -> Page:
        try:
            self.builds += 1
            page = await asyncio.get_running_loop().run_in_executor(self._builder, _built,
                                                                     build)
        finally:
            self._building.pop(key, None)
        self._pages[key] = page
        while len(self._pages) > self.size:
            self._pages.popitem(last=False)
        return page

    def close(self) -> None:
        """Stop the builder thread (pages being built finish first)."""
        self._builder.shutdown(wait=False, cancel_futures=True)
