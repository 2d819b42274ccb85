"""The strong level of 打棒子: a search over the hidden hands (AI seats, 托管, hints).

In play, it weighs a few of its sensible plays (the normal AI's choice among them) by
dealing the cards it has not seen to the other hands and the kitty many times, consistent
with what it knows (the voids each seat has shown, the cards played, the tribute and the
card returned, the jokers buried, a kitty the rules show or it buried itself), and playing
each deal out to the end of the hand with the normal AI in every seat. A play's worth is
its team's levels at the end of the hand (a hand won, 吃血, the points either side of the
80 line), averaged over the deals; every play meets the same deals. The work is bounded
by `budget`, the plays simulated per decision. Outside play it plays as the normal AI.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.games.dabangzi import ai
from bot.games.dabangzi.ai import Info, Play
from bot.games.dabangzi.order import POINTS, TRUMP, deck108
from bot.games.dabangzi.order import points as points_of
from bot.games.dabangzi.scoring import dig_multiplier, settle_hand, team_of
from bot.games.dabangzi.state import DabangziState
from bot.games.dabangzi.tricks import winner
from bot.games.dabangzi.views import kitty_shown

DEFAULT_BUDGET = 1500  # plays simulated per decision
CANDIDATES = 4  # plays weighed at most
MAX_DEALS = 16  # deals per decision at most
MIN_DEALS = 2  # fewer deals than this: the normal AI's play
SEARCH_LEFT = 48  # the search starts when the hands hold this many cards in all
DECK = Counter(deck108())
HAND_WEIGHT = 0.5  # a hand won is worth this many levels besides its levels
STEP_WEIGHT = 0.25  # the levels' weight beside the points (per 40) past the 80 line


def choose(state: DabangziState, seat: int, rng: random.Random | None = None,
           budget: int = DEFAULT_BUDGET) -> str:
    """The strong AI's action for `seat` now."""
    if state.phase != "play":
        return ai.choose(state, seat, rng)
    hand = state.hands[seat]
    info = ai.info_of(state, seat)
    options = candidates(hand, state.trick, seat, info)
    if len(options) == 1:
        return state.play_action(options[0])
    left = sum(len(h) for h in state.hands)
    if left > SEARCH_LEFT:
        return state.play_action(options[0])
    deals = min(MAX_DEALS, budget // (left * len(options)))
    unseen = sum((DECK - Counter(hand) - info.out).values())
    if deals < MIN_DEALS or unseen < left - len(hand) + len(state.kitty):
        return state.play_action(options[0])
    rng = rng or random.Random(f"dabangzi-strong:{state.seed}:{state.number}:{left}")
    totals = [0.0] * len(options)
    for _ in range(deals):
        hands, kitty = deal_unseen(state, seat, info, rng)
        for i, option in enumerate(options):
            totals[i] += rollout(state, seat, option, hands, kitty, info)
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return state.play_action(options[best])


def candidates(hand: Sequence[str], trick: Sequence[Play], seat: int,
               info: Info) -> list[tuple[str, ...]]:
    """The plays worth weighing, the normal AI's first."""
    first = ai.play(hand, trick, seat, info)
    trumps = info.trumps
    if not trick:
        ranked = ai.lead_order(hand, seat, info)
    else:
        options = ai.follows(hand, trick[0][1], trumps)
        ranked = sorted(options, key=lambda a: (points_of(a), *ai.spend(a, trumps)))
        ranked = [ranked[0], max(options, key=lambda a: (points_of(a),
                                                         [-x for x in ai.spend(a, trumps)])),
                  *sorted(options, key=lambda a: [-x for x in ai.spend(a, trumps)])[:1],
                  *ranked[1:]]
    return list(dict.fromkeys([first, *ranked]))[:CANDIDATES]


def deal_unseen(state: DabangziState, seat: int, info: Info,
                rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """The other hands and the kitty, dealt from what `seat` has not seen, consistent
    with the voids shown and the cards known to be held."""
    pool = DECK - Counter(state.hands[seat]) - info.out
    sizes = [len(h) for h in state.hands]
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[seat] = list(state.hands[seat])
    sizes[seat] = 0
    if seat == state.dealer or kitty_shown(state):
        kitty = list(state.kitty)
    else:
        kitty = [j for _, j in state.jokers]
    pool -= Counter(kitty)
    for who, code in _pinned(state):
        if who != seat and pool[code] > 0 and sizes[who] > 0:
            hands[who].append(code)
            pool[code] -= 1
            sizes[who] -= 1
    cards = list(pool.elements())
    rng.shuffle(cards)
    if len(kitty) < len(state.kitty):
        # what a dealer buries: low plain cards without points, first
        trumps = info.trumps
        cards.sort(key=lambda c: (trumps.suit_class(c) == TRUMP or c[0] in POINTS)
                   + rng.random())
        need = len(state.kitty) - len(kitty)
        kitty += cards[:need]
        cards = cards[need:]
        rng.shuffle(cards)
    trumps = info.trumps
    allowed = {cls: [s for s in range(4) if cls not in info.voids[s]]
               for cls in {trumps.suit_class(c) for c in cards}}
    cards.sort(key=lambda c: len(allowed[trumps.suit_class(c)]))
    left = []  # cards no seat void-free in their suit has room for
    for code in cards:
        seats = [s for s in allowed[trumps.suit_class(code)] if sizes[s] > 0]
        if not seats:
            left.append(code)
            continue
        who = rng.choices(seats, weights=[sizes[s] for s in seats])[0]
        hands[who].append(code)
        sizes[who] -= 1
    for code in left:  # what the voids cannot place (rare): anywhere there is room
        seats = [s for s in range(4) if sizes[s] > 0]
        if not seats:
            break  # a position built by hand: more unseen cards than hands to hold them
        who = rng.choice(seats)
        hands[who].append(code)
        sizes[who] -= 1
    return hands, kitty


def _pinned(state: DabangziState) -> list[tuple[int, str]]:
    """Cards known to be in a hand: the tribute (the dealer's) and the card returned."""
    known = []
    if state.tribute is not None and state.dealer is not None:
        known.append((state.dealer, state.tribute[1]))
    if state.returned is not None:
        known.append(state.returned)
    return known


def rollout(state: DabangziState, seat: int, first: tuple[str, ...], hands: list[list[str]],
            kitty: Sequence[str], root: Info) -> float:
    """The hand played out from `first` with the normal AI everywhere: `seat`'s worth."""
    assert state.dealer is not None
    dealer = state.dealer
    info = Info(root.trumps, dealer, Counter(root.out), [set(v) for v in root.voids],
                root.known)
    hands = [list(h) for h in hands]
    trick: list[Play] = list(state.trick)
    points = state.points
    who = seat
    cards = first
    trumps = info.trumps
    while True:
        info.note(who, cards, trick[0][1] if trick else None)
        held = hands[who]
        for code in cards:
            held.remove(code)
        trick.append((who, cards))
        if len(trick) == 4:
            won = trick[winner([c for _, c in trick], trumps)][0]
            attackers = team_of(won) != team_of(dealer)
            if attackers:
                points += points_of(c for _, p in trick for c in p)
            if not hands[won]:
                return _worth(seat, dealer, points, kitty, attackers, len(trick[0][1]), info)
            lead_seat, trick = won, []
            who = lead_seat
        else:
            who = (who + 1) % 4
        cards = ai.play(hands[who], trick, who, info)


def _worth(seat: int, dealer: int, points: int, kitty: Sequence[str], dug: bool,
           lead_cards: int, info: Info) -> float:
    classes = {info.trumps.suit_class(c) for c in kitty}
    ganguo = TRUMP not in classes or classes == {TRUMP}
    multiplier = dig_multiplier(lead_cards, ganguo) if dug else 0
    kitty_points = points_of(kitty) * multiplier
    total = points + kitty_points
    result = settle_hand(number=0, dealer=dealer, level="2", points=total, kitty=tuple(kitty),
                         kitty_points=kitty_points, multiplier=multiplier, ganguo=ganguo,
                         jokers_buried=any(c in ("B", "R") for c in kitty), attackers_dug=dug)
    mine = team_of(seat)
    sign = 1 if result.winner == mine else -1
    attacking = team_of(dealer) != mine
    smooth = (total - 80) / 40 * (1 if attacking else -1)
    return STEP_WEIGHT * sign * (result.levels + result.blood + HAND_WEIGHT) + smooth


__all__ = ["DEFAULT_BUDGET", "candidates", "choose", "deal_unseen", "rollout"]
