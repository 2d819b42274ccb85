"""斗地主's achievements, in its words: 春天 to the landlord who won it, 反春 to the farmers,
连炸 to a seat with two bombs (or a bomb and the rocket) in one hand; a plain hand none."""

from __future__ import annotations

from bot.games.base import Outcome
from bot.games.doudizhu.achievements import awarded
from bot.games.doudizhu.spec import DOUDIZHU3

from .deals import make, run
from .test_state_play import ANTI_SPRING, ANTI_SPRING_PLAY, SPRING_PLAY, spring_deal


def achievements_of(state) -> tuple[tuple[str, ...], ...]:  # noqa: ANN001
    return awarded(state, DOUDIZHU3.outcome(state))


def test_a_spring_with_a_bomb_and_the_rocket_awards_the_landlord_spring_and_a_bomb_run() -> None:
    state = run(spring_deal(), "bid 3", *SPRING_PLAY)
    assert achievements_of(state) == (("spring", "bomb_run"), (), ())


def test_an_anti_spring_is_each_farmers() -> None:
    state = run(ANTI_SPRING, *ANTI_SPRING_PLAY)
    assert achievements_of(state) == ((), ("anti_spring",), ("anti_spring",))


def test_a_hand_won_after_the_farmers_played_awards_only_the_bomb_run() -> None:
    state = run(make("3456789TJQKA2222B", bottom="AAR", first=0),
                "bid 1", "pass", "pass", "play 3", "play 4", "pass", "play A", "pass", "pass",
                "play 456789TJQKA", "pass", "pass", "play A", "pass", "pass", "play 2222",
                "pass", "pass", "play BR")
    assert achievements_of(state) == (("bomb_run",), (), ())


def test_soft_bombs_count_toward_a_bomb_run() -> None:
    # 癞子 with T wild: 666T read as 6666 is a (soft) bomb, then 9999: a bomb run, as the
    # hand's multiplier already counts both.
    state = run(make("3456669999TTJQKAB", "4", bottom="AAR", first=0, variant="laizi"),
                "bid 3")
    state = state.evolve(wilds=(7,))  # the drawn 癞子 replaced: T
    state = run(state, "play 666T=6666", "pass", "pass", "play 9999")
    assert state.bombs == 2
    played_on = Outcome(scores=(2, -1, -1), roles=("landlord", "farmer", "farmer"), record={})
    assert awarded(state, played_on) == (("bomb_run",), (), ())
