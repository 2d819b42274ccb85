"""Property tests of the move engine against a literal reading of RULES §1.1.

`reference_readings` re-derives every reading of a multiset straight from the rules text,
independently of the engine; the brute force enumerates every sub-multiset of small hands.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cards import Rank
from bot.games.doudizhu.moves import (
    Constraints,
    Hand,
    Move,
    MoveType,
    classify,
    legal_moves,
    order_key,
)

ACE, TWO, BLACK, RED = 14, 15, 16, 17
Reading = tuple[str, int, int, tuple[int, ...]]  # type, rank, length, cards


def _chain_ok(ranks: list[int], least: int, most: int) -> bool:
    return (least <= len(ranks) <= most and ranks[-1] <= ACE
            and ranks == list(range(ranks[0], ranks[0] + len(ranks))))


def reference_readings(cards: Counter[int]) -> set[Reading]:
    """Every reading of `cards` (rank values), from the rules text alone."""
    n = sum(cards.values())
    ranks = sorted(cards)
    key = tuple(sorted(cards.elements()))
    out: set[Reading] = set()

    def add(kind: str, rank: int, length: int = 1) -> None:
        out.add((kind, rank, length, key))

    shape = sorted(cards.values())
    if n == 1:
        add("single", ranks[0])
    if n == 2 and shape == [2]:
        add("pair", ranks[0])
    if ranks == [BLACK, RED]:
        add("rocket", RED)
    if shape == [3]:
        add("triple", ranks[0])
    if shape == [4]:
        add("bomb", ranks[0])
    for t in ranks:
        rest = cards - Counter({t: 3})
        if cards[t] != 3:
            continue
        if n == 4:
            add("triple_single", t)
        if n == 5 and len(rest) == 1 and max(rest.values()) == 2:
            add("triple_pair", t)
    for width, kind, least, most in ((1, "straight", 5, 12), (2, "pair_chain", 3, 10),
                                     (3, "triple_chain", 2, 6)):
        if set(shape) == {width} and _chain_ok(ranks, least, most):
            add(kind, ranks[-1], len(ranks))
    for k in range(2, 6):
        for low in range(3, ACE - k + 2):
            chain = range(low, low + k)
            main = Counter({r: 3 for r in chain})
            if any(cards[r] != 3 for r in chain):
                continue  # a fourth card of a chain rank would be a kicker of its own rank
            rest = cards - main
            beside = {low - 1, low + k} - {TWO}
            if (sum(rest.values()) == k and not (rest[BLACK] and rest[RED])
                    and all(v < 4 for v in rest.values())
                    and not any(rest[r] == 3 for r in beside)):
                add("plane_singles", low + k - 1, k)
            if k <= 4 and len(rest) == k and all(v == 2 for v in rest.values()):
                add("plane_pairs", low + k - 1, k)
    for f in ranks:
        if cards[f] != 4:
            continue
        rest = cards - Counter({f: 4})
        if n == 6 and not (rest[BLACK] and rest[RED]):
            add("four_two_singles", f)
        if n == 8 and len(rest) == 2 and all(v == 2 for v in rest.values()):
            add("four_two_pairs", f)
    return out


def as_reading(move: Move) -> Reading:
    return move.type.value, int(move.rank), move.length, tuple(int(r) for r in move.cards)


DECK = [r for r in range(3, 16) for _ in range(4)] + [BLACK, RED]


def hands(max_size: int = 20) -> st.SearchStrategy[Counter[int]]:
    """Random hands dealt from one deck."""
    return st.lists(st.sampled_from(range(54)), unique=True, max_size=max_size).map(
        lambda idx: Counter(DECK[i] for i in idx))


@st.composite
def dense_hands(draw: st.DrawFn, max_size: int = 12) -> Counter[int]:
    """Hands with many triples and fours close together: planes, four-with-two."""
    low = draw(st.integers(3, 12))
    counts = Counter({r: draw(st.integers(0, 4)) for r in range(low, min(low + 6, 16))})
    counts.update({j: 1 for j in (BLACK, RED) if draw(st.booleans())})
    cards = list(counts.elements())[:max_size]
    return Counter(cards)


def to_hand(cards: Counter[int]) -> Hand:
    return Hand.from_ranks(Rank(r) for r in cards.elements())


def sub_multisets(cards: Counter[int]):  # type: ignore[no-untyped-def]
    ranks = sorted(cards)
    for counts in product(*(range(cards[r] + 1) for r in ranks)):
        sub = Counter({r: k for r, k in zip(ranks, counts, strict=True) if k})
        if sub:
            yield sub


@settings(max_examples=150, deadline=None)
@given(hands() | dense_hands(20))
def test_every_lead_is_held_classifies_and_is_listed_once_in_order(cards: Counter[int]) -> None:
    moves = legal_moves(to_hand(cards))
    assert len(moves) == len(set(moves))
    assert moves == sorted(moves, key=order_key)
    for move in moves:
        assert not Counter(int(r) for r in move.cards) - cards
        assert move in classify(move.cards)
        assert as_reading(move) in reference_readings(Counter(int(r) for r in move.cards))


@settings(max_examples=60, deadline=None)
@given(hands(12) | dense_hands(12))
def test_brute_force_every_sub_multiset_that_is_a_move_is_generated(cards: Counter[int]) -> None:
    expected: set[Reading] = set()
    for sub in sub_multisets(cards):
        readings = reference_readings(sub)
        assert {as_reading(m) for m in classify(sub.elements())} == readings  # type: ignore[arg-type]
        expected |= readings
    assert {as_reading(m) for m in legal_moves(to_hand(cards))} == expected


@settings(max_examples=200, deadline=None)
@given(hands() | dense_hands(20), hands() | dense_hands(20), st.integers(0, 10**6))
def test_answers_are_exactly_the_leads_that_beat_the_move(
        cards: Counter[int], other: Counter[int], pick: int) -> None:
    their_leads = legal_moves(to_hand(other))
    if not their_leads:
        return
    to_beat = their_leads[pick % len(their_leads)]
    hand = to_hand(cards)
    answers = legal_moves(hand, to_beat)
    assert answers == [m for m in legal_moves(hand) if m.beats(to_beat)]
    # Bombs and the rocket are always offered when they beat the move.
    for rank in cards:
        if cards[rank] == 4 and (to_beat.type is not MoveType.BOMB or rank > to_beat.rank):
            assert to_beat.type is MoveType.ROCKET or any(
                m.type is MoveType.BOMB and m.rank == rank for m in answers)
    if cards[BLACK] and cards[RED] and to_beat.type is not MoveType.ROCKET:
        assert answers[-1].type is MoveType.ROCKET


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(3, 18)), min_size=1, max_size=20))
def test_classify_matches_the_rules_on_any_multiset(ranks: list[int]) -> None:
    cards = Counter(ranks)
    possible = all(v <= (1 if r >= BLACK else 4) for r, v in cards.items())
    expected = reference_readings(cards) if possible else set()
    assert {as_reading(m) for m in classify(Rank(r) for r in ranks)} == expected


@settings(max_examples=150, deadline=None)
@given(hands() | dense_hands(20))
def test_the_landlords_prohibitions_remove_exactly_the_forbidden_moves(
        cards: Counter[int]) -> None:
    hand = to_hand(cards)
    rules = Constraints.for_two_player_landlord(hand)
    allowed = set(legal_moves(hand, None, rules))
    bombs = sum(1 for r, v in cards.items() if v == 4) + (cards[BLACK] and cards[RED])
    for move in legal_moves(hand):
        held = Counter(int(r) for r in move.cards)
        four_with_two = move.type in (MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS)
        forbidden = (
            (cards[TWO] == 4 and held[TWO] and not (
                int(move.rank) == TWO and (move.type is MoveType.BOMB or four_with_two)))
            or (cards[BLACK] and cards[RED] and (held[BLACK] or held[RED])
                and move.type is not MoveType.ROCKET)
            or (bombs > 2 and four_with_two))
        assert (move in allowed) is not forbidden
