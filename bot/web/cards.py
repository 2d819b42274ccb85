"""Cards as SVG: one <symbol> per card in a page's <defs>, each card a small <use> of it.

Card codes are the engines' compact ones: rank 3-9 T J Q K A 2 and suit s h d c ("Ts",
"9h"), jokers "B" (小王, black) and "R" (大王, red). A card back shows a hidden card's place.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.cards import is_wild_code
from bot.web.html import esc

SUITS = {"s": ("♠", "black"), "h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black")}
RANK_TEXT = {"T": "10"}
JOKERS = {"B": ("black", "小王"), "R": ("red", "大王")}


def codes(text: str | None) -> list[str]:
    """Card codes of a space-separated card text ("Ts 9h B" → ["Ts", "9h", "B"])."""
    return [code for code in (text or "").split() if valid(code)]


def valid(code: str) -> bool:
    """True for a card code this module can draw."""
    if code in JOKERS:
        return True
    return len(code) == 2 and code[0] in "3456789TJQKA2" and code[1] in SUITS


def label(code: str) -> str:
    """A card as text (the SVG's accessible name): "♥10", "小王"."""
    if code in JOKERS:
        return JOKERS[code][1]
    suit, _ = SUITS[code[1]]
    return f"{suit}{RANK_TEXT.get(code[0], code[0])}"


def symbol(code: str, wild: bool = False) -> str:
    """The <symbol> that draws one card face (`wild`: starred and ringed, a card that may
    stand for another)."""
    if code in JOKERS:
        colour, word = JOKERS[code]
        face = (f'<text x="5" y="15" class="{colour}" font-size="11">J</text>'
                f'<text x="20" y="37" class="{colour}" font-size="12" text-anchor="middle">'
                f"{esc(word)}</text>")
    else:
        suit, colour = SUITS[code[1]]
        rank = RANK_TEXT.get(code[0], code[0])
        face = (f'<text x="4" y="15" class="{colour}" font-size="13">{esc(rank)}</text>'
                f'<text x="20" y="42" class="{colour}" font-size="22" text-anchor="middle">'
                f"{suit}</text>")
    if wild:
        face += ('<rect x="1.5" y="1.5" width="37" height="53" rx="3.5" class="wild-ring"/>'
                 '<text x="35" y="14" class="wild-star" font-size="12" '
                 'text-anchor="end">★</text>')
    return (f'<symbol id="c-{esc(code)}" viewBox="0 0 40 56">'
            '<rect x="0.5" y="0.5" width="39" height="55" rx="4" class="face"/>'
            f"{face}</symbol>")


def defs(used: Iterable[str], wild: str = "") -> str:
    """A hidden SVG holding the symbols of the cards a page uses (and the card back); the
    cards of the `wild` ranks (compact characters, 癞子) are marked wherever they are drawn."""
    symbols = "".join(symbol(code, is_wild_code(code, wild))
                      for code in sorted(set(used)) if valid(code))
    back = ('<symbol id="c-back" viewBox="0 0 40 56"><rect x="0.5" y="0.5" width="39" '
            'height="55" rx="4" class="back"/><path d="M8 8h24v40H8z" class="back-inner"/>'
            "</symbol>")
    return f'<svg class="defs" aria-hidden="true" width="0" height="0">{back}{symbols}</svg>'


def card(code: str) -> str:
    """One card face."""
    return (f'<svg class="card" role="img" aria-label="{esc(label(code))}" viewBox="0 0 40 56">'
            f'<use href="#c-{esc(code)}"/></svg>')


def cards(text_or_codes: str | Iterable[str] | None) -> str:
    """A row of card faces."""
    found = codes(text_or_codes) if isinstance(text_or_codes, str) or text_or_codes is None \
        else [c for c in text_or_codes if valid(c)]
    return f'<span class="cards">{"".join(card(code) for code in found)}</span>'


def backs(count: int) -> str:
    """A fan of card backs (a hidden hand: only its size is public)."""
    shown = max(0, min(count, 20))
    one = '<svg class="card back" viewBox="0 0 40 56"><use href="#c-back"/></svg>'
    return f'<span class="cards backs" data-count="{count}">{one * shown}</span>'
