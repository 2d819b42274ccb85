"""Hands and rows of cards: the fanned private hand, 田忌赛马's three groups, public cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from bot.cards import RANK_CHARS, parse_cards
from bot.errors import CardParseError
from bot.games.tianji.ranking import b_total, c_type
from bot.pictures.colours import FELT, GOLD, GROUP_EDGE, INK
from bot.pictures.faces import card_face
from bot.pictures.layout import DrawnCard, Layout, Picture, encode
from bot.pictures.text import label, write

CARD_W, CARD_H = 100, 140  # a card of a hand, in pixels
STEP = 44  # the visible strip of an overlapped card: the index and a pip show
RAISE = 22  # how much higher a selected card is drawn
MARGIN = 16
SUIT_ORDER = "dchs"  # within a rank: ♦ ♣ ♥ ♠, the order `bot.cards` ranks suits
TIANJI_RANKS = "23456789TJQKA"  # 田忌赛马: A high, 2 low

ORDERS = ("down", "up")  # big → small, small → big


def sort_hand(codes: Iterable[str], order: str = "down", game: str = "doudizhu") -> list[str]:
    """Cards in the player's chosen order; cards of one rank stay together (by suit)."""
    if order not in ORDERS:
        raise ValueError(f"order is one of {ORDERS}, not {order!r}")
    ranks = TIANJI_RANKS if game.startswith("tianji") else RANK_CHARS

    def key(code: str) -> tuple[int, int]:
        suit = SUIT_ORDER.index(code[1]) if len(code) > 1 else 0
        return (ranks.index(code[0]), suit)

    return sorted(codes, key=key, reverse=order == "down")


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


def fan(codes: Sequence[str], *, selected: Iterable[str] = (), bottom: Iterable[str] = (),
        width: int = CARD_W, height: int = CARD_H, step: int = STEP
        ) -> tuple[Image.Image, tuple[DrawnCard, ...]]:
    """Cards overlapped left to right (the last one whole), selected ones raised."""
    raised, marked = set(selected), set(bottom)
    count = max(1, len(codes))
    canvas = Image.new("RGB", (2 * MARGIN + (count - 1) * step + width,
                               2 * MARGIN + RAISE + height), FELT)
    draw = ImageDraw.Draw(canvas)
    drawn = []
    for index, code in enumerate(codes):
        x = MARGIN + index * step
        y = MARGIN + (0 if code in raised else RAISE)
        _paste(canvas, code, x, y, width, height)
        if code in marked:
            _mark(draw, x, y, width, height, step if index < len(codes) - 1 else width)
        drawn.append(DrawnCard(code, x, y, raised=code in raised, marked=code in marked))
    return canvas, tuple(drawn)


def hand_picture(codes: Sequence[str], *, order: str = "down", selected: Iterable[str] = (),
                 bottom: Iterable[str] = (), game: str = "doudizhu") -> Picture:
    """A player's hand, fanned and sorted; only ever for that player."""
    ordered = sort_hand(codes, order, game)
    image, drawn = fan(ordered, selected=selected, bottom=bottom)
    layout = Layout("hand", image.width, image.height, drawn, private=True)
    return encode(image, layout)


def cards_picture(codes: Sequence[str], *, caption_key: str, lang: str = "en",
                  order: str = "down") -> Picture:
    """Cards everyone may see (the bottom cards, the last play) with a short label."""
    ordered = sort_hand(codes, order)
    image, drawn = fan(ordered, step=STEP + 20)
    text = label(caption_key, lang)
    band = 40
    framed = Image.new("RGB", (max(image.width, 260), image.height + band), FELT)
    framed.paste(image, (0, band - MARGIN // 2))
    write(ImageDraw.Draw(framed), (MARGIN, 10), text, 24, INK)
    moved = tuple(DrawnCard(c.code, c.x, c.y + band - MARGIN // 2) for c in drawn)
    layout = Layout("cards", framed.width, framed.height, moved, (text,))
    return encode(framed, layout)


GROUP_NAMES = ("A", "B", "C")


def group_values(groups: dict[str, str], lang: str = "en") -> dict[str, str]:
    """Each group's value as the picture labels it: A its card, B its points (十点半), C its
    type (同花顺, 豹子, ...)."""
    values: dict[str, str] = {}
    for name in GROUP_NAMES:
        try:
            cards = parse_cards(groups.get(name, ""))
        except CardParseError:
            continue
        if name == "A" and len(cards) == 1:
            values[name] = cards[0].rank.label
        elif name == "B" and len(cards) == 2:
            points = b_total(cards)
            key = "pictures.value.B_one" if points == 1 else "pictures.value.B"
            text = label(key, lang, value=f"{points:g}")
            values[name] = text if points <= 10.5 else f"{text} {label('pictures.bust', lang)}"
        elif name == "C" and len(cards) == 3:
            values[name] = label(f"pictures.type.{c_type(cards).name.lower()}", lang)
    return values


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
