"""Tricks of 打棒子: what may lead, what must follow, who wins (the common 升级 rules).

A lead is one unit: a single, a pair (two identical cards) or a tractor (拖拉机: two or
more pairs of one suit class with consecutive powers). Followers play as many cards as
were led, of the led suit class while they have it, and pairs while they have them (as
many as the lead has). A follow beats the best card so far only in the lead's own shape,
in the lead's suit class or in trumps, and only when strictly higher: of equal cards the
first played wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from bot.games.dabangzi.order import TRUMP, Trumps

_TRUMPED = 100  # above every power: a trump beats the led suit
SINGLE = 0  # a shape is the number of pairs: 0 a single, 1 a pair, k ≥ 2 a tractor of k


def shape(cards: Sequence[str], trumps: Trumps) -> int | None:
    """The shape of cards played as one unit (number of pairs), or None if not a unit."""
    if len(cards) == 1:
        return SINGLE
    if len(cards) % 2 or len({trumps.suit_class(c) for c in cards}) != 1:
        return None
    counts = Counter(cards)
    if any(n != 2 for n in counts.values()):
        return None
    powers = sorted(trumps.power(c) for c in counts)
    if any(b - a != 1 for a, b in zip(powers, powers[1:], strict=False)):
        return None
    return len(counts)


def pairs_in(cards: Sequence[str]) -> int:
    """How many pairs (identical cards) a set of cards holds."""
    return sum(n // 2 for n in Counter(cards).values())


def follow_ok(hand: Sequence[str], lead: Sequence[str], play: Sequence[str],
              trumps: Trumps) -> bool:
    """Whether `play` is a legal answer to `lead` from `hand` (suit first, pairs next)."""
    if len(play) != len(lead) or Counter(play) - Counter(hand):
        return False
    led = trumps.suit_class(lead[0])
    suited = [c for c in hand if trumps.suit_class(c) == led]
    played = [c for c in play if trumps.suit_class(c) == led]
    if len(suited) <= len(lead):
        return len(played) == len(suited)
    if len(played) != len(play):
        return False
    need = min(shape(lead, trumps) or 0, pairs_in(suited))
    return pairs_in(played) >= need


def legal_follows(hand: Sequence[str], lead: Sequence[str],
                  trumps: Trumps) -> list[tuple[str, ...]]:
    """Every legal answer to `lead`, as sorted card tuples (each multiset once)."""
    led = trumps.suit_class(lead[0])
    suited = sorted(c for c in hand if trumps.suit_class(c) == led)
    rest = sorted(c for c in hand if trumps.suit_class(c) != led)
    n = len(lead)
    if len(suited) <= n:
        return [tuple(sorted((*suited, *extra))) for extra in combinations(rest, n - len(suited))]
    need = min(shape(lead, trumps) or 0, pairs_in(suited))
    return [combo for combo in combinations(suited, n) if pairs_in(combo) >= need]


def combinations(cards: Sequence[str], size: int) -> Iterator[tuple[str, ...]]:
    """Each sub-multiset of `cards` with `size` cards, once."""
    counts = sorted(Counter(cards).items())

    def walk(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(counts):
            return
        code, have = counts[i]
        for take in range(min(have, left), -1, -1):
            for tail in walk(i + 1, left - take):
                yield (code,) * take + tail

    return walk(0, size)


def leads(hand: Sequence[str], trumps: Trumps) -> list[tuple[str, ...]]:
    """Every unit `hand` may lead: each single, each pair, each tractor."""
    counts = Counter(hand)
    units: list[tuple[str, ...]] = [(c,) for c in sorted(counts)]
    pairs = sorted(c for c, n in counts.items() if n >= 2)
    units += [(c, c) for c in pairs]
    by_power: dict[tuple[str, int], list[str]] = {}
    for code in pairs:
        by_power.setdefault((trumps.suit_class(code), trumps.power(code)), []).append(code)
    for (cls, power), codes in sorted(by_power.items()):
        runs = [[c] for c in codes]
        step = 1
        while (cls, power + step) in by_power:
            runs = [[*run, c] for run in runs for c in by_power[(cls, power + step)]]
            units += [tuple(sorted(c for c in run for _ in range(2))) for run in runs]
            step += 1
    return units


def strength(play: Sequence[str], lead: Sequence[str], trumps: Trumps) -> tuple[int, int] | None:
    """How strong a play is against the lead (higher wins), or None if it cannot win."""
    cls = {trumps.suit_class(c) for c in play}
    led = trumps.suit_class(lead[0])
    if len(cls) != 1 or shape(play, trumps) != shape(lead, trumps):
        return None
    (only,) = cls
    if only not in (led, TRUMP):
        return None
    return (1 if only == TRUMP else 0, max(trumps.power(c) for c in play))


def winner(plays: Sequence[Sequence[str]], trumps: Trumps) -> int:
    """The index of the winning play of a trick (plays[0] is the lead)."""
    if len(plays[0]) == 1:  # singles: the highest of the led suit class or of trumps
        led = trumps.suit_class(plays[0][0])
        top, top_at = trumps.power(plays[0][0]) + (_TRUMPED if led == TRUMP else 0), 0
        for i, (code, *_) in enumerate(plays[1:], start=1):
            cls = trumps.suit_class(code)
            if cls != TRUMP and cls != led:
                continue
            key = trumps.power(code) + (_TRUMPED if cls == TRUMP else 0)
            if key > top:
                top, top_at = key, i
        return top_at
    best, best_at = strength(plays[0], plays[0], trumps), 0
    assert best is not None
    for i, play in enumerate(plays[1:], start=1):
        found = strength(play, plays[0], trumps)
        if found is not None and found > best:
            best, best_at = found, i
    return best_at
