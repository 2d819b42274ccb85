"""Words in pictures: catalogue texts and names, in the fonts that can draw them.

Pillow's bundled font (Aileron) has ASCII glyphs only; a text it cannot draw is drawn with
the system's CJK font (`faces.cjk_font`: Chinese, names in most scripts). Where neither can
draw a label (no CJK font installed), it is drawn in English; a name's undrawable
characters (emoji) become "?".
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import ImageDraw, ImageFont

from bot.i18n import translate
from bot.pictures.faces import cjk_font, font

_PROBE_SIZE = 20
Face = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def _missing_glyph(cjk: bool) -> bytes:
    face = cjk_font(_PROBE_SIZE) if cjk else font(_PROBE_SIZE)
    return bytes(face.getmask("\ue000")) if face is not None else b""  # private use: no glyph


@cache
def _has_glyph(char: str, cjk: bool = False) -> bool:
    if char.isspace():
        return True
    face = cjk_font(_PROBE_SIZE) if cjk else font(_PROBE_SIZE)
    return face is not None and bytes(face.getmask(char)) != _missing_glyph(cjk)


def _plain(text: str) -> bool:
    return all(_has_glyph(ch) for ch in text)


def drawable(text: str) -> bool:
    """True when every character of `text` has a glyph in the bundled or the CJK font."""
    return _plain(text) or all(_has_glyph(ch, cjk=True) for ch in text)


def face_for(text: str, size: int) -> Face:
    """Aileron for what it can draw (the art as it always was), else the CJK font."""
    if _plain(text):
        return font(size)
    return cjk_font(size) or font(size)


def label(key: str, lang: str, **params: Any) -> str:
    """The catalogue text of `key` for a picture: in `lang` if drawable, else in English."""
    text = translate(key, lang, **params)
    if drawable(text):
        return text
    return shown_name(translate(key, "en", **params))


def shown_name(text: str) -> str:
    """A text with the characters no font here can draw as "?" (a name's emoji)."""
    if drawable(text):
        return text
    cjk = cjk_font(_PROBE_SIZE) is not None
    return "".join(ch if _has_glyph(ch) or (cjk and _has_glyph(ch, True)) else "?"
                   for ch in text)


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int], anchor: str = "la") -> float:
    """Draw `text` at `xy` (Pillow anchor) and return its width."""
    face = face_for(text, size)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return draw.textlength(text, font=face)


def text_width(text: str, size: int) -> float:
    """The width of `text` drawn at `size`."""
    return face_for(text, size).getlength(text)
