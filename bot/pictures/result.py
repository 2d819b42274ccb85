"""The result card: who won, each seat's cards left (or 田忌 groups), the multiplier's causes
and every seat's amount, in one image people want to forward.

Each seat is named (Chinese and most scripts with the CJK font, an emoji as "?", cut to
the name column), or numbered when the card has no names; a game of tricks (the duel)
shows every trick's cards under the seats.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.cards import is_wild_code
from bot.pictures.colours import (
    CHIP,
    CHIP_INK,
    FELT,
    GOLD,
    INK,
    LOSS,
    NEUTRAL_BAND,
    RED,
    ROW,
    SIDE_BANDS,
    WIN,
)
from bot.pictures.faces import card_back, card_face, star
from bot.pictures.hand import MARGIN, sort_hand
from bot.pictures.layout import DrawnCard, Layout, Picture, encode
from bot.pictures.summary import ResultSummary, SeatResult
from bot.pictures.text import label, shown_name, text_width, write

WIDTH = 960
MINI_W, MINI_H, MINI_STEP = 56, 78, 26  # the small cards of a seat's row
ROW_H = 104
HEAD_H = 118
NAME_W = 170  # the name column, left of the cards


def _mini(canvas: Image.Image, code: str, x: int, y: int, wild: bool = False) -> None:
    face = card_face(code, MINI_W, MINI_H) if code else card_back(MINI_W, MINI_H)
    canvas.paste(face, (x, y), face)
    if wild:  # a wild card (癞子): a red star low in its visible strip
        star(ImageDraw.Draw(canvas), x + MINI_STEP / 2, y + MINI_H - 18, 8, RED)


def _chips(draw: ImageDraw.ImageDraw, summary: ResultSummary, lang: str, y: int) -> list[str]:
    """Base × causes = multiplier, as a row of chips."""
    parts = [label("pictures.base", lang, base=summary.base)]
    parts += [label("pictures.cause", lang, cause=label(f"pictures.cause.{c}", lang))
              for c in summary.causes]
    parts.append(label("pictures.multiplier", lang,
                       total=(summary.base or 1) * (summary.multiplier or 1)))
    x = MARGIN
    for index, part in enumerate(parts):
        width = text_width(part, 22) + 20
        draw.rounded_rectangle((x, y, x + width, y + 36), 16,
                               fill=GOLD if index == len(parts) - 1 else CHIP)
        write(draw, (x + 10, y + 6), part, 22, CHIP_INK)
        x += width + 10
    return parts


def band(summary: ResultSummary, role: str) -> tuple[int, int, int]:
    """A role's colour on the card: its side's, as the game gives them, else neutral."""
    side = dict(summary.role_bands).get(role)
    return SIDE_BANDS[side % len(SIDE_BANDS)] if side is not None else NEUTRAL_BAND


def result_picture(summary: ResultSummary, lang: str = "en") -> Picture:
    """The result card of a finished game."""
    rows = len(summary.seats) + (1 if summary.tricks else 0)
    head = HEAD_H if summary.multiplier is not None else HEAD_H - 44
    height = head + rows * (ROW_H + 8) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, WIDTH, 62), fill=band(summary, summary.winner_role))
    labels = [label(f"pictures.headline.{summary.headline}", lang)]
    write(draw, (MARGIN, 12), labels[0], 34, INK)
    stake = label(f"pictures.stake.{summary.unit}", lang, stake=summary.stake)
    write(draw, (WIDTH - MARGIN, 18), stake, 24, INK, anchor="ra")
    labels.append(stake)
    if summary.multiplier is not None:
        labels += _chips(draw, summary, lang, 72)
    drawn: list[DrawnCard] = []
    for row, seat in enumerate(summary.seats):
        top = head + row * (ROW_H + 8)
        draw.rounded_rectangle((MARGIN - 6, top, WIDTH - MARGIN + 6, top + ROW_H), 10,
                               fill=ROW)
        name = _seat_name(seat, lang)
        write(draw, (MARGIN + 6, top + 14), name, 26, INK)
        labels.append(name)
        chip = label(f"pictures.role.{seat.role}", lang) if seat.role else ""
        if seat.tricks is not None:  # beside the amount: the role chip stays short
            won = label("pictures.tricks_one" if seat.tricks == 1 else "pictures.tricks",
                        lang, count=seat.tricks)
            write(draw, (WIDTH - MARGIN - 130, top + ROW_H // 2), won, 24, INK, anchor="rm")
            labels.append(won)
        if chip:
            role = chip
            width = text_width(role, 18) + 20
            draw.rounded_rectangle((MARGIN + 6, top + 52, MARGIN + 6 + width, top + 80), 12,
                                   fill=band(summary, seat.role))
            write(draw, (MARGIN + 16, top + 56), role, 18, INK)
            labels.append(role)
        drawn += _seat_cards(canvas, draw, seat, summary.game, lang, 190,
                             top + (ROW_H - MINI_H) // 2, labels, summary.wild)
        amount = f"{seat.amount:+d}" if seat.amount else "0"
        colour = WIN if seat.amount > 0 else LOSS if seat.amount < 0 else INK
        write(draw, (WIDTH - MARGIN - 4, top + ROW_H // 2), amount, 40, colour, anchor="rm")
        labels.append(amount)
    if summary.tricks:
        drawn += _tricks(canvas, draw, summary, lang, head + len(summary.seats) * (ROW_H + 8),
                         labels)
    layout = Layout("result", WIDTH, height, tuple(drawn), tuple(labels))
    return encode(canvas, layout)


def _seat_name(seat: SeatResult, lang: str) -> str:
    """The seat's name cut to the name column ("Seat 2" on a card without names)."""
    if not seat.name:
        return label("pictures.seat", lang, seat=seat.seat + 1)
    if seat.is_ai:
        return label("host.ai_name", lang, number=seat.name)
    name = shown_name(seat.name)
    while len(name) > 1 and text_width(name, 26) > NAME_W:
        name = name[:-2] + "…" if name.endswith("…") else name[:-1] + "…"
    return name


def _tricks(canvas: Image.Image, draw: ImageDraw.ImageDraw, summary: ResultSummary,
            lang: str, top: int, labels: list[str]) -> list[DrawnCard]:
    """Every trick's cards in play order, the tricks apart from each other."""
    draw.rounded_rectangle((MARGIN - 6, top, WIDTH - MARGIN + 6, top + ROW_H), 10, fill=ROW)
    title = label(summary.tricks_title, lang)
    write(draw, (MARGIN + 6, top + 14), title, 26, INK)
    labels.append(title)
    drawn: list[DrawnCard] = []
    x, y = 190, top + (ROW_H - MINI_H) // 2
    for number, trick in enumerate(summary.tricks, start=1):
        for code in trick:
            _mini(canvas, code, x, y)
            drawn.append(DrawnCard(code, x, y, group=f"trick{number}"))
            x += MINI_STEP
        x += MINI_W - MINI_STEP + 18
    return drawn


def _seat_cards(canvas: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatResult, game: str,
                lang: str, x: int, y: int, labels: list[str], wilds: str = ""
                ) -> list[DrawnCard]:
    drawn: list[DrawnCard] = []
    group = f"seat{seat.seat + 1}"
    if seat.groups:
        for (name, cards), value in zip(seat.groups, ("", *seat.values), strict=False):
            write(draw, (x, y + MINI_H // 2), name, 24, INK, anchor="lm")
            x += 22
            for code in cards.split():
                _mini(canvas, code, x, y)
                drawn.append(DrawnCard(code, x, y, group=group))
                x += MINI_STEP + 12
            x += MINI_W - MINI_STEP - 12
            if value:
                text = label(f"pictures.value.{name}", lang, value=_value(value, lang))
                x += int(write(draw, (x + 6, y + MINI_H // 2), text, 18, INK, anchor="lm")) + 6
                labels.append(text)
            x += 28
        return drawn
    cards = sort_hand(seat.cards, game=game) if seat.cards else [""] * (seat.count or 0)
    if not cards:
        text = label("pictures.no_cards", lang)
        write(draw, (x, y + MINI_H // 2), text, 22, INK, anchor="lm")
        labels.append(text)
    for code in cards[:20]:
        wild = is_wild_code(code, wilds)
        _mini(canvas, code, x, y, wild)
        drawn.append(DrawnCard(code, x, y, group=group, wild=wild))
        x += MINI_STEP
    return drawn


def _value(value: str, lang: str) -> str:
    """A 田忌 group value: B's points as a number, C's type by name."""
    try:
        points = float(value)
    except ValueError:
        return label(f"pictures.type.{value}", lang)
    return value if points <= 10.5 else f"{value} {label('pictures.bust', lang)}"
