"""打棒子's AI in built positions: the play a partner is glad to have (issue 56).

Each position is one where the first AI (bot/games/dabangzi/baseline.py) went wrong.
Trumps are ♠ at level 2 with the 魂儿 ♠9 throughout.
"""

from __future__ import annotations

import random

from bot.games.dabangzi import ai, search
from bot.games.dabangzi.spec import DABANGZI
from bot.games.dabangzi.state import DabangziState
from tests.games.dabangzi.helpers import hands, position

KITTY = ("3c", "3c", "4d", "6d", "7c", "8c", "8d", "9c")


def in_play(**fields: object) -> DabangziState:
    """A position in play, trumps ♠ (魂儿 ♠9), the kitty low and pointless."""
    return position(**{"phase": "play", "suit": "s", "hun": "9s", "kitty": KITTY, **fields})


def both(state: DabangziState, seat: int) -> tuple[str, str]:
    """The normal and the strong level's action."""
    return (ai.choose(state, seat, random.Random(1)),
            search.choose(state, seat, random.Random(1)))


def test_it_leads_the_suit_its_partner_has_shown_void_in() -> None:
    # Seat 2 ruffed a club lead: seat 0 leads a club for it to ruff again, not its
    # lowest card (the 3 of diamonds).
    played = ((1, ("Qc",)), (2, ("3s",)), (3, ("5c",)), (0, ("6c",)),
              (2, ("4h",)), (3, ("6h",)), (0, ("Ah",)), (1, ("7h",)))
    state = in_play(dealer=1, asked=(0,), played=played,
                    hands=hands("4c 3d 8d Jd 7h", "Kc Jc 8h 9h 6d", "5s 6s 7s Qd 4s",
                                "Tc 9d Jh Qh Qs"))
    assert ai.choose(state, 0) == "play 4c"


def test_it_plays_points_to_a_partner_whose_card_nothing_left_can_beat() -> None:
    # The ♦As and ♦Ks are out and seat 1, last to play, has shown it has no trump: the
    # partner's ♦Q holds. The ♦10 goes on it, not the ♦4, and takes the attackers to the 80 line
    # (kept for the last trick, it may fall to a rival).
    played = ((2, ("3s",)), (3, ("4s",)), (0, ("5s",)), (1, ("8h",)),
              (0, ("6d",)), (1, ("Ad",)), (2, ("Kd",)), (3, ("Ad",)),
              (1, ("Kd",)), (2, ("8d",)), (3, ("9d",)), (0, ("Jd",)),
              (1, ("7h",)), (2, ("Ah",)), (3, ("8h",)), (0, ("9h",)))
    state = in_play(dealer=1, asked=(0,), played=played, trick=((2, ("Qd",)), (3, ("7d",))),
                    points=70, hands=hands("Td 4d", "Jd 8c", "4c", "9h"))
    assert both(state, 0) == ("play Td", "play Td")


def test_it_keeps_its_trumps_rather_than_ruff_a_trick_without_points() -> None:
    state = in_play(dealer=1, asked=(0,), trick=((1, ("4h",)), (2, ("3h",)), (3, ("6h",))),
                    hands=hands("3s 4c 7d", "8c 9c", "4d 6c", "7c 9d"))
    assert ai.choose(state, 0) == "play 4c"


def test_it_ruffs_a_trick_with_points_with_its_lowest_trump() -> None:
    state = in_play(dealer=1, asked=(0,), trick=((1, ("Kh",)), (2, ("3h",)), (3, ("6h",))),
                    hands=hands("3s Qs 4c 7d", "8c 9c 9h", "4d 6c 9d", "7c 9d Jd"))
    assert both(state, 0) == ("play 3s", "play 3s")


def test_it_buries_a_low_card_before_an_ace_or_a_pair() -> None:
    state = position(phase="bury", dealer=0, asked=(0,), suit="s", hun="9s",
                     hands=hands("Ac 3d 4d 7h 7h 8h 9h Jh 5s 6s", "", "", ""), kitty=())
    assert ai.choose(state, 0) == "bury 3d"


def test_the_tables_and_the_hints_play_the_strong_level() -> None:
    played = ((2, ("3s",)), (3, ("4s",)), (0, ("5s",)), (1, ("8h",)),
              (0, ("6d",)), (1, ("Ad",)), (2, ("Kd",)), (3, ("Ad",)),
              (1, ("Kd",)), (2, ("8d",)), (3, ("9d",)), (0, ("Jd",)),
              (1, ("7h",)), (2, ("Ah",)), (3, ("8h",)), (0, ("9h",)))
    state = in_play(dealer=1, asked=(0,), played=played, trick=((2, ("Qd",)), (3, ("7d",))),
                    points=70, hands=hands("Td 4d", "Jd 8c", "4c", "9h"))
    assert DABANGZI.ai_action(state, 0, random.Random(1)) == "play Td"
    assert DABANGZI.hints(state, 0)[0] == "play Td"


def test_it_plays_points_second_when_its_partner_last_has_shown_it_ruffs_the_suit() -> None:
    # Seat 2 ruffed a heart; now a rival leads ♥A: seat 0 puts its ♥K on for seat 2 to
    # ruff, not the ♥4 (the rival between them still follows hearts).
    played = ((1, ("8h",)), (2, ("3s",)), (3, ("9h",)), (0, ("Jh",)),
              (2, ("4c",)), (3, ("Ac",)), (0, ("5c",)), (1, ("7c",)))
    state = in_play(dealer=1, asked=(0,), played=played, trick=((3, ("Ah",)),),
                    hands=hands("Kh 4h 6c", "Qh 8c 9d", "6s 7s 8d", "7d 3d"))
    assert ai.choose(state, 0) == "play Kh"
