"""Updates of one chat in the order they came, different chats at the same time.

python-telegram-bot runs concurrent updates as they arrive, so `/join` sent 50 ms after `/new`
could be handled first ("there is no table here"). This processor takes one lock per chat:
the updates of a chat are handled one after the other, in arrival order (asyncio's locks and
PTB's semaphore both wake their waiters first come, first served), while other chats go on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_CONCURRENT = 256  # updates in progress at once, over every chat


class PerChatOrder(BaseUpdateProcessor):
    """Sequences the updates of each chat; chats stay concurrent."""

    __slots__ = ("_locks", "_waiting")

    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Await the update's handling after the earlier updates of its chat."""
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        key = chat.id
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:  # nobody else queued for this chat: forget it
                del self._waiting[key]
                self._locks.pop(key, None)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""
