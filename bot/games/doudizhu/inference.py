"""Reading the cards (记牌 / 读牌): what each hidden hand can still hold, and hands dealt
at random consistent with it (determinization) for the search (`search`).

What one seat knows in the play phase:
- every card played so far, and its own hand: the rest (`unseen`) lies in the other hands
  (and, with two players and the dummy hidden, in the dummy);
- how many cards each hand holds (报牌 tells everyone when a hand is down to 1–3);
- the bottom cards (底牌), shown to everyone: the landlord still holds each bottom rank it has
  not played since (at least bottom − played of it), and a shown hand (明牌) all of it;
- passes: a hand that passed on a move it could have beaten cheaply most likely cannot.
  That is soft evidence (the planner passes with answers in hand to keep its plan), so it
  weighs the samples (`weight`) instead of ruling hands out;
- the bidding (叫分 / 抢地主): a bid of 3 most likely comes with jokers and 2s, a pass with
  few. Read as a range of the dealt hand's strength (`Bid`), checked on its control cards
  only (`controls`, cheap enough for every sample), and soft evidence too;
- the last plays and passes of each hidden seat (`Seen`, three players): a hand on which
  the planner (`ai.decide`) would have made another choice there is less likely
  (`DECISION_LIKELIHOOD`); a hand that plays as the planner does fits them all. Checked
  only for a deal the cheaper evidence kept, and only as far as the deal's chance needs;
- every public decision of a seat guessed to play naive (`ai.naive`, as simple rule bots
  play): its leads hold its lowest card, it beats with the lowest of the kind, it passes
  only with nothing of the kind. Read as the most of each rank its hand can hold now
  (`naive_caps`), and the deals drawn for that guess all fit (`Knowledge.deal_as`).

`sample` draws deals that follow all the evidence (rejection on `weight`), so the search
weighs every deal alike.

Everything here is pure and deterministic given the random generator passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb

from bot.games.doudizhu import ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.position import FULL, Counts, Position

# A hand that passed on an opponent's single or pair it could beat with a plain (not a 2,
# not a joker, not a bomb) answer: how much less likely it is than one that could not.
PASS_LIKELIHOOD = 0.35
DUMMY = -1  # the holder index of a hidden two-player dummy hand
# A dealt hand whose control cards do not fit its seat's bid: how much less likely.
BID_LIKELIHOOD = 0.2
# The part of a hand's strength (`ai.strength`) that is not its control cards (few plays):
# up to about this much, so a bid range is checked on the control cards with this slack.
ROUNDS_ROOM = 2.4
# Deals drawn at most for one sample that follows the evidence (then the likeliest drawn).
# With 12, a third of the samples took the likeliest of 12 instead of a deal the evidence
# kept; 24 (2,000 arena deals, budget 1800, shared machine): +21.4 head to head, landlord
# +9.95, farmers +11.45, against +20.85 / +9.7 / +11.15, for 19.3 ms CPU mean against 16.5.
SAMPLE_TRIES = 24
# A hidden seat's hand on which the planner would not have made a play or pass it made:
# how much less likely; and how many of each hidden seat's last decisions are read.
DECISION_LIKELIHOOD = 0.3
DECISIONS_READ = 2
# Three players: how likely an opponent is, before his decisions are read, to play as a
# naive player (`ai.naive`: the lowest play of the same kind whenever it can beat) rather
# than as the planner; which opponents are so guessed (STYLED: "landlord" for the
# farmers only, "opponents" for every seat, "" never). Versus RLCard's rule agents
# (benchmarks/versus_rlcard.py), farmers guessing the landlord: training seeds 1-300
# 85.0% -> 87.7%, held out 85.0% -> 86.3% (88.0% with ai.naive's plain lead); the planner
# as landlord (arena, 400 deals): 40.25% either way. The landlord guessing his farmers too
# ("opponents"): training seeds 1-600 85.8% -> 87.8%, but held out 89.3% -> 89.0%, and
# against the planner's farmers (arena, 400 deals) 78.25% -> 75.5%: not kept. Also not
# kept (training seeds): reading 4-5 of the landlord's decisions instead of 2, with 24 or
# 48 tries; a naive landlord's pass with an answer of the kind in hand read as evidence;
# a decision a naive guess would not have made counted 0.1, not 0.3 (87.3% -> 86.7%).
# Since kept ("opponents"), with what every seat sees of a farmer's way with his
# partner's plays read into the prior (`style_priors`), and `ai.naive` leading and
# passing exactly as RLCard's rule agent does: see the commit of issue 39 (ai3).
# 0.6 with `naive_caps` (ai4): the landlord against RLCard's rule farmers, training seeds
# 1/301/601/901, 92.33/90.00/92.67/90.00% -> 93.33/90.00/93.67/91.00%, but against the
# planner's farmers (arena --mode strong --deals 400) 82.00% -> 79.25%: not kept.
NAIVE_PRIOR = 0.5
# ... the landlord's, before anything is read: higher, as less of what he does tells (he
# has no partner to beat or let through). Farmers against RLCard's rule landlord,
# training seeds 1/301/601/901 (1,200 deals): 0.5 87.42%, 0.7 88.67%. With the naive
# guesses dealt within `naive_caps` (issue 39, ai4), 0.85 (seeds 1/301): 93.00/92.00% ->
# 90.00/92.00%, not kept.
LANDLORD_NAIVE_PRIOR = 0.7
STYLED = "opponents"
# `style_priors`: how likely the planner is to beat his partner's play (the landlord not
# close to going out); the naive player to let a partner's single or pair below the ace
# stand; and the naive player to lead with kickers.
OVERTAKE_LIKELIHOOD = 0.05
STAND_LIKELIHOOD = 0.2
KICKER_LIKELIHOOD = 0.05
# ... and how likely a naive player is to make a decision the cards a seat plays later
# show it would not have made (`_not_naive`: a lead without its lowest card, an answer or
# a pass on a single or pair with a lower answer in hand), or that a deal drawn for a seat
# guessed naive shows (its `naive_record`, read in `fit_costed`).
# Reading every decision of a seat guessed naive (issue 39, ai4; versus RLCard's rule
# agents, training seeds 1/301/601, 300 deals each): its hand dealt within `naive_caps`,
# farmers 86.00/92.00/88.67% -> 92.00/91.67/-, landlord 90.67/87.00/90.67% ->
# 92.67/89.33/-; its leads and answers of the kind read too (`naive_record`), farmers
# 93.00/92.00/90.00%, landlord 92.33/90.00/92.67%, CPU per decision 13.7-16.0 ms mean,
# p99 51-63 (14.2-18.4 and 48-70 before). Against the planner (benchmarks/arena.py --mode
# strong --deals 400) the strong landlord 78.25% -> 82.0%, its farmers 41.5% -> 40.75%;
# planner landlords guessed naive 0.28 -> 0.09 of the time, naive ones 0.76 -> 0.80.
UNNAIVE_LIKELIHOOD = 0.05
# Work, in the search's rollout decisions (a planner's decision on a hand: 1 + its cards /
# HAND_WEIGHT, as it searches its plan): a deal drawn and weighed costs DEAL_COST.
HAND_WEIGHT = 8
DEAL_COST = 0.5
# A naive player's decision (`ai.naive`, no plan searched: about a tenth of the planner's
# CPU time, 9 us against 100 on random hands), in the same units. Charged at half a planner
# decision, not its tenth: at 0.25 the rollouts it paid for won nothing on 1,200 training
# deals and the mean CPU per decision rose to 17-19 ms; at 0.5 (training seeds 1 and 301):
# farmers 87.33%/91.33%, landlord 90.67%/87.00%, 13.6-17.4 ms.
NAIVE_COST = 0.5


@dataclass(frozen=True, slots=True)
class Bid:
    """What a seat's bidding says of the hand it was dealt: strength in [low, high)."""

    seat: int
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Pass:
    """One pass seen in the play: `seat` passed on `move`, played by `by`."""

    seat: int
    by: int
    beaten: Counts  # the cards passed on
    after: Counts  # the cards `seat` played after this pass


@dataclass(frozen=True, slots=True)
class Seen:
    """One decision of a hidden seat in the play, as that seat saw the table then."""

    seat: int
    after: Counts  # the cards `seat` played from then on, this play included
    cards_left: tuple[int, ...]  # per seat, then
    to_beat: mv.Move | None  # the move it answered (None: it led)
    to_beat_seat: int | None
    outs: Counts  # every card not played before then
    move: mv.Move | None  # what it did (None: a pass)


@dataclass(frozen=True, slots=True)
class Read:
    """How one entry of the play history was made: the move it was played as (None: a
    pass), and the move it answered and that move's seat (None: it led)."""

    move: mv.Move | None
    to_beat: mv.Move | None
    to_beat_seat: int | None


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the seat to decide knows about the hands it cannot see."""

    seat: int
    players: int
    landlord: int
    unseen: Counts  # the cards in the hidden hands, together
    holders: tuple[int, ...]  # the hidden hands: other seats, and DUMMY when hidden
    sizes: tuple[int, ...]  # per holder: cards it holds
    pinned: tuple[Counts, ...]  # per holder: cards it surely holds
    plays: tuple[int, ...]  # per seat: moves played so far (spring / anti-spring)
    landlord_played: Counts = (0,) * 15  # two players: the landlord's prohibitions need them
    passes: tuple[Pass, ...] = ()
    bomb_room: int = 99  # doublings bombs may still add (bomb_cap)
    bids: tuple[Bid, ...] = ()
    # per seat: the cards to add to its hand now to get the hand it was dealt (what it
    # played, less the bottom for the landlord); signed counts
    since_deal: tuple[Counts, ...] = ()
    decisions: tuple[Seen, ...] = ()  # three players: the hidden seats' last decisions
    # three players: the opponents whose way of playing is guessed with the deal (`styles`)
    styled: tuple[int, ...] = ()
    # per seat: the chance it plays naive, read from its public decisions (`style_priors`);
    # empty: `NAIVE_PRIOR` for every seat
    priors: tuple[float, ...] = ()
    # per seat: the most of each rank its hand can hold now if it plays naive, read from
    # all its public decisions (`naive_caps`; None: nothing read); empty: none
    caps: tuple[Counts | None, ...] = ()
    # three players: every lead and answer of the kind of the `styled` seats, latest first,
    # read for a seat guessed naive instead of its last `decisions`
    naive_record: tuple[Seen, ...] = ()
    # the capped deals' counting tables, per set of naive seats (`_capped`)
    _tables: dict[frozenset[int], list[list[int]] | None] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    @property
    def known(self) -> bool:
        """True if there is nothing to guess: every hidden card's place is known."""
        free = sum(self.unseen) - sum(sum(p) for p in self.pinned)
        return free == 0 or len([s for s in self.sizes if s]) <= 1

    def deal(self, rng: random.Random) -> dict[int, Counts]:
        """One random deal of the unseen cards to the holders, consistent with what is known."""
        pool = list(self.unseen)
        for pinned in self.pinned:
            for i, n in enumerate(pinned):
                pool[i] -= n
        cards = [i for i, n in enumerate(pool) for _ in range(n)]
        rng.shuffle(cards)
        out: dict[int, Counts] = {}
        at = 0
        for holder, size, pinned in zip(self.holders, self.sizes, self.pinned, strict=True):
            hand = list(pinned)
            take = size - sum(pinned)
            for i in cards[at:at + take]:
                hand[i] += 1
            at += take
            out[holder] = tuple(hand)
        return out

    def weight(self, hands: dict[int, Counts]) -> float:
        """How likely a deal is given the passes and bids seen (1.0 when nothing speaks
        against it): the hand at the time of a pass is the hand now plus what it played
        since; at the bidding, the hand now plus all it played, less the bottom."""
        value = 1.0
        for event in self.passes:
            hand = hands[event.seat]
            then = tuple(a + b for a, b in zip(hand, event.after, strict=True))
            if cheap_answer(then, event.beaten):
                value *= PASS_LIKELIHOOD
        for bid in self.bids:
            hand = hands.get(bid.seat)
            if hand is None:
                continue
            dealt = tuple(a + b for a, b in zip(hand, self.since_deal[bid.seat], strict=True))
            if not bid.low - ROUNDS_ROOM <= controls(dealt) < bid.high:
                value *= BID_LIKELIHOOD
        return value

    def fit(self, hands: dict[int, Counts], floor: float = 0.0) -> float:
        """How well a deal fits the hidden seats' decisions seen (`decisions`): 1.0 when
        the planner with these hands would have made every one of them, times
        `DECISION_LIKELIHOOD` for each it would not; the reading stops as soon as the
        value is below `floor` (the caller only needs to know that)."""
        return self.fit_costed(hands, floor)[0]

    def fit_costed(self, hands: dict[int, Counts], floor: float = 0.0,
                   naive: frozenset[int] = frozenset()) -> tuple[float, float]:
        """`fit` and its work, in the search's rollout decisions (`decision_cost`); the
        seats in `naive` are read as playing `ai.naive`, not as the planner."""
        value, work = 1.0, 0.0
        # A naive seat whose caps were read is read on its record, the others on `decisions`.
        on_record = naive if self.caps else frozenset()
        entries = [(seen, False) for seen in self.decisions if seen.seat not in on_record]
        entries += [(seen, True) for seen in self.naive_record if seen.seat in on_record]
        for seen, by_rule in entries:
            as_naive = seen.seat in naive
            hand = tuple(a + b for a, b in zip(hands[seen.seat], seen.after, strict=True))
            pos = Position(players=self.players, seat=seen.seat, landlord=self.landlord,
                           hand=hand, cards_left=seen.cards_left, to_beat=seen.to_beat,
                           to_beat_seat=seen.to_beat_seat,
                           threat=tuple(o - h for o, h in zip(seen.outs, hand, strict=True)))
            work += decision_cost(sum(hand), as_naive)
            policy = ai.quick(pos, as_naive)
            if policy.move != seen.move:
                value *= UNNAIVE_LIKELIHOOD if by_rule else DECISION_LIKELIHOOD
                if value < floor:
                    break
        return value, work

    def sample(self, rng: random.Random) -> dict[int, Counts]:
        """A random deal that follows the evidence (`draw` without its work)."""
        return self.draw(rng)[0]

    def draw(self, rng: random.Random) -> tuple[dict[int, Counts], float]:
        """A random deal that follows the evidence, and the work it took (`styles`
        without the ways of playing)."""
        hidden, _, work = self.styles(rng)
        return hidden, work

    def styles(self, rng: random.Random) -> tuple[dict[int, Counts], frozenset[int], float]:
        """A random deal that follows the evidence, the `styled` seats guessed to play as
        `ai.naive` on it, and the work it took (in rollout decisions: `DEAL_COST` a deal
        drawn, the decisions `fit` replays): each `styled` seat is guessed naive with its
        chance in `priors` (`NAIVE_PRIOR` when none), a deal is drawn that every decision
        of each seat so guessed fits (`deal_as`), and kept with its `weight` (times its
        `fit` to the decisions seen, each seat read as the way it is guessed to play) as
        the chance, up to `SAMPLE_TRIES`; then the likeliest drawn. So a seat whose
        decisions a naive player would have made more often than the planner is guessed
        naive more often."""
        priors = self.priors or (NAIVE_PRIOR,) * self.players

        def guess() -> frozenset[int]:
            return frozenset(s for s in self.styled if rng.random() < priors[s])

        if not self.passes and not self.bids and not self.decisions:
            hidden, naive = self.deal_as(rng, guess())
            return hidden, naive, DEAL_COST
        best, best_weight, best_naive = None, -1.0, frozenset[int]()
        work = 0.0
        for _ in range(SAMPLE_TRIES):
            hidden, naive = self.deal_as(rng, guess())
            work += DEAL_COST
            weight = self.weight(hidden)
            if not self.decisions:
                if weight >= 1.0 or rng.random() < weight:
                    return hidden, naive, work
            else:
                chance = rng.random()
                if chance < weight:
                    fit, spent = self.fit_costed(hidden, chance / weight, naive)
                    weight *= fit
                    work += spent
                    if chance < weight:
                        return hidden, naive, work
            if weight > best_weight:
                best, best_weight, best_naive = hidden, weight, naive
        assert best is not None
        return best, best_naive, work

    def deal_as(self, rng: random.Random,
                naive: frozenset[int]) -> tuple[dict[int, Counts], frozenset[int]]:
        """`deal`, each seat of `naive` holding no more of a rank than its `caps` allow
        (two hidden hands: a uniform deal of those that do, drawn rank by rank), and the
        seats still guessed naive: one whose caps no deal meets is not (its deal uniform)."""
        if not self.caps or len(self.holders) != 2 or not naive:
            return self.deal(rng), naive
        naive, table = self._capped(naive)
        if table is None:
            return self.deal(rng), naive
        a, b = self.holders
        k = self.sizes[0]
        hand_a, hand_b = [0] * 15, [0] * 15
        for i, (low, high, free, pin) in enumerate(self._bounds(naive)):
            pick = rng.random() * table[i][k]
            n = low
            for n in range(low, min(high, k) + 1):
                pick -= comb(free, n - pin) * table[i + 1][k - n]
                if pick < 0:
                    break
            hand_a[i] = n
            hand_b[i] = self.unseen[i] - n
            k -= n
        return {a: tuple(hand_a), b: tuple(hand_b)}, naive

    def _bounds(self, naive: frozenset[int]) -> list[tuple[int, int, int, int]]:
        """Per rank: the first hidden hand's least and most cards, the cards of the rank
        neither hand is pinned, and the first hand's pinned."""
        a, b = self.holders
        pin_a, pin_b = self.pinned
        cap_a = self.caps[a] if a in naive else None
        cap_b = self.caps[b] if b in naive else None
        out = []
        for i, unseen in enumerate(self.unseen):
            high = unseen - pin_b[i]
            low = pin_a[i]
            if cap_a is not None:
                high = min(high, cap_a[i])
            if cap_b is not None:
                low = max(low, unseen - cap_b[i])
            out.append((low, high, unseen - pin_a[i] - pin_b[i], pin_a[i]))
        return out

    def _capped(self, naive: frozenset[int]) -> tuple[frozenset[int], list[list[int]] | None]:
        """The seats of `naive` that stay naive (those whose caps some deal meets, with
        the others'), and the counting table of their capped deals (`table[i][k]`: the
        ways, by cards, the ranks from i on give the first hidden hand k cards; None when
        none of them is capped)."""
        capped = frozenset(s for s in naive if s in self.holders and self.caps[s] is not None)
        if not capped:
            return naive, None
        table = self._table(capped)
        if table is None:
            for seat in sorted(capped):
                table = self._table(frozenset({seat}))
                if table is not None:
                    return naive - (capped - {seat}), table
            return naive - capped, None
        return naive, table

    def _table(self, capped: frozenset[int]) -> list[list[int]] | None:
        if capped in self._tables:
            return self._tables[capped]
        size = self.sizes[0]
        table = [[0] * (size + 1) for _ in range(16)]
        table[15][0] = 1
        for i, (low, high, free, pin) in reversed(list(enumerate(self._bounds(capped)))):
            row, below = table[i], table[i + 1]
            for n in range(low, min(high, size) + 1):
                ways = comb(free, n - pin)
                for k in range(n, size + 1):
                    row[k] += ways * below[k - n]
        found = table if table[0][size] else None
        self._tables[capped] = found
        return found


def decision_cost(cards: int, naive: bool = False) -> float:
    """One planner decision on a hand of `cards` (`NAIVE_COST` for `ai.naive`'s), in the
    search's units of work."""
    return NAIVE_COST if naive else 1 + cards / HAND_WEIGHT


def controls(counts: Counts) -> float:
    """The control-card part of a hand's strength (`ai.strength` without its plan)."""
    score = 4.0 * counts[14] + 3.0 * counts[13] + 2.0 * counts[12] + 0.5 * counts[11]
    return score + sum(4.0 for i in range(12) if counts[i] == 4)


def cheap_answer(hand: Counts, beaten: Counts) -> bool:
    """True if `hand` beats a single or a pair (`beaten`) with plain cards below the 2
    without breaking a pair for a single or a triple for a pair."""
    size = sum(beaten)
    if size not in (1, 2) or max(beaten) != size:
        return False
    low = beaten.index(size)
    return any(hand[i] == size for i in range(low + 1, 12))


def knowledge(pos: Position, played: list[Counts], bottom: Counts | None,
              plays: tuple[int, ...], history: list[tuple[int, Counts]],
              hidden_dummy: int = 0, shown_landlord: bool = False,
              bomb_room: int = 99, bids: tuple[Bid, ...] = (),
              moves: list[Read] | None = None) -> Knowledge:
    """The knowledge of the seat of `pos`.

    `played[s]`: the cards seat s played; `bottom`: the bottom cards (None if unknown);
    `plays[s]`: moves seat s played; `history`: (seat, cards played, none for a pass);
    `hidden_dummy`: the size of a hidden two-player dummy (0 if none or shown);
    `shown_landlord`: the landlord showed the hand (明牌), so `pos.threat` is exactly it;
    `bids`: what the bidding says of the hidden seats' dealt hands (needs `bottom`);
    `moves`: how each entry of `history` was made (`Read`), read for the hidden seats'
    last decisions (three players, no hand shown).
    """
    holders = [s for s in range(pos.players) if s != pos.seat]
    sizes = [pos.cards_left[s] for s in holders]
    if hidden_dummy:
        holders.append(DUMMY)
        sizes.append(hidden_dummy)
    empty = (0,) * 15
    pinned = [empty] * len(holders)
    unseen = pos.threat
    if shown_landlord and pos.seat != pos.landlord:
        # pos.threat is the shown hand: the partner's hand is everything else unseen.
        everything = [FULL[i] - pos.hand[i] - sum(p[i] for p in played) for i in range(15)]
        unseen = tuple(everything)
        pinned[holders.index(pos.landlord)] = pos.threat
    elif bottom is not None and pos.seat != pos.landlord:
        spent = played[pos.landlord]
        pinned[holders.index(pos.landlord)] = tuple(
            min(max(0, b - p), u) for b, p, u in zip(bottom, spent, unseen, strict=True))
    since_deal: list[Counts] = [tuple(p) for p in played]
    if bottom is not None:
        since_deal[pos.landlord] = tuple(
            p - b for p, b in zip(played[pos.landlord], bottom, strict=True))
    else:
        bids = ()
    bids = tuple(b for b in bids if b.seat != pos.seat and b.seat in holders
                 and not (shown_landlord and b.seat == pos.landlord))
    # Three players, no hand shown: the hidden seats' decisions are read (`moves`), and
    # their ways guessed (`styled`).
    hidden = pos.players == 3 and not shown_landlord
    styled = _styled(pos) if hidden else ()
    read = moves if hidden else None
    return Knowledge(seat=pos.seat, players=pos.players, landlord=pos.landlord,
                     unseen=tuple(unseen), holders=tuple(holders), sizes=tuple(sizes),
                     pinned=tuple(pinned), plays=plays, landlord_played=played[pos.landlord],
                     passes=tuple(_passes(pos, history)), bomb_room=bomb_room,
                     bids=bids, since_deal=tuple(since_deal),
                     decisions=_decisions(pos, history, read) if read is not None else (),
                     styled=styled,
                     priors=style_priors(pos, history, moves)
                     if moves is not None and pos.players == 3 else (),
                     caps=naive_caps(pos, history, read, styled) if read is not None else (),
                     naive_record=_naive_record(pos, history, read, styled)
                     if read is not None else ())


# The kinds of move a naive player answers with the lowest of the kind that beats, and how
# many cards of one rank make the kind's main part.
_MAIN = {mv.MoveType.SINGLE: 1, mv.MoveType.PAIR: 2, mv.MoveType.TRIPLE: 3,
         mv.MoveType.TRIPLE_SINGLE: 3, mv.MoveType.TRIPLE_PAIR: 3, mv.MoveType.BOMB: 4}
_WHOLE = frozenset({mv.MoveType.SINGLE, mv.MoveType.PAIR, mv.MoveType.TRIPLE, mv.MoveType.BOMB})


def naive_caps(pos: Position, history: list[tuple[int, Counts]], moves: list[Read],
               seats: tuple[int, ...]) -> tuple[Counts | None, ...]:
    """Per seat of `seats` (None for the others): the most of each rank its hand can
    hold now if it plays naive (`ai.naive`), from all its public decisions: a lead holds
    its lowest card (a single, pair, triple or bomb all of its rank); an answer of a
    single, pair or triple kind (kickers or not) or a bomb is the lowest of the kind that
    beats; a pass, or a bomb on another kind, says it had none of the kind that beats."""
    if not seats:
        return ()
    caps: list[list[int] | None] = [None] * pos.players
    for seat in seats:
        caps[seat] = [4] * 13 + [1, 1]
    left = [20 if s == pos.landlord else 17 for s in range(pos.players)]
    later = [[0] * 15 for _ in range(pos.players)]  # per seat: what it plays from now on
    for seat, cards in history:
        for i, n in enumerate(cards):
            later[seat][i] += n
    for read, (seat, cards) in zip(moves, history, strict=True):
        cap, held = caps[seat], later[seat]
        if cap is not None:
            then = [4] * 15  # the most of each rank its hand held then
            move, table = read.move, read.to_beat
            if table is None:
                if move is not None:
                    low = min(move.cards) - 3
                    if move.type in _WHOLE:
                        low += 1  # and all of that rank
                    then[:low] = [0] * low
            elif table.type in _MAIN:
                main, start = _MAIN[table.type], table.rank - 2
                if move is not None and move.type is table.type:
                    stop = move.rank - 3
                elif move is None or move.is_bomb:
                    stop = 15 if main == 1 else 13
                    if table.type is mv.MoveType.TRIPLE_PAIR or (
                            main == 3 and left[seat] < len(table.cards)):
                        stop = start  # a triple but no pair, or too few cards, to go with
                else:
                    stop = start
                for i in range(start, stop):
                    then[i] = main - 1
            for i in range(15):
                cap[i] = min(cap[i], max(0, then[i] - held[i]))
        for i, n in enumerate(cards):
            held[i] -= n
        left[seat] -= sum(cards)
    return tuple(None if c is None else tuple(c) for c in caps)


def style_priors(pos: Position, history: list[tuple[int, Counts]],
                 moves: list[Read]) -> tuple[float, ...]:
    """Per seat, the chance it plays naive (`ai.naive`) rather than as the planner, from
    what every seat sees of a farmer's way with his partner's plays: the naive player
    beats them whenever it can (`OVERTAKE_LIKELIHOOD`: how often the planner would, the
    landlord not close to going out), the planner lets them stand (`STAND_LIKELIHOOD`:
    how often the naive player would pass a partner's single or pair below the ace); and
    from what any seat does: a lead with kickers (`KICKER_LIKELIHOOD`), or a decision the
    cards it plays later show a naive player would not have made (`_not_naive`,
    `UNNAIVE_LIKELIHOOD`)."""
    odds = [NAIVE_PRIOR / (1 - NAIVE_PRIOR)] * pos.players
    odds[pos.landlord] = LANDLORD_NAIVE_PRIOR / (1 - LANDLORD_NAIVE_PRIOR)
    left = [20 if s == pos.landlord else 17 for s in range(pos.players)]
    later = [[0] * 15 for _ in range(pos.players)]  # per seat: what it plays after now
    for seat, cards in history:
        for i, n in enumerate(cards):
            later[seat][i] += n
    for read, (seat, cards) in zip(moves, history, strict=True):
        held = later[seat]
        for i, n in enumerate(cards):
            held[i] -= n
        if _not_naive(read, held):
            odds[seat] *= UNNAIVE_LIKELIHOOD
        by = read.to_beat_seat
        if by is not None and by != pos.landlord and seat != pos.landlord and by != seat \
                and left[pos.landlord] > 2:
            table = read.to_beat
            assert table is not None
            if read.move is not None:
                odds[seat] /= OVERTAKE_LIKELIHOOD
            elif table.type in (mv.MoveType.SINGLE, mv.MoveType.PAIR) and table.rank < mv.Rank(14):
                odds[seat] *= STAND_LIKELIHOOD
        if by is None and read.move is not None and read.move.kickers:
            odds[seat] *= KICKER_LIKELIHOOD
        if read.move is not None:
            left[seat] -= len(read.move.cards)
    return tuple(o / (1 + o) for o in odds)


def _not_naive(read: Read, held: list[int]) -> bool:
    """True if a naive player holding at least `held` would not have made this decision:
    it leads the part of its hand with its lowest card, and beats a single or a pair with
    the lowest single or pair it has (breaking a bigger set if need be)."""
    move, table = read.move, read.to_beat
    if table is None:
        return move is not None and any(held[:min(move.cards) - 3])
    if table.type not in (mv.MoveType.SINGLE, mv.MoveType.PAIR):
        return False
    size, low = len(table.cards), table.rank - 2
    if move is None:
        return any(n >= size for n in held[low:15 if size == 1 else 13])
    return move.type is table.type and any(n >= size for n in held[low:move.rank - 3])


def _styled(pos: Position) -> tuple[int, ...]:
    if STYLED == "opponents" or (STYLED == "landlord" and pos.seat != pos.landlord):
        return tuple(pos.opponents())
    return ()


def _decisions(pos: Position, history: list[tuple[int, Counts]], moves: list[Read],
               most: int = DECISIONS_READ, seats: tuple[int, ...] | None = None,
               ) -> tuple[Seen, ...]:
    """The last `most` decisions of each hidden seat (of `seats` if given; three players:
    every card not played is in a hand), latest first."""
    players = pos.players
    wanted = [s for s in range(players) if s != pos.seat and (seats is None or s in seats)]
    cards_left = [sum(pos.hand) if s == pos.seat else pos.cards_left[s] for s in range(players)]
    outs = list(pos.threat)
    for i, n in enumerate(pos.hand):
        outs[i] += n
    after = [[0] * 15 for _ in range(players)]
    taken = [0] * players
    out: list[Seen] = []
    # Walk back from now: before each play its cards were still out and in its hand.
    for (seat, cards), read in zip(reversed(history), reversed(moves), strict=True):
        move = read.move
        if move is not None:
            for i, n in enumerate(cards):
                after[seat][i] += n
                outs[i] += n
            cards_left[seat] += len(move.cards)
        if seat in wanted and taken[seat] < most:
            taken[seat] += 1
            out.append(Seen(seat, tuple(after[seat]), tuple(cards_left), read.to_beat,
                            read.to_beat_seat, tuple(outs), move))
        if all(taken[s] >= most for s in wanted):
            break
    return tuple(out)


def _naive_record(pos: Position, history: list[tuple[int, Counts]], moves: list[Read],
                  seats: tuple[int, ...]) -> tuple[Seen, ...]:
    """Every lead and every answer of the kind on the table of `seats`, latest first: the
    decisions a naive player makes by rule (its passes and its bombs on another kind, made
    as if at random or by the seat's place, say no more than `naive_caps` reads)."""
    if not seats:
        return ()
    return tuple(seen for seen in _decisions(pos, history, moves, len(history), seats)
                 if seen.move is not None and (seen.to_beat is None
                                               or seen.move.type is seen.to_beat.type))


def _passes(pos: Position, history: list[tuple[int, Counts]]) -> list[Pass]:
    """The passes of the hidden seats on a move of their opponents (not on a partner's)."""
    out: list[Pass] = []
    table: tuple[int, Counts] | None = None
    passes = 0
    for at, (seat, cards) in enumerate(history):
        if any(cards):
            table, passes = (seat, cards), 0
            continue
        assert table is not None
        by, beaten = table
        opponents = (seat == pos.landlord) != (by == pos.landlord)
        if seat != pos.seat and opponents:
            out.append(Pass(seat, by, beaten, _played_by(seat, history[at + 1:])))
        passes += 1
        if passes >= pos.players - 1:
            table, passes = None, 0
    return out


def _played_by(seat: int, history: list[tuple[int, Counts]]) -> Counts:
    total = [0] * 15
    for who, cards in history:
        if who == seat:
            for i, n in enumerate(cards):
                total[i] += n
    return tuple(total)
