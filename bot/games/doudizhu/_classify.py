"""Reading a set of cards as moves (RULES §1.1), and saying why a set is not a move."""

from __future__ import annotations

from bot.cards import RANK_CHARS
from bot.games.doudizhu import _tables as T
from bot.games.doudizhu._model import Move, MoveError

_LIMITS = (4,) * 13 + (1, 1)


def _consecutive(ranks: list[int]) -> bool:
    return ranks[-1] - ranks[0] == len(ranks) - 1


def _chain_ok(ranks: list[int], lengths: range) -> bool:
    return len(ranks) in lengths and ranks[-1] < T.CHAIN_TOP and _consecutive(ranks)


def _plane_single_kickers_ok(c: list[int], start: int, n: int) -> tuple[int, ...] | None:
    """The kicker key of a plane of n triples from `start`, or None if the rest is no wing."""
    below, above = start - 1, start + n
    key: list[int] = []
    for i in range(15):
        k = c[i]
        if not k or start <= i < above:
            continue
        if k == 4 or (k == 3 and (i == below or (i == above and i != 12))):
            return None
        key += (i,) * k
    if key[-2:] == [13, 14]:
        return None
    return tuple(key)


def classify_counts(c: list[int]) -> list[Move]:
    """Every reading of the cards with counts `c` (15 slots), in listing order; [] if none."""
    n = sum(c)
    if n == 0 or any(k > limit for k, limit in zip(c, _LIMITS, strict=True)):
        return []
    held = [i for i in range(15) if c[i]]
    shape = sorted((c[i] for i in held), reverse=True)
    if n == 1:
        return [T.SINGLES[held[0]]]
    if n == 2:
        if held == [13, 14]:
            return [T.ROCKET]
        return [T.PAIRS[held[0]]] if shape == [2] else []
    out: list[Move] = []
    if shape == [3]:
        out.append(T.TRIPLES[held[0]])
    elif shape == [4]:
        out.append(T.BOMBS[held[0]])
    elif shape == [3, 1]:
        t = next(i for i in held if c[i] == 3)
        out.append(T.TRIPLE_SINGLES[t][next(i for i in held if i != t)])  # type: ignore[arg-type]
    elif shape == [3, 2]:
        t = next(i for i in held if c[i] == 3)
        out.append(T.TRIPLE_PAIRS[t][next(i for i in held if i != t)])  # type: ignore[arg-type]
    top = shape[0]
    if shape[-1] == top and top < 4:
        lengths = (T.STRAIGHT_LENGTHS, T.PAIR_CHAIN_LENGTHS, T.TRIPLE_CHAIN_LENGTHS)[top - 1]
        if _chain_ok(held, lengths):
            table = (T.STRAIGHTS, T.PAIR_CHAINS, T.TRIPLE_CHAINS)[top - 1]
            out.append(table[(held[0], len(held))])
    if n % 4 == 0 and 2 <= n // 4 <= T.PLANE_SINGLES_MAX:
        k = n // 4
        for start in range(T.CHAIN_TOP - k + 1):
            if all(c[i] == 3 for i in range(start, start + k)):
                key = _plane_single_kickers_ok(c, start, k)
                if key is not None:
                    out.append(T.PLANE_SINGLES[(start, k)][key])  # type: ignore[arg-type]
    if n % 5 == 0 and 2 <= n // 5 <= T.PLANE_PAIRS_MAX:
        k = n // 5
        for start in range(T.CHAIN_TOP - k + 1):
            if all(c[i] == 3 for i in range(start, start + k)):
                pairs = tuple(i for i in held if not start <= i < start + k)
                if len(pairs) == k and all(c[i] == 2 for i in pairs):
                    out.append(T.PLANE_PAIRS[(start, k)][pairs])  # type: ignore[arg-type]
    fours = [i for i in held if c[i] == 4]
    for f in fours:
        rest = tuple(i for i in held if i != f for _ in range(c[i]))
        if n == 6 and rest != (13, 14):
            out.append(T.FOUR_TWO_SINGLES[f][rest])  # type: ignore[arg-type]
        elif n == 8 and len(held) == 3 and all(c[i] == 2 for i in held if i != f):
            out.append(T.FOUR_TWO_PAIRS[f][tuple(i for i in held if i != f)])  # type: ignore[arg-type]
    return out


# --------------------------------------------------------------------------------------
# Why cards are not a move: the most specific reason we can name.

def _longest_run(ranks: list[int]) -> tuple[int, int]:
    """(start, length) of the longest run of consecutive indices below the 2."""
    best = (0, 0)
    start, length, prev = 0, 0, -2
    for i in ranks:
        if i >= T.CHAIN_TOP:
            break
        if i == prev + 1:
            length += 1
        else:
            start, length = i, 1
        prev = i
        if length > best[1]:
            best = (start, length)
    return best


def explain(c: list[int], cards: str) -> MoveError:
    """The error for cards (counts `c`, as typed `cards`) that classify as no move."""
    n = sum(c)
    if n == 0:
        return MoveError("ddz.move.empty")
    for i, k in enumerate(c):
        if k > _LIMITS[i]:
            return MoveError("ddz.move.too_many_of_rank", rank=RANK_CHARS[i], count=k,
                             limit=_LIMITS[i])
    held = [i for i in range(15) if c[i]]
    top, low = max(c), min(c[i] for i in held)
    reason = _explain_shape(c, n, held, top, low)
    return MoveError(f"ddz.move.{reason[0]}", cards=cards, **reason[1])


def _explain_shape(c: list[int], n: int, held: list[int], top: int,
                   low: int) -> tuple[str, dict[str, object]]:
    has_two = 12 in held
    if top == 1:
        if n == 2:
            return "two_singles", {}
        if n < 5:
            return "straight_too_short", {}
        if 13 in held or 14 in held:
            return "straight_joker", {}
        if has_two:
            return "straight_two", {}
        return "straight_gap", {}
    if top == low == 2:
        if len(held) == 2:
            return "pair_chain_too_short", {}
        if has_two:
            return "pair_chain_two", {}
        if len(held) > T.PAIR_CHAIN_LENGTHS[-1] and _consecutive(held):
            return "chain_too_long", {"limit": T.PAIR_CHAIN_LENGTHS[-1]}
        return "pair_chain_gap", {}
    if top == low == 3 and len(held) > 1 and n % 4 and n % 5:
        if has_two:
            return "triple_chain_two", {}
        if len(held) > T.TRIPLE_CHAIN_LENGTHS[-1] and _consecutive(held):
            return "chain_too_long", {"limit": T.TRIPLE_CHAIN_LENGTHS[-1]}
        return "triple_chain_gap", {}
    if top < 3:
        return "not_a_move", {}
    if c[13] and c[14]:
        return "kicker_rocket", {}
    start, length = _longest_run([i for i in held if c[i] == 3])
    if length >= 2:
        return _explain_plane(c, n, held, start, length)
    if _longest_run([i for i in held if c[i] >= 3])[1] >= 2:
        # A plane whose ranks hold four cards: the fourth would be a kicker of its own rank.
        return "kicker_same_rank", {}
    if top == 4:
        if n == 8 and len(held) == 2:
            return "kicker_pairs_distinct", {}
        return "four_kickers", {}
    return "triple_kickers", {}


def _explain_plane(c: list[int], n: int, held: list[int], start: int,
                   length: int) -> tuple[str, dict[str, object]]:
    if n % 4 == 0 and 2 <= n // 4 < length:
        # A triple beside the chain cannot be its wings: it would extend the plane.
        return "kicker_extends_chain", {"rank": RANK_CHARS[start + n // 4]}
    if any(c[i] == 4 for i in held if not start <= i < start + length):
        # Two pairs of one rank are four of a kind: wings must be pairs of distinct ranks.
        return ("kicker_pairs_distinct" if n == 5 * length else "kicker_bomb"), {}
    return "plane_kickers", {"count": length}
