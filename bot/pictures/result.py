"""The result card: who won, each seat's cards left (or 田忌 groups), the multiplier's causes
and every seat's amount, in one image people want to forward.

Names are not drawn (any script, any emoji: the bundled font draws ASCII only); seats are
numbered, and the message text beside the picture names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.pictures.colours import BAND, CHIP, CHIP_INK, FELT, GOLD, INK, LOSS, ROW, WIN
from bot.pictures.faces import card_back, card_face
from bot.pictures.hand import MARGIN, sort_hand
from bot.pictures.layout import DrawnCard, Layout, Picture, encode
from bot.pictures.text import label, text_width, write

WIDTH = 960
MINI_W, MINI_H, MINI_STEP = 56, 78, 26  # the small cards of a seat's row
ROW_H = 104
HEAD_H = 118


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat on the result card."""

    seat: int
    amount: int  # beans or points booked (after the bean floor)
    role: str = ""  # "landlord" | "farmer" | ""
    cards: tuple[str, ...] = ()  # cards left, when known
    count: int | None = None  # cards left when only their number is known
    groups: tuple[tuple[str, str], ...] = ()  # 田忌: (group, cards) of the arrangement
    values: tuple[str, ...] = ()  # 田忌: the B points and the C type


@dataclass(frozen=True, slots=True)
class ResultSummary:
    """A finished game as the result card shows it."""

    game: str
    headline: str  # "landlord_won" | "farmers_won" | "farmer_won" | "tianji" | "ended"
    seats: tuple[SeatResult, ...]
    unit: str = "beans"  # "beans" | "points"
    stake: int = 1
    base: int | None = None  # 斗地主: the winning bid
    multiplier: int | None = None
    causes: tuple[str, ...] = ()  # 斗地主: what doubled it (bomb, spring, ...)

    @property
    def key(self) -> tuple[Any, ...]:
        """The content, for the cache."""
        return ("result", self)


def summary_of(game: str, public: dict[str, Any], outcome: dict[str, Any]) -> ResultSummary:
    """The card's content from the engine's final public view and the host's booked result
    (`Room.last_result`: mode, stake, ended_by, seats with role, final amount and the cards
    left, `left`: suited codes)."""
    seats_out = outcome.get("seats") or []
    amounts = [int(s.get("final", 0)) for s in seats_out]
    roles = [s.get("role") or "" for s in seats_out]
    unit = outcome.get("mode") or "beans"
    stake = int(outcome.get("stake") or 1)
    if (outcome.get("ended_by") or "").startswith("escape:") or not public:
        seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
        return ResultSummary(game, "ended", seats, unit, stake)
    if game.startswith("doudizhu"):
        result = public.get("result") or {}
        left = [s.get("left") for s in seats_out]
        counts = [s.get("cards") for s in public.get("seats", [])]
        seats = tuple(SeatResult(
            i, a, roles[i] or ("landlord" if i == result.get("landlord") else "farmer"),
            tuple((left[i] or "").split()),
            counts[i] if i < len(counts) else None) for i, a in enumerate(amounts))
        headline = "landlord_won" if result.get("winner") == "landlord" else (
            "farmer_won" if len(amounts) == 2 else "farmers_won")
        causes = tuple(str(c["cause"]) for c in public.get("causes", []))
        return ResultSummary(game, headline, seats, unit, stake, public.get("base") or 1,
                             public.get("multiplier") or 1, causes)
    if game == "tianji":
        groups = public.get("arrangements") or []
        points = public.get("b_points") or []
        types = public.get("c_types") or []
        seats = tuple(SeatResult(
            i, a, "", groups=tuple(sorted(groups[i].items())) if i < len(groups) else (),
            values=(f"{points[i]:g}", types[i]) if i < len(points) and i < len(types) else ())
            for i, a in enumerate(amounts))
        return ResultSummary(game, "tianji", seats, unit, stake)
    seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
    return ResultSummary(game, "ended", seats, unit, stake)


def _mini(canvas: Image.Image, code: str, x: int, y: int) -> None:
    face = card_face(code, MINI_W, MINI_H) if code else card_back(MINI_W, MINI_H)
    canvas.paste(face, (x, y), face)


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


def result_picture(summary: ResultSummary, lang: str = "en") -> Picture:
    """The result card of a finished game."""
    rows = len(summary.seats)
    head = HEAD_H if summary.multiplier is not None else HEAD_H - 44
    height = head + rows * (ROW_H + 8) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(canvas)
    winner_role = {"landlord_won": "landlord", "farmers_won": "farmer",
                   "farmer_won": "farmer"}.get(summary.headline, "")
    draw.rectangle((0, 0, WIDTH, 62), fill=BAND[winner_role])
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
        name = label("pictures.seat", lang, seat=seat.seat + 1)
        write(draw, (MARGIN + 6, top + 14), name, 26, INK)
        labels.append(name)
        if seat.role:
            role = label(f"pictures.role.{seat.role}", lang)
            width = text_width(role, 18) + 20
            draw.rounded_rectangle((MARGIN + 6, top + 52, MARGIN + 6 + width, top + 80), 12,
                                   fill=BAND.get(seat.role, BAND[""]))
            write(draw, (MARGIN + 16, top + 56), role, 18, INK)
            labels.append(role)
        drawn += _seat_cards(canvas, draw, seat, lang, 190, top + (ROW_H - MINI_H) // 2, labels)
        amount = f"{seat.amount:+d}" if seat.amount else "0"
        colour = WIN if seat.amount > 0 else LOSS if seat.amount < 0 else INK
        write(draw, (WIDTH - MARGIN - 4, top + ROW_H // 2), amount, 40, colour, anchor="rm")
        labels.append(amount)
    layout = Layout("result", WIDTH, height, tuple(drawn), tuple(labels))
    return encode(canvas, layout)


def _seat_cards(canvas: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatResult, lang: str,
                x: int, y: int, labels: list[str]) -> list[DrawnCard]:
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
    cards = sort_hand(seat.cards) if seat.cards else [""] * (seat.count or 0)
    if not cards:
        text = label("pictures.no_cards", lang)
        write(draw, (x, y + MINI_H // 2), text, 22, INK, anchor="lm")
        labels.append(text)
    for code in cards[:20]:
        _mini(canvas, code, x, y)
        drawn.append(DrawnCard(code, x, y, group=group))
        x += MINI_STEP
    return drawn


def _value(value: str, lang: str) -> str:
    """A 田忌 group value: B's points as a number, C's type by name."""
    try:
        points = float(value)
    except ValueError:
        return label(f"pictures.type.{value}", lang)
    return value if points <= 10.5 else f"{value} {label('pictures.bust', lang)}"
