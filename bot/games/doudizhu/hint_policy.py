"""What a 提示 (hint) may suggest, whoever ranks the plays (RULES §1; issue 14).

The AI orders the plays it finds sensible; this policy then keeps two promises a player
relies on, as the big apps do:
- a hint never suggests passing while a play exists that keeps every bomb and the rocket
  whole (passing comes last);
- a hint never breaks a bomb (a play with some of four of a rank, 四带二 included) or the
  rocket (one joker of the two) unless nothing else beats: plays that keep them come first,
  then the bomb or the rocket played whole, then plays that break one.
Within each class the AI's own order is kept. One exception, as a good partner plays: when
the trick is a fellow farmer's, only a bomb or the rocket (whole or broken) would beat it and
the AI itself passes, passing comes first: the partner's play is let through, not bombed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.cards import Rank
from bot.games.doudizhu.actions import PASS, ranks_of

CLEAN, WHOLE, BREAKS, PASSING = range(4)  # the classes, in the order hints are shown
SMALL_JOKER, BIG_JOKER = Rank.BLACK_JOKER, Rank.RED_JOKER


def hint_class(action: str, counts: Sequence[int]) -> int:
    """The class of a play-phase action given the hand's 15 rank counts (index rank − 3)."""
    if not action.startswith("play "):
        return PASSING if action == PASS else CLEAN
    return play_class(ranks_of(action[5:].partition("=")[0]), counts)


def play_class(ranks: Iterable[int], counts: Sequence[int]) -> int:
    """The class of a play of these ranks (a move's `cards`) given the hand's rank counts."""
    played = [0] * 15
    for rank in ranks:
        played[rank - 3] += 1
    quads = [i for i, held in enumerate(counts) if held == 4]
    rocket = counts[SMALL_JOKER - 3] and counts[BIG_JOKER - 3]
    if not quads and not rocket:
        return CLEAN  # nothing in hand to keep whole
    used = [i for i, n in enumerate(played) if n]
    if (len(used) == 1 and used[0] in quads and played[used[0]] == 4) or \
            (rocket and used == [SMALL_JOKER - 3, BIG_JOKER - 3]):
        return WHOLE  # the bomb or the rocket itself
    if any(played[i] for i in quads):
        return BREAKS
    if rocket and (played[SMALL_JOKER - 3] or played[BIG_JOKER - 3]):
        return BREAKS
    return CLEAN


def order_hints(actions: Sequence[str], counts: Sequence[int], *,
                leave_to_partner: bool = False) -> list[str]:
    """`actions` (best first, by whoever ranked them) in the order 提示 shows them;
    `leave_to_partner`: the trick is a fellow farmer's and the AI passes."""
    unique = list(dict.fromkeys(actions))
    ordered = sorted(unique, key=lambda action: hint_class(action, counts))
    if leave_to_partner and PASS in ordered and hint_class(ordered[0], counts) != CLEAN:
        ordered.remove(PASS)
        ordered.insert(0, PASS)
    return ordered
