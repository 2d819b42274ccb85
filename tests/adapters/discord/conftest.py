"""Fixtures: the adapter and host against the fake Discord, and the privacy check every test
gets: no message the channel can see ever shows a player's hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.pictures import describe
from tests.adapters.discord.harness import Paiju, hand_line
from tests.fakes.discord import FakeDiscord


@asynccontextmanager
async def started(fake: FakeDiscord, database: Path, **options: Any) -> AsyncIterator[Paiju]:
    """A started host + adapter; stopped after, with no handler error and no hand in public."""
    bot = Paiju(fake, database, **options)
    await bot.start()
    try:
        yield bot
    finally:
        await bot.stop()
    assert not fake.errors.errors, "\n".join(map(str, fake.errors.errors))
    assert_no_hand_in_public(fake, bot)


@pytest.fixture
async def paiju(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Paiju]:
    """The host and the Discord adapter, started against the fake."""
    async with started(fake_discord, tmp_path / "paiju.sqlite3") as bot:
        yield bot


def assert_no_hand_in_public(fake: FakeDiscord, bot: Paiju) -> None:
    """Every hand line handed to the adapter stays out of all public messages and responses."""
    public = "\n".join(fake.public_texts())
    lines = {line for view in bot.views if (line := hand_line(view))}
    leaked = [line for line in lines if line in public]
    assert not leaked, f"hands shown in public: {leaked}"
    for request in fake.requests:
        body = request.json if isinstance(request.json, dict) else {}
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        content = str(data.get("content") or "") if isinstance(data, dict) else ""
        if any(line in content for line in lines):
            assert request.ephemeral or request.dm_user_id is not None or \
                "/webhooks/" in request.path, f"a hand in a visible request: {request.route}"
        for upload in request.uploads:  # pictures, by what they depict
            if upload.filename.endswith(".csv"):  # an admin's export: text, no hand in it
                assert request.ephemeral, f"an export in a visible request: {request.route}"
                continue
            layout = describe(upload.data)
            assert layout is not None, f"a picture that says nothing of itself: {request.route}"
            if layout.private:
                assert request.ephemeral or request.dm_user_id is not None, \
                    f"a picture of a hand in a visible request: {request.route}"
