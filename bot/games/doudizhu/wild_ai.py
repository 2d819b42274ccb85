"""The AI in the 癞子 modes (RULES §2.1): every level plays this planner there.

The classic planner (`ai`) and the search (`search`) read hands as rank counts with no card
standing for another, so in the modes the AI judges each legal reading instead: the cards
left are planned without their wild cards (`plan.plan_score`), and each wild card kept is
worth a round saved. It leads the play that leaves the best hand, keeps bombs (a 软炸 first
among them) unless an opponent is close to going out or the bomb ends the hand, follows
when the answer costs the hand little, and as a farmer lets the partner's play stand. It
bids, doubles (超级加倍 on a very strong hand) and shows as the planner does, a known wild
card counting as a 2. Decisions are deterministic.
"""

from __future__ import annotations

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import DOUBLE, NO_DOUBLE, PASS, SUPER_DOUBLE, Phase
from bot.games.doudizhu.ai import bid_decision, strength
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.plan import ROUND_COST, plan_hand, plan_score
from bot.games.doudizhu.play import read_text
from bot.games.doudizhu.state import DoudizhuState, wild_play_text

Counts = tuple[int, ...]
WILD_KEPT = ROUND_COST  # a wild card still in hand: about one play saved
BOMB_KEPT = 12  # what playing a bomb early costs (it is kept for the end)
FOLLOW_SLACK = 4  # an answer that costs the hand at most this much is played
CLOSE = 4  # an opponent with this many cards or fewer: bombs and high cards come out
MAX_HINTS = 10


def _known_wilds(state: DoudizhuState) -> tuple[int, ...]:
    return tuple(sorted(state.wilds))


def value(counts: Counts, wilds: tuple[int, ...]) -> int:
    """How good a hand is: its plan without the wild cards, plus each wild card kept."""
    if not any(counts):
        return 1_000
    rest = list(counts)
    kept = 0
    for w in wilds:
        kept += rest[w]
        rest[w] = 0
    return plan_score(tuple(rest)) + WILD_KEPT * kept


def _strength(counts: Counts, wilds: tuple[int, ...]) -> float:
    """The planner's hand strength, a wild card known counting as a 2 besides."""
    return strength(counts) + 2.0 * sum(counts[w] for w in wilds)


def _after(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


def _scored(state: DoudizhuState, seat: int) -> list[tuple[float, mv.Move]]:
    """Every legal move with its value for the seat, best first (ties: fewer high cards)."""
    return _scored_moves(tuple(rank_counts(state.hand(seat))), _known_wilds(state),
                         state.legal_moves(seat), _opponent_close(state, seat))


def _scored_moves(counts: Counts, wilds: tuple[int, ...], legal: list[mv.Move],
                  close: bool) -> list[tuple[float, mv.Move]]:
    out = []
    for move in legal:
        after = _after(counts, move)
        score = float(value(after, wilds))
        if move.is_bomb and any(after) and not close:
            score -= BOMB_KEPT + (mv.bomb_kind(move) == mv.HARD) + 2 * (len(move.cards) > 4)
        out.append((score - 0.01 * int(move.rank), move))
    out.sort(key=lambda sm: -sm[0])
    return out


def _close(seat: int, landlord: int | None, sizes: list[int]) -> bool:
    """An opponent of `seat` holds CLOSE cards or fewer."""
    return any(size <= CLOSE for s, size in enumerate(sizes)
               if s != seat and (seat == landlord or s == landlord))


def _opponent_close(state: DoudizhuState, seat: int) -> bool:
    return _close(seat, state.landlord, [len(state.hand(s)) for s in range(state.players)])


def _partner(seat: int, landlord: int | None, holder: int | None, players: int) -> bool:
    """The trick is the partner's (a farmer's, three players)."""
    if holder is None or landlord is None or players != 3:
        return False
    return seat != landlord and holder != landlord and holder != seat


def play_decision(state: DoudizhuState, seat: int) -> mv.Move | None:
    """The move to play, or None to pass."""
    return decide(tuple(rank_counts(state.hand(seat))), _known_wilds(state),
                  state.legal_moves(seat), seat=seat, landlord=state.landlord,
                  sizes=[len(state.hand(s)) for s in range(state.players)],
                  holder=state.table[0] if state.table is not None else None)


def decide(counts: Counts, wilds: tuple[int, ...], legal: list[mv.Move], *, seat: int,
           landlord: int | None, sizes: list[int], holder: int | None) -> mv.Move | None:
    """The move to play from a seat's point of view (`legal`: its legal moves now; `holder`:
    who played the trick to beat, None when leading), or None to pass. Also what
    `judge doudizhu-ai` answers in the modes."""
    close = _close(seat, landlord, sizes)
    scored = _scored_moves(counts, wilds, legal, close)
    if not scored:
        return None
    hand_size = sum(counts)
    for _, move in scored:
        if len(move.cards) == hand_size:
            return move  # goes out
    best_score, best = scored[0]
    if holder is None:
        return best
    if _partner(seat, landlord, holder, len(sizes)):
        return None
    if close or best_score >= value(counts, wilds) - FOLLOW_SLACK:
        return best
    return None


def action_of(state: DoudizhuState, move: mv.Move | None) -> str:
    """The canonical action playing `move` (its reading named when a wild card is in it)."""
    if move is None:
        return PASS
    wild = state.wild
    return "play " + str(move) if wild is None else wild_play_text(move, wild)


def choose_action(state: DoudizhuState, seat: int) -> str:
    """The AI's canonical action for `seat` in any phase of a hand in the modes."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    counts = tuple(rank_counts(state.hand(seat)))
    wilds = _known_wilds(state)
    if state.phase is Phase.BIDDING:
        # bid_decision reads the planner's strength; a known 天癞子 raises it.
        extra = _strength(counts, wilds) - strength(counts)
        if extra >= 4:
            bids = [a for a in legal if a.startswith("bid ")]
            if bids:
                return bids[-1]
        return bid_decision(legal, counts, state.options.bidding == "grab", state.players)
    if state.phase is Phase.DOUBLING:
        farmer = seat != state.landlord
        power = _strength(counts, wilds)
        need = 7 if farmer else 10
        if SUPER_DOUBLE in legal and power >= need + 5:
            return SUPER_DOUBLE
        return DOUBLE if power >= need else NO_DOUBLE
    if state.phase is Phase.SHOWING:
        return "show" if plan_hand(counts).rounds <= 3 and _strength(counts, wilds) >= 9 \
            else "no-show"
    return action_of(state, play_decision(state, seat))


def hints(state: DoudizhuState, seat: int) -> list[str]:
    """Suggested actions, the AI's choice first, then the other plays by value."""
    legal = state.legal_actions(seat)
    if not legal:
        return []
    first = choose_action(state, seat)
    if state.phase is not Phase.PLAYING:
        return [first] + [a for a in legal if a != first]
    out = [first]
    for _, move in _scored(state, seat):
        if len(out) >= MAX_HINTS:
            break
        action = action_of(state, move)
        if action not in out:
            out.append(action)
    if PASS in legal and PASS not in out:
        out.append(PASS)
    return out


def describe(move: mv.Move, wilds: tuple[int, ...]) -> str:
    """A move as read (`5557` → `5777`), for explanations."""
    return read_text(move, wilds)
