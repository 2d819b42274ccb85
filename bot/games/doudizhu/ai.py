"""The 斗地主 AI: fills empty seats, plays for idle players (托管), and gives hints (提示).

It decides on what its seat may know (`position.Position`), never on hidden cards:
- bidding from hand strength (jokers, 2s, bombs, and how few plays the hand needs);
- leading the weakest group of its best decomposition (`plan`), keeping bombs and control
  cards, and playing unbeatable groups first when that wins the hand;
- following with the move that costs its plan least, saving 2s, jokers and bombs until an
  opponent is close to going out;
- as a farmer, letting the partner's play stand and feeding a partner about to go out;
- blocking an opponent with one or two cards left (no singles / pairs led to them, the
  highest card on their singles).
Decisions are deterministic: the same position always gives the same move.
"""

from __future__ import annotations

import random
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
from bot.games.doudizhu.endgame import Solver
from bot.games.doudizhu.plan import Group, plan_hand, plan_score
from bot.games.doudizhu.position import Counts, Position, from_state
from bot.games.doudizhu.state import DoudizhuState

MoveType = mv.MoveType
TWO = 12  # rank index of the 2: from here up are control cards
LAST_CHANCE_COST = 10  # what handing over the lead is worth, in plan score
ENDGAME_CARDS = 20  # two players, every card known: search when this few are left in all
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


def wanted_bid(counts: Counts) -> int:
    """The highest bid (0–3) this hand is worth."""
    value = strength(counts)
    return 3 if value >= 9 else 2 if value >= 7 else 1 if value >= 5 else 0


def bid_decision(legal: list[str], counts: Counts, grab_style: bool = False) -> str:
    """The bidding action for a hand among the legal ones (叫分, or 抢地主 if `grab_style`)."""
    want = wanted_bid(counts)
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

def _run_in(counts: Counts, width: int, length: int, above: int) -> bool:
    """True if `counts` hold a chain of `length` ranks, `width` deep, ending above `above`."""
    run = 0
    for i in range(12):
        run = run + 1 if counts[i] >= width else 0
        if run >= length and i > above:
            return True
    return False


def beatable(move: mv.Move, threat: Counts, most_cards: int) -> bool:
    """Could an opponent (holding at most `most_cards` of the `threat` cards) beat it?"""
    if move.type is MoveType.ROCKET:
        return False
    if threat[13] and threat[14] and most_cards >= 2:
        return True
    high = move.rank - 3
    bomb_floor = high if move.type is MoveType.BOMB else -1
    if most_cards >= 4 and any(threat[i] == 4 for i in range(bomb_floor + 1, 13)):
        return True
    if move.type is MoveType.BOMB or most_cards < len(move.cards):
        return False
    kind = move.type
    if kind is MoveType.SINGLE:
        return any(threat[i] for i in range(high + 1, 15))
    if kind is MoveType.PAIR:
        return any(threat[i] >= 2 for i in range(high + 1, 13))
    if kind in (MoveType.TRIPLE, MoveType.TRIPLE_SINGLE, MoveType.TRIPLE_PAIR):
        return any(threat[i] >= 3 for i in range(high + 1, 13))
    if kind is MoveType.STRAIGHT:
        return _run_in(threat, 1, move.length, high)
    if kind is MoveType.PAIR_CHAIN:
        return _run_in(threat, 2, move.length, high)
    if kind in (MoveType.TRIPLE_CHAIN, MoveType.PLANE_SINGLES, MoveType.PLANE_PAIRS):
        return _run_in(threat, 3, move.length, high)
    return False  # four-with-two: only by a bomb, checked above


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

def _plan_moves(pos: Position, legal: list[mv.Move]) -> list[tuple[Group, mv.Move]]:
    index = {(m.type, m.cards): m for m in legal}
    out = []
    for group in plan_hand(pos.hand).groups:
        move = index.get((group.type, tuple(mv.Rank(i + 3) for i in group.cards)))
        if move is not None:
            out.append((group, move))
    return out


def _lead_key(group: Group) -> tuple[float, int]:
    # Weakest first; among equals the play that sheds more cards.
    bomb = group.type in (MoveType.BOMB, MoveType.ROCKET)
    return (100.0 if bomb else group.value - 0.4 * (len(group.cards) - 1), -len(group.cards))


def _endgame_known(pos: Position) -> bool:
    """Two players, every card known (the dummy shown), and few enough left to search."""
    if pos.players != 2:
        return False
    opponent = pos.opponents()[0]
    known = sum(pos.threat) == pos.cards_left[opponent]
    return known and sum(pos.hand) + pos.cards_left[opponent] <= ENDGAME_CARDS


def lead(pos: Position, legal: list[mv.Move]) -> Decision:
    """The move to lead a fresh trick with."""
    plays = _plan_moves(pos, legal)
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
    ordered = sorted(plays, key=lambda gm: _lead_key(gm[0]))
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


def scored_answers(pos: Position, legal: list[mv.Move]) -> list[tuple[int, mv.Move]]:
    """(change in plan score, move) for each answer worth weighing, best first."""
    base = plan_score(pos.hand)
    scored = [(plan_score(_after(pos.hand, m)) - base, m) for m in _candidates(legal)]
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
    urgent = their_cards <= 2 or (their_cards <= 4 and last_chance)
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
    if plain:
        delta, move = plain[0]
        control = move.rank - 3 >= TWO
        table_low = pos.to_beat.rank - 3 <= 6
        # Passing hands the lead over (at once with two players or when everyone else has
        # passed): then a play that costs the plan a little is still worth it.
        floor = -LAST_CHANCE_COST if last_chance else 0
        if delta >= floor and not (control and table_low and their_cards > 6):
            return Decision(move, "ddz.why.beat")
    if bombs:
        delta, move = min(bombs, key=lambda dm: dm[1].rank)
        left = _after(pos.hand, move)
        if plan_hand(left).rounds <= 2 or their_cards <= 4:
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


def decide(pos: Position) -> Decision:
    """The AI's play for a position (always a legal move, or a pass when allowed)."""
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
    total = sum(pos.hand)
    for move in legal:
        if len(move.cards) == total:
            return Decision(move, "ddz.why.finish")
    if _endgame_known(pos):
        solved = Solver(pos.constraints).winning_move(pos.hand, pos.threat, pos.to_beat)
        if solved is not None and solved[0]:
            return Decision(solved[1], "ddz.why.endgame")
    if pos.to_beat is None:
        return lead(pos, legal)
    return follow(pos, legal)


# -- the whole game ------------------------------------------------------------------------

def choose_action(state: DoudizhuState, seat: int, rng: random.Random | None = None) -> str:
    """The AI's canonical action for `seat` in any phase (rng unused: decisions are fixed)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    counts = tuple(rank_counts(state.hand(seat)))
    if state.phase is Phase.BIDDING:
        return bid_decision(legal, counts, state.options.bidding == "grab")
    if state.phase is Phase.DOUBLING:
        farmer = seat != state.landlord
        return DOUBLE if strength(counts) >= (7 if farmer else 10) else NO_DOUBLE
    if state.phase is Phase.SHOWING:
        return SHOW if plan_hand(counts).rounds <= 3 and strength(counts) >= 9 else NO_SHOW
    decision = decide(from_state(state, seat))
    return PASS if decision.move is None else "play " + str(decision.move)


def hints(state: DoudizhuState, seat: int) -> list[str]:
    """Suggested actions for `seat`, the AI's own choice first, then other sensible ones."""
    legal = state.legal_actions(seat)
    if not legal:
        return []
    first = choose_action(state, seat)
    if state.phase is not Phase.PLAYING:
        return [first] + [a for a in legal if a != first]
    pos = from_state(state, seat)
    moves = state.legal_moves(seat)
    if pos.to_beat is None:
        ordered = [m for _, m in sorted(_plan_moves(pos, moves), key=lambda gm: _lead_key(gm[0]))]
        ordered += sorted(_candidates(moves), key=lambda m: (m.is_bomb, m.rank, -len(m.cards)))
    else:
        ordered = [m for _, m in scored_answers(pos, moves)]
    out = [first]
    for move in ordered:
        action = "play " + str(move)
        if len(out) >= MAX_HINTS:
            break
        if action not in out:
            out.append(action)
    if PASS in legal and PASS not in out:
        out.append(PASS)
    return out


def hint(state: DoudizhuState, seat: int, nth: int = 0) -> str:
    """The `nth` hint (提示 pressed nth + 1 times): cycles through `hints`."""
    options = hints(state, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do")
    return options[nth % len(options)]
