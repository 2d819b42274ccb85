"""One fixed 8-bit palette for every picture.

Quantising each image to its own palette costs ~10 ms for a hand; mapping it onto a fixed
palette costs a fraction of a millisecond. The palette is learnt once per process from a
swatch of what pictures contain: card faces of every colour and kind, a back, and text of
each colour on each background (for the blends that anti-aliasing makes).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.pictures.colours import FELT, GOLD, GROUP_EDGE, TEXT_ON
from bot.pictures.faces import card_back, card_face, font

SWATCH_CARDS = ("As", "Ah", "Tc", "9d", "Js", "Qh", "Kd", "Kc", "B", "R")
COLOURS = 255


@cache
def palette() -> Image.Image:
    """The palette image `Image.quantize(palette=...)` maps pictures onto."""
    sizes = ((100, 140), (56, 78))
    swatch = Image.new("RGB", (len(SWATCH_CARDS) * 60 + 120, 140 + 78 + 40 * len(TEXT_ON)),
                       FELT)
    draw = ImageDraw.Draw(swatch)
    y = 0
    for width, height in sizes:
        for index, code in enumerate(SWATCH_CARDS):
            face = card_face(code, width, height)
            swatch.paste(face, (index * (width // 2 + 10), y), face)  # overlapped, as in a fan
        back = card_back(width, height)
        swatch.paste(back, (swatch.width - width, y), back)
        y += height
    draw.rounded_rectangle((4, y + 2, 80, y + 30), 8, outline=GROUP_EDGE, width=2)
    draw.rounded_rectangle((90, y + 2, 160, y + 30), 8, outline=GOLD, width=3)
    for text, background in TEXT_ON:
        y += 40
        draw.rectangle((0, y, swatch.width, y + 40), fill=background)
        draw.text((6, y + 4), "Seat 1 +120 -60 x12 SPRING bomb 10.5", font=font(26), fill=text)
    return swatch.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
