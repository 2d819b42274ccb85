"""Words in pictures: catalogue texts the bundled font can draw.

Pillow's bundled font (Aileron) has ASCII glyphs only; anything else would come out as
empty boxes. A label whose text in the reader's language cannot be drawn is drawn in
English instead (the message text beside the picture stays in the reader's language).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import ImageDraw

from bot.i18n import translate
from bot.pictures.faces import font

_PROBE_SIZE = 20


@cache
def _missing_glyph() -> bytes:
    return bytes(font(_PROBE_SIZE).getmask("\ue000"))  # a private-use code point: no glyph


@cache
def _has_glyph(char: str) -> bool:
    return char.isspace() or bytes(font(_PROBE_SIZE).getmask(char)) != _missing_glyph()


def drawable(text: str) -> bool:
    """True when every character of `text` has a glyph in the bundled font."""
    return all(_has_glyph(ch) for ch in text)


def label(key: str, lang: str, **params: Any) -> str:
    """The catalogue text of `key` for a picture: in `lang` if drawable, else in English."""
    text = translate(key, lang, **params)
    if drawable(text):
        return text
    english = translate(key, "en", **params)
    return "".join(ch if _has_glyph(ch) else "?" for ch in english)


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int], anchor: str = "la") -> float:
    """Draw `text` at `xy` (Pillow anchor) and return its width."""
    face = font(size)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return draw.textlength(text, font=face)


def text_width(text: str, size: int) -> float:
    """The width of `text` drawn at `size`."""
    return font(size).getlength(text)
