"""Words in pictures: catalogue texts and names, in the fonts that can draw them.

Pillow's bundled font (Aileron) has ASCII glyphs only; a text it cannot draw is drawn with
the system's CJK font (`faces.cjk_font`: Chinese, names in most scripts). An emoji neither
has (a name's "🃏") is drawn from the colour emoji font (`faces.emoji_font`), glyph by glyph,
scaled to the text. Where no font can draw a label (no CJK font installed), it is drawn in
English; a name's characters no font here has become "?".
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import translate
from bot.pictures.faces import EMOJI_STRIKE, cjk_font, emoji_font, font

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


SILENT = {"\u200d", "\ufe0e", "\ufe0f"}  # joiners and emoji/text presentation selectors


@cache
def emoji_glyph(char: str) -> Image.Image | None:
    """The colour glyph of an emoji at the emoji font's strike (cropped), or None when
    that font is not installed or has no glyph for it."""
    face = emoji_font()
    if face is None or char.isascii():
        return None
    canvas = Image.new("RGBA", (EMOJI_STRIKE * 2, EMOJI_STRIKE * 2), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((0, 0), char, font=face, embedded_color=True)
    box = canvas.getbbox()
    return canvas.crop(box) if box is not None else None


def _texty(char: str) -> bool:
    """Whether a text font here draws `char` (Aileron, else the CJK font)."""
    return _has_glyph(char) or (cjk_font(_PROBE_SIZE) is not None and _has_glyph(char, True))


def shown_name(text: str) -> str:
    """A text with the characters no font here can draw as "?" (an emoji where no emoji
    font is installed); joiners and presentation selectors go."""
    if drawable(text):
        return text
    return "".join(ch if _texty(ch) or emoji_glyph(ch) is not None else "?"
                   for ch in text if ch not in SILENT)


def _runs(text: str) -> list[tuple[str, bool]]:
    """`text` in runs of text-font characters and single emoji (`True`)."""
    runs: list[tuple[str, bool]] = []
    for ch in text:
        if ch in SILENT:
            continue
        emoji = not _texty(ch) and emoji_glyph(ch) is not None
        if emoji or not runs or runs[-1][1]:
            runs.append((ch, emoji))
        else:
            runs[-1] = (runs[-1][0] + ch, False)
    return runs


def _has_emoji(text: str) -> bool:
    return not drawable(text) and any(emoji for _, emoji in _runs(text))


def _emoji_size(glyph: Image.Image, size: int) -> tuple[int, int]:
    """An emoji glyph scaled to a text of `size` pixels (as tall as its capitals and more)."""
    scale = size / EMOJI_STRIKE
    return max(1, round(glyph.width * scale)), max(1, round(glyph.height * scale))


def _run_width(run: str, emoji: bool, size: int) -> float:
    if emoji:
        glyph = emoji_glyph(run)
        assert glyph is not None
        return _emoji_size(glyph, size)[0] + size * 0.1
    return face_for(run, size).getlength(run)


def _write_runs(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                fill: tuple[int, int, int], anchor: str) -> float:
    """Draw a text holding emoji run by run, as `draw.text` would place the whole."""
    runs = _runs(text)
    widths = [_run_width(run, emoji, size) for run, emoji in runs]
    total = sum(widths)
    x, y = xy
    x -= {"l": 0.0, "m": total / 2, "r": total}.get(anchor[0], 0.0)
    vertical = anchor[1] if len(anchor) > 1 else "a"
    image = getattr(draw, "_image", None)
    for (run, emoji), width in zip(runs, widths, strict=True):
        if not emoji:
            draw.text((x, y), run, font=face_for(run, size), fill=fill, anchor="l" + vertical)
        elif image is None:  # a drawing without its image at hand: the glyph as "?"
            draw.text((x, y), "?", font=font(size), fill=fill, anchor="l" + vertical)
        else:
            glyph = emoji_glyph(run)
            assert glyph is not None
            w, h = _emoji_size(glyph, size)
            # top of the glyph for the anchor's line: the top (a/t), middle (m), baseline
            top = {"m": y - h / 2, "s": y - h * 0.85, "b": y - h, "d": y - h}.get(
                vertical, y + size * 0.12)
            scaled = glyph.resize((w, h), Image.Resampling.LANCZOS)
            image.paste(scaled, (round(x + size * 0.05), round(top)), scaled)
        x += width
    return total


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int], anchor: str = "la") -> float:
    """Draw `text` at `xy` (Pillow anchor) and return its width."""
    if _has_emoji(text):
        return _write_runs(draw, xy, text, size, fill, anchor)
    face = face_for(text, size)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return draw.textlength(text, font=face)


def text_width(text: str, size: int) -> float:
    """The width of `text` drawn at `size`."""
    if _has_emoji(text):
        return sum(_run_width(run, emoji, size) for run, emoji in _runs(text))
    return face_for(text, size).getlength(text)
