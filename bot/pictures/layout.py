"""What a picture depicts: the layout record every image carries, and the encoded picture.

The record lists each card drawn (code, position, raised, marked, group) and the labels
written. It travels inside the PNG as a text chunk (`paiju`), so whoever holds the bytes (a
fake server in a test, a privacy check) can read what an image shows without guessing from
pixels: `describe(png)`.
"""

from __future__ import annotations

import io
import json
from dataclasses import asdict, dataclass, field

from PIL import Image, PngImagePlugin

from bot.pictures.palette import palette

CHUNK = "paiju"  # the PNG text chunk that holds the layout record


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """One card as drawn: face (`code`) or back (`code` ""), where, and how."""

    code: str
    x: int
    y: int
    raised: bool = False  # selected: drawn higher than the rest
    marked: bool = False  # one of the bottom cards (底牌) the landlord took
    group: str = ""  # 田忌赛马 group "A" | "B" | "C", a seat "seat2" on a result card
    wild: bool = False  # a wild card (斗地主's 癞子): starred


@dataclass(frozen=True, slots=True)
class Layout:
    """The record of one image: its kind, size, the cards drawn and the labels written.

    kind: "hand" (a private hand: never for a group), "groups" (a private 田忌 arrangement),
    "cards" (public cards: the bottom, the last play), "result" (the result card).
    """

    kind: str
    width: int
    height: int
    cards: tuple[DrawnCard, ...] = ()
    labels: tuple[str, ...] = ()
    private: bool = False  # shows a hand nobody else may see

    @property
    def codes(self) -> tuple[str, ...]:
        """The faces drawn, left to right (backs left out)."""
        return tuple(c.code for c in self.cards if c.code)

    def describe(self) -> str:
        """One line for logs and tests: `hand 17 cards: R B 2s … 3d`."""
        return f"{self.kind} {len(self.cards)} cards: {' '.join(self.codes)}".strip()

    def to_json(self) -> str:
        """Compact JSON of the record."""
        return json.dumps(asdict(self), separators=(",", ":"), ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str) -> Layout:
        """Inverse of to_json."""
        data = json.loads(text)
        cards = tuple(DrawnCard(**c) for c in data.pop("cards"))
        return cls(cards=cards, labels=tuple(data.pop("labels")), **data)


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded image and the record of what it depicts."""

    png: bytes
    layout: Layout = field(repr=False)

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        return (self.layout.width, self.layout.height)


def encode(image: Image.Image, layout: Layout) -> Picture:
    """The image as a palette PNG with its layout record inside."""
    info = PngImagePlugin.PngInfo()
    info.add_text(CHUNK, layout.to_json())
    out = io.BytesIO()
    # One fixed palette (see `palette`): the file is three times smaller than RGB, and
    # quick zlib (level 2) halves the encoding time for a few per cent of size.
    flat = image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    flat.save(out, "PNG", pnginfo=info, compress_level=2)
    return Picture(out.getvalue(), layout)


def describe(png: bytes) -> Layout | None:
    """The layout record inside a PNG made here, or None for any other image."""
    try:
        with Image.open(io.BytesIO(png)) as image:
            text = getattr(image, "text", {}).get(CHUNK)
    except (OSError, ValueError):
        return None
    return Layout.from_json(text) if text else None
