"""A match (or a single hand) of 打棒子 as one immutable state (docs/rules.md §6).

Phases of a hand: `grab` (the match's first hand: 抢亮大王), `declare` (亮主), `return`
(the dealer hands a card back for the tribute), `bury` (扣底, one card at a time), `jokers`
(the others' 扣王) and `play`; a match deals its next hand itself until a team passes A.
The draws, the tribute and the end of a hand happen inside the action that leads to them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Self

from bot.cards import parse_loose
from bot.errors import CardParseError, IllegalAction
from bot.games.base import Event
from bot.games.dabangzi.deal import deal
from bot.games.dabangzi.order import LEVELS, PLAIN_RANKS, Trumps, is_permanent_trump, trumps_of
from bot.games.dabangzi.phases import CLOSE, HANDLERS, parse, seats_from
from bot.games.dabangzi.scoring import HandResult, team_of
from bot.games.dabangzi.tricks import leads, legal_follows
from bot.games.dabangzi.views import PrivateView, PublicView, public_of

VERBS = ("grab", "pass", "declare", "return", "bury", "play")
# The action cards typed alone stand for, in each phase that takes cards.
PHASE_VERBS = {"declare": "declare", "return": "return", "bury": "bury", "play": "play"}
FITS_SHOWN = 6  # the choices a refusal names when typed cards fit several


def _fits(cards: list[str], typed: list[tuple[str, str | None]]) -> bool:
    """Whether the typed cards (rank, suit or None) name exactly these card codes."""
    if len(cards) != len(typed):
        return False
    left = list(cards)
    for rank, suit in sorted(typed, key=lambda rs: rs[1] is None):  # suited ones first
        match = next((c for c in left if c[0] == rank and (suit is None or c[1:] == suit)),
                     None)
        if match is None:
            return False
        left.remove(match)
    return True

Play = tuple[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class DabangziState:
    """The whole position: the match so far and the hand being played."""

    seed: int
    match: bool  # a whole match (levels 2 → past A) or a single hand
    first: int  # the seat that starts the first hand's deal and draw
    levels: tuple[int, int]  # per team, an index into LEVELS (13: past A)
    number: int  # the hand being played, from 1
    attempt: int  # redeals of this hand
    dealer: int | None  # None until the first hand's grab or draw
    phase: str
    asked: tuple[int, ...]  # seats still to speak in this phase, the first is to act
    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    draws: tuple[tuple[int, str], ...] = ()
    declared: tuple[int, str] | None = None
    suit: str = ""  # the trump suit, once known
    hun: str = ""  # the 魂儿, once known
    tribute: tuple[int, str] | None = None
    buried: tuple[str, ...] = ()  # what the dealer buried
    jokers: tuple[tuple[int, str], ...] = ()  # jokers the others buried (seat, joker)
    trick: tuple[Play, ...] = ()
    last_trick: tuple[Play, ...] = ()
    points: int = 0  # the attackers' points from tricks this hand
    taken: tuple[int, ...] = (0, 0, 0, 0)  # points each seat's tricks took this hand
    results: tuple[HandResult, ...] = ()
    blood: tuple[int, int] = (0, 0)  # 吃血 each team took
    winner: int | None = None  # the team that won the match
    # A single hand dealt on from the table's previous one (its levels and hand number,
    # `Outcome.carry`), so levels go up from hand to hand; None: a fresh start at level 2.
    carried: tuple[tuple[int, int], int] | None = None
    returned: tuple[int, str] | None = None  # 还贡: (the seat it went to, the card), shown
    # Cards taken up from the kitty this hand (seat, card): the dealer's whole kitty, and
    # the smallest kitty card a seat gets for a joker it buries (扣王). Only the taker sees
    # which of its cards these are ("[ ] from the bottom"); two decks make a code ambiguous.
    picked: tuple[tuple[int, str], ...] = ()
    played: tuple[Play, ...] = ()  # this hand's closed tricks, play by play (the AI counts)

    # -- setting up -----------------------------------------------------------------------

    @classmethod
    def start(cls, seed: int, first: int, match: bool,
              carried: tuple[tuple[int, int], int] | None = None) -> DabangziState:
        """The first hand: dealt from `first`; a match grabs or draws for the dealer. A
        single hand `carried` on from the table's last starts at its levels."""
        levels, number = carried if carried is not None and not match else ((0, 0), 1)
        state = cls(seed, match, first, levels, number, 0, None if match else first, "", (),
                    ((),) * 4, (), carried=carried if not match else None)
        return state.begin([])

    def begin(self, events: list[Event]) -> DabangziState:
        """Deal this hand (attempt) and open its first phase."""
        start = self.first if self.dealer is None else self.dealer
        hands, kitty = deal(self.seed, self.number, self.attempt, start)
        state = replace(self, hands=hands, kitty=kitty, draws=(), declared=None, suit="",
                        hun="", tribute=None, buried=(), jokers=(), trick=(), last_trick=(),
                        points=0, taken=(0, 0, 0, 0), returned=None, picked=(), played=())
        if self.dealer is None:
            grabbers = tuple(s for s in seats_from(start) if "R" in hands[s])
            return replace(state, phase="grab", asked=grabbers).settle_round(events)
        return replace(state, phase="declare", asked=seats_from(start)).settle_round(events)

    @property
    def level(self) -> str:
        """The rank the dealer's team plays (2 on the first hand before the deal is known)."""
        team = 0 if self.dealer is None else team_of(self.dealer)
        return LEVELS[min(self.levels[team], len(LEVELS) - 1)]

    @property
    def trumps(self) -> Trumps:
        """The trump order of this hand (once the trump suit and 魂儿 are known)."""
        return trumps_of(self.level, self.suit, self.hun)

    # -- the protocol ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always four."""
        return 4

    @property
    def is_over(self) -> bool:
        """The match (or the single hand) has a result."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """The one seat to act, or none when over."""
        return [] if self.is_over else [self.asked[0]]

    def legal_actions(self, seat: int) -> list[str]:
        """Canonical actions of `seat` now."""
        if self.is_over or seat != self.asked[0]:
            return []
        hand = self.hands[seat]
        if self.phase == "grab":
            return ["grab", "pass"]
        if self.phase == "declare":
            return [f"declare {c}" for c in self.declarable(seat)] + ["pass"]
        if self.phase == "return":
            return [f"return {c}" for c in self.trumps.sort(set(hand), descending=False)]
        if self.phase in ("bury", "jokers"):
            options = [f"bury {c}" for c in self.buriable(seat)]
            return options + (["pass"] if self.phase == "jokers" else [])
        if not self.trick:
            units = leads(hand, self.trumps)
        else:
            units = legal_follows(hand, self.trick[0][1], self.trumps)
        return [self.play_action(unit) for unit in units]

    def apply(self, seat: int, action: str) -> tuple[DabangziState, list[Event]]:
        """The next state and its events; raises IllegalAction (this state unchanged)."""
        if self.is_over:
            raise IllegalAction("dbz.over")
        if seat != self.asked[0]:
            raise IllegalAction("dbz.not_your_turn")
        verb, _, rest = action.strip().partition(" ")
        handler = HANDLERS.get((self.phase, verb.lower()))
        if handler is None:
            raise IllegalAction("dbz.bad_action", action=action)
        events: list[Event] = []
        return handler(self, seat, rest.strip(), events), events

    def canonical(self, seat: int, action: str) -> str:
        """The canonical spelling of an action this state accepts. Cards typed alone are
        the phase's action (`3c`, `♣3`, `Ah Ah`); a card typed without its suit (`3`, `AA`,
        `c3` with the suit first too) is the one legal action it fits, when only one does."""
        verb, _, rest = action.strip().partition(" ")
        verb = verb.lower()
        if verb in ("grab", "pass"):
            return verb
        if verb not in VERBS:
            verb, rest = PHASE_VERBS.get(self.phase, ""), action.strip()
            if not verb:
                raise IllegalAction("dbz.bad_action", action=action)
        try:
            cards = parse(rest)
        except IllegalAction:
            return self._fitting(seat, verb, rest)
        if verb == "play":
            return self.play_action(tuple(cards))
        return f"{verb} {cards[0]}" if len(cards) == 1 else action

    def _fitting(self, seat: int, verb: str, typed: str) -> str:
        """The one legal `verb` action whose cards the typed ones (some without a suit)
        name; refused naming the choices when several fit, or saying none does."""
        try:
            loose = [(rank.char, suit.char if suit is not None else None)
                     for rank, suit in parse_loose(typed)]
        except CardParseError as error:
            raise IllegalAction("dbz.bad_cards", cards=typed) from error
        if not loose:
            raise IllegalAction("dbz.bad_cards", cards=typed)
        fits = [a for a in self.legal_actions(seat) if a.startswith(verb + " ")
                and _fits(a.split()[1:], loose)]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            raise IllegalAction("dbz.typed_none", cards=typed)
        raise IllegalAction("dbz.typed_which", cards=typed, count=len(fits),
                            options=" / ".join(a.partition(" ")[2] for a in fits[:FITS_SHOWN]))

    def public(self) -> PublicView:
        """What everyone sees."""
        return public_of(self)

    def private(self, seat: int) -> PrivateView:
        """What `seat` alone sees."""
        # The apps' order: trumps apart, then each suit (following needs a count per suit);
        # before trumps are named: 2s, levels and jokers on top.
        groups = self.trumps.groups(self.hands[seat])
        return PrivateView(seat, " ".join(c for g in groups for c in g),
                           self.phase if seat in self.to_act() else "", (),
                           tuple(len(g) for g in groups), self.from_bottom(seat))

    def from_bottom(self, seat: int) -> tuple[str, ...]:
        """The cards of `seat`'s hand that it took up from the kitty, as many of each as it
        took and still holds (a code it also held from the deal counts once per card taken)."""
        held = Counter(self.hands[seat])
        taken = Counter(card for taker, card in self.picked if taker == seat)
        return tuple(sorted((held & taken).elements()))

    def public_view(self) -> dict[str, Any]:
        """The public view as JSON."""
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        """A seat's private view as JSON."""
        return self.private(seat).to_dict()

    # -- helpers --------------------------------------------------------------------------

    def play_action(self, cards: tuple[str, ...]) -> str:
        return "play " + " ".join(self.trumps.sort(cards))

    def declarable(self, seat: int) -> list[str]:
        floor = -1 if self.declared is None else PLAIN_RANKS.index(self.declared[1][0])
        return sorted({c for c in self.hands[seat] if not is_permanent_trump(c, self.level)
                       and PLAIN_RANKS.index(c[0]) > floor},
                      key=lambda c: (PLAIN_RANKS.index(c[0]), c[1]))

    def buriable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.phase == "jokers":
            return ["R"] if "R" in hand else ["B"] if "B" in hand else []
        return [c for c in self.trumps.sort(set(hand), descending=False)
                if c != "B" or "R" not in hand]

    def settle_round(self, events: list[Event]) -> DabangziState:
        """Skip seats with nothing to say; close the phase when nobody is left."""
        state = self
        asked = state.asked
        if state.phase == "declare":
            asked = tuple(s for s in asked if state.declarable(s))
        if asked:
            return replace(state, asked=asked)
        return CLOSE[state.phase](replace(state, asked=()), events)

    # -- JSON -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON."""
        return {
            "seed": self.seed, "match": self.match, "first": self.first,
            "levels": list(self.levels), "number": self.number, "attempt": self.attempt,
            "dealer": self.dealer, "phase": self.phase, "asked": list(self.asked),
            "hands": [list(h) for h in self.hands], "kitty": list(self.kitty),
            "draws": [list(d) for d in self.draws],
            "declared": list(self.declared) if self.declared else None,
            "suit": self.suit, "hun": self.hun,
            "tribute": list(self.tribute) if self.tribute else None,
            "buried": list(self.buried), "jokers": [list(j) for j in self.jokers],
            "trick": [[s, list(c)] for s, c in self.trick],
            "last_trick": [[s, list(c)] for s, c in self.last_trick],
            "points": self.points, "taken": list(self.taken),
            "results": [r.to_dict() for r in self.results], "blood": list(self.blood),
            "winner": self.winner,
            "carried": [list(self.carried[0]), self.carried[1]] if self.carried else None,
            "returned": list(self.returned) if self.returned else None,
            "picked": [list(p) for p in self.picked],
            "played": [[s, list(c)] for s, c in self.played],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict."""
        def plays(rows: list[Any]) -> tuple[Play, ...]:
            return tuple((s, tuple(c)) for s, c in rows)

        return cls(
            data["seed"], data["match"], data["first"], tuple(data["levels"]),
            data["number"], data["attempt"], data["dealer"], data["phase"],
            tuple(data["asked"]), tuple(tuple(h) for h in data["hands"]),
            tuple(data["kitty"]), tuple((s, c) for s, c in data["draws"]),
            tuple(data["declared"]) if data["declared"] else None,  # type: ignore[arg-type]
            data["suit"], data["hun"],
            tuple(data["tribute"]) if data["tribute"] else None,  # type: ignore[arg-type]
            tuple(data["buried"]), tuple((s, j) for s, j in data["jokers"]),
            plays(data["trick"]), plays(data["last_trick"]), data["points"],
            tuple(data["taken"]), tuple(HandResult.from_dict(r) for r in data["results"]),
            tuple(data["blood"]), data["winner"],  # type: ignore[arg-type]
            _carried(data.get("carried")),
            tuple(data["returned"]) if data.get("returned") else None,  # type: ignore[arg-type]
            tuple((s, c) for s, c in data.get("picked") or ()),
            plays(data.get("played") or []))


def _carried(data: Any) -> tuple[tuple[int, int], int] | None:
    """A carried start back from JSON ([[levels], number] or None)."""
    if not data:
        return None
    levels, number = data
    return (int(levels[0]), int(levels[1])), int(number)


__all__ = ["DabangziState"]
