"""The move engine's named cases: readings, kicker rules, comparison, constraints, order."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from bot.cards import Rank
from bot.errors import CardParseError, IllegalAction
from bot.games.doudizhu.moves import (
    Constraints,
    Hand,
    Move,
    MoveError,
    MoveType,
    beats,
    classify,
    legal_moves,
    order_key,
    parse_hand,
    parse_move,
)

FULL_DECK = Hand([4] * 13 + [1, 1])


def readings(cards: str) -> list[tuple[str, str, int]]:
    return [(m.type.value, m.rank.char, m.length) for m in classify(parse_hand(cards).ranks())]


def moves_of(hand: str, last: str = "", constraints: Constraints | None = None) -> set[str]:
    to_beat = parse_move(last) if last else None
    return {str(m) for m in legal_moves(parse_hand(hand), to_beat, constraints)}


@pytest.mark.parametrize(("cards", "expected"), [
    ("3", ("single", "3", 1)),
    ("R", ("single", "R", 1)),
    ("22", ("pair", "2", 1)),
    ("BR", ("rocket", "R", 1)),
    ("TTT", ("triple", "T", 1)),
    ("333B", ("triple_single", "3", 1)),
    ("3332", ("triple_single", "3", 1)),
    ("33322", ("triple_pair", "3", 1)),
    ("34567", ("straight", "7", 5)),
    ("3456789TJQKA", ("straight", "A", 12)),
    ("334455", ("pair_chain", "5", 3)),
    ("QQKKAA", ("pair_chain", "A", 3)),
    ("333444", ("triple_chain", "4", 2)),
    ("33344456", ("plane_singles", "4", 2)),
    ("3334445566", ("plane_pairs", "4", 2)),
    ("333356", ("four_two_singles", "3", 1)),
    ("33335566", ("four_two_pairs", "3", 1)),
    ("2222", ("bomb", "2", 1)),
])
def test_each_of_the_fourteen_types_reads_as_itself(cards: str, expected: tuple) -> None:
    assert readings(cards) == [expected]


@pytest.mark.parametrize("cards", [
    "34", "3BR", "3456", "A2345", "KA2345", "3456B", "3344", "22AAKK", "33445566TT",
    "3333BR", "333444BR", "33334444", "3333 4", "333444 5555", "555666777888 3333",
    "333 44 5", "22233344", "2223334445", "3333444555", "33334",
])
def test_non_moves_have_no_reading(cards: str) -> None:
    assert readings(cards) == []


def test_a_chain_cannot_hold_a_2_or_a_joker() -> None:
    with pytest.raises(MoveError) as err:
        parse_move("A2345")
    assert str(err.value) == "A2345 is not a straight: 2 cannot be in a straight"
    assert readings("JQKA2") == []
    assert readings("KKAA22") == []
    assert readings("AAA222") == []


@pytest.mark.parametrize(("cards", "key"), [
    ("", "ddz.move.empty"),
    ("33333", "ddz.move.too_many_of_rank"),
    ("34", "ddz.move.two_singles"),
    ("345", "ddz.move.straight_too_short"),
    ("3456B", "ddz.move.straight_joker"),
    ("34568", "ddz.move.straight_gap"),
    ("3344", "ddz.move.pair_chain_too_short"),
    ("KKAA22", "ddz.move.pair_chain_two"),
    ("334466", "ddz.move.pair_chain_gap"),
    ("AAA222", "ddz.move.triple_chain_two"),
    ("333555", "ddz.move.triple_chain_gap"),
    ("3333BR", "ddz.move.kicker_rocket"),
    ("333444BR", "ddz.move.kicker_rocket"),
    ("33334", "ddz.move.four_kickers"),
    ("33345", "ddz.move.triple_kickers"),
    ("3334445556667778", "ddz.move.kicker_extends_chain"),
    ("5556667778883333", "ddz.move.kicker_bomb"),
    ("3334445555", "ddz.move.kicker_pairs_distinct"),
    ("33335555", "ddz.move.kicker_pairs_distinct"),
    ("33344455556", "ddz.move.kicker_bomb"),
    ("3333444455", "ddz.move.kicker_same_rank"),
    ("333444567", "ddz.move.plane_kickers"),
])
def test_a_non_move_says_why(cards: str, key: str) -> None:
    with pytest.raises(MoveError) as err:
        parse_move(cards)
    assert err.value.key == key
    assert isinstance(err.value, IllegalAction)
    assert str(err.value) and err.value.render("zh")


def test_unreadable_text_is_a_card_parse_error() -> None:
    with pytest.raises(CardParseError):
        parse_move("33x")
    with pytest.raises(CardParseError):
        parse_hand("3 4 Z")


def test_parse_hand_rejects_impossible_hands() -> None:
    with pytest.raises(MoveError):
        parse_hand("33333")
    with pytest.raises(MoveError):
        parse_hand("BB")


# --- Kicker edge cases (RULES §1.1) --------------------------------------------------------

def test_one_joker_may_be_a_kicker_but_not_both() -> None:
    assert readings("333B") == [("triple_single", "3", 1)]
    assert readings("3333BR") == []
    assert readings("333444BR") == []
    assert readings("3333B2") == [("four_two_singles", "3", 1)]
    assert "333444BR" not in moves_of("333444BR")
    assert {"3333BR", "333444BR"}.isdisjoint(moves_of("3333444BR"))


def test_a_pair_may_serve_as_two_single_kickers() -> None:
    assert readings("333344") == [("four_two_singles", "3", 1)]
    assert readings("33344455") == [("plane_singles", "4", 2)]
    assert {"333344", "33344455"} <= moves_of("333344455")


def test_a_triple_may_serve_as_three_single_kickers_unless_it_touches_the_chain() -> None:
    assert readings("333444555777") == [("plane_singles", "5", 3)]
    assert readings("333444555666") == [("triple_chain", "6", 4)]
    assert readings("444555666333") == [("triple_chain", "6", 4)]
    hand = moves_of("333444555666")
    assert "333444555666" in hand
    assert readings("3334445556667778") == []


def test_the_2_beside_an_ace_topped_plane_is_not_a_chain_extension() -> None:
    # RLCard's rule: 222 can never extend a chain, so it may be three wings of QQQKKKAAA.
    assert readings("QQQKKKAAA222") == [("plane_singles", "A", 3)]
    assert "QQQKKKAAA222" in moves_of("QQQKKKAAA222")


def test_a_four_of_a_kind_is_never_a_kicker() -> None:
    assert readings("5556667778883333") == []
    assert readings("33334444") == []
    assert readings("3334445555") == []
    assert "3334445555" not in moves_of("3334445555")


def test_kickers_never_share_a_rank_with_the_main_part() -> None:
    assert readings("33334") == []
    assert readings("3333444") == []
    assert readings("33334445") == []
    assert readings("333344445") == []


def test_kicker_pairs_are_real_pairs_of_distinct_ranks() -> None:
    assert readings("333BR") == []
    assert readings("33334444") == []
    assert readings("33335555") == []
    assert readings("3333444555") == []
    assert readings("333444555566") == []
    assert readings("333444555667") == [("plane_singles", "5", 3)]


def test_plane_wings_may_also_extend_the_chain_when_not_a_triple() -> None:
    # 55 beside 333444 is a pair of wings, not part of the plane.
    assert readings("33344455") == [("plane_singles", "4", 2)]
    assert readings("3334445566") == [("plane_pairs", "4", 2)]


def test_four_with_two_pairs_differs_from_four_with_two_singles() -> None:
    assert readings("333344") == [("four_two_singles", "3", 1)]
    assert readings("33334455") == [("four_two_pairs", "3", 1)]
    assert not parse_move("444456").beats(parse_move("33334455"))
    assert not parse_move("44445566").beats(parse_move("333356"))
    assert not parse_move("444456").beats(parse_move("33334455"))


def test_chain_lengths_are_bounded() -> None:
    pairs_11 = "".join(ch * 2 for ch in "3456789TJQK")
    assert readings(pairs_11) == []
    triples_7 = "".join(ch * 3 for ch in "3456789")
    assert readings(triples_7) == []
    planes_6 = "".join(ch * 3 for ch in "345678") + "TJQKA2"
    assert readings(planes_6) == []
    plane_pairs_5 = "".join(ch * 3 for ch in "34567") + "99TTJJQQKK"
    assert readings(plane_pairs_5) == []
    assert readings("".join(ch * 3 for ch in "34567") + "9TJQK") == [("plane_singles", "7", 5)]


# --- Comparison -------------------------------------------------------------------------

@pytest.mark.parametrize(("mine", "theirs", "expected"), [
    ("4", "3", True), ("3", "4", False), ("3", "3", False),
    ("2", "A", True), ("R", "B", True), ("B", "2", True),
    ("44", "33", True), ("44", "3", False),
    ("45678", "34567", True), ("456789", "34567", False),
    ("4445", "333A", True), ("4445", "33344", False),
    ("44455566", "333444AA", True),
    ("3333", "22", True), ("3333", "BR", False), ("4444", "3333", True),
    ("BR", "2222", True), ("BR", "3", True),
    ("444456", "333322", True), ("555566", "44447788", False),
])
def test_beats_follows_rules(mine: str, theirs: str, expected: bool) -> None:
    assert parse_move(mine).beats(parse_move(theirs)) is expected
    assert beats(parse_move(mine), parse_move(theirs)) is expected


def test_plane_kickers_never_count() -> None:
    low_chain_high_wings = parse_move("333444KKAA")
    assert parse_move("4445553366").beats(low_chain_high_wings)
    assert not low_chain_high_wings.beats(parse_move("4445553366"))


# --- Generation -------------------------------------------------------------------------

def test_the_move_universe_is_rlcards_action_space() -> None:
    # RLCard's Dou Dizhu action space (jsondata/card_type.json): 27,471 moves plus pass.
    universe = legal_moves(FULL_DECK)
    assert len(universe) == len(set(universe)) == 27471
    counts = Counter(m.type.value for m in universe)
    assert counts == {
        "plane_singles": 10388 + 7184 + 3282 + 968, "plane_pairs": 1200 + 1134 + 605,
        "four_two_singles": 1326, "four_two_pairs": 858, "triple_single": 182,
        "triple_pair": 156, "single": 15, "pair": 13, "triple": 13, "bomb": 13,
        "triple_chain": 11 + 10 + 9 + 8 + 7, "pair_chain": 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3,
        "straight": 8 + 7 + 6 + 5 + 4 + 3 + 2 + 1, "rocket": 1,
    }
    assert all(classify(m.cards) == [m] for m in universe)


def test_bombs_and_the_rocket_answer_anything_but_a_higher_bomb() -> None:
    hand = "33334444BR5"
    assert moves_of(hand, "2") == {"3333", "4444", "BR", "B", "R"}
    assert moves_of(hand, "3333") == {"4444", "BR"}
    assert moves_of(hand, "2222") == {"BR"}
    assert moves_of(hand, "BR") == set()


def test_leads_are_listed_in_the_documented_order_without_duplicates() -> None:
    moves = legal_moves(parse_hand("333444555666789TJQKA22BR"[:20]))
    assert moves == sorted(moves, key=order_key)
    assert len(moves) == len(set(moves))


def test_moves_are_shared_objects() -> None:
    hand = parse_hand("3334445")
    assert all(a is b for a, b in zip(legal_moves(hand), legal_moves(hand), strict=True))
    assert parse_move("4445") is legal_moves(hand, parse_move("3334"))[1]
    assert parse_move("33344455") == classify(parse_hand("33344455").ranks())[0]


def test_move_fields_and_text() -> None:
    move = parse_move("5 3 3 3 4 4 4 6")
    assert move.type is MoveType.PLANE_SINGLES
    assert move.rank is Rank.FOUR and move.length == 2
    assert move.cards == tuple(Rank(v) for v in (3, 3, 3, 4, 4, 4, 5, 6))
    assert move.kickers == (Rank.FIVE, Rank.SIX)
    assert str(move) == "33344456"
    assert not move.is_bomb and parse_move("王炸").is_bomb and parse_move("7777").is_bomb
    assert isinstance(move, Move) and hash(move) == hash(parse_move("33344465"))


def test_hand_is_an_immutable_multiset() -> None:
    hand = parse_hand("2B33R")
    assert str(hand) == "332BR" and len(hand) == 5 and hand.count(Rank.THREE) == 2
    assert hand.ranks() == (Rank.THREE, Rank.THREE, Rank.TWO, Rank.BLACK_JOKER, Rank.RED_JOKER)
    assert hand.contains([Rank.THREE, Rank.THREE]) and not hand.contains([Rank.FOUR])
    assert str(hand.remove([Rank.THREE, Rank.RED_JOKER])) == "32B"
    with pytest.raises(ValueError):
        hand.remove([Rank.FOUR])
    again = Hand.from_ranks(hand.ranks())
    assert again == hand and hash(again) == hash(hand)
    with pytest.raises(AttributeError):
        hand.x = 1  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_moves_survive_pickling_and_read_well_in_logs() -> None:
    move = parse_move("33344456")
    assert pickle.loads(pickle.dumps(move)) == move
    assert repr(move) == "Move(plane_singles 33344456)"


# --- Two-player landlord constraints (RULES §2) ------------------------------------------

def test_constraints_are_judged_on_the_hand() -> None:
    assert Constraints.for_two_player_landlord(parse_hand("2222BR3")) == Constraints(
        keep_twos_whole=True, keep_rocket_whole=True, no_four_with_two=False)
    assert Constraints.for_two_player_landlord(parse_hand("33334444BR")).no_four_with_two
    assert not Constraints.for_two_player_landlord(parse_hand("33334444B")).active


def test_four_2s_play_only_as_the_bomb_or_four_with_two() -> None:
    hand = "222234"
    rules = Constraints.for_two_player_landlord(parse_hand(hand))
    assert moves_of(hand, constraints=rules) == {"3", "4", "2222", "342222"}
    assert moves_of(hand, "A", rules) == {"2222"}


def test_both_jokers_play_only_as_the_rocket() -> None:
    hand = "BR333"
    rules = Constraints.for_two_player_landlord(parse_hand(hand))
    assert moves_of(hand, constraints=rules) == {"3", "33", "333", "BR"}
    assert moves_of(hand, "2", rules) == {"BR"}


def test_more_than_two_bombs_forbid_four_with_two() -> None:
    hand = "33334444555567"
    rules = Constraints.for_two_player_landlord(parse_hand(hand))
    assert rules.no_four_with_two
    led = legal_moves(parse_hand(hand), None, rules)
    assert all(m.type not in (MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS) for m in led)
    assert "333367" in moves_of(hand)


@pytest.mark.parametrize("fields", [
    (MoveType.TRIPLE_SINGLE, Rank(5), 1, (Rank(5), Rank(5), Rank(7), Rank(7)), (Rank(7),), 0),
    (MoveType.BOMB, Rank(9), 1, (Rank(7), Rank(9), Rank(9), Rank(9)), (), 412),  # a 软炸 of 9s
    (MoveType.STRAIGHT, Rank(10), 5, tuple(Rank(r) for r in range(6, 11)), (), 0),
])
def test_the_fast_constructor_makes_the_same_move_as_the_dataclass(
        fields: tuple[object, ...]) -> None:
    from bot.games.doudizhu._model import make_move

    fast, slow = make_move(*fields), Move(*fields)  # type: ignore[arg-type]
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert (fast.type, fast.rank, fast.length, fast.cards, fast.kickers, fast.power) \
        == (slow.type, slow.rank, slow.length, slow.cards, slow.kickers, slow.power)
    assert pickle.loads(pickle.dumps(fast)) == slow
    with pytest.raises(AttributeError):
        fast.rank = Rank(3)  # type: ignore[misc]
