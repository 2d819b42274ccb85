"""The strong AI's search (ai_level=strong): Monte Carlo over the hidden cards.

For a play decision it weighs a few candidate moves (the planner's own choice, the pass,
the other planned plays and answers) over the same random deals of the unseen cards
(`inference.Knowledge.styles`: deals that follow what the bidding, the passes and the
hidden seats' last decisions told),
each deal played out to the end by fast rollouts in which every seat plays as the planner
does (`ai.decide`, without the exact search), but each opponent (three players) as
the deal guesses he plays: as the planner or as a naive player (`ai.naive`), as what
every seat saw of his ways (`inference.style_priors`) and his last decisions on that
deal fit. Each candidate scores the mean result for
the deciding side: +1 a win, −1 a loss (the win alone: `PLAY_SCORE_WEIGHT`; bidding and
doubling, `appraise`, count more where bombs or spring raise the multiplier,
`SCORE_WEIGHT`).
Farmers' team play comes out of the rollouts: a move that lets the partner through or
blocks the landlord's last cards simply wins more of them. Once few cards are left
(`TEAM_CARDS`, off by default: not yet a measured gain), a farmer can solve each deal
instead (`team`): both farmers searched as one player who counts on the partner being
the same AI, the landlord playing as the rollouts play him. A farmer near the end whose
rollouts lose every deal whatever he plays (their planner partner lets his plays stand
where the real one, this AI, would take over) solves the deals so (`RESCUE_CARDS`).

The budget is work, not time (engines have no clock): rollout decisions per decision, each
counted as 1 + its hand's cards / `HAND_WEIGHT` (a bigger hand's plan costs more to
search), `HIT_COST` when the search has met it before; the default (`options.
DEFAULT_AI_BUDGET`) keeps the mean CPU time per decision under 20 ms (p99 under 100 ms)
on this machine.
The deals go to the moves still in doubt (`weigh` races them), and a clear decision stops
early. When a round of all candidates would not fit `MIN_ROUNDS` times into it, fewer
candidates are weighed (estimated first, then cut to what the first deal's cost leaves
room for), and with too little for two, the planner's own move is played
(the search degrades to `ai_level=normal`). The random generator is seeded from the position itself,
so a position always gives the same move, in process or through the AI service.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from operator import sub

from bot.games.doudizhu import ai, inference, team
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.inference import DUMMY, Knowledge
from bot.games.doudizhu.options import DEFAULT_AI_BUDGET
from bot.games.doudizhu.position import Counts, Position

DEFAULT_BUDGET = DEFAULT_AI_BUDGET  # rollout decisions per decision (~0.01–0.1 ms each)
MAX_CANDIDATES = 6  # 8 measured: farmers vs RLCard, training seeds 1-300, 87.3% -> 87.0%
MIN_ROUNDS = 6  # deals every candidate is played on, or the search is not worth it
MAX_ROUNDS = 40
ESTIMATE_SHARE = 0.5  # rollout decisions a round takes, as a share of the rough count
SPREAD = 1.0  # standard errors a move's gain over the planner's must clear
DROP_SPREAD = 2.0  # standard errors up a move's gain must still reach KEEP_PLAIN to race on
SCORE_WEIGHT = 0.25  # how much each doubling of the multiplier adds to a win's worth
# ... in the play's search: none. Weighing the stake there cost wins (1000 duplicate deals,
# budget 1500, shared machine: head to head +14.1 with 0.25, +16.0 with 0; landlord +8.4
# -> +9.0, farmers +5.7 -> +7.0), for more points as landlord (5.63 -> 5.17 a deal)
# and fewer as farmers (-2.88 -> -2.73). Bidding and doubling (`appraise`) keep it.
PLAY_SCORE_WEIGHT = 0.0
FIT_SHARE = 0.8  # of the budget left after the first deal, what the others are planned on
KEEP_PLAIN = 0.05  # the planner's move stands unless another is this much better
HIT_COST = 0.2  # a rollout decision found in the search's memo, in decisions of work
# A rollout decision's work grows with the hand (its plan is searched): 1 + cards / this.
HAND_WEIGHT = inference.HAND_WEIGHT
ZERO: Counts = (0,) * 15
# A farmer of three with this many cards left in all hands or fewer: each deal is solved
# with the farmers as a team against the landlord as the rollouts play him (`team`)
# instead of played out; a solver node costs NODE_COST. Off (0) until it shows a gain: at
# 24 (300 held-out deals against RLCard's rule agents, and 200 duplicate deals against
# the planner) the farmers won 85.0% -> 85.0% and 39.0% -> 36.5%; again at 24 with the
# landlord guessed as RLCard's rule agent plays (issue 39, ai3; training seeds 1 and 301,
# 300 deals each, against RLCard's rule landlord) 86.00% / 91.33% -> 85.67% / 90.33%; and
# at 24 once the landlord's hand was read from all his decisions (ai4: `inference.
# naive_caps`), training seeds 1 and 301: 93.00% / 92.00% -> 93.00% / 89.67%.
TEAM_CARDS = 0
NODE_COST = 0.3
# ... but a farmer with this many cards left or fewer who has lost every deal of the first
# RESCUE_ROUNDS with every move weighed (the rollouts' planner partner finds no way) solves
# the deals from then on instead, each move on RESCUE_ROUNDS deals at least (0: never).
# Farmers against RLCard's rule landlord, training seeds 1/301/601 (300 deals each):
# without 93.00/92.00/90.00%, with 93.33/92.00/90.33% (RESCUE_ROUNDS 6, the solves then
# often past the budget) and 94.33/92.33/90.00% (3; seed 901: 94.00%); CPU per decision
# alike (40 deals each way back to back: 14.8/15.6 ms mean without, 14.0/16.9 with; it
# starts in about one decision in 140). Against the planner (arena --mode strong --deals
# 400) the strong farmers 40.75% either way.
RESCUE_CARDS = 28
RESCUE_ROUNDS = 3
# The planner's reasons for a move that wins by force, which no other move can better: it
# goes out, the exact search found the win, or every planned play but the last is one no
# hidden card can beat (`ai.lead`'s control: the seat keeps the lead to its last play).
SURE = ("ddz.why.finish", "ddz.why.endgame", "ddz.why.control")


@dataclass(frozen=True, slots=True)
class Weighed:
    """A candidate move (None = pass) and its mean result over the deals."""

    move: mv.Move | None
    value: float


def position_seed(pos: Position) -> int:
    """A seed that is a function of the position alone."""
    table = () if pos.to_beat is None else tuple(int(r) for r in pos.to_beat.cards)
    parts = (pos.seat, pos.landlord, *pos.hand, *pos.cards_left, *pos.threat, -1, *table)
    return zlib.crc32(bytes(p + 1 for p in parts))


def candidates(pos: Position, legal: list[mv.Move], plain: mv.Move | None) -> list[mv.Move | None]:
    """The moves worth weighing, the planner's own first."""
    out: list[mv.Move | None] = [plain]
    if pos.to_beat is None:
        planned = sorted(ai.plan_moves(pos, legal), key=lambda gm: ai.lead_key(gm[0]))
        out += [m for _, m in planned]
        lowest: dict[tuple[mv.MoveType, int], mv.Move] = {}
        for move in legal:
            lowest.setdefault((move.type, move.length), move)
        out += sorted(lowest.values(), key=lambda m: (m.is_bomb, -len(m.cards)))
    else:
        out.append(None)
        scored = ai.scored_answers(pos, legal)
        out += [m for _, m in scored]
        plain_answers = [m for m in legal if not m.is_bomb]
        if plain_answers:
            out.append(max(plain_answers, key=lambda m: m.rank))
    unique = list(dict.fromkeys(out))
    return unique[:MAX_CANDIDATES]


def weigh(pos: Position, know: Knowledge, moves: list[mv.Move | None], budget: int,
          seed: int) -> list[Weighed] | None:
    """Each move's mean result over the same random deals, as its gain over the first
    move (the planner's) less `SPREAD` standard errors of that gain; None if the budget
    ran out before a move besides the first had `MIN_ROUNDS` deals. After the first deal,
    the candidates the rest of the budget cannot give `MIN_ROUNDS` deals are left out
    (the last first), so a costly position weighs fewer moves instead of none.

    The deals go where they matter (racing): from `MIN_ROUNDS` on, a move whose gain
    cannot reach `KEEP_PLAIN` even `DROP_SPREAD` standard errors up is dropped, and the
    search stops once no move but one (or none) is left in the race; the budget saved on
    clear decisions is not spent, the rest goes to the moves still in doubt."""
    least = 1 if know.known else MIN_ROUNDS
    rng = random.Random(seed)
    n = len(moves)
    gains = [0.0] * n
    squares = [0.0] * n
    counts = [0] * n
    alive = list(range(1, n))
    spent = 0.0
    rounds = 0
    memo: dict[tuple, mv.Move | None] = {}
    solving = _farmers_endgame(pos, TEAM_CARDS)
    rescue = not solving and not know.known and _farmers_endgame(pos, RESCUE_CARDS)
    while rounds < (1 if know.known else MAX_ROUNDS):
        before = spent
        hidden, naive, work = know.styles(rng)
        spent += work  # the sampling is work of the decision too
        solver = None
        if solving:
            policy, policy_work = _planner_policy(memo, pos.landlord in naive)
            solver = team.TeamSolver(pos.landlord, landlord_policy=policy)
        base, steps = _value(pos, know, hidden, moves[0], memo, solver, naive)
        spent += steps
        won = base > -1.0
        for i in alive:
            value, steps = _value(pos, know, hidden, moves[i], memo, solver, naive)
            spent += steps
            won = won or value > -1.0
            gain = value - base
            gains[i] += gain
            squares[i] += gain * gain
            counts[i] += 1
        if solver is not None:
            spent += policy_work[0]  # the landlord's planner decisions inside the solves
        rounds += 1
        rescue = rescue and not won
        if rescue and rounds == RESCUE_ROUNDS:
            # Every deal lost whatever the move: solve them from here on (`RESCUE_CARDS`),
            # the moves weighed again from nothing.
            solving, rescue, rounds, least = True, False, 0, RESCUE_ROUNDS
            gains, squares, counts = [0.0] * n, [0.0] * n, [0] * n
            continue
        if rounds == 1 and least > 1:
            # The first round tells what a deal costs here: keep only the candidates
            # (in their order) that the rest of the budget can give `MIN_ROUNDS` deals.
            each = (spent - before) / (1 + len(alive))
            room = FIT_SHARE * (budget - spent) / (least - 1)
            fit = int(room / each) - 1 if each > 0 else len(alive)
            if fit < 1:
                return None
            for i in alive[fit:]:
                counts[i] = 0  # not weighed enough to count
            alive = alive[:fit]
        if rounds >= least and not know.known:
            alive = [i for i in alive
                     if _bound(gains[i], squares[i], counts[i], DROP_SPREAD) >= KEEP_PLAIN]
            if not alive or (len(alive) == 1 and _bound(
                    gains[alive[0]], squares[alive[0]], counts[alive[0]], -SPREAD) >= KEEP_PLAIN):
                break
        if spent + (spent - before) > budget:
            break
    if rounds < least:
        return None
    out = [Weighed(moves[0], 0.0)]
    for i in range(1, n):
        out.append(Weighed(moves[i], _bound(gains[i], squares[i], counts[i], -SPREAD)))
    return out


def _bound(total: float, square: float, count: int, spreads: float) -> float:
    """The mean gain plus `spreads` standard errors (minus, when negative)."""
    if not count:
        return float("-inf")
    mean = total / count
    variance = 0.0 if count == 1 else max(0.0, square / count - mean * mean) / count
    return mean + spreads * variance ** 0.5


def choose(pos: Position, know: Knowledge, budget: int = DEFAULT_BUDGET) -> ai.Decision:
    """The strong AI's play: the planner's unless the search finds a better one."""
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
    plain = ai.decide(pos)
    if plain.reason in SURE or not legal:
        return plain
    moves = candidates(pos, legal, plain.move)
    cards = sum(pos.cards_left)
    per_rollout = (cards // 2 + 2) * (1 + cards / (2 * pos.players * HAND_WEIGHT))
    per_round = per_rollout * (1 if know.known else MIN_ROUNDS)
    affordable = int(budget / (per_round * ESTIMATE_SHARE))
    if affordable < 2 or len(moves) < 2:
        return plain
    weighed = weigh(pos, know, moves[:affordable], budget, position_seed(pos))
    if weighed is None:
        return plain
    best = max(weighed[1:], key=lambda w: w.value)
    if best.value < KEEP_PLAIN:
        return plain
    return ai.Decision(best.move, "ddz.why.search")


def _farmers_endgame(pos: Position, cards: int) -> bool:
    """A farmer of three, with `cards` or fewer cards left in all the hands: few enough to
    solve the deals (`team`), always at `TEAM_CARDS` and at `RESCUE_CARDS` once the
    rollouts lose them all."""
    return pos.players == 3 and not pos.is_landlord and sum(pos.cards_left) <= cards


def _planner_policy(memo: dict[tuple, mv.Move | None], naive: bool = False,
                    ) -> tuple[team.Policy, list[float]]:
    """The landlord as the rollouts play him (the planner, or `ai.naive` if `naive`; its
    decisions shared with them through `memo`), and the work it has done (one number, in
    rollout decisions)."""
    work = [0.0]

    def play(turn: int, hands: tuple[Counts, ...], table: mv.Move | None,
             table_seat: int | None) -> mv.Move | None:
        hand = hands[turn]
        cards_left = tuple(map(sum, hands))
        outs = tuple(map(sum, zip(*hands, strict=True)))
        key = (turn, hand, cards_left, table, table_seat if table is not None else None, outs,
               naive)
        move = memo.get(key, memo)  # type: ignore[arg-type]
        work[0] += HIT_COST
        if move is memo:
            seen = Position(players=3, seat=turn, landlord=turn, hand=hand,
                            cards_left=cards_left, to_beat=table,
                            to_beat_seat=table_seat if table is not None else None,
                            threat=tuple(map(sub, outs, hand)))
            move = memo[key] = ai.quick(seen, naive).move
            work[0] += inference.decision_cost(sum(hand), naive) - HIT_COST
        return move

    return play, work


def _value(pos: Position, know: Knowledge, hidden: dict[int, Counts], first: mv.Move | None,
           memo: dict[tuple, mv.Move | None], solver: team.TeamSolver | None,
           naive: frozenset[int] = frozenset()) -> tuple[float, float]:
    """A candidate's result on one deal and its work: solved with the farmers as a team
    when `solver` is given and finds the answer in its budget, else played out."""
    if solver is not None:
        solved = solve(pos, hidden, first, solver)
        work = solver.nodes * NODE_COST
        if solved is not None:
            return solved, work
        value, steps = rollout(pos, know, hidden, first, memo, PLAY_SCORE_WEIGHT, naive)
        return value, steps + work
    return rollout(pos, know, hidden, first, memo, PLAY_SCORE_WEIGHT, naive)


def solve(pos: Position, hidden: dict[int, Counts], first: mv.Move | None,
          solver: team.TeamSolver) -> float | None:
    """Play `first` on a deal, then both sides exactly (`team`): +1 if the deciding side
    wins, -1 if it loses, None if the solver's budget ran out."""
    me, landlord = pos.seat, pos.landlord
    hands = [pos.hand if s == me else hidden[s] for s in range(3)]
    table, table_seat = pos.to_beat, pos.to_beat_seat
    passes = 0 if table_seat is None else (me - table_seat) % 3 - 1
    if first is None:
        assert table_seat is not None
        if passes + 1 >= 2:
            turn, table, table_seat, passes = table_seat, None, None, 0
        else:
            turn, passes = (me + 1) % 3, passes + 1
    else:
        left = list(pos.hand)
        for r in first.cards:
            left[r - 3] -= 1
        if not any(left):
            return 1.0
        hands[me] = tuple(left)
        turn, table, table_seat, passes = (me + 1) % 3, first, me, 0
    farmers = solver.farmers_win(tuple(hands), turn, table, table_seat, passes)
    if farmers is None:
        return None
    return 1.0 if farmers == (me != landlord) else -1.0


# -- rollouts ----------------------------------------------------------------------------

def rollout(pos: Position, know: Knowledge, hidden: dict[int, Counts],
            first: mv.Move | None, memo: dict[tuple, mv.Move | None] | None = None,
            stake: float = SCORE_WEIGHT, naive: frozenset[int] = frozenset(),
            ) -> tuple[float, float]:
    """Play `first`, then every seat as the planner (the seats in `naive` as `ai.naive`),
    to the end: (result for the deciding side, rollout decisions made). `memo` keeps the
    decisions of one search (a seat's decision depends on its own hand, the table and its
    way of playing, not on the others' split); `stake`: what each doubling adds to the
    result (`SCORE_WEIGHT`)."""
    players, landlord, me = pos.players, pos.landlord, pos.seat
    hands = [pos.hand if s == me else hidden[s] for s in range(players)]
    extra = hidden.get(DUMMY, ZERO)
    out = list(extra)  # every card not yet played: in a hand or the hidden dummy
    for hand in hands:
        out = [a + b for a, b in zip(out, hand, strict=True)]
    plays = list(know.plays)
    constraints = _landlord_constraints(pos, know, hands)
    dummy_hidden = any(extra)
    table, table_seat = pos.to_beat, pos.to_beat_seat
    passes = 0 if table_seat is None else (me - table_seat) % players - 1
    turn, move, steps, bombs = me, first, 0.0, 0
    memo = {} if memo is None else memo
    while True:
        if move is None:
            passes += 1
            if passes >= players - 1:
                assert table_seat is not None
                table, passes, turn = None, 0, table_seat
            else:
                turn = (turn + 1) % players
        else:
            left = list(hands[turn])
            for r in move.cards:
                left[r - 3] -= 1
                out[r - 3] -= 1
            hands[turn] = tuple(left)
            plays[turn] += 1
            bombs += move.is_bomb
            if not any(left):
                return _result(pos, know, turn, plays, bombs, stake), steps
            table, table_seat, passes = move, turn, 0
            turn = (turn + 1) % players
        hand = hands[turn]
        cards_left = tuple(map(sum, hands))
        outs = tuple(out)
        key = (turn, hand, cards_left, table, table_seat if table is not None else None, outs,
               turn in naive)
        move = memo.get(key, memo)  # type: ignore[arg-type]
        steps += HIT_COST
        if move is memo:
            seen = Position(
                players=players, seat=turn, landlord=landlord, hand=hand,
                cards_left=cards_left, to_beat=table,
                to_beat_seat=table_seat if table is not None else None,
                threat=tuple(map(sub, outs, hand)),
                constraints=constraints if turn == landlord else None,
                opponent_constraints=constraints if turn != landlord and not dummy_hidden
                else None)
            move = memo[key] = ai.quick(seen, turn in naive).move
            steps += inference.decision_cost(sum(hand), turn in naive) - HIT_COST


def _landlord_constraints(pos: Position, know: Knowledge,
                          hands: list[Counts]) -> mv.Constraints | None:
    if pos.players != 2:
        return None
    if pos.seat == pos.landlord:
        return pos.constraints
    whole = tuple(a + b for a, b in zip(hands[pos.landlord], know.landlord_played, strict=True))
    found = mv.Constraints.for_two_player_landlord(mv.Hand(whole))
    return found if found.active else None


def _result(pos: Position, know: Knowledge, winner: int, plays: list[int], bombs: int,
            stake: float = SCORE_WEIGHT) -> float:
    landlord_won = winner == pos.landlord
    won = landlord_won == (pos.seat == pos.landlord)
    doublings = min(bombs, know.bomb_room)
    farmers = [s for s in range(pos.players) if s != pos.landlord]
    if landlord_won and all(plays[f] == 0 for f in farmers):
        doublings += 1  # spring 春天
    elif not landlord_won and plays[pos.landlord] == 1:
        doublings += 1  # anti-spring 反春
    worth = 1.0 + stake * (2 ** doublings - 1)
    return worth if won else -worth
