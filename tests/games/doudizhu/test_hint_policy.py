"""The hint policy: passing is never suggested while a play keeps the bombs whole, and a
bomb or the rocket is broken only when nothing else beats (bot.games.doudizhu.hint_policy)."""

from __future__ import annotations

from bot.games.doudizhu.ai import choose_action
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.hint_policy import BREAKS, CLEAN, PASSING, WHOLE, hint_class, order_hints
from bot.games.doudizhu.spec import DOUDIZHU3

from .deals import make, run


def counts_of(ranks: str) -> list[int]:
    counts = [0] * 15
    chars = "3456789TJQKA2BR"
    for ch in ranks:
        counts[chars.index(ch)] += 1
    return counts


def test_each_play_is_classed_by_what_it_does_to_bombs_and_the_rocket() -> None:
    hand = counts_of("3456772222BR")
    assert hint_class("play 7", hand) == CLEAN
    assert hint_class("play 2222", hand) == WHOLE and hint_class("play BR", hand) == WHOLE
    assert hint_class("play 7222", hand) == BREAKS  # 三带一 out of the bomb
    assert hint_class("play 222234", hand) == BREAKS  # 四带二 spends the bomb too
    assert hint_class("play R", hand) == BREAKS and hint_class("play B", hand) == BREAKS
    assert hint_class("pass", hand) == PASSING
    assert hint_class("play R", counts_of("34R")) == CLEAN  # one joker is no rocket


def test_pass_and_broken_bombs_go_after_every_clean_play() -> None:
    hand = counts_of("3456772222BR")
    assert order_hints(["pass", "play 7222", "play 2222", "play 77", "play R"], hand) == \
        ["play 77", "play 2222", "play 7222", "play R", "pass"]


def test_a_bomb_is_suggested_first_when_nothing_else_beats() -> None:
    hand = counts_of("345552222")
    assert order_hints(["pass", "play 2222"], hand) == ["play 2222", "pass"]


def test_the_first_hint_keeps_2222_whole_and_never_passes_with_a_play_in_hand() -> None:
    # Before: with 2222 held the first suggestion was `7 2 2 2`; and 不出 could come first.
    state = make("2222789TJQKA33", "444", first=1)
    state = run(state, "bid 3")  # seat 1 is the landlord, and leads
    landlord = state.landlord
    while state.to_act() != [0]:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state = run(state, next(a for a in legal if a != "pass"))
    hints = DOUDIZHU3.hints(state, 0)
    counts = rank_counts(state.hand(0))
    assert landlord == 1 and hints
    if any(hint_class(a, counts) == CLEAN for a in hints):
        assert hint_class(hints[0], counts) == CLEAN
    assert hints[0] != "pass"


def test_no_hint_of_any_seeded_game_passes_first_or_breaks_a_bomb_needlessly() -> None:
    import random

    for seed in range(12):
        state = DOUDIZHU3.new_game(3, {}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            (seat,) = state.to_act()
            if state.phase.value == "playing":
                hints = DOUDIZHU3.hints(state, seat)
                counts = rank_counts(state.hand(seat))
                if hints and hints[0] == "pass" and len(hints) > 1:  # a partner's trick let through
                    assert state.table[0] not in (seat, state.landlord), (seed, hints)
                    assert seat != state.landlord and choose_action(state, seat) == "pass"
                    assert all(hint_class(a, counts) != CLEAN for a in hints), (seed, hints)
                    hints = hints[1:]
                classes = [hint_class(a, counts) for a in hints]
                assert classes == sorted(classes), (seed, hints)
                legal = state.legal_actions(seat)
                clean = [a for a in legal if a != "pass" and hint_class(a, counts) == CLEAN]
                if clean:
                    assert classes[0] == CLEAN, (seed, hints)
            state, _ = state.apply(seat, DOUDIZHU3.ai_action(state, seat, rng))


def test_a_fellow_farmer_s_trick_is_let_through_not_bombed() -> None:
    # Before: my partner's Q Q K K A A held the trick, the landlord had passed, and the
    # first hint was my bomb 3 3 3 3 (Enter would have played it) though the AI passes.
    state = DOUDIZHU3.new_game(3, {}, seed=4371257431375131704, dealer=0)  # the console's
    for action in ("bid 3", "play 556677", "pass", "play QQKKAA", "pass"):
        (seat,) = state.to_act()
        state, _ = state.apply(seat, action)
    (seat,) = state.to_act()
    assert seat != state.landlord and state.table[0] not in (seat, state.landlord)
    assert state.legal_actions(seat) == ["play 3333", "pass"]
    assert DOUDIZHU3.hints(state, seat) == ["pass", "play 3333"]
    # Against the landlord's own play the bomb still comes first when nothing else beats.
    assert order_hints(["pass", "play 3333"], counts_of("33335")) == ["play 3333", "pass"]
