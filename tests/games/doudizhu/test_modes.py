"""The 癞子 / 天地癞子, 不洗牌 and 超级加倍 modes in the hand (RULES §2.1)."""

from __future__ import annotations

import random

import pytest

from bot.cards import Rank
from bot.errors import IllegalAction
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.deal import PACKET, deal_gathered
from bot.games.doudizhu.options import RuleOptions, validate
from bot.games.doudizhu.spec import DOUDIZHU2, DOUDIZHU3, gathered
from bot.games.doudizhu.state import DoudizhuState
from bot.games.doudizhu.text import DoudizhuText, read_order
from bot.host import games
from bot.host.host import refusal_text

from .deals import make, run

FIVE = 2  # rank index of the 5


def ranks(text: str) -> list[Rank]:
    return list(mv.parse_hand(text).ranks())


def with_wild(state: DoudizhuState, *wilds: int) -> DoudizhuState:
    """The state with chosen wild ranks (the seed's draw replaced, for a chosen position)."""
    return state.evolve(wilds=wilds)


# -- options -------------------------------------------------------------------------------

def test_the_options_are_checked_and_off_by_default() -> None:
    rules = RuleOptions()
    assert (rules.variant, rules.shuffle, rules.doubling) == ("classic", True, False)
    assert not rules.wild_mode
    assert validate({"variant": "tiandi_laizi", "doubling": "super", "shuffle": False}).wild_mode
    for bad in ({"variant": "wild"}, {"doubling": "x4"}, {"doubling": 4}, {"shuffle": "no"}):
        with pytest.raises(IllegalAction) as caught:
            validate(bad)
        assert caught.value.key == "ddz.err.bad_option"


def test_a_classic_hand_has_no_wild_card_and_its_moves_are_the_classic_ones() -> None:
    state = DOUDIZHU3.new_game(3, {}, 11)
    assert state.wilds == () and state.wild is None
    hand = state.rank_hand(0)
    assert state.legal_moves(state.turn or 0) == []  # bidding
    assert mv.legal_moves(hand) == mv.legal_moves(hand, None, None, None)


# -- the wild ranks ----------------------------------------------------------------------------

def test_laizi_draws_one_rank_once_the_landlord_takes_the_bottom() -> None:
    state = DOUDIZHU3.new_game(3, {"variant": "laizi"}, 5)
    assert state.wilds == ()
    after, events = state.apply(state.turn or 0, "bid 3")
    assert len(after.wilds) == 1 and 0 <= after.wilds[0] <= 12
    wild = [e for e in events if e.kind == "ddz.wild"]
    assert wild and wild[0].params["kind"] == "laizi"
    # The same seed draws the same rank.
    again, _ = DOUDIZHU3.new_game(3, {"variant": "laizi"}, 5).apply(state.turn or 0, "bid 3")
    assert again.wilds == after.wilds
    assert after.public().wilds == "3456789TJQKA2"[after.wilds[0]]


def test_tiandi_laizi_draws_the_sky_rank_before_bidding_and_a_different_earth_rank_after() -> None:
    for seed in range(30):
        state = DOUDIZHU3.new_game(3, {"variant": "tiandi_laizi"}, seed)
        assert len(state.wilds) == 1
        after, _ = state.apply(state.turn or 0, "bid 3")
        assert len(after.wilds) == 2 and after.wilds[0] == state.wilds[0]
        assert after.wilds[0] != after.wilds[1]
        assert after.wild is not None and after.wild.long_bombs


# -- readings ----------------------------------------------------------------------------------

def test_bombs_order_soft_hard_pure_long_and_the_rocket() -> None:
    laizi = mv.Wild((FIVE,))
    tiandi = mv.Wild((FIVE, 6), long_bombs=True)  # 5s and 9s

    def bomb(cards: str, wild: mv.Wild) -> mv.Move:
        return next(m for m in mv.classify_wild(ranks(cards), wild) if m.is_bomb)

    soft7, hard7 = bomb("7775", laizi), bomb("7777", laizi)
    soft8, pure = bomb("8885", laizi), bomb("5555", laizi)
    assert mv.bomb_kind(soft7) == mv.SOFT and mv.bomb_kind(hard7) == mv.HARD
    assert mv.bomb_kind(pure) == mv.PURE
    assert hard7.beats(soft7) and not soft7.beats(hard7)
    assert soft8.beats(hard7)  # by rank first
    assert pure.beats(bomb("2222", laizi)) and not bomb("2222", laizi).beats(pure)
    long7 = bomb("77779", tiandi)
    assert len(long7.cards) == 5 and long7.beats(bomb("5599", tiandi))
    rocket = mv.classify(ranks("BR"))[0]
    assert rocket.beats(long7) and rocket.beats(pure)
    # 癞子 has no long bombs: four natural cards and a wild are not a bomb.
    assert not any(m.is_bomb for m in mv.classify_wild(ranks("77775"), laizi))


def test_a_wild_card_alone_is_itself_and_stands_in_only_beside_a_natural_card() -> None:
    wild = mv.Wild((FIVE,))
    assert [m.type for m in mv.classify_wild(ranks("5"), wild)] == [mv.MoveType.SINGLE]
    pair = mv.classify_wild(ranks("55"), wild)
    assert [(m.type, m.rank) for m in pair] == [(mv.MoveType.PAIR, Rank.FIVE)]
    assert {(m.type, m.rank) for m in mv.classify_wild(ranks("K5"), wild)} == {
        (mv.MoveType.PAIR, Rank.KING)}
    straight = mv.classify_wild(ranks("34675"), wild)
    assert {(m.type, m.rank) for m in straight} == {(mv.MoveType.STRAIGHT, Rank.SEVEN)}
    assert not mv.classify_wild(ranks("BR5"), wild) or all(
        m.type is not mv.MoveType.ROCKET for m in mv.classify_wild(ranks("B5"), wild))


def playing(**options: object) -> DoudizhuState:
    """Seat 0 the landlord holding 3 3 3 5 7 7 7 ... with 5 wild, about to lead."""
    state = make("3335777", "888999", first=0, **options)
    state = run(state, "bid 3")
    if state.phase.value == "doubling":
        state = run(state, "no-double", "no-double", "no-double")
    return with_wild(state, FIVE)


def test_several_readings_ask_which_and_a_named_one_is_played() -> None:
    state = playing(variant="laizi")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "play 7775")
    assert caught.value.key == "ddz.err.which_reading"
    # Cards are written ascending (the 5 first): as a 软炸 of 7s, or three 7s and the 5.
    assert caught.value.params["choices"] == "5777=5777, 5777=7777"
    after, events = state.apply(0, "play 7775=7777")
    assert after.actions[-1] == "play 5777=7777"
    assert after.causes == ("soft_bomb",) and after.multiplier == 2
    assert any(e.kind == "ddz.bomb" and e.params.get("kind") == "soft_bomb" for e in events)
    assert after.public().trick is not None and after.public().trick.reading == "7777"
    # 当 in Chinese, the other reading: three 7s and the 5 as a kicker.
    other, _ = state.apply(0, "5777当7775")
    assert other.table is not None and other.table[2] == "triple_single"
    # A reading the cards cannot make is refused with the choices, the state unchanged.
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "play 7775=8888")
    assert caught.value.key == "ddz.err.no_such_reading"


def test_a_play_that_does_not_beat_names_the_trick_as_the_table_shows_it() -> None:
    """The refusal shows the trick in play order, its reading named when a wild card stands
    in (the engine's compact cards are ascending: 5 7 7 7)."""
    state = playing(variant="laizi")
    for led, zh, en in (("5777=7777", "8 管不住 7 7 7 5★(当 7 7 7 7)",
                         "8 does not beat 7 7 7 5★ (as 7 7 7 7)"),
                        ("5777=7775", "8 管不住 7 7 7 5", "8 does not beat 7 7 7 5")):
        after, _ = state.apply(0, f"play {led}")
        with pytest.raises(IllegalAction) as caught:
            after.apply(1, "play 8")
        assert caught.value.key == "ddz.err.does_not_beat"
        assert (refusal_text(caught.value, "zh"), refusal_text(caught.value, "en")) == (zh, en)


def test_a_hard_bomb_counts_four_and_super_doubling_four() -> None:
    state = make("3337777", "888999", first=0, variant="laizi", doubling="super")
    state = run(state, "bid 3")
    assert state.legal_actions(state.turn or 0) == ["double", "super-double", "no-double"]
    state = run(state, "super-double", "no-double", "double")
    state = with_wild(state, 12)  # 2s wild: the landlord's 7s are natural
    after, _ = state.apply(0, "play 7777")
    assert after.causes == ("hard_bomb",) and after.multiplier == 4
    farmers = after.farmers()
    # The farmer who super-doubled plays for 4 × 2 (landlord doubled) × 3 × 4.
    stakes = {f: after.stake(f) for f in farmers}
    assert stakes[1] == 3 * 4 * 4 * 2 and stakes[2] == 3 * 4 * 1 * 2


# -- 不洗牌 --------------------------------------------------------------------------------------

def test_no_shuffle_deals_the_gathered_cards_cut_and_in_packets() -> None:
    order = tuple(DOUDIZHU3.new_game(3, {}, 1).hands[0]) + tuple(
        c for h in DOUDIZHU3.new_game(3, {}, 1).hands[1:] for c in h) + tuple(
        DOUDIZHU3.new_game(3, {}, 1).bottom)
    dealt = deal_gathered(9, order)
    assert sorted(c for h in dealt.hands for c in h) + sorted(dealt.bottom) != []
    assert sorted([*dealt.hands[0], *dealt.hands[1], *dealt.hands[2], *dealt.bottom]) \
        == sorted(order)
    # Packets: each hand holds runs of four cards that lie together in the gathered order
    # (after the cut), so the first packet of seat 0 is four neighbours.
    position = {c: i for i, c in enumerate(order)}
    places = sorted(position[c] for c in dealt.hands[0])
    runs = sum(1 for a, b in zip(places, places[1:], strict=False) if (b - a) % 54 == 1)
    assert runs >= 3 * (17 // PACKET) - 2
    assert deal_gathered(9, order) == dealt and deal_gathered(10, order) != dealt


def _play_out(spec, state, rng):  # type: ignore[no-untyped-def]
    while not state.is_over:
        seat = state.turn
        action = spec.ai_action(state, seat, rng) if rng.random() < 0.7 else rng.choice(
            state.legal_actions(seat))
        state, _ = state.apply(seat, action)
    return state


def test_no_shuffle_carries_the_played_order_to_the_next_hand_and_redeals_it() -> None:
    options = {"shuffle": False, "variant": "laizi"}
    rng = random.Random(3)
    first = _play_out(DOUDIZHU3, DOUDIZHU3.new_game(3, options, 100), rng)
    outcome = DOUDIZHU3.outcome(first)
    assert outcome.dealt_with is None and outcome.carry is not None
    order = outcome.carry["order"].split()
    assert len(order) == 54 and order[:len(first.history[0][1].split())] == \
        first.history[0][1].split()
    assert tuple(order) == gathered(first)
    second = DOUDIZHU3.new_game(3, options, 200, carry=outcome.carry)
    assert second.gathered == tuple(order)
    second = _play_out(DOUDIZHU3, second, rng)
    done = DOUDIZHU3.outcome(second)
    assert done.dealt_with == {"order": " ".join(order)}
    # A replay (and `verify`) deals it again from the seed and what it was dealt with.
    again = games.redeal("doudizhu3", 3, options, 200, {"dealt_with": done.dealt_with})
    assert again.hands == DOUDIZHU3.new_game(3, options, 200, carry=outcome.carry).hands
    # With shuffling on, a carry is ignored.
    assert DOUDIZHU3.new_game(3, {}, 200, carry=outcome.carry).hands == \
        DOUDIZHU3.new_game(3, {}, 200).hands


# -- whole hands ------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", [DOUDIZHU3, DOUDIZHU2], ids=["three", "two"])
@pytest.mark.parametrize("variant", ["laizi", "tiandi_laizi"])
def test_whole_hands_in_the_modes_keep_the_invariants(spec, variant) -> None:  # type: ignore[no-untyped-def]
    options = {"variant": variant, "doubling": "super", "shuffle": False}
    carry = None
    for seed in range(12):
        rng = random.Random(seed)
        state = spec.new_game(spec.players, options, seed, carry=carry)
        while not state.is_over:
            seat = state.turn
            legal = state.legal_actions(seat)
            hints = spec.hints(state, seat)
            assert hints and all(h in legal for h in hints[:3] if h != "pass" or "pass" in legal)
            action = spec.ai_action(state, seat, rng) if rng.random() < 0.7 else rng.choice(legal)
            assert action in legal
            state, _ = state.apply(seat, action)
            # Every card is somewhere: in a hand, in the bottom (before it is taken), played.
            held = sum(len(h) for h in state.hands)
            bottom = 0 if state.landlord is not None else len(state.bottom)
            played = sum(len(s.split()) for _, s in state.history)
            assert held + bottom + played == 54
            assert DoudizhuState.from_dict(state.to_dict()) == state
        assert sum(state.scores()) == 0
        # The canonical actions replay to the same hand.
        replay = spec.new_game(spec.players, options, seed, carry=carry)
        for action in state.actions:
            replay, _ = replay.apply(replay.turn, action)
        assert replay.scores() == state.scores() and replay.causes == state.causes
        carry = spec.outcome(state).carry


def test_the_referee_judges_plays_with_wild_cards() -> None:
    from bot.games.doudizhu.referee import judge_moves

    assert judge_moves({"hand": "3345777", "last": "4445=4444", "wild": "5"}) == {
        "legal": ["5777=7777"]}
    assert judge_moves({"hand": "3345777", "last": "6", "wild": "5"}) == {
        "legal": ["7", "5777=7777"]}
    readings = judge_moves({"cards": "7775", "wild": "5"})["readings"]
    assert [(r["type"], r["as"], r.get("bomb")) for r in readings] == [
        ("triple_single", "5777", None), ("bomb", "7777", "soft")]
    assert judge_moves({"cards": "77779", "wild": "59"})["readings"][0]["bomb"] == "soft"
    # Without "wild" the classic referee answers as before.
    assert judge_moves({"hand": "3345777", "last": "6"}) == {"legal": ["7"]}


@pytest.mark.parametrize("variant", ["laizi", "tiandi_laizi"])
def test_a_hand_in_the_modes_is_judged_again_from_its_record(variant: str) -> None:
    from bot.games.doudizhu.game_referee import judge_record

    for seed in range(8):
        rng = random.Random(seed)
        state = _play_out(DOUDIZHU3, DOUDIZHU3.new_game(
            3, {"variant": variant, "doubling": "super"}, seed), rng)
        record = state.record()
        assert record["wilds"] == "".join("3456789TJQKA2"[i] for i in state.wilds)
        if state.deal:
            continue  # a redealt hand's record starts at its last deal (as before)
        assert judge_record(record) == state.result()


def test_a_play_with_wild_cards_is_shown_in_the_order_of_its_reading() -> None:
    """Each card sits under the rank it is read as (the apps lay a 癞子 where it stands in):
    a pair chain 4 4 5 5 6 6 made with a wild 7 reads 4 7 5 5 6 6, not 5 5 6 6 4 7."""
    assert read_order("455667", "445566") == "475566"
    assert read_order("7799JJ", "99TTJJ") == "9977JJ"
    assert read_order("5777", "7775") == "7775"  # three 7s (wild as itself) and the 5
    assert read_order("5777", "7777") == "7775"  # a 软炸: the 5 stands with the 7s
    assert read_order("3337", "3334") == "3337"
    text = DoudizhuText({"mode": "laizi"})
    # the card that stands in is marked ★, as the wild cards are in a hand
    assert text.action_text("play 455667=445566", "en") == "4 7★ 5 5 6 6 as 4 4 5 5 6 6"
    assert text.action_text("play 455667=445566", "zh") == "4 7★ 5 5 6 6 当 4 4 5 5 6 6"
    assert text.action_text("play 5777=7777", "zh") == "7 7 7 5★ 当 7 7 7 7"
    assert text.action_text("play 5777=7775", "en") == "7 7 7 5 as 7 7 7 5"  # none stands in
