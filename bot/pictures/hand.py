"""Hands and rows of cards: the fanned private hand, 田忌赛马's three groups, public cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from bot.games import registry
from bot.games.pictures import GamePictures
from bot.pictures.colours import FELT, GOLD, GROUP_EDGE, INK, RED
from bot.pictures.faces import card_face, star
from bot.pictures.layout import DrawnCard, Layout, Picture, encode
from bot.pictures.text import label, write

_PLAIN = GamePictures()  # a hand no game is named for: bot.cards' order

CARD_W, CARD_H = 100, 140  # a card of a hand, in pixels
STEP = 44  # the visible strip of an overlapped card: the index and a pip show
RAISE = 22  # how much higher a selected card is drawn
MARGIN = 16

ORDERS = ("down", "up")  # big → small, small → big


def sort_hand(codes: Iterable[str], order: str = "down", game: str | None = None) -> list[str]:
    """Cards in the player's chosen order, as the game ranks them (`bot.cards`' order when
    no game is named); cards of one rank stay together (by suit)."""
    if order not in ORDERS:
        raise ValueError(f"order is one of {ORDERS}, not {order!r}")
    hooks = registry.pictures(game) if game in registry.names() else _PLAIN
    return hooks.sorted_hand(codes, order)  # type: ignore[no-any-return]


def _paste(canvas: Image.Image, code: str, x: int, y: int, width: int = CARD_W,
           height: int = CARD_H) -> None:
    face = card_face(code, width, height)
    canvas.paste(face, (x, y), face)


def _mark(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, height: int,
          strip: int) -> None:
    """A bottom card (底牌): a gold frame and a gold tab at the foot of its visible strip."""
    draw.rounded_rectangle((x, y, x + width - 1, y + height - 1), width // 12, outline=GOLD,
                           width=3)
    draw.rounded_rectangle((x + 6, y + height - 16, x + strip - 6, y + height - 8), 3,
                           fill=GOLD)


def _wild_star(draw: ImageDraw.ImageDraw, x: int, y: int, height: int, strip: int) -> None:
    """A wild card (癞子): a red star low in its visible strip."""
    star(draw, x + strip / 2, y + height - 34, 11, RED)


def fan(codes: Sequence[str], *, selected: Iterable[str] = (), bottom: Iterable[str] = (),
        width: int = CARD_W, height: int = CARD_H, step: int = STEP,
        wild: Iterable[str] = ()) -> tuple[Image.Image, tuple[DrawnCard, ...]]:
    """Cards overlapped left to right (the last one whole), selected ones raised, wild ones
    (癞子) starred."""
    raised, starred = set(selected), set(wild)
    marked = Counter(bottom)  # as many of each code as were taken (two decks: not every copy)
    count = max(1, len(codes))
    canvas = Image.new("RGB", (2 * MARGIN + (count - 1) * step + width,
                               2 * MARGIN + RAISE + height), FELT)
    draw = ImageDraw.Draw(canvas)
    drawn = []
    for index, code in enumerate(codes):
        x = MARGIN + index * step
        y = MARGIN + (0 if code in raised else RAISE)
        _paste(canvas, code, x, y, width, height)
        strip = step if index < len(codes) - 1 else width
        mark = marked[code] > 0
        if mark:
            marked[code] -= 1
            _mark(draw, x, y, width, height, strip)
        if code in starred:
            _wild_star(draw, x, y, height, strip)
        drawn.append(DrawnCard(code, x, y, raised=code in raised, marked=mark,
                               wild=code in starred))
    return canvas, tuple(drawn)


def hand_picture(codes: Sequence[str], *, order: str = "down", selected: Iterable[str] = (),
                 bottom: Iterable[str] = (), game: str | None = None,
                 wild: Iterable[str] = ()) -> Picture:
    """A player's hand, fanned and sorted; only ever for that player."""
    ordered = sort_hand(codes, order, game)
    image, drawn = fan(ordered, selected=selected, bottom=bottom, wild=wild)
    layout = Layout("hand", image.width, image.height, drawn, private=True)
    return encode(image, layout)


def cards_picture(codes: Sequence[str], *, caption_key: str, lang: str = "en",
                  order: str = "down", wild: Iterable[str] = ()) -> Picture:
    """Cards everyone may see (the bottom cards, the last play) with a short label; `wild`
    ones (癞子) starred."""
    ordered = sort_hand(codes, order)
    image, drawn = fan(ordered, step=STEP + 20, wild=wild)
    text = label(caption_key, lang)
    band = 40
    framed = Image.new("RGB", (max(image.width, 260), image.height + band), FELT)
    framed.paste(image, (0, band - MARGIN // 2))
    write(ImageDraw.Draw(framed), (MARGIN, 10), text, 24, INK)
    moved = tuple(DrawnCard(c.code, c.x, c.y + band - MARGIN // 2, wild=c.wild) for c in drawn)
    layout = Layout("cards", framed.width, framed.height, moved, (text,))
    return encode(framed, layout)


GROUP_NAMES = ("A", "B", "C")


def group_values(groups: dict[str, str], lang: str = "en", game: str | None = None
                 ) -> dict[str, str]:
    """Each group's value as the picture labels it, from the game's hooks (田忌赛马: A its
    card, B its points, C its type), in `lang` where the font draws it."""
    hooks = registry.pictures(game) if game in registry.names() else _PLAIN
    return {name: " ".join(label(key, lang, **params) for key, params in words)
            for name, words in hooks.group_values(groups).items()}


def groups_picture(groups: dict[str, str], values: dict[str, str], *,
                   private: bool = True) -> Picture:
    """田忌赛马's arrangement: three labelled groups A/B/C, each with its value."""
    gap, head, foot = 36, 44, 40
    spans = []
    for name in GROUP_NAMES:
        count = max(1, len(groups.get(name, "").split()))
        spans.append((count - 1) * (STEP + 16) + CARD_W)
    width = 2 * MARGIN + sum(spans) + gap * (len(spans) - 1)
    height = 2 * MARGIN + head + CARD_H + foot
    canvas = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(canvas)
    drawn: list[DrawnCard] = []
    labels: list[str] = []
    x = MARGIN
    for name, span in zip(GROUP_NAMES, spans, strict=True):
        draw.rounded_rectangle((x - 8, MARGIN - 6, x + span + 8, height - MARGIN + 6), 10,
                               outline=GROUP_EDGE, width=2)
        write(draw, (x + span / 2, MARGIN + 4), name, 30, INK, anchor="ma")
        for index, code in enumerate(groups.get(name, "").split()):
            cx, cy = x + index * (STEP + 16), MARGIN + head
            _paste(canvas, code, cx, cy)
            drawn.append(DrawnCard(code, cx, cy, group=name))
        value = values.get(name, "")
        write(draw, (x + span / 2, MARGIN + head + CARD_H + 8), value, 22, INK, anchor="ma")
        labels.extend((name, value))
        x += span + gap
    layout = Layout("groups", width, height, tuple(drawn), tuple(labels), private=private)
    return encode(canvas, layout)
