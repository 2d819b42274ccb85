"""Passing notes that ride on a table's next edit instead of costing a message of their own.

A passing note of the hand being played (a bomb, 报牌, the wild card's draw: no result, no
picture, nobody to notify) is shown under the table by its next edit, which the table makes
anyway; it is delivered once an edit that showed it went through. The notes no edit showed
by the hand's end go to the chat's log (the adapter posts them as one message, ahead of the
result)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.host.views import Announcement

Rider = tuple[str, asyncio.Future[Any]]


def passing(note: Announcement) -> bool:
    """Whether a note may ride on its table: no result to keep, no picture, no one to ring."""
    return note.private_to is None and note.key is None and note.picture is None \
        and not note.mentions


@dataclass(slots=True)
class Riders:
    """The notes waiting for a table's next edit, in order."""

    waiting: list[Rider] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def add(self, text: str) -> asyncio.Future[Any]:
        """A note to show with the next edit; the future of its delivery."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting.append((text, done))
        return done

    def aboard(self) -> list[Rider]:
        """The notes an edit about to go out shows."""
        return list(self.waiting)

    def shown(self, riders: list[Rider]) -> None:
        """An edit showing these went through: they are delivered (the next goes without)."""
        for rider in riders:
            if rider in self.waiting:
                self.waiting.remove(rider)
            if not rider[1].done():
                rider[1].set_result(True)

    def unseat(self) -> list[Rider]:
        """Every note still waiting (the hand is over), taken off the table."""
        riders, self.waiting = self.waiting, []
        return riders

    @staticmethod
    def follow(sent: asyncio.Future[Any], riders: list[Rider]) -> None:
        """The riders' deliveries are the message's that carries them now."""
        for _, done in riders:
            sent.add_done_callback(
                lambda f, into=done: None if into.done() else into.set_result(f.result()))
