"""Wild-card plays (癞子 / 天地癞子, RULES §2.1) against an independent brute force.

The brute force knows nothing of the generator: for every subset of a hand's cards it tries
every assignment of ranks 3…2 to the wild cards among them and asks the classic classifier
(checked elsewhere against RLCard) what the cards then read as; a play of wild cards alone
reads as itself, four of them also as the 纯癞子炸. Its comparison of readings is written out
here from RULES §2.1, apart from `Move.beats`.

On 10,000 random hands (both modes, with and without a move to beat) the generator must
offer exactly the readings the brute force finds, every move it lists must be a reading of
its own cards, and the referee's readings of random plays must be the brute force's.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement, product

from bot.cards import Rank
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu._classify import classify_counts

Key = tuple[str, int, int, str | None, int]  # type, rank index, length, bomb kind, cards

DECK = [i for i in range(13) for _ in range(4)] + [13, 14]


@cache
def brute_play(play: tuple[int, ...], wilds: tuple[int, ...], long_bombs: bool) -> frozenset[Key]:
    """Every reading of exactly these cards (rank indices, sorted)."""
    size = len(play)
    wild = [i for i in play if i in wilds]
    natural = [i for i in play if i not in wilds]
    keys: set[Key] = set()
    if not natural:
        counts = [0] * 15
        for i in play:
            counts[i] += 1
        for m in classify_counts(counts):
            if m.type is not mv.MoveType.BOMB:
                keys.add((m.type.value, m.rank - 3, m.length, None, size))
        if size == 4:
            keys.add(("bomb", max(wilds), 1, "pure", 4))
        return frozenset(keys)
    for stand_in in combinations_with_replacement(range(13), len(wild)):
        counts = [0] * 15
        for i in natural:
            counts[i] += 1
        for i in stand_in:
            counts[i] += 1
        held = [i for i in range(15) if counts[i]]
        if max(counts) > 4:
            if long_bombs and len(held) == 1 and 5 <= size <= 8:
                keys.add(("bomb", held[0], 1, "soft", size))
            continue
        for m in classify_counts(counts):
            kind = None
            if m.type is mv.MoveType.BOMB:
                kind = "soft" if wild else "hard"
            keys.add((m.type.value, m.rank - 3, m.length, kind, size))
    return frozenset(keys)


def brute_beats(mine: Key, theirs: Key) -> bool:
    """RULES §2.1's order, written out: rocket; bombs by (cards, pure, rank, hard); else the
    same type and length with a higher rank."""
    if mine[0] == "rocket":
        return theirs[0] != "rocket"
    if theirs[0] == "rocket":
        return False
    if mine[0] == "bomb":
        if theirs[0] != "bomb":
            return True
        def order(k: Key) -> tuple[int, int, int, int]:
            return k[4], k[3] == "pure", k[1], k[3] == "hard"
        return order(mine) > order(theirs)
    return mine[0] == theirs[0] and mine[2] == theirs[2] and mine[1] > theirs[1]


def brute_hand(hand: tuple[int, ...], wilds: tuple[int, ...], long_bombs: bool,
               table: Key | None) -> set[Key]:
    counts = [hand.count(i) for i in range(15)]
    held = [i for i in range(15) if counts[i]]
    out: set[Key] = set()
    for take in product(*(range(counts[i] + 1) for i in held)):
        play = tuple(i for i, k in zip(held, take, strict=True) for _ in range(k))
        if play:
            out |= {k for k in brute_play(play, wilds, long_bombs)
                    if table is None or brute_beats(k, table)}
    return out


def key(m: mv.Move) -> Key:
    return (m.type.value, m.rank - 3, m.length, mv.bomb_kind(m), len(m.cards))


def _deal(rng: random.Random) -> tuple[tuple[int, ...], mv.Wild]:
    long_bombs = rng.random() < 0.5
    wilds = tuple(sorted(rng.sample(range(13), 2 if long_bombs else 1)))
    deck = list(DECK)
    rng.shuffle(deck)
    size = rng.randint(2, 7)
    # Half the hands are dealt a wild card or more on purpose (they are what is tested).
    hand = deck[:size]
    if rng.random() < 0.5 and not any(i in wilds for i in hand):
        hand[0] = wilds[0]
    return tuple(sorted(hand)), mv.Wild(wilds, long_bombs)


def test_generator_and_referee_agree_with_brute_force_on_10000_hands() -> None:
    rng = random.Random(41)
    checked_tables = checked_plays = 0
    for n in range(10_000):
        hand, wild = _deal(rng)
        h = mv.Hand([hand.count(i) for i in range(15)])
        table_move = None
        if n % 2:
            # A move to beat: a reading of a random play of another random hand.
            other, _ = _deal(rng)
            leads = mv.legal_moves(mv.Hand([other.count(i) for i in range(15)]), None, None,
                                   wild)
            table_move = rng.choice(leads)
            checked_tables += 1
        moves = mv.legal_moves(h, table_move, None, wild)
        table = None if table_move is None else key(table_move)
        assert {key(m) for m in moves} == brute_hand(hand, wild.ranks, wild.long_bombs,
                                                     table), (hand, wild, table)
        for m in moves:
            cards = tuple(sorted(r - 3 for r in m.cards))
            assert key(m) in brute_play(cards, wild.ranks, wild.long_bombs), (m, wild)
            assert table_move is None or m.beats(table_move)
        # The referee: a random subset of the hand, read as one play.
        play = tuple(sorted(rng.sample(hand, rng.randint(1, len(hand)))))
        got = {key(m) for m in mv.classify_wild([Rank(i + 3) for i in play], wild)}
        assert got == set(brute_play(play, wild.ranks, wild.long_bombs)), (play, wild)
        checked_plays += 1
    assert checked_tables == 5_000 and checked_plays == 10_000


def test_whole_hands_list_each_reading_once_in_listing_order() -> None:
    """On dealt hands (17 and 20 cards, both modes) the generator lists every reading once,
    in the listing order (type, length, rank, kickers, cards), kickers ascending; answers too."""
    rng = random.Random(7)
    order = {t: i for i, t in enumerate(mv.MoveType)}

    def listing(m: mv.Move) -> tuple[object, ...]:
        return (order[m.type], m.length, m.rank, m.kickers, m.cards, m.power)

    for n in range(300):
        deck = list(DECK)
        rng.shuffle(deck)
        two = n % 2 == 1
        wild = mv.Wild(tuple(sorted(rng.sample(range(13), 2 if two else 1))), two)
        size = 20 if n % 3 == 0 else 17
        hand = mv.Hand([deck[:size].count(i) for i in range(15)])
        other = mv.Hand([deck[size:size + 17].count(i) for i in range(15)])
        for to_beat in (None, rng.choice(mv.legal_moves(other, None, None, wild))):
            moves = mv.legal_moves(hand, to_beat, None, wild)
            keys = [listing(m) for m in moves]
            assert keys == sorted(keys), (hand, wild, to_beat)
            assert len(set(keys)) == len(keys), (hand, wild, to_beat)
            assert all(list(m.kickers) == sorted(m.kickers) for m in moves)
