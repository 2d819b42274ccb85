"""打棒子 through the contract: matches end, views hide hands, the AI beats random play."""

from __future__ import annotations

import random

from bot.games.dabangzi import ai
from bot.games.dabangzi.referee import judge_trick
from bot.games.dabangzi.spec import DABANGZI
from bot.games.dabangzi.state import DabangziState


def ai_game(seed: int, match: bool, ai_team: int | None) -> DabangziState:
    """A game of the normal level (the strong level's rollout player; the strong level
    itself: test_ai.py, benchmarks/dabangzi_strong.py) against random play."""
    rng = random.Random(seed)
    state = DABANGZI.new_game(4, {"match": match}, seed, dealer=seed % 4)
    while not state.is_over:
        seat = state.to_act()[0]
        action = (ai.choose(state, seat, rng) if ai_team in (None, seat % 2)
                  else rng.choice(state.legal_actions(seat)))
        state = DABANGZI.step(state, seat, action).state
    return state


def test_a_whole_match_runs_from_level_2_until_a_team_passes_a() -> None:
    state = ai_game(3, True, None)
    outcome = DABANGZI.outcome(state)
    assert len(state.results) > 1 and sum(outcome.scores) == 0
    last = state.results[-1]
    assert state.levels[state.winner] > 12 or last.shutout  # past A, or clause 7


def test_the_ai_team_beats_random_play_by_a_wide_margin() -> None:
    wins = sum(ai_game(s, False, s % 2).winner == s % 2 for s in range(40))
    assert wins >= 32


def test_the_public_view_never_shows_the_hidden_kitty() -> None:
    state = DABANGZI.new_game(4, {}, 11, dealer=0)
    while state.phase != "play":
        seat = state.to_act()[0]
        state = DABANGZI.step(state, seat, DABANGZI.ai_action(state, seat, random.Random())).state
    public = state.public()
    assert public.kitty == () or any(c in ("B", "R") for c in public.kitty) \
        or state.level == "T"


def test_the_referee_names_the_winner_and_an_illegal_follow() -> None:
    answer = judge_trick({"level": "5", "suit": "h", "hun": "9h",
                          "plays": ["As As", "3d 4d", "3h 3h", "Kh R"],
                          "hands": ["As As", "3d 4d", "3h 3h Ks", "Kh R"]})
    assert answer == {"winner": 2, "points": 10, "lead": 1,
                      "legal": [True, True, False, True]}


def _dealer_wins_the_last_trick(levels: tuple[int, int], match: bool = True) -> DabangziState:
    """Seat 0 deals at `levels`, the attackers hold 20 points, and seat 0 wins the last trick
    (up 2 levels by the 升级 table)."""
    from tests.games.dabangzi.helpers import hands, position
    state = position(match=match, dealer=0, phase="play", asked=(1,), suit="c", hun="Jc",
                     levels=levels, points=20, kitty=("3s",) * 8,
                     hands=hands("As", "3d", "4d", "6d"))
    for seat, card in ((1, "3d"), (2, "4d"), (3, "6d"), (0, "As")):
        state, _ = state.apply(seat, f"play {card}")
    return state


def test_a_dealer_on_k_winning_two_levels_stops_at_a_and_must_play_it() -> None:
    state = _dealer_wins_the_last_trick((11, 3))  # the dealer's team on K
    assert state.results[-1].winner == 0 and state.results[-1].levels == 2
    assert not state.is_over  # no jump past A: the match goes on
    assert state.levels == (12, 3) and state.level == "A" and state.dealer == 2
    single = _dealer_wins_the_last_trick((11, 3), match=False)
    carry = DABANGZI.outcome(single).carry
    assert carry is not None and carry["levels"] == [12, 3]  # the next hand plays A


def test_a_match_ends_when_the_dealers_team_wins_a_hand_at_a() -> None:
    state = _dealer_wins_the_last_trick((12, 3))
    assert state.is_over and state.winner == 0 and state.levels[0] > 12
    single = _dealer_wins_the_last_trick((12, 3), match=False)
    assert DABANGZI.outcome(single).carry is None  # the table's match is over
