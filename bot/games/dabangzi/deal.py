"""Dealing a hand of 打棒子 and the draws from the kitty (the sheet's clauses 1 and 2).

25 cards each from two shuffled decks, in turn from the seat that starts, and 8 to the
kitty (底牌). A draw turns the kitty's cards in order, one seat after another from the seat
that starts, counter-clockwise; a joker, a 2 or a card of the level is passed over and the
same seat draws on. The highest rank turned (A high) wins; of equal ranks the first turned.
"""

from __future__ import annotations

import random

from bot.games.dabangzi.order import PLAIN_RANKS, deck108, is_permanent_trump

HAND = 25
KITTY = 8


def deal(seed: int, number: int, attempt: int, first: int) -> tuple[tuple[tuple[str, ...], ...],
                                                                      tuple[str, ...]]:
    """The four hands (seat order) and the kitty of a hand, from the match's seed."""
    cards = deck108()
    random.Random(f"dabangzi:{seed}:{number}:{attempt}").shuffle(cards)
    hands: list[list[str]] = [[], [], [], []]
    for i, code in enumerate(cards[:4 * HAND]):
        hands[(first + i) % 4].append(code)
    return tuple(tuple(sorted(h)) for h in hands), tuple(cards[4 * HAND:])


def draw(kitty: tuple[str, ...], first: int, level: str) -> tuple[tuple[int, str], ...]:
    """The cards turned for each seat in turn, passing over jokers, 2s and level cards."""
    turned: list[tuple[int, str]] = []
    seat = first
    for code in kitty:
        if len(turned) == 4:
            break
        if is_permanent_trump(code, level):
            continue
        turned.append((seat, code))
        seat = (seat + 1) % 4
    return tuple(turned)


def draw_winner(turned: tuple[tuple[int, str], ...]) -> tuple[int, str] | None:
    """The seat that turned the highest card and that card (the first of equals), if any."""
    best: tuple[int, str] | None = None
    for seat, code in turned:
        if best is None or PLAIN_RANKS.index(code[0]) > PLAIN_RANKS.index(best[1][0]):
            best = (seat, code)
    return best
