"""Reading the cards (记牌 / 读牌): what each hidden hand can still hold, and hands dealt
at random consistent with it (determinization) for the search (`search`).

What one seat knows in the play phase:
- every card played so far, and its own hand: the rest (`unseen`) lies in the other hands
  (and, with two players and the dummy hidden, in the dummy);
- how many cards each hand holds (报牌 tells everyone when a hand is down to 1–3);
- the bottom cards (底牌), shown to everyone: the landlord still holds each bottom rank it has
  not played since (at least bottom − played of it), and a shown hand (明牌) all of it;
- passes: a hand that passed on a move it could have beaten cheaply most likely cannot.
  That is soft evidence (the planner passes with answers in hand to keep its plan), so it
  weighs the samples (`weight`) instead of ruling hands out.

Everything here is pure and deterministic given the random generator passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.doudizhu.position import FULL, Counts, Position

# A hand that passed on an opponent's single or pair it could beat with a plain (not a 2,
# not a joker, not a bomb) answer: how much less likely it is than one that could not.
PASS_LIKELIHOOD = 0.35
DUMMY = -1  # the holder index of a hidden two-player dummy hand


@dataclass(frozen=True, slots=True)
class Pass:
    """One pass seen in the play: `seat` passed on `move`, played by `by`."""

    seat: int
    by: int
    beaten: Counts  # the cards passed on
    after: Counts  # the cards `seat` played after this pass


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the seat to decide knows about the hands it cannot see."""

    seat: int
    players: int
    landlord: int
    unseen: Counts  # the cards in the hidden hands, together
    holders: tuple[int, ...]  # the hidden hands: other seats, and DUMMY when hidden
    sizes: tuple[int, ...]  # per holder: cards it holds
    pinned: tuple[Counts, ...]  # per holder: cards it surely holds
    plays: tuple[int, ...]  # per seat: moves played so far (spring / anti-spring)
    landlord_played: Counts = (0,) * 15  # two players: the landlord's prohibitions need them
    passes: tuple[Pass, ...] = ()
    bomb_room: int = 99  # doublings bombs may still add (bomb_cap)

    @property
    def known(self) -> bool:
        """True if there is nothing to guess: every hidden card's place is known."""
        free = sum(self.unseen) - sum(sum(p) for p in self.pinned)
        return free == 0 or len([s for s in self.sizes if s]) <= 1

    def deal(self, rng: random.Random) -> dict[int, Counts]:
        """One random deal of the unseen cards to the holders, consistent with what is known."""
        pool = list(self.unseen)
        for pinned in self.pinned:
            for i, n in enumerate(pinned):
                pool[i] -= n
        cards = [i for i, n in enumerate(pool) for _ in range(n)]
        rng.shuffle(cards)
        out: dict[int, Counts] = {}
        at = 0
        for holder, size, pinned in zip(self.holders, self.sizes, self.pinned, strict=True):
            hand = list(pinned)
            take = size - sum(pinned)
            for i in cards[at:at + take]:
                hand[i] += 1
            at += take
            out[holder] = tuple(hand)
        return out

    def weight(self, hands: dict[int, Counts]) -> float:
        """How likely a deal is given the passes seen (1.0 when nothing speaks against it):
        the hand at the time of a pass is the hand now plus what it played since."""
        value = 1.0
        for event in self.passes:
            hand = hands[event.seat]
            then = tuple(a + b for a, b in zip(hand, event.after, strict=True))
            if cheap_answer(then, event.beaten):
                value *= PASS_LIKELIHOOD
        return value


def cheap_answer(hand: Counts, beaten: Counts) -> bool:
    """True if `hand` beats a single or a pair (`beaten`) with plain cards below the 2
    without breaking a pair for a single or a triple for a pair."""
    size = sum(beaten)
    if size not in (1, 2) or max(beaten) != size:
        return False
    low = beaten.index(size)
    return any(hand[i] == size for i in range(low + 1, 12))


def knowledge(pos: Position, played: list[Counts], bottom: Counts | None,
              plays: tuple[int, ...], history: list[tuple[int, Counts]],
              hidden_dummy: int = 0, shown_landlord: bool = False,
              bomb_room: int = 99) -> Knowledge:
    """The knowledge of the seat of `pos`.

    `played[s]`: the cards seat s played; `bottom`: the bottom cards (None if unknown);
    `plays[s]`: moves seat s played; `history`: (seat, cards played, none for a pass);
    `hidden_dummy`: the size of a hidden two-player dummy (0 if none or shown);
    `shown_landlord`: the landlord showed the hand (明牌), so `pos.threat` is exactly it.
    """
    holders = [s for s in range(pos.players) if s != pos.seat]
    sizes = [pos.cards_left[s] for s in holders]
    if hidden_dummy:
        holders.append(DUMMY)
        sizes.append(hidden_dummy)
    empty = (0,) * 15
    pinned = [empty] * len(holders)
    unseen = pos.threat
    if shown_landlord and pos.seat != pos.landlord:
        # pos.threat is the shown hand: the partner's hand is everything else unseen.
        everything = [FULL[i] - pos.hand[i] - sum(p[i] for p in played) for i in range(15)]
        unseen = tuple(everything)
        pinned[holders.index(pos.landlord)] = pos.threat
    elif bottom is not None and pos.seat != pos.landlord:
        spent = played[pos.landlord]
        pinned[holders.index(pos.landlord)] = tuple(
            min(max(0, b - p), u) for b, p, u in zip(bottom, spent, unseen, strict=True))
    return Knowledge(seat=pos.seat, players=pos.players, landlord=pos.landlord,
                     unseen=tuple(unseen), holders=tuple(holders), sizes=tuple(sizes),
                     pinned=tuple(pinned), plays=plays, landlord_played=played[pos.landlord],
                     passes=tuple(_passes(pos, history)), bomb_room=bomb_room)


def _passes(pos: Position, history: list[tuple[int, Counts]]) -> list[Pass]:
    """The passes of the hidden seats on a move of their opponents (not on a partner's)."""
    out: list[Pass] = []
    table: tuple[int, Counts] | None = None
    passes = 0
    for at, (seat, cards) in enumerate(history):
        if any(cards):
            table, passes = (seat, cards), 0
            continue
        assert table is not None
        by, beaten = table
        opponents = (seat == pos.landlord) != (by == pos.landlord)
        if seat != pos.seat and opponents:
            out.append(Pass(seat, by, beaten, _played_by(seat, history[at + 1:])))
        passes += 1
        if passes >= pos.players - 1:
            table, passes = None, 0
    return out


def _played_by(seat: int, history: list[tuple[int, Counts]]) -> Counts:
    total = [0] * 15
    for who, cards in history:
        if who == seat:
            for i, n in enumerate(cards):
                total[i] += n
    return tuple(total)
