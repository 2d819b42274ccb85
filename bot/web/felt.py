"""The table as a table: seats around the felt, the last play in the middle.

The live table and the replay both lay a game out with `felt`: each seat's box carries the
class `s<seat>` and the stylesheet places it by the number of seats (2 to 6: seat 0 at the
bottom, the others counter-clockwise, as the turn goes round); the middle holds the cards
on the table. Nothing here knows a game: the pages hand over HTML they built from the
game's hooks.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.web import CardRow
from bot.web import cards as svg
from bot.web.html import esc, name, t


def felt(seats: Sequence[str], middle: str, *, open_hands: bool = False) -> str:
    """Seat boxes around a middle (`open_hands`: the replay's hands, wider)."""
    klass = "felt open" if open_hands else "felt"
    return (f'<div class="{klass}" data-seats="{len(seats)}">{"".join(seats)}'
            f'<div class="middle">{middle}</div></div>')


def groups(row: CardRow) -> str:
    """A sealed arrangement's groups side by side."""
    return ('<span class="groups">'
            + "".join(f'<span class="group">{svg.cards(group)}</span>' for group in row.groups)
            + "</span>")


def row_html(row: CardRow, names: Sequence[str], lang: str) -> str:
    """A row of cards shown apart (the bottom, the kitty, a trick), its label and owner."""
    label = f'<span class="label">{t(row.label, lang)}</span>' if row.label else ""
    who = (f'<span class="label">{name(names[row.seat])}</span>'
           if row.seat is not None and 0 <= row.seat < len(names) else "")
    cards = groups(row) if row.groups else svg.cards(row.cards)
    kind = f"row {row.label.rsplit('.', 1)[-1]}" if row.label else "row trick"
    return f'<div class="{esc(kind)}">{who}{label}{cards}</div>'


def seat_rows(rows: Sequence[CardRow], seat: int) -> list[CardRow]:
    """The rows that belong to one seat (drawn in its box)."""
    return [row for row in rows if row.seat == seat]


def amount(value: int, formula: str | None, lang: str) -> str:
    """A seat's booked amount at the end, with the game's formula for it."""
    klass = "won" if value > 0 else "lost" if value < 0 else "even"
    said = f'<span class="formula">{esc(formula)}</span>' if formula else ""
    return (f'<div class="amount {klass}" title="{t("web.settle.final", lang)}">'
            f'<b>{value:+d}</b> {said}</div>')
