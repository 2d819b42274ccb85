"""A name with an emoji on a picture (issue 55 point 10): drawn from the colour emoji font
glyph by glyph ("🃏 Joker", was "? Joker"), the rest of the name in the text font."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.pictures import ResultSummary, SeatResult
from bot.pictures import Pictures
from bot.pictures.faces import emoji_font
from bot.pictures.text import shown_name, text_width

pytestmark = pytest.mark.skipif(emoji_font() is None,
                                reason="fonts-noto-color-emoji is not installed")


def test_an_emoji_in_a_name_is_drawn_not_a_question_mark() -> None:
    assert shown_name("🃏 Joker") == "🃏 Joker"
    assert shown_name("❤️ Ann") == "❤ Ann"  # the presentation selector goes, the heart stays
    assert text_width("🃏 Joker", 26) > text_width(" Joker", 26) + 15
    seats = (SeatResult(0, 20, name="🃏 Joker"), SeatResult(1, -20, name="Ann"))
    picture = Pictures().result(ResultSummary("doudizhu3", "ended", seats), "en")
    assert "🃏 Joker" in picture.layout.labels and "? Joker" not in picture.layout.labels
    image = Image.open(io.BytesIO(picture.png)).convert("RGB")
    # The joker glyph's colours (yellow, purple, red) among the first seat's row: the row is
    # green felt and off-white text otherwise.
    colours = {image.getpixel((x, y)) for x in range(20, 80) for y in range(100, 200)}
    vivid = [c for c in colours if max(c) - min(c) > 120 and not (c[1] > c[0] + 40
                                                                  and c[1] > c[2] + 40)]
    assert vivid, sorted(colours)[:20]
