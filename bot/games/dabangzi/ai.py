"""The built-in player of 打棒子 (the normal level; the strong level, `search`, plays it
out in its rollouts): the play a partner is glad to have.

It counts what has been played and who has shown a void, and from that:
- leads its sure winners (a card, pair or tractor nothing unseen beats, in a suit no
  opponent is void in), leads a low card of a suit its partner has shown void in (the
  partner ruffs: the partnership's signal), pulls trumps only as the dealer's side with
  trumps to spare, and otherwise leads low from a short plain suit, never breaking a pair;
- keeps its trumps for the end: it ruffs only for points, with its lowest sure trump;
- plays points to a partner whose trick is safe (nothing left to play can beat it), and
  takes a trick with points as cheaply as it surely can;
- buries (扣底) low plain cards of short suits, making voids, never a point, a trump, an
  ace or a pair while it has another card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.dabangzi.order import PLAIN_RANKS, POINTS, TRUMP, Trumps, is_permanent_trump
from bot.games.dabangzi.order import points as points_of
from bot.games.dabangzi.scoring import team_of
from bot.games.dabangzi.state import DabangziState
from bot.games.dabangzi.tricks import (
    leads,
    legal_follows,
    pairs_in,
    shape,
    strength,
    winner,
)

LONG_SUIT = 7  # a plain suit this long is worth naming trump
TRUMP_PULL = 0.45  # the dealer's side leads trumps while they are this share of its hand
RUFF_FOR = 5  # the points at stake worth a trump from a void
WIDE = 4  # a follow of this many cards or more is built, not enumerated (tractors)

Play = tuple[int, tuple[str, ...]]


@dataclass(slots=True)
class Info:
    """What every seat knows of a hand in play: the cards out and the voids shown."""

    trumps: Trumps
    dealer: int
    out: Counter[str] = field(default_factory=Counter)  # played, the trick's included
    voids: list[set[str]] = field(default_factory=lambda: [set(), set(), set(), set()])
    known: Counter[str] = field(default_factory=Counter)  # cards a seat knows are away

    def note(self, seat: int, cards: Sequence[str], lead: Sequence[str] | None) -> None:
        """Count a play; a follower short of the led suit class has shown a void in it."""
        self.out.update(cards)
        if lead is not None:
            led = self.trumps.suit_class(lead[0])
            if sum(self.trumps.suit_class(c) == led for c in cards) < len(lead):
                self.voids[seat].add(led)

    def unseen(self, code: str, hand: Sequence[str]) -> int:
        """Copies of `code` neither played, in `hand` nor known away (buried)."""
        return 2 - self.out[code] - self.known[code] - hand.count(code)


def info_of(state: DabangziState, seat: int) -> Info:
    """What `seat` knows of the hand in play (the dealer knows what it buried)."""
    info = Info(state.trumps, state.dealer if state.dealer is not None else 0)
    for plays in (state.played[i:i + 4] for i in range(0, len(state.played), 4)):
        _note_trick(info, plays)
    _note_trick(info, state.trick)
    if seat == state.dealer:
        info.known.update(state.kitty)
    else:
        info.known.update(j for _, j in state.jokers)
    return info


def _note_trick(info: Info, plays: Sequence[Play]) -> None:
    for i, (who, cards) in enumerate(plays):
        info.note(who, cards, plays[0][1] if i else None)


def choose(state: DabangziState, seat: int, rng: random.Random | None = None) -> str:
    """The action the AI takes for `seat` now."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "grab":
        return "grab"
    if phase == "declare":
        return _declare(state, seat, legal)
    if phase in ("return", "bury"):
        allowed = [a.split()[1] for a in legal]
        return f"{phase} " + discard(state.hands[seat], allowed, state.trumps)
    if phase == "jokers":
        return "pass"
    cards = play(state.hands[seat], state.trick, seat, info_of(state, seat))
    return state.play_action(cards)


def _declare(state: DabangziState, seat: int, legal: list[str]) -> str:
    hand = state.hands[seat]
    suits = Counter(c[1] for c in hand if not is_permanent_trump(c, state.level))
    for action in sorted(legal[:-1], key=lambda a: -PLAIN_RANKS.index(a.split()[1][0])):
        if suits[action.split()[1][1]] >= LONG_SUIT:
            return action
    return "pass"


def discard(hand: Sequence[str], allowed: Sequence[str], trumps: Trumps) -> str:
    """The card to return or bury: a plain, pointless, low card of a short suit; an ace or
    a card of a pair only when nothing else is left."""
    length = Counter(trumps.suit_class(c) for c in hand)
    counts = Counter(hand)
    ace = len(PLAIN_RANKS) - 2 if trumps.level != "A" else len(PLAIN_RANKS) - 3

    def cost(code: str) -> tuple[int, int, int, int, int]:
        cls = trumps.suit_class(code)
        keeper = counts[code] > 1 or (cls != TRUMP and trumps.power(code) >= ace)
        return (cls == TRUMP, code[0] in POINTS, keeper, length[cls], trumps.power(code))

    return min(allowed, key=cost)


# -- play -----------------------------------------------------------------------------------

def play(hand: Sequence[str], trick: Sequence[Play], seat: int, info: Info) -> tuple[str, ...]:
    """The cards `seat` plays from `hand` to the trick on the table."""
    if not trick:
        return _lead(hand, seat, info)
    return _follow(hand, trick, seat, info)


def _beaten_by_unseen(cls: str, power: int, pairs: int, hand: Sequence[str], info: Info) -> bool:
    """Whether a card (pairs: a pair) of `cls` above `power` may still be held by others."""
    trumps = info.trumps
    for code in _CLASS_CODES(trumps)[cls]:
        if trumps.power(code) > power and info.unseen(code, hand) >= (2 if pairs else 1):
            return True
    return False


def _CLASS_CODES(trumps: Trumps) -> dict[str, list[str]]:  # noqa: N802 (a cached table)
    table = _CODES.get(trumps)
    if table is None:
        table = {}
        for code in _DECK:
            table.setdefault(trumps.suit_class(code), []).append(code)
        _CODES[trumps] = table
    return table


_DECK = tuple(sorted({rank + suit for suit in "shcd" for rank in "23456789TJQKA"} | {"B", "R"}))
_CODES: dict[Trumps, dict[str, list[str]]] = {}


def _safe(unit: Sequence[str], led: str, seats: Sequence[int], seat: int, hand: Sequence[str],
          info: Info) -> bool:
    """Whether nothing the opponents among `seats` (still to play) may hold beats `unit`."""
    trumps = info.trumps
    rivals = [s for s in seats if team_of(s) != team_of(seat)]
    if not rivals:
        return True
    cls = trumps.suit_class(unit[0])
    power = max(trumps.power(c) for c in unit)
    pairs = len(unit) > 1
    if cls != TRUMP:
        if any(led in info.voids[s] and TRUMP not in info.voids[s] for s in rivals):
            return False  # a rival void in the suit may ruff
        if cls != led:
            return True
        if _beaten_by_unseen(cls, power, pairs, hand, info):
            return all(cls in info.voids[s] for s in rivals)
        return True
    if not _beaten_by_unseen(TRUMP, power, pairs, hand, info):
        return True
    return all(TRUMP in info.voids[s] for s in rivals)


def _lead(hand: Sequence[str], seat: int, info: Info) -> tuple[str, ...]:
    return lead_order(hand, seat, info)[0]


def lead_order(hand: Sequence[str], seat: int, info: Info) -> list[tuple[str, ...]]:
    """Every lead of `hand`, the best first."""
    trumps = info.trumps
    others = [(seat + i) % 4 for i in (1, 2, 3)]
    partner = (seat + 2) % 4
    length = Counter(trumps.suit_class(c) for c in hand)
    counts = Counter(hand)
    dealing = team_of(seat) == team_of(info.dealer)
    rival_void = {c for s in others if s != partner for c in info.voids[s]}
    pulling = dealing and length[TRUMP] >= TRUMP_PULL * len(hand) and \
        not all(TRUMP in info.voids[s] for s in others if s != partner)

    def value(unit: tuple[str, ...]) -> tuple[float, ...]:
        cls = trumps.suit_class(unit[0])
        high = max(trumps.power(c) for c in unit)
        pts = points_of(unit)
        sure = _safe(unit, cls, others, seat, hand, info)
        if cls == TRUMP:
            if length[TRUMP] == len(hand):
                return (3, sure, len(unit), -high if not sure else high)
            if pulling:
                return (4 if sure else 2, len(unit), high if sure else -high, 0)
            return (0, sure, -high, 0)
        if sure:
            return (5, len(unit), pts, high)
        broken = len(unit) == 1 and counts[unit[0]] > 1
        if cls in info.voids[partner] and cls not in rival_void and \
                TRUMP not in info.voids[partner]:
            return (4, -pts, -broken, -high)  # partner ruffs
        if cls in rival_void:
            return (0.5, -pts, -broken, -high)
        return (1, -pts - 10 * broken, -length[cls], -high)

    return sorted(leads(hand, trumps), key=value, reverse=True)


def spend(cards: Sequence[str], trumps: Trumps) -> tuple[int, int]:
    return (sum(trumps.suit_class(c) == TRUMP for c in cards),
            sum(trumps.power(c) for c in cards))


def follows(hand: Sequence[str], lead: Sequence[str], trumps: Trumps) -> list[tuple[str, ...]]:
    """The follows worth weighing: every legal one, or for a wide lead (a tractor) the
    cheapest one and the one richest in points."""
    led = trumps.suit_class(lead[0])
    if len(lead) == 1:
        suited = {c for c in hand if trumps.suit_class(c) == led}
        return [(c,) for c in sorted(suited or set(hand))]
    if len(lead) < WIDE:
        return legal_follows(hand, lead, trumps)
    return list(dict.fromkeys([built_follow(hand, lead, trumps, False),
                               built_follow(hand, lead, trumps, True)]))


def built_follow(hand: Sequence[str], lead: Sequence[str], trumps: Trumps,
                 feed: bool) -> tuple[str, ...]:
    """A legal follow of low cards (`feed`: points first), built without enumerating."""
    led = trumps.suit_class(lead[0])
    n = len(lead)

    def cost(code: str) -> tuple[int, ...]:
        pts = POINTS.get(code[0], 0)
        return (trumps.suit_class(code) == TRUMP, -pts if feed else pts, trumps.power(code))

    suited = sorted((c for c in hand if trumps.suit_class(c) == led), key=cost)
    if len(suited) <= n:
        rest = sorted((c for c in hand if trumps.suit_class(c) != led), key=cost)
        return tuple(sorted([*suited, *rest[:n - len(suited)]]))
    need = min(shape(lead, trumps) or 0, pairs_in(suited))
    counts = Counter(suited)
    chosen: list[str] = []
    for code in sorted((c for c in counts if counts[c] >= 2), key=cost)[:need]:
        chosen += [code, code]
    left = Counter(suited) - Counter(chosen)
    chosen += sorted(left.elements(), key=cost)[:n - len(chosen)]
    return tuple(sorted(chosen))


def _beats(option: tuple[str, ...], lead: Sequence[str], led: str, best: tuple[int, int],
           trumps: Trumps) -> bool:
    """Whether a follow beats the best play so far (singles without the shape test)."""
    if len(option) == 1:
        cls = trumps.suit_class(option[0])
        if cls != TRUMP and cls != led:
            return False
        return (1 if cls == TRUMP else 0, trumps.power(option[0])) > best
    found = strength(option, lead, trumps)
    return found is not None and found > best


def _follow_single(hand: Sequence[str], trick: Sequence[Play], seat: int,
                   info: Info) -> tuple[str, ...]:
    """`_follow` for a single card led (most tricks), the same choices, faster."""
    trumps = info.trumps
    cls_of, power_of = trumps.suit_class, trumps.power
    led = cls_of(trick[0][1][0])

    def key(code: str) -> int:
        cls = cls_of(code)
        return power_of(code) + TRUMPED if cls == TRUMP else power_of(code) if cls == led else -1

    best, best_seat, best_card = -1, seat, ""
    for who, (code, *_) in trick:
        if (k := key(code)) > best:
            best, best_seat, best_card = k, who, code
    suited = {c for c in hand if cls_of(c) == led}
    options = sorted(suited or set(hand))
    later = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
    partner_has_it = team_of(best_seat) == team_of(seat)
    if partner_has_it and _safe((best_card,), led, later, seat, hand, info):
        return (max(options, key=lambda c: (POINTS.get(c[0], 0), cls_of(c) != TRUMP,
                                            -power_of(c))),)
    if len(trick) == 1 and led != TRUMP and suited:
        partner, third = (seat + 2) % 4, (seat + 1) % 4
        voids = info.voids
        if led in voids[partner] and TRUMP not in voids[partner] and led not in voids[third]:
            # the partner, last to play, has shown it ruffs this suit: points for it
            return (max(options, key=lambda c: (POINTS.get(c[0], 0), -power_of(c))),)
    winning = sorted((c for c in options if key(c) > best),
                     key=lambda c: (cls_of(c) == TRUMP, power_of(c)))
    plain = [c for c in winning if cls_of(c) != TRUMP
             and _safe((c,), led, later, seat, hand, info)]
    if plain:
        return (plain[0] if partner_has_it else
                min(plain, key=lambda c: (-POINTS.get(c[0], 0), power_of(c))),)
    at_stake = points_of(c for _, p in trick for c in p)
    if not partner_has_it:
        for code in winning:
            if _safe((code,), led, later, seat, hand, info):
                if at_stake + POINTS.get(code[0], 0) >= RUFF_FOR:
                    return (code,)
                break
    length = Counter(cls_of(c) for c in hand)
    return (min(options, key=lambda c: (POINTS.get(c[0], 0), cls_of(c) == TRUMP,
                                        hand.count(c) > 1, power_of(c), length[cls_of(c)])),)


TRUMPED = 100  # above every power: a trump beats the led suit


def _follow(hand: Sequence[str], trick: Sequence[Play], seat: int,
            info: Info) -> tuple[str, ...]:
    if len(trick[0][1]) == 1:
        return _follow_single(hand, trick, seat, info)
    trumps = info.trumps
    plays = [cards for _, cards in trick]
    lead = plays[0]
    led = trumps.suit_class(lead[0])
    best_at = winner(plays, trumps)
    best = strength(plays[best_at], lead, trumps)
    assert best is not None
    later = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
    at_stake = points_of(c for p in plays for c in p)
    options = follows(hand, lead, trumps)
    length = Counter(trumps.suit_class(c) for c in hand)
    counts = Counter(hand)

    def low(cards: tuple[str, ...]) -> tuple[int, ...]:
        """What throwing cards away costs: points, trumps, pairs broken, winners, power."""
        trump, power = spend(cards, trumps)
        broken = sum(1 for c in set(cards) if counts[c] > 1 and cards.count(c) < counts[c])
        short = sum(length[trumps.suit_class(c)] for c in cards)
        return (points_of(cards), trump, broken, power, short)

    if team_of(trick[best_at][0]) == team_of(seat) and \
            _safe(plays[best_at], led, later, seat, hand, info):
        return max(options, key=lambda a: (points_of(a), -spend(a, trumps)[0],
                                           -spend(a, trumps)[1]))
    partner_has_it = team_of(trick[best_at][0]) == team_of(seat)
    winning = sorted((a for a in options if _beats(a, lead, led, best, trumps)),
                     key=lambda a: spend(a, trumps))
    plain = [a for a in winning if spend(a, trumps)[0] == 0
             and _safe(a, led, later, seat, hand, info)]
    if plain:
        return plain[0] if partner_has_it else \
            min(plain, key=lambda a: (-points_of(a), spend(a, trumps)))
    if not partner_has_it:
        for option in winning:
            if _safe(option, led, later, seat, hand, info):
                if at_stake + points_of(option) >= RUFF_FOR:
                    return option
                break
    return min(options, key=low)


__all__ = ["Info", "built_follow", "choose", "discard", "follows", "info_of", "lead_order",
           "play", "spend"]
