"""Card faces drawn in code: suit pips as vector shapes, the rank in the corners, jokers.

Each face is drawn once per (card, size) at three times its size and scaled down (Pillow
draws polygons and ellipses without anti-aliasing; the supersampling gives smooth edges),
then kept: a hand image only pastes faces. No image file; Pillow's own font, and the
system's CJK font for words Pillow's cannot draw.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.colours import BACK, BACK_LINE, BLACK, EDGE, FACE_TINT, GOLD, RED, WHITE

SUPERSAMPLE = 3

SUIT_OF = {"s": "spade", "h": "heart", "c": "club", "d": "diamond"}
RED_SUITS = ("heart", "diamond")

# Pip centres of the number cards, as fractions of the pip area (x, y); y > .5 is drawn
# upside down, as on a printed card.
_L, _M, _R = 0.0, 0.5, 1.0
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, 0), (_M, 1)),
    3: ((_M, 0), (_M, .5), (_M, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_M, .5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, .5), (_R, .5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_M, .25), (_L, .5), (_R, .5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_M, .25), (_L, .5), (_R, .5), (_M, .75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, .5), (_L, 2 / 3), (_R, 2 / 3),
        (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
         (_M, 5 / 6), (_L, 1), (_R, 1)),
}
RANK_VALUE = {"T": 10, **{str(n): n for n in range(2, 10)}}


# Chinese (and names in most scripts): WenQuanYi Zen Hei from Debian's fonts-wqy-zenhei,
# installed with the system packages (.ci/run, README), never fetched at run time. Chosen
# because the project installs it already (Chromium's pages use it), it covers GB 18030's
# hanzi, kana, hangul and Latin in one file, and its licence (GPLv2 with the font
# exception) lets a picture embed its glyphs.
CJK_FONTS = (Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font (Aileron, ASCII glyphs) at `size` pixels."""
    return ImageFont.load_default(size=size)


# Emoji in names ("🃏 Joker"): Noto Color Emoji from Debian's fonts-noto-color-emoji, which
# .ci/run installs already for the pages' screenshots (never fetched at run time; SIL Open
# Font Licence). It is a colour bitmap font with one strike (109 px): a glyph is drawn at
# that size and scaled to the text's (bot.pictures.text), one glyph at a time, where the
# text font has none.
EMOJI_FONTS = (Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),)
EMOJI_STRIKE = 109


@cache
def emoji_font() -> ImageFont.FreeTypeFont | None:
    """The installed colour emoji font at its one strike, or None where it is not installed
    (a name's emoji are then drawn as "?")."""
    for path in EMOJI_FONTS:
        if path.exists():
            try:
                return ImageFont.truetype(str(path), EMOJI_STRIKE)
            except OSError:  # a FreeType without colour bitmaps
                return None
    return None


@cache
def cjk_font(size: int) -> ImageFont.FreeTypeFont | None:
    """The installed CJK font at `size` pixels, or None where it is not installed (the
    pictures then fall back to English words and '?' for what Aileron cannot draw)."""
    for path in CJK_FONTS:
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return None


def colour_of(code: str) -> tuple[int, int, int]:
    """Red for hearts, diamonds and the big joker; black otherwise."""
    if code == "R":
        return RED
    if code == "B":
        return BLACK
    return RED if SUIT_OF[code[1]] in RED_SUITS else BLACK


def label_of(code: str) -> str:
    """The face's index: `10` for a ten, the letter otherwise."""
    return "10" if code[0] == "T" else code[0]


def draw_pip(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float,
             colour: tuple[int, int, int], flip: bool = False) -> None:
    """A suit symbol of height `size` centred on (cx, cy), from circles and polygons."""
    s = size / 2
    sign = -1 if flip else 1

    def pt(x: float, y: float) -> tuple[float, float]:
        return (cx + x * s, cy + sign * y * s)

    def disc(x: float, y: float, r: float) -> None:
        px, py = pt(x, y)
        draw.ellipse((px - r * s, py - r * s, px + r * s, py + r * s), fill=colour)

    if suit == "diamond":
        draw.polygon([pt(0, -1), pt(.72, 0), pt(0, 1), pt(-.72, 0)], fill=colour)
    elif suit == "heart":
        disc(-.45, -.42, .48)
        disc(.45, -.42, .48)
        draw.polygon([pt(-.92, -.28), pt(.92, -.28), pt(0, 1)], fill=colour)
    elif suit == "spade":
        disc(-.45, .22, .45)
        disc(.45, .22, .45)
        draw.polygon([pt(-.88, .08), pt(.88, .08), pt(0, -1)], fill=colour)
        draw.polygon([pt(0, .3), pt(.32, 1), pt(-.32, 1)], fill=colour)
    elif suit == "club":
        disc(0, -.5, .4)
        disc(-.5, .15, .4)
        disc(.5, .15, .4)
        draw.polygon([pt(0, -.1), pt(.3, 1), pt(-.3, 1)], fill=colour)
        disc(0, .05, .25)
    else:
        raise ValueError(f"no suit {suit!r}")


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
         colour: tuple[int, int, int]) -> None:
    """A filled five-pointed star centred on (cx, cy), of outer radius r (face pips, the
    wild marks on pictures)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=colour)


def _blank(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = width // 12
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=WHITE, outline=EDGE,
                           width=max(2, width // 60))
    return big, draw


CORNER_W, CORNER_H = 0.25, 0.36  # the index's box, as fractions of the card


def _corner(code: str, width: int, height: int) -> Image.Image:
    """The index (the rank and a small pip under it) on its own transparent box."""
    box_w, box_h = int(width * CORNER_W), int(height * CORNER_H)
    image = Image.new("RGBA", (box_w, box_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    colour = colour_of(code)
    label = label_of(code)
    size = int(width * (0.22 if label == "10" else 0.26))
    text_font = font(size)
    centre = width * 0.13
    w = draw.textlength(label, font=text_font)
    draw.text((centre - w / 2, height * 0.03), label, font=text_font, fill=colour)
    pip = width * 0.15
    draw_pip(draw, SUIT_OF[code[1]], centre, height * 0.03 + width * 0.26 + pip * 0.55, pip,
             colour)
    return image


def _joker_corner(draw: ImageDraw.ImageDraw, code: str, width: int, height: int) -> None:
    colour = colour_of(code)
    size = int(width * 0.16)
    text_font = font(size)
    for i, letter in enumerate("JOKER"):
        w = draw.textlength(letter, font=text_font)
        draw.text((width * 0.13 - w / 2, height * 0.03 + i * size * 0.98), letter,
                  font=text_font, fill=colour)


def _number_pips(draw: ImageDraw.ImageDraw, code: str, width: int, height: int) -> None:
    colour = colour_of(code)
    suit = SUIT_OF[code[1]]
    count = RANK_VALUE[code[0]]
    left, right = width * 0.345, width * 0.655
    top, bottom = height * 0.19, height * 0.81
    pip = width * 0.17
    for fx, fy in PIPS[count]:
        draw_pip(draw, suit, left + fx * (right - left), top + fy * (bottom - top), pip,
                 colour, flip=fy > 0.5)


def _picture(draw: ImageDraw.ImageDraw, code: str, width: int, height: int) -> None:
    """J, Q, K: a tinted frame with the big letter and a pip."""
    colour = colour_of(code)
    frame = (width * 0.25, height * 0.15, width * 0.75, height * 0.85)
    draw.rounded_rectangle(frame, width // 20, fill=FACE_TINT[code[0]], outline=colour,
                           width=max(2, width // 50))
    letter_font = font(int(width * 0.36))
    letter = code[0]
    w = draw.textlength(letter, font=letter_font)
    draw.text(((frame[0] + frame[2]) / 2 - w / 2, height * 0.25), letter, font=letter_font,
              fill=colour)
    draw_pip(draw, SUIT_OF[code[1]], (frame[0] + frame[2]) / 2, height * 0.66, width * 0.18,
             colour)


def _ace(draw: ImageDraw.ImageDraw, code: str, width: int, height: int) -> None:
    size = width * (0.5 if code[1] == "s" else 0.4)
    draw_pip(draw, SUIT_OF[code[1]], width * 0.5, height * 0.5, size, colour_of(code))


def _joker_middle(draw: ImageDraw.ImageDraw, code: str, width: int, height: int) -> None:
    colour = colour_of(code)
    star(draw, width * 0.58, height * 0.44, width * 0.27, colour)
    if code == "R":
        star(draw, width * 0.58, height * 0.44, width * 0.11, GOLD)
    text_font = font(int(width * 0.16))
    w = draw.textlength("JOKER", font=text_font)
    draw.text((width * 0.58 - w / 2, height * 0.7), "JOKER", font=text_font, fill=colour)


@cache
def card_face(code: str, width: int, height: int) -> Image.Image:
    """The face of one card (`Ts`, `Ah`, `B`, `R`) as an RGBA image of the given size."""
    big_w, big_h = width * SUPERSAMPLE, height * SUPERSAMPLE
    image, draw = _blank(big_w, big_h)
    if code in ("B", "R"):
        _joker_corner(draw, code, big_w, big_h)
        _joker_middle(draw, code, big_w, big_h)
    else:
        if len(code) != 2 or code[1] not in SUIT_OF:
            raise ValueError(f"not a card code: {code!r}")
        corner = _corner(code, big_w, big_h)
        image.paste(corner, (0, 0), corner)
        if code[0] in FACE_TINT:
            _picture(draw, code, big_w, big_h)
        elif code[0] == "A":
            _ace(draw, code, big_w, big_h)
        else:
            _number_pips(draw, code, big_w, big_h)
        # The index again at the bottom right, upside down.
        corner = corner.rotate(180)
        image.paste(corner, (big_w - corner.width, big_h - corner.height), corner)
    return image.resize((width, height), Image.Resampling.LANCZOS)


@cache
def card_back(width: int, height: int) -> Image.Image:
    """The back of a card (cards counted but not shown)."""
    big_w, big_h = width * SUPERSAMPLE, height * SUPERSAMPLE
    image, draw = _blank(big_w, big_h)
    inset = big_w * 0.08
    draw.rounded_rectangle((inset, inset, big_w - inset, big_h - inset), big_w // 14, fill=BACK)
    step = big_w // 6
    for offset in range(-big_h, big_w + big_h, step):
        draw.line((offset, inset, offset + big_h, big_h), fill=BACK_LINE, width=big_w // 40)
    clip = Image.new("L", (big_w, big_h), 0)
    ImageDraw.Draw(clip).rounded_rectangle((inset, inset, big_w - inset, big_h - inset),
                                           big_w // 14, fill=255)
    plain, _ = _blank(big_w, big_h)
    ImageDraw.Draw(plain).rounded_rectangle((inset, inset, big_w - inset, big_h - inset),
                                            big_w // 14, fill=BACK)
    plain.paste(image, (0, 0), clip)
    return plain.resize((width, height), Image.Resampling.LANCZOS)
