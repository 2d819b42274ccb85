"""The 斗地主 AI: fills empty seats, plays for idle players (托管), and gives hints (提示).

It decides on what its seat may know (`position.Position`), never on hidden cards:
- bidding from hand strength (jokers, 2s, bombs, and how few plays the hand needs);
- leading the weakest group of its best decomposition (`plan`), keeping bombs and control
  cards, and playing unbeatable groups first when that wins the hand;
- following with the move that costs its plan least, saving 2s, jokers and bombs until an
  opponent is close to going out;
- as a farmer, letting the partner's play stand and feeding a partner about to go out;
- blocking an opponent with one or two cards left (no singles / pairs led to them, the
  highest card on their singles);
- with two players and the dummy shown, every card is known: a planned play the opponent
  cannot beat counts for more, the landlord's prohibitions are worked out, and near the
  end an exact search (`endgame`) plays a forced win when it finds one, or, when every line
  loses against best play, the move that leaves the opponent the most ways to go wrong.
Decisions are deterministic: the same position always gives the same move.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import (
    CALL,
    DOUBLE,
    GRAB,
    NO_DOUBLE,
    NO_GRAB,
    NO_SHOW,
    PASS,
    SHOW,
    Phase,
)
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.endgame import Solver, can_beat
from bot.games.doudizhu.hint_policy import CLEAN, order_hints, play_class
from bot.games.doudizhu.plan import Group, plan_hand, plan_score
from bot.games.doudizhu.position import Counts, Position, from_state
from bot.games.doudizhu.state import DoudizhuState

MoveType = mv.MoveType
TWO = 12  # rank index of the 2: from here up are control cards
LAST_CHANCE_COST = 10  # what handing over the lead is worth, in plan score
URGENT_CARDS = 4  # an opponent this close to going out, with the lead at stake, is blocked
SPARE_CONTROLS = 6  # while an opponent holds more cards, no 2 or joker on a low card
# Two players, every card known: an exact search with a budget of work (moves generated,
# about 700 a millisecond), the most where wins are most often within reach.
ENDGAME_BUDGETS = ((22, 12_000), (26, 4_000))  # (cards left in both hands, budget)
ENDGAME_CARDS = ENDGAME_BUDGETS[-1][0]
SWINDLE_BUDGET = 2_000  # more work, in a lost position, to find the opponent's pitfalls
CONTROL_BONUS = 7  # every card known: what a planned play the opponent cannot beat adds
# The hand strength a bid of 1, 2, 3 needs. Two players: the landlord's 20 cards and the
# lead against one 17-card hand are worth far more than at three (AI against itself, the
# landlord wins 81% of two-player hands even when bidding on weak ones), so it bids on
# weaker hands: in head-to-head self-play (600 hands, seats swapped) each step down from
# (5, 7, 9) to (3, 5, 7) to (1, 3, 5) won about half a point a hand.
BID_STRENGTH = {3: (5.0, 7.0, 9.0), 2: (1.0, 3.0, 5.0)}
MAX_HINTS = 10  # 提示 cycles through at most this many plays (and the pass)
KICKER_VARIANTS = 4  # answers with kickers: how many kicker choices per main part to weigh


@dataclass(frozen=True, slots=True)
class Decision:
    """A play (None = pass) and the i18n key of its one-line reason."""

    move: mv.Move | None
    reason: str


# -- hand strength and bidding -------------------------------------------------------------

def strength(counts: Counts) -> float:
    """How good a hand is to play as landlord: control cards, bombs, and few plays."""
    score = 4.0 * counts[14] + 3.0 * counts[13] + 2.0 * counts[TWO]
    score += sum(4.0 for i in range(12) if counts[i] == 4)
    score += 0.5 * counts[11]
    score += 0.6 * (9 - plan_hand(counts).rounds)
    return round(score, 1)


def wanted_bid(counts: Counts, players: int = 3) -> int:
    """The highest bid (0–3) this hand is worth at a table of `players`."""
    value = strength(counts)
    one, two, three = BID_STRENGTH[players]
    return 3 if value >= three else 2 if value >= two else 1 if value >= one else 0


def wants_double(counts: Counts, farmer: bool) -> bool:
    """The planner's 加倍: a farmer's hand of strength 7, a landlord's of 10."""
    return strength(counts) >= (7 if farmer else 10)


def naming_decision(legal: list[str], counts: Counts, players: int = 3) -> str:
    """bidding=landlord_names: the landlord names what the hand is worth (at least 1); a
    farmer follows (conceding loses the stake at once, playing on loses no more without a
    bomb, and farmers win about half the hands)."""
    if PASS in legal:
        return legal[0]
    return f"bid {max(1, wanted_bid(counts, players))}"


def bid_decision(legal: list[str], counts: Counts, grab_style: bool = False,
                 players: int = 3) -> str:
    """The bidding action for a hand among the legal ones (叫分, or 抢地主 if `grab_style`)."""
    want = wanted_bid(counts, players)
    if grab_style:
        # Call with a hand worth a 1, grab with a hand worth a 2 (or when must-bid forces).
        if CALL in legal:
            return CALL if want >= 1 or PASS not in legal else PASS
        return GRAB if want >= 2 or NO_GRAB not in legal else NO_GRAB
    bids = [a for a in legal if a.startswith("bid ")]
    good = [a for a in bids if int(a[4]) <= want]
    if good:
        return good[-1]
    return PASS if PASS in legal else bids[0]


# -- reading the table -----------------------------------------------------------------

def beatable(move: mv.Move, threat: Counts, most_cards: int) -> bool:
    """Could an opponent (holding at most `most_cards` of the `threat` cards) beat it?"""
    return can_beat(move.type, move.rank - 3, move.length, len(move.cards), threat, most_cards)


def _after(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


def _most_opponent_cards(pos: Position) -> int:
    return max(pos.cards_left[s] for s in pos.opponents())


def _is_safe(pos: Position, move: mv.Move) -> bool:
    return not beatable(move, pos.threat, _most_opponent_cards(pos))


# -- leading ---------------------------------------------------------------------------

def plan_moves(pos: Position, legal: list[mv.Move]) -> list[tuple[Group, mv.Move]]:
    """The groups of the hand's best decomposition that are legal leads, with their moves
    (a public seam: the strong search weighs them as candidates)."""
    index = {(m.type, m.cards): m for m in legal}
    out = []
    for group in plan_hand(pos.hand).groups:
        move = index.get((group.type, tuple(mv.Rank(i + 3) for i in group.cards)))
        if move is not None:
            out.append((group, move))
    return out


def lead_key(group: Group) -> tuple[float, int]:
    """The planner's lead order: weakest first; among equals the play that sheds more
    cards; bombs and the rocket last."""
    bomb = group.type in (MoveType.BOMB, MoveType.ROCKET)
    return (100.0 if bomb else group.value - 0.4 * (len(group.cards) - 1), -len(group.cards))


def _all_known(pos: Position) -> bool:
    """Two players and every card known: the unseen cards are the opponent's hand."""
    return pos.players == 2 and sum(pos.threat) == pos.cards_left[pos.opponents()[0]]


def _endgame_known(pos: Position) -> bool:
    """Every card known, and few enough left to search."""
    return _all_known(pos) and sum(pos.hand) + sum(pos.threat) <= ENDGAME_CARDS


def lead(pos: Position, legal: list[mv.Move]) -> Decision:
    """The move to lead a fresh trick with."""
    plays = plan_moves(pos, legal)
    if not plays:  # the plan's groups are all prohibited (two-player landlord): smallest
        return Decision(min(legal, key=lambda m: (m.is_bomb, m.rank, -len(m.cards))),
                        "ddz.why.lead")
    unsafe = [(g, m) for g, m in plays if not _is_safe(pos, m)]
    safe = [(g, m) for g, m in plays if _is_safe(pos, m)]
    if safe and len(unsafe) <= 1:
        # Take control with the unbeatable plays, finish with the last one.
        group, move = max(safe, key=lambda gm: (not gm[1].is_bomb, len(gm[1].cards)))
        return Decision(move, "ddz.why.control")
    partner = pos.partner()
    if partner is not None and pos.next_seat(pos.seat) == partner:
        left = pos.cards_left[partner]
        fed = _feed(legal, left)
        if fed is not None:
            return Decision(fed, "ddz.why.feed")
    danger = pos.fewest_opponent_cards()
    ordered = sorted(plays, key=lambda gm: lead_key(gm[0]))
    if danger <= 2:
        avoid = MoveType.SINGLE if danger == 1 else MoveType.PAIR
        others = [gm for gm in ordered if gm[1].type is not avoid and not gm[1].is_bomb]
        if others:
            return Decision(others[0][1], "ddz.why.block")
        same = [m for _, m in ordered if m.type is avoid]
        if same:
            return Decision(max(same, key=lambda m: m.rank), "ddz.why.block")
    return Decision(ordered[0][1], "ddz.why.lead")


def _feed(legal: list[mv.Move], partner_cards: int) -> mv.Move | None:
    """A low lead the partner, next to play with one or two cards, can go out on."""
    if partner_cards == 2:
        pairs = [m for m in legal if m.type is MoveType.PAIR]
        if pairs:
            return min(pairs, key=lambda m: m.rank)
    if partner_cards in (1, 2):
        singles = [m for m in legal if m.type is MoveType.SINGLE]
        if singles:
            return min(singles, key=lambda m: m.rank)
    return None


# -- following -------------------------------------------------------------------------

def _candidates(legal: list[mv.Move]) -> list[mv.Move]:
    """The answers worth weighing: every main part, with its few lowest kicker choices."""
    seen: dict[tuple[MoveType, int, int], int] = {}
    out = []
    for move in legal:
        key = (move.type, move.rank, move.length)
        if seen.get(key, 0) < KICKER_VARIANTS:
            seen[key] = seen.get(key, 0) + 1
            out.append(move)
    return out


def hand_value(pos: Position, counts: Counts) -> int:
    """The plan score of `counts`; when every card is known (two players, the dummy shown)
    each planned play the opponent cannot beat is worth `CONTROL_BONUS` more."""
    if not _all_known(pos):
        return plan_score(counts)
    plan = plan_hand(counts)
    threat, most = pos.threat, _most_opponent_cards(pos)
    held = sum(1 for g in plan.groups
               if not can_beat(g.type, g.high, g.length, len(g.cards), threat, most))
    return plan.score + CONTROL_BONUS * held


def scored_answers(pos: Position, legal: list[mv.Move]) -> list[tuple[int, mv.Move]]:
    """(change in hand value, move) for each answer worth weighing, best first."""
    base = hand_value(pos, pos.hand)
    scored = [(hand_value(pos, _after(pos.hand, m)) - base, m) for m in _candidates(legal)]
    scored.sort(key=lambda sm: (sm[1].is_bomb, -sm[0], sm[1].rank))
    return scored


def follow(pos: Position, legal: list[mv.Move]) -> Decision:
    """Beat the move on the table, or pass."""
    by = pos.to_beat_seat
    assert pos.to_beat is not None and by is not None
    if not legal:
        return Decision(None, "ddz.why.cannot")
    if pos.is_partner(by):
        return _over_partner(pos, legal)
    their_cards = pos.cards_left[by]
    # Pass here and the player who played leads again (everyone else passed, or two players).
    last_chance = pos.players == 2 or pos.next_seat(pos.seat) == by
    urgent = their_cards <= 2 or (their_cards <= URGENT_CARDS and last_chance)
    scored = scored_answers(pos, legal)
    plain = [(d, m) for d, m in scored if not m.is_bomb]
    bombs = [(d, m) for d, m in scored if m.is_bomb]
    if urgent:
        if plain:
            # Hold the trick: the highest answer of the type, the cheapest among equals.
            return Decision(max(plain, key=lambda dm: (dm[1].rank, dm[0]))[1], "ddz.why.block")
        if bombs:
            return Decision(min(bombs, key=lambda dm: dm[1].rank)[1], "ddz.why.block")
        return Decision(None, "ddz.why.cannot")
    # Passing hands the lead over (at once with two players or when everyone else has
    # passed): then a play that costs the plan a little is still worth it.
    floor = -LAST_CHANCE_COST if last_chance else 0
    table_low = pos.to_beat.rank - 3 <= 6
    for delta, move in plain:
        if delta < floor:
            break
        # A 2 or a joker is kept for later, not spent on a low card early in the hand.
        if not (move.rank - 3 >= TWO and table_low and their_cards > SPARE_CONTROLS):
            return Decision(move, "ddz.why.beat")
        if pos.players == 3:
            break  # three players: a partner may still answer (measured: better than the next)
    if bombs:
        delta, move = min(bombs, key=lambda dm: dm[1].rank)
        left = _after(pos.hand, move)
        if plan_hand(left).rounds <= 2 or their_cards <= URGENT_CARDS:
            return Decision(move, "ddz.why.block")
    return Decision(None, "ddz.why.save")


def _over_partner(pos: Position, legal: list[mv.Move]) -> Decision:
    """Let the partner's play stand, unless the landlord, next and nearly out, can beat it:
    then take the trick with a play the landlord cannot beat, if there is one."""
    landlord = pos.landlord
    assert pos.to_beat is not None
    if (pos.next_seat(pos.seat) == landlord and pos.cards_left[landlord] <= 2
            and beatable(pos.to_beat, pos.threat, pos.cards_left[landlord])):
        holding = [m for m in legal if not beatable(m, pos.threat, pos.cards_left[landlord])]
        if holding:
            return Decision(min(holding, key=lambda m: (m.is_bomb, m.rank)), "ddz.why.block")
    return Decision(None, "ddz.why.partner")


def decide(pos: Position, exact: bool = True) -> Decision:
    """The AI's play for a position (always a legal move, or a pass when allowed); with
    `exact` off, never the exact endgame search (the search's fast rollouts)."""
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
    if not legal and pos.to_beat is None:
        # Only in a search's guessed deal: a two-player landlord's prohibitions judged on
        # a guessed hand plus its real plays (four 2s it never held) can forbid every lead.
        legal = mv.legal_moves(mv.Hand(pos.hand), None)
    total = sum(pos.hand)
    for move in legal:
        if len(move.cards) == total:
            return Decision(move, "ddz.why.finish")
    plain = lead(pos, legal) if pos.to_beat is None else follow(pos, legal)
    if exact and _endgame_known(pos):
        return _endgame(pos, plain)
    return plain


def naive(pos: Position) -> Decision:
    """A naive player's move, the other way of playing the strong search guesses an
    opponent may have (`inference`), as simple rule bots play (RLCard's rule agent plays
    so): it beats with the lowest play of the same kind whenever it can (its partner's
    too), even when another play would go out; with nothing of the kind, a farmer not
    right after the landlord passes, and otherwise it passes or bombs as if at random; it
    leads the part of its hand that holds its lowest card (`naive_lead`), without kickers,
    even when the whole hand is one play."""
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
    if not legal:
        return Decision(None, "ddz.why.cannot")
    table = pos.to_beat
    if table is not None:
        same = [m for m in legal if m.type is table.type and m.length == table.length]
        if same:
            return Decision(min(same, key=lambda m: m.rank), "ddz.why.beat")
        # Nothing of the kind: a farmer who does not play right after the landlord lets
        # it go; otherwise a pass or any bomb, as if at random (a pick fixed by the
        # position, so the same position always gives the same move).
        if pos.seat != pos.landlord and pos.landlord != (pos.seat - 1) % pos.players:
            return Decision(None, "ddz.why.partner")
        picks: list[mv.Move | None] = [None, *legal]
        key = bytes((*pos.hand, *table.cards, pos.seat))
        return Decision(picks[zlib.crc32(key) % len(picks)], "ddz.why.beat")
    cards = naive_lead(pos.hand)
    for move in legal:
        if not move.kickers and move.cards == cards:
            return Decision(move, "ddz.why.lead")
    return Decision(min(legal, key=lambda m: (m.is_bomb, m.rank, -len(m.cards))),
                    "ddz.why.lead")


def naive_lead(hand: Counts) -> tuple[mv.Rank, ...]:
    """The naive player's lead: its hand split as simple rule bots split one (the rocket,
    bombs, triples and runs of them below the 2, then every run of five or more ranks
    from the 3 to the ace left, taken whole, as many times as its thinnest rank allows,
    then pairs and singles) and the first part, in that order, that holds its lowest card."""
    left = list(hand)
    parts: list[list[int]] = []
    if left[13] and left[14]:
        parts.append([13, 14])
        left[13] = left[14] = 0
    for i in range(13):
        if left[i] == 4:
            parts.append([i] * 4)
            left[i] = 0
    triples: list[list[int]] = []
    for i in range(13):
        if left[i] == 3:
            if triples and i < TWO and triples[-1][-1] == i - 1:
                triples[-1] += [i] * 3
            else:
                triples.append([i] * 3)
            left[i] = 0
    parts += [t for t in triples if len(t) == 3] + [t for t in triples if len(t) > 3]
    start = 0
    while start < 12:
        end = start
        while end < 12 and left[end]:
            end += 1
        if end - start >= 5:
            times = min(left[start:end])
            parts += [list(range(start, end))] * times
            for i in range(start, end):
                left[i] -= times
        start = end + 1
    parts += [[i, i] for i in range(15) if left[i] == 2]
    parts += [[i] for i in range(15) if left[i] == 1]
    low = next(i for i, n in enumerate(hand) if n)
    first = next(p for p in parts if low in p)
    return tuple(mv.Rank(i + 3) for i in sorted(first))


def quick(pos: Position, as_naive: bool = False) -> Decision:
    """A rollout's decision (the search's and the inference's): the planner without the
    exact search, or `naive` for a seat guessed to play so (`as_naive`)."""
    return naive(pos) if as_naive else decide(pos, exact=False)


def endgame_budget(cards: int) -> int:
    """The exact search's work budget with `cards` left in both hands (0: no search)."""
    for most, budget in ENDGAME_BUDGETS:
        if cards <= most:
            return budget
    return 0


def _endgame(pos: Position, plain: Decision) -> Decision:
    """Every card known: a forced win if the search finds one; in a lost position the move
    with the most pitfalls for the opponent; else the heuristic `plain` decision."""
    solver = Solver(pos.constraints, endgame_budget(sum(pos.hand) + sum(pos.threat)),
                    pos.opponent_constraints)
    solved = solver.winning_move(pos.hand, pos.threat, pos.to_beat)
    if solved is None:
        return plain
    if solved[0]:
        return Decision(solved[1], "ddz.why.endgame")
    shares = solver.best_try(pos.hand, pos.threat, pos.to_beat, SWINDLE_BUDGET)
    if not shares:
        return plain
    best = max(shares.values())
    if best == 0 or shares.get(plain.move, 0) == best:
        return plain
    move = next(m for m, share in shares.items() if share == best)
    return Decision(move, "ddz.why.swindle")


# -- the whole game ------------------------------------------------------------------------

def choose_action(state: DoudizhuState, seat: int, rng: random.Random | None = None) -> str:
    """The AI's canonical action for `seat` in any phase (rng unused: decisions are fixed)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    counts = tuple(rank_counts(state.hand(seat)))
    if state.phase is Phase.BIDDING:
        return bid_decision(legal, counts, state.options.bidding == "grab", state.players)
    if state.phase is Phase.DOUBLING:
        return DOUBLE if wants_double(counts, seat != state.landlord) else NO_DOUBLE
    if state.phase is Phase.SHOWING:
        return SHOW if plan_hand(counts).rounds <= 3 and strength(counts) >= 9 else NO_SHOW
    return _action(decide(from_state(state, seat)))


def _action(decision: Decision) -> str:
    return PASS if decision.move is None else "play " + str(decision.move)


def hints(state: DoudizhuState, seat: int) -> list[str]:
    """Suggested actions for `seat`, the AI's own choice first, then other sensible ones."""
    legal = state.legal_actions(seat)
    if not legal:
        return []
    if state.phase is not Phase.PLAYING:
        first = choose_action(state, seat)
        return [first] + [a for a in legal if a != first]
    pos = from_state(state, seat)  # once: the AI's choice and the ordering below share it
    first = _action(decide(pos))
    moves = state.legal_moves(seat)
    if pos.to_beat is None:
        ordered = [m for _, m in sorted(plan_moves(pos, moves), key=lambda gm: lead_key(gm[0]))]
        ordered += sorted(_candidates(moves), key=lambda m: (m.is_bomb, m.rank, -len(m.cards)))
    else:
        ordered = [m for _, m in scored_answers(pos, moves)]
    # Every play that keeps the bombs whole is a candidate before the cut, so the policy
    # below always has them to put first.
    counts = pos.hand
    ordered.sort(key=lambda m: play_class(m.cards, counts) != CLEAN)
    out = [first]
    for move in ordered:
        action = "play " + str(move)
        if len(out) >= MAX_HINTS:
            break
        if action not in out:
            out.append(action)
    if PASS in legal and PASS not in out:
        out.append(PASS)
    return order_hints(out, counts, leave_to_partner=first == PASS and _partner_holds(state, seat))


def _partner_holds(state: DoudizhuState, seat: int) -> bool:
    """True if the play to beat is a fellow farmer's (three players: the landlord's two)."""
    if state.table is None or state.landlord is None:
        return False
    holder = state.table[0]
    return state.players == 3 and holder != seat and seat != state.landlord \
        and holder != state.landlord


def hint(state: DoudizhuState, seat: int, nth: int = 0) -> str:
    """The `nth` hint (提示 pressed nth + 1 times): cycles through `hints`."""
    options = hints(state, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do")
    return options[nth % len(options)]
