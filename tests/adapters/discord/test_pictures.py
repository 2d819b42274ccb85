"""Card art on Discord, through the fake: with pictures on, a whole hand's panels carry the
hand as an attachment (replaced only when the cards change), the channel gets the bottom
cards and the result card attached to their notes, no picture of a hand is ever visible to
the channel, and the hand costs no more requests than with pictures off except media edits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.host.views import Phase
from bot.i18n import translate
from bot.pictures import describe
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import play_to_the_end, seat_and_start
from tests.fakes.discord import FakeDiscord
from tests.fakes.discord_model import ATTACH_FILES

STYLES = ["bid", "pass", "pass", "select", "pass", "toggles", "select", "toggles"]


@pytest.fixture
async def pictured(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Paiju]:
    async with started(fake_discord, tmp_path / "paiju.sqlite3", pictures=True) as bot:
        yield bot


def pictures_sent(fake: FakeDiscord) -> list[tuple[Any, Any]]:
    """(request, layout) of every picture uploaded, in order."""
    found = []
    for request in fake.requests:
        for upload in request.uploads:
            found.append((request, describe(upload.data)))
    return found


async def test_a_whole_hand_attaches_the_hand_to_panels_and_the_result_card_once(
        pictured: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(pictured, "doudizhu3", ["alice", "bob", "carol"])
    await play_to_the_end(pictured, STYLES)
    sent = pictures_sent(fake_discord)
    assert all(layout is not None for _, layout in sent)
    hands = [(r, layout) for r, layout in sent if layout.kind == "hand"]
    assert hands, "the panels carried the hand"
    assert all(r.ephemeral for r, _ in hands)
    assert len(hands[0][1].cards) in (17, 20)  # the first panel: the dealt hand
    assert all(1 <= len(layout.cards) <= 20 for _, layout in hands)
    # A panel message gets a new picture only when the cards it shows changed.
    shown: dict[int, tuple[str, ...]] = {}
    for request, layout in hands:
        codes = tuple(sorted(layout.codes))
        if request.message_id in shown:
            assert shown[request.message_id] != codes, "the same hand uploaded again"
        shown[request.message_id] = codes
    retired = {translate("discord.panel_moved", "en"), translate("discord.panel_left", "en")}
    for message_id in shown:
        message = fake_discord.message(message_id)
        if message.content in retired:  # an older panel, its picture and buttons gone
            assert message.payload["attachments"] == [] and not message.interactive()
            continue
        assert len(message.payload["attachments"]) == 1
        assert message.payload["attachments"][0]["content_type"] == "image/png"
    # The channel: the bottom cards with the landlord's note, the result card with the
    # result note's text, once each; the result text is not posted a second time.
    public = [(r, layout) for r, layout in sent if not r.ephemeral]
    assert sorted(layout.kind for _, layout in public) == ["cards", "result"]
    result_request = next(r for r, layout in public if layout.kind == "result")
    result = fake_discord.message(result_request.message_id)
    title = translate("host.result.title", "en")
    assert title in result.content and "Alice" in result.content
    texts = [m.content for m in fake_discord.messages_in(fake_discord.channel)]
    assert sum(title in text for text in texts) == 1
    card = next(layout for _, layout in public if layout.kind == "result")
    room = pictured.room
    assert all((f"{s['final']:+d}" if s["final"] else "0") in card.labels
               for s in room.last_result["seats"])
    assert any("alice" in label.lower() for label in card.labels)  # the seats are named


AI_DELAY = 1.0  # the bot's own pause before a move in 托管 or a pass that plays itself


async def _paced(bot: Paiju) -> None:
    """The passes that play themselves now, each after the bot's pause (and its edits)."""
    room = bot.room
    while room.phase is Phase.PLAYING and any(room.forced_action(seat) is not None
                                              for seat in room.to_act()):
        await bot.advance(AI_DELAY)
        room = bot.room


async def requests_of_a_hand(fake: FakeDiscord, database: Path, pictures: bool
                             ) -> tuple[dict[str, int], int]:
    """Requests by route for one seeded hand; and how many were media edits. Every move is
    paced as the bot paces them (a move in 托管, a pass that plays itself: after AI_DELAY),
    so each move's edits go out before the next: no count depends on how edits fold."""
    async with started(fake, database, pictures=pictures, ai_delay=AI_DELAY) as bot:
        await seat_and_start(bot, "doudizhu3", ["alice", "bob", "carol"])
        for style in STYLES:
            await _paced(bot)
            if bot.room.phase is not Phase.PLAYING:
                break
            [user] = bot.to_act()
            await take_turn(bot, user, style)
        for seat in range(len(bot.room.seats)):
            await _paced(bot)
            if bot.room.phase is Phase.PLAYING:
                await bot.slash(bot.user_at(seat), "paiju auto", {"on": True})
        while bot.room.phase is Phase.PLAYING:
            await bot.advance(AI_DELAY)
    counts: dict[str, int] = {}
    media_edits = 0
    for request in fake.requests:
        counts[request.route] = counts.get(request.route, 0) + 1
        media_edits += bool(request.uploads) and request.method == "PATCH"
    return counts, media_edits


async def test_pictures_add_no_requests_but_media_edits(tmp_path: Path) -> None:
    async with FakeDiscord() as fake_off:
        off, _ = await requests_of_a_hand(fake_off, tmp_path / "off.sqlite3", False)
    async with FakeDiscord() as fake_on:
        on, media_edits = await requests_of_a_hand(fake_on, tmp_path / "on.sqlite3", True)
    # One request per note and per press either way; the notes carried their pictures.
    for route in ("POST /channels/{channel_id}/messages",
                  "POST /interactions/{interaction_id}/{token}/callback"):
        assert on.get(route) == off.get(route), (route, on, off)
    # Each move paced as the bot paces it, no table edit folds into another. A panel's new
    # picture is drawn off the loop: whether it rides on the panel's edit or follows
    # as one media edit of its own depends on when it is ready, so beside the media edits
    # there are at most as many edits as without pictures (and a couple of spares).
    edits = [r for r in on if r.startswith("PATCH")]
    assert sum(on[r] for r in edits) - media_edits <= sum(off.get(r, 0) for r in edits) + 2, \
        (on, off, media_edits)


async def test_the_table_command_posts_the_last_play_as_a_picture(
        pictured: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(pictured, "doudizhu3", ["alice", "bob", "carol"])
    await play_to_the_end(pictured, STYLES)
    mark = len(fake_discord.requests)
    await pictured.slash("bob", "paiju table")
    await pictured.settle()
    posted = [(r, describe(u.data)) for r in fake_discord.requests[mark:] for u in r.uploads]
    [(request, layout)] = posted
    assert not request.ephemeral and layout.kind == "cards" and layout.labels == ("Last play",)
    history = pictured.room.state.public_view()["history"]
    cards = next(c for _, c in reversed(history) if c)
    assert sorted(layout.codes) == sorted(cards.split())
    assert "Last play" in fake_discord.message(request.message_id).content


async def test_a_channel_without_attach_files_gets_the_text_notes(
        pictured: Paiju, fake_discord: FakeDiscord) -> None:
    fake_discord.deny_bot(fake_discord.channel, ATTACH_FILES)
    await seat_and_start(pictured, "doudizhu3", ["alice", "bob", "carol"])
    await play_to_the_end(pictured, STYLES)
    refused = [r for r in fake_discord.requests if r.uploads and not r.ephemeral]
    assert refused and all(r.status == 403 for r in refused)
    title = translate("host.result.title", "en")
    texts = [m.content for m in fake_discord.messages_in(fake_discord.channel)]
    assert sum(title in text for text in texts) == 1  # the result went as text, once
    # The panels are ephemeral answers, which need no channel permission: they keep theirs.
    assert any(r.uploads and r.ephemeral and r.ok for r in fake_discord.requests)
