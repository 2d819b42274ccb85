"""Hand decomposition for the AI: split a hand into the fewest, strongest plays (拆牌).

A hand is 15 rank counts (index = rank value − 3: 0 = 3 … 11 = A, 12 = 2, 13 = B, 14 = R).
A plan keeps the rocket and bombs whole, searches the chains (straights, pair chains, triple
chains) exhaustively in a canonical order, reads the rest as triples, pairs and singles,
and hangs the lowest singles or pairs on triples and planes as kickers.

A plan is scored the classic way: the sum of its groups' values minus 7 per round (play),
so fewer rounds and higher cards both count. A group's value is its main rank index − 7
(a 3 single is −7, a ten 0, an ace 4, a 2 five, the jokers 6 and 7), bombs 8 + rank and
the rocket 20.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.doudizhu.moves import MoveType

Counts = tuple[int, ...]

CHAIN_END = 12  # chains use ranks 3 … A (indices 0–11)
ROUND_COST = 7
KICKER_MAX = 10  # never hang an ace, a 2 or a joker on a triple: they are control cards
_MIN_CHAIN = {MoveType.STRAIGHT: 5, MoveType.PAIR_CHAIN: 3, MoveType.TRIPLE_CHAIN: 2}
_WIDTH = {MoveType.STRAIGHT: 1, MoveType.PAIR_CHAIN: 2, MoveType.TRIPLE_CHAIN: 3}
_MAX_CHAIN = {MoveType.STRAIGHT: 12, MoveType.PAIR_CHAIN: 10, MoveType.TRIPLE_CHAIN: 6}
_NODE_BUDGET = 1500
_CACHE_LIMIT = 50_000  # plans kept (a full garbage collection walks them all)


@dataclass(frozen=True, slots=True)
class Group:
    """One planned play: type, main (highest) rank index, chain length, and its cards."""

    type: MoveType
    high: int
    length: int
    cards: tuple[int, ...]  # rank indices, ascending, kickers included
    kickers: tuple[int, ...] = ()

    @property
    def value(self) -> int:
        """How strong the play is (see the module docstring)."""
        if self.type is MoveType.ROCKET:
            return 20
        if self.type is MoveType.BOMB:
            return 8 + self.high
        return self.high - 7


@dataclass(frozen=True, slots=True)
class Plan:
    """A decomposition: its plays and its score (higher is better)."""

    groups: tuple[Group, ...]
    score: int

    @property
    def rounds(self) -> int:
        """How many plays it takes to empty the hand."""
        return len(self.groups)


_cache: dict[Counts, Plan] = {}
# The distinct groups of the cached plans, shared: a cached plan then costs the garbage
# collector two objects (the plan and its tuple), not one per group as well, and the
# full collections a long game or an arena run goes through stay short.
_groups: dict[Group, Group] = {}


def plan_hand(counts: Counts) -> Plan:
    """The best decomposition of a hand (memoised: hands recur move after move)."""
    plan = _cache.get(counts)
    if plan is None:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
            _groups.clear()
        found = _plan(counts)
        shared = tuple(_groups.setdefault(g, g) for g in found.groups)
        plan = _cache[counts] = Plan(shared, found.score)
    return plan


def plan_score(counts: Counts) -> int:
    """The score of the best decomposition of a hand (`plan_hand(counts).score`, found by
    the same search without building the groups: the search's rollouts score every answer
    this way, so it is memoised on its own)."""
    score = _scores.get(counts)
    if score is None:
        plan = _cache.get(counts)
        if plan is not None:
            return plan.score
        if len(_scores) >= _SCORE_CACHE_LIMIT:
            _scores.clear()
        score = _scores[counts] = _score(counts)
    return score


_scores: dict[Counts, int] = {}
_SCORE_CACHE_LIMIT = 200_000  # plain ints: cheap for the garbage collector
_KINDS = ((1, 5, 12, False), (2, 3, 10, False), (3, 2, 6, True))  # width, min, max, plane


def _score(counts: Counts) -> int:
    """`_plan`'s best score, by the same visits in the same order (the node budget cuts
    both at the same place), with chains kept as numbers instead of groups."""
    c = list(counts)
    fixed = 0
    if c[13] and c[14]:
        fixed += 20 - ROUND_COST
        c[13] = c[14] = 0
    for i in range(13):
        if c[i] == 4:
            fixed += 8 + i - ROUND_COST
            c[i] = 0
    if not _chains_possible(c):
        return fixed + _loose_score(c, [])
    best = [-10_000]
    budget = [_NODE_BUDGET]
    planes: list[int] = []

    def visit(rest: list[int], chained: int, first: tuple[int, int, int]) -> None:
        score = fixed + chained + _loose_score(rest, planes)
        if score > best[0]:
            best[0] = score
        budget[0] -= 1
        for low in range(first[0], CHAIN_END):
            if not rest[low]:
                continue
            for k, (width, least, most, plane) in enumerate(_KINDS):
                if rest[low] < width or (low, k) < first[:2]:
                    continue
                end = low
                while end < CHAIN_END and rest[end] >= width and end - low < most:
                    end += 1
                shortest = low + least
                if (low, k) == first[:2]:
                    shortest = max(shortest, first[2])
                for stop in range(shortest, end + 1):
                    if budget[0] <= 0:
                        return
                    for i in range(low, stop):
                        rest[i] -= width
                    if plane:
                        planes.append(stop - low)
                    visit(rest, chained + stop - 1 - 7 - ROUND_COST, (low, k, stop))
                    if plane:
                        planes.pop()
                    for i in range(low, stop):
                        rest[i] += width

    visit(c, 0, (0, 0, 0))
    return best[0]


def _chains_possible(c: list[int]) -> bool:
    """True if the cards hold a straight, a pair chain or a triple chain (else the chain
    search has nothing to try)."""
    m1 = m2 = m3 = 0
    for i in range(CHAIN_END):
        n = c[i]
        if n:
            bit = 1 << i
            m1 |= bit
            if n >= 2:
                m2 |= bit
                if n >= 3:
                    m3 |= bit
    return bool(m1 & m1 >> 1 & m1 >> 2 & m1 >> 3 & m1 >> 4 or m2 & m2 >> 1 & m2 >> 2
                or m3 & m3 >> 1)


def _loose_score(rest: list[int], planes: list[int]) -> int:
    """`_rest_score` without the chains' own values (the caller adds them)."""
    score = 0
    singles: list[int] = []
    pairs: list[int] = []
    triples = 0
    for i in range(15):
        n = rest[i]
        if n:
            score += i - 7 - ROUND_COST
            if n == 1:
                singles.append(i)
            elif n == 2:
                pairs.append(i)
            else:
                triples += 1
    if not triples and not planes:
        return score
    ls = [i for i in singles if i <= KICKER_MAX]
    lp = [i for i in pairs if i <= KICKER_MAX]
    si = pi = 0
    for n in planes:
        if len(ls) - si >= n and (len(lp) - pi < n or ls[si + n - 1] <= lp[pi + n - 1]):
            score -= sum(i - 7 - ROUND_COST for i in ls[si:si + n])
            si += n
        elif len(lp) - pi >= n:
            score -= sum(i - 7 - ROUND_COST for i in lp[pi:pi + n])
            pi += n
    for _ in range(triples):
        if si < len(ls) and (pi >= len(lp) or ls[si] <= lp[pi]):
            score -= ls[si] - 7 - ROUND_COST
            si += 1
        elif pi < len(lp):
            score -= lp[pi] - 7 - ROUND_COST
            pi += 1
    return score


def _plan(counts: Counts) -> Plan:
    c = list(counts)
    fixed: list[Group] = []
    if c[13] and c[14]:
        fixed.append(Group(MoveType.ROCKET, 14, 1, (13, 14)))
        c[13] = c[14] = 0
    for i in range(13):
        if c[i] == 4:
            fixed.append(Group(MoveType.BOMB, i, 1, (i,) * 4))
            c[i] = 0
    if not _chains_possible(c):
        return _finish(fixed, [], c)
    fixed_score = sum(g.value - ROUND_COST for g in fixed)
    best_score = [-10_000]
    best_chains: list[list[Group]] = [[]]
    budget = [_NODE_BUDGET]

    kinds = tuple(_WIDTH.items())

    def visit(rest: list[int], chains: list[Group], first: tuple[int, int, int]) -> None:
        score = fixed_score + _rest_score(chains, rest)
        if score > best_score[0]:
            best_score[0] = score
            best_chains[0] = list(chains)
        budget[0] -= 1
        # Chains are chosen in a canonical order (start, type, end), repeats allowed, so each
        # set of chains is visited once.
        for low in range(first[0], CHAIN_END):
            if not rest[low]:
                continue
            for k, (kind, width) in enumerate(kinds):
                if rest[low] < width or (low, k) < first[:2]:
                    continue
                end = low
                while end < CHAIN_END and rest[end] >= width and end - low < _MAX_CHAIN[kind]:
                    end += 1
                shortest = low + _MIN_CHAIN[kind]
                if (low, k) == first[:2]:
                    shortest = max(shortest, first[2])
                for stop in range(shortest, end + 1):
                    if budget[0] <= 0:
                        return
                    for i in range(low, stop):
                        rest[i] -= width
                    cards = tuple(i for i in range(low, stop) for _ in range(width))
                    chains.append(Group(kind, stop - 1, stop - low, cards))
                    visit(rest, chains, (low, k, stop))
                    chains.pop()
                    for i in range(low, stop):
                        rest[i] += width

    visit(c, [], (0, 0, 0))
    for chain in best_chains[0]:
        for i in chain.cards:
            c[i] -= 1
    return _finish(fixed, best_chains[0], c)


def _rest_score(chains: list[Group], rest: list[int]) -> int:
    """The score `_finish` would give, without building the groups (the search's hot path):
    the chains' own values, then the rest read as `_loose_score` reads it."""
    score = 0
    planes: list[int] = []
    for g in chains:
        score += g.high - 7 - ROUND_COST
        if g.type is MoveType.TRIPLE_CHAIN:
            planes.append(g.length)
    return score + _loose_score(rest, planes)


def _finish(fixed: list[Group], chains: list[Group], rest: list[int]) -> Plan:
    """Read the leftover cards as triples, pairs and singles, then hang the kickers."""
    triples = [i for i in range(13) if rest[i] == 3]
    pairs = [i for i in range(13) if rest[i] == 2]
    singles = [i for i in range(15) if rest[i] == 1]
    groups = list(fixed)
    planes = [g for g in chains if g.type is MoveType.TRIPLE_CHAIN]
    groups.extend(g for g in chains if g.type is not MoveType.TRIPLE_CHAIN)
    low_singles = [i for i in singles if i <= KICKER_MAX]
    low_pairs = [i for i in pairs if i <= KICKER_MAX]
    used_singles: list[int] = []
    used_pairs: list[int] = []
    for plane in planes:
        n = plane.length
        free_s = [i for i in low_singles if i not in used_singles]
        free_p = [i for i in low_pairs if i not in used_pairs]
        if len(free_s) >= n and (len(free_p) < n or free_s[n - 1] <= free_p[n - 1]):
            kick = tuple(free_s[:n])
            used_singles.extend(kick)
            groups.append(Group(MoveType.PLANE_SINGLES, plane.high, n,
                                tuple(sorted(plane.cards + kick)), kick))
        elif len(free_p) >= n:
            kick = tuple(k for i in free_p[:n] for k in (i, i))
            used_pairs.extend(free_p[:n])
            groups.append(Group(MoveType.PLANE_PAIRS, plane.high, n,
                                tuple(sorted(plane.cards + kick)), kick))
        else:
            groups.append(plane)
    for t in triples:
        free_s = [i for i in low_singles if i not in used_singles]
        free_p = [i for i in low_pairs if i not in used_pairs]
        if free_s and (not free_p or free_s[0] <= free_p[0]):
            used_singles.append(free_s[0])
            groups.append(Group(MoveType.TRIPLE_SINGLE, t, 1,
                                tuple(sorted((t, t, t, free_s[0]))), (free_s[0],)))
        elif free_p:
            used_pairs.append(free_p[0])
            groups.append(Group(MoveType.TRIPLE_PAIR, t, 1,
                                tuple(sorted((t, t, t, free_p[0], free_p[0]))),
                                (free_p[0], free_p[0])))
        else:
            groups.append(Group(MoveType.TRIPLE, t, 1, (t, t, t)))
    groups.extend(Group(MoveType.PAIR, i, 1, (i, i)) for i in pairs if i not in used_pairs)
    groups.extend(Group(MoveType.SINGLE, i, 1, (i,)) for i in singles if i not in used_singles)
    score = sum(g.value for g in groups) - ROUND_COST * len(groups)
    return Plan(tuple(groups), score)
