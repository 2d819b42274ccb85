"""The fake's photo methods, driven by python-telegram-bot's own Bot over HTTP: uploads are
kept and decodable, edits replace the photo, and the real errors come back."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image
from telegram import Bot, InputMediaPhoto
from telegram.error import BadRequest

from tests.fakes.telegram import FakeTelegram
from tests.fakes.telegram_media import uploads


def png(width: int, height: int, colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
async def served() -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    async with FakeTelegram() as fake:
        bot = fake.application_builder().build().bot
        await bot.initialize()
        try:
            yield fake, bot
        finally:
            await bot.shutdown()


async def test_send_photo_stores_a_photo_message_with_its_caption(
        served: tuple[FakeTelegram, Bot]) -> None:
    fake, bot = served
    group = fake.new_group("Table")
    sent = await bot.send_photo(group.id, png(300, 100), caption="<b>Result</b>",
                                parse_mode="HTML", filename="result.png")
    assert sent.caption == "Result" and sent.photo[-1].width == 300
    stored = fake.message(group, sent.message_id)
    assert stored is not None and fake.photo_of(stored) == png(300, 100)
    call = fake.calls_of("sendPhoto")[0]
    assert uploads(call) == [png(300, 100)]
    assert "Result" in call.visible_text()


async def test_edit_message_media_replaces_the_photo_and_refuses_a_no_change(
        served: tuple[FakeTelegram, Bot]) -> None:
    fake, bot = served
    user = fake.new_user("Ann")
    sent = await bot.send_photo(user.id, png(200, 80))
    edited = await bot.edit_message_media(InputMediaPhoto(png(200, 80, "blue")),
                                          chat_id=user.id, message_id=sent.message_id)
    assert isinstance(edited, type(sent)) and edited.message_id == sent.message_id
    assert fake.photo_of(fake.message(user.id, sent.message_id) or {}) == png(200, 80, "blue")
    assert uploads(fake.calls_of("editMessageMedia")[0]) == [png(200, 80, "blue")]
    with pytest.raises(BadRequest, match="not modified"):
        await bot.edit_message_media(InputMediaPhoto(png(200, 80, "blue")), chat_id=user.id,
                                     message_id=sent.message_id)
    text = await bot.send_message(user.id, "hello")
    with pytest.raises(BadRequest, match="no media"):
        await bot.edit_message_media(InputMediaPhoto(png(10, 10)), chat_id=user.id,
                                     message_id=text.message_id)


async def test_photos_are_refused_as_the_bot_api_refuses_them(
        served: tuple[FakeTelegram, Bot]) -> None:
    fake, bot = served
    group = fake.new_group("Table")
    with pytest.raises(BadRequest, match="caption is too long"):
        await bot.send_photo(group.id, png(10, 10), caption="x" * 1025)
    with pytest.raises(BadRequest, match="(?i)photo_invalid_dimensions"):
        await bot.send_photo(group.id, png(2100, 100))
    with pytest.raises(BadRequest, match="(?i)image_process_failed"):
        await bot.send_photo(group.id, b"not a picture", filename="x.png")
    assert [m for m in fake.messages(group) if "photo" in m] == []
