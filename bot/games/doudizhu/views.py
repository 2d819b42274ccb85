"""What each audience of a 斗地主 hand may see (the observer, after OpenSpiel).

The public view carries card counts, never a hidden card. Cards it does show: the face-up
card of the deal (明牌, seen by all during the deal), the bottom once the landlord has it,
every card played, the landlord's hand after 明牌 (`show_hand`), and the two-player dummy
hand when `dummy_visible`. The private view adds the seat's own hand and choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.cards import RANK_CHARS
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import PASS, Phase, ranks_of
from bot.games.doudizhu.counter import unseen_counts
from bot.games.doudizhu.deal import RANK_INDEX, Cards, cards_from_text, cards_text
from bot.games.doudizhu.play import WARN_AT, read_text, shown_reading
from bot.games.doudizhu.settlement import FACTORS, double_factor

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState


def role(state: DoudizhuState, seat: int) -> str | None:
    """"landlord", "farmer", or None while bidding."""
    if state.landlord is None:
        return None
    return "landlord" if seat == state.landlord else "farmer"


def ranks_text(cards: Cards | list[str]) -> str:
    """Compact ranks without suits, in the given order (`33TB`)."""
    return "".join(RANK_CHARS[RANK_INDEX[card]] for card in cards)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the whole table sees it."""

    seat: int
    role: str | None  # "landlord" | "farmer" | None while bidding
    cards: int  # cards held
    warning: int | None  # 报牌: the count once it is three or fewer in play
    doubled: bool | None  # 加倍 (None: not asked, or doubling is off)
    plays: int  # moves played (spring counting)
    # The seat's last word in the trick being played: compact ranks, "" for a pass, None
    # before it spoke (or outside the play).
    said: str | None = None
    left: str | None = None  # once the hand is over: the compact ranks still held
    # What doubles this seat's amount (加倍): a farmer's factor against the landlord, the
    # landlord's against each farmer in seat order; () before there is a landlord.
    doublings: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seat": self.seat, "role": self.role, "cards": self.cards,
                "warning": self.warning, "doubled": self.doubled, "plays": self.plays,
                "said": self.said, "doublings": list(self.doublings)}


@dataclass(frozen=True, slots=True)
class Trick:
    """A play on the table: who, its compact ranks, its move type (`pair`, `bomb`, ...)."""

    seat: int
    cards: str
    type: str
    reading: str = ""  # RULES §2.1: the cards as read, when a wild card stands in

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        data = {"seat": self.seat, "cards": self.cards, "type": self.type}
        if self.reading:
            data["reading"] = self.reading
        return data


@dataclass(frozen=True, slots=True)
class Dummy:
    """二人斗地主's out-of-play hand (its cards only when `dummy_visible`)."""

    hand: int
    cards: int
    visible: bool
    hand_cards: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"hand": self.hand, "cards": self.cards, "visible": self.visible,
                "hand_cards": self.hand_cards}


@dataclass(frozen=True, slots=True)
class HandResult:
    """The finished hand in the referee's terms (stake 1)."""

    landlord: int | None
    winner: str  # "landlord" | "farmers"
    multiplier: int
    spring: bool
    anti_spring: bool
    bombs: int
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form (`DoudizhuState.result()`)."""
        return {"landlord": self.landlord, "winner": self.winner,
                "multiplier": self.multiplier, "spring": self.spring,
                "anti_spring": self.anti_spring, "bombs": self.bombs,
                "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table for everyone (see the module docstring for the cards it may show)."""

    game: str
    players: int
    phase: str  # "bidding" | "doubling" | "showing" | "playing" | "over"
    turn: int | None
    dealer: int
    first_bidder: int
    deal: int
    face_up: str | None  # the face-up card (翻牌) while bidding
    face_up_holder: int | None  # whose dealt hand holds it (None: the bottom, the dummy)
    auction: tuple[tuple[int, str], ...]
    landlord: int | None
    base: int
    seats: tuple[SeatView, ...]
    bottom: str | None  # once the landlord has it
    shown_hand: str | None  # the landlord's hand after 明牌
    trick: Trick | None  # the move to beat
    passes: int
    passed: tuple[int, ...]  # the seats that passed on the move to beat, in turn order
    history: tuple[tuple[int, str], ...]  # plays: (seat, suited cards, "" for a pass)
    multiplier: int
    causes: tuple[str, ...]  # what doubled the multiplier, each ×2 ("bomb", "spring")
    bombs: int
    all_pass_run: int
    penalties: tuple[int, ...]
    result: HandResult | None
    final_play: Trick | None = None  # once over: the play that ended the hand
    dummy: Dummy | None = None  # two players only
    # RULES §2.1: the wild ranks drawn so far (compact rank characters, 天癞子 first) and
    # the variant ("classic" | "laizi" | "tiandi_laizi").
    wilds: str = ""
    variant: str = "classic"

    @property
    def over(self) -> bool:
        """The hand has a result."""
        return self.phase == Phase.OVER.value

    @property
    def bottom_cards(self) -> tuple[str, ...]:
        """The bottom (底牌) as card codes once the landlord has it (pictures show them)."""
        return tuple(self.bottom.split()) if self.bottom else ()

    @property
    def cards_left(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(seat.cards for seat in self.seats)

    @property
    def last_cards(self) -> tuple[int, tuple[str, ...]] | None:
        """The last cards played at the table: (seat, suited codes), or None."""
        for seat, shown in reversed(self.history):
            if shown:
                return seat, tuple(shown.split())
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `DoudizhuState.public_view()` gives, and records keep)."""
        view: dict[str, Any] = {
            "game": self.game, "players": self.players, "phase": self.phase,
            "turn": self.turn, "dealer": self.dealer, "first_bidder": self.first_bidder,
            "deal": self.deal, "face_up": self.face_up, "face_up_holder": self.face_up_holder,
            "auction": list(map(list, self.auction)), "landlord": self.landlord,
            "base": self.base, "seats": [seat.to_dict() for seat in self.seats],
            "bottom": self.bottom, "shown_hand": self.shown_hand,
            "trick": self.trick.to_dict() if self.trick else None,
            "passes": self.passes, "passed": list(self.passed),
            "history": list(map(list, self.history)), "multiplier": self.multiplier,
            "causes": [{"cause": cause, "factor": FACTORS.get(cause, 2)}
                       for cause in self.causes],
            "bombs": self.bombs, "all_pass_run": self.all_pass_run,
            "penalties": list(self.penalties),
            "result": self.result.to_dict() if self.result else None,
        }
        if self.over:
            view["final_play"] = self.final_play.to_dict() if self.final_play else None
            view["hands_left"] = [seat.left or "" for seat in self.seats]
        if self.players == 2:
            view["dummy"] = self.dummy.to_dict() if self.dummy else None
        if self.variant != "classic":
            view["variant"] = self.variant
            view["wilds"] = self.wilds
        return view

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PublicView:
        """Inverse of to_dict (a result kept with a room; derived facts a view saved before
        they existed lacks read as empty)."""
        left = data.get("hands_left") or []
        seats = tuple(SeatView(
            s["seat"], s["role"], s["cards"], s["warning"], s["doubled"], s["plays"],
            s.get("said"), left[i] if i < len(left) else None,
            tuple(s.get("doublings") or ())) for i, s in enumerate(data["seats"]))
        result = data.get("result")
        dummy = data.get("dummy")
        return cls(
            data["game"], data["players"], data["phase"], data["turn"], data["dealer"],
            data["first_bidder"], data["deal"], data["face_up"], data["face_up_holder"],
            tuple((s, a) for s, a in data["auction"]), data["landlord"], data["base"],
            seats, data["bottom"], data["shown_hand"], _trick_from(data.get("trick")),
            data["passes"], tuple(data.get("passed") or ()),
            tuple((s, c) for s, c in data["history"]), data["multiplier"],
            tuple(c["cause"] for c in data["causes"]), data["bombs"], data["all_pass_run"],
            tuple(data["penalties"]),
            None if result is None else HandResult(
                result["landlord"], result["winner"], result["multiplier"],
                result["spring"], result["anti_spring"], result["bombs"],
                tuple(result["scores"])),
            _trick_from(data.get("final_play")),
            None if dummy is None else Dummy(dummy["hand"], dummy["cards"], dummy["visible"],
                                             dummy["hand_cards"]),
            data.get("wilds") or "", data.get("variant") or "classic")


def _trick_from(data: Mapping[str, Any] | None) -> Trick | None:
    return None if data is None else Trick(data["seat"], data["cards"], data["type"],
                                           data.get("reading") or "")


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What one seat alone sees: the hand (suited and as ranks), role, the choices now."""

    seat: int
    role: str | None
    hand: str  # suited card codes, display order
    ranks: str  # compact ranks of the hand
    hand_index: int  # the dealt hand this seat plays (二人斗地主 may switch)
    legal: tuple[str, ...]  # canonical actions open now ([] when not to act)
    to_act: bool
    counter: tuple[tuple[str, int], ...]  # 记牌器: rank → count out of sight, high first
    # The decision asked of the seat now: "bid" | "grab" | "double" | "show" | "play", or
    # None when it is not theirs to act.
    prompt: str | None = None
    can_pass: bool = False  # "pass" is among the choices
    can_beat: bool = False  # some play is (a lead, or a play that beats the trick)
    groups: tuple[tuple[str, str], ...] = ()  # no sealed groups in 斗地主
    wilds: str = ""  # RULES §2.1: the wild ranks known (compact characters), marked in hand

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `DoudizhuState.private_view()` gives)."""
        return {"seat": self.seat, "role": self.role, "hand": self.hand,
                "ranks": self.ranks, "hand_index": self.hand_index,
                "legal": list(self.legal), "to_act": self.to_act,
                "counter": dict(self.counter), "prompt": self.prompt,
                "can_pass": self.can_pass, "can_beat": self.can_beat,
                **({"wilds": self.wilds} if self.wilds else {})}


def public(state: DoudizhuState) -> PublicView:
    """The table for everyone (see the module docstring for the cards it may show)."""
    players = state.players
    playing = state.phase in (Phase.PLAYING, Phase.OVER)
    over = state.phase is Phase.OVER
    doubled = state.doubled
    said = _said(state.history, players) if state.phase is Phase.PLAYING else {}
    doublings = _doublings(state)
    seats = []
    for seat in range(players):
        held = state.hands[state.hand_index(seat)]
        count = len(held)
        seats.append(SeatView(
            seat, role(state, seat), count,
            count if playing and count in WARN_AT else None,
            doubled[seat] if doubled else None, state.plays[seat], said.get(seat),
            # The hand is over: every seat's cards left are shown to all.
            ranks_text(held) if over else None, doublings.get(seat, ())))
    result = state.result() if state.winner is not None else None
    return PublicView(
        game=_GAMES[players], players=players, phase=state.phase.value,
        turn=state.turn, dealer=state.dealer, first_bidder=state.first_bidder,
        deal=state.deal,
        face_up=state.face_up if state.landlord is None and not state.in_turn else None,
        # The face-up card (翻牌) is seen in its holder's hand: whose it is, is public.
        face_up_holder=_face_up_holder(state)
        if state.landlord is None and not state.in_turn else None,
        auction=state.auction, landlord=state.landlord, base=state.base,
        seats=tuple(seats),
        bottom=cards_text(state.bottom) if state.landlord is not None else None,
        shown_hand=(cards_text(state.hand(state.landlord))
                    if state.shown and state.landlord is not None else None),
        trick=_trick(state), passes=state.passes, passed=tuple(_passed(state)),
        history=state.history, multiplier=state.multiplier, causes=state.causes,
        bombs=state.bombs, all_pass_run=state.all_pass_run, penalties=state.penalties,
        result=None if result is None else HandResult(
            result["landlord"], result["winner"], result["multiplier"], result["spring"],
            result["anti_spring"], result["bombs"], tuple(result["scores"])),
        final_play=_final_play(state) if over else None,
        dummy=_dummy(state) if players == 2 else None,
        wilds="".join(RANK_CHARS[i] for i in state.wilds), variant=state.options.variant)


_GAMES = {2: "doudizhu2", 3: "doudizhu3"}
_HIGH_FIRST = tuple(reversed(RANK_CHARS))  # the 记牌器's ranks, by rank index reversed


def public_view(state: DoudizhuState) -> dict[str, Any]:
    """The public view as JSON-safe data."""
    return public(state).to_dict()


def _said(history: tuple[tuple[int, str], ...], players: int) -> dict[int, str]:
    """Each seat's last action in the trick being played: compact ranks, "" for a pass.

    Read from the end: the trick began after the last run of `players - 1` passes (everyone
    else passed, so the next play led anew)."""
    start, run = 0, 0
    for index in range(len(history) - 1, -1, -1):
        run = 0 if history[index][1] else run + 1
        if run >= players - 1:
            start = index + run
            break
    return {seat: "".join(code[0] for code in shown.split()) for seat, shown in history[start:]}


def _doublings(state: DoudizhuState) -> dict[int, tuple[int, ...]]:
    """Each seat's 加倍 factors (see SeatView.doublings)."""
    landlord = state.landlord
    if landlord is None:
        return {}
    doubled = state.doubled or (False,) * state.players

    def factor(farmer: int) -> int:
        return double_factor(doubled[farmer]) * double_factor(doubled[landlord])

    farmers = [seat for seat in range(state.players) if seat != landlord]
    found = {farmer: (factor(farmer),) for farmer in farmers}
    found[landlord] = tuple(factor(farmer) for farmer in farmers)
    return found


def _face_up_holder(state: DoudizhuState) -> int | None:
    """The seat whose dealt hand holds the face-up card (None: the bottom or the third
    hand of the two-player game)."""
    for seat in range(state.players):
        if state.face_up in state.hands[seat]:
            return seat
    return None


def _final_play(state: DoudizhuState) -> Trick | None:
    """The play that ended the hand, read as the trick it answered (its type and cards)."""
    plays = [(seat, shown) for seat, shown in state.history if shown]
    played = [a[5:] for a in state.actions if a.startswith("play ")]
    if not plays or not played:
        return None
    cards, _, named = played[-1].partition("=")
    readings = _readings(state, cards, named)
    if not readings:
        return None
    move = mv.led_reading(readings)
    answered = _answered(state)
    if answered is not None:
        same = [m for m in readings if m.beats(answered)]
        move = max(same, key=lambda m: (m.length, m.rank)) if same else move
    if named and sorted(named) != sorted(cards):
        return Trick(plays[-1][0], cards, move.type.value, named)
    return Trick(plays[-1][0], cards, move.type.value)


def _readings(state: DoudizhuState, cards: str, named: str = "") -> list[mv.Move]:
    """The readings of played `cards` (with wild cards: the one named, RULES §2.1)."""
    wild = state.wild
    if wild is None:
        return mv.classify(ranks_of(cards))
    readings = mv.classify_wild(ranks_of(cards), wild)
    if named:
        readings = [m for m in readings if sorted(read_text(m, wild.ranks)) == sorted(named)]
    return readings


def _answered(state: DoudizhuState) -> mv.Move | None:
    """The move the last play beat, or None if it was a lead (read as led: good enough for
    naming the type, the one thing this is used for)."""
    history = state.history[:-1]
    passes = 0
    for _, shown in reversed(history):
        if shown:
            break
        passes += 1
    else:
        return None
    if passes >= state.players - 1:
        return None
    played = [a[5:] for a in state.actions[:-1] if a.startswith("play ")]
    if not played:
        return None
    cards, _, named = played[-1].partition("=")
    readings = _readings(state, cards, named)
    return mv.led_reading(readings) if readings else None


def _trick(state: DoudizhuState) -> Trick | None:
    if state.table is None:
        return None
    seat, cards, kind, _, _ = state.table
    move = state.table_move()
    return Trick(seat, cards, kind, shown_reading(move, state.wild) if move else "")


def _passed(state: DoudizhuState) -> list[int]:
    """The seats that passed on the move to beat, in turn order after its player."""
    if state.table is None:
        return []
    count = min(state.passes, state.players - 1)
    return [(state.table[0] + step) % state.players for step in range(1, count + 1)]


def _dummy(state: DoudizhuState) -> Dummy | None:
    index = state.dummy_index
    if index is None:
        return None
    cards = state.hands[index]
    visible = state.options.dummy_visible
    return Dummy(index, len(cards), visible, cards_text(cards) if visible else None)


def private(state: DoudizhuState, seat: int) -> PrivateView:
    """`seat`'s hand (suited and as ranks), role, and the actions open to them now."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat}")
    hand = state.hand(seat)
    unseen = unseen_counts(state, seat)
    legal = tuple(state.legal_actions(seat))
    to_act = state.turn == seat
    return PrivateView(
        seat, role(state, seat), cards_text(hand), ranks_text(hand), state.hand_index(seat),
        legal, to_act,
        # 记牌器: how many of each rank this seat cannot see, high ranks first
        tuple(zip(_HIGH_FIRST, reversed(unseen), strict=True)),
        prompt=_prompt_kind(state) if legal else None, can_pass=PASS in legal,
        can_beat=any(action.startswith("play ") for action in legal),
        wilds="".join(RANK_CHARS[i] for i in state.wilds))


def private_view(state: DoudizhuState, seat: int) -> dict[str, Any]:
    """The private view as JSON-safe data."""
    return private(state, seat).to_dict()


def _prompt_kind(state: DoudizhuState) -> str:
    """The decision the phase asks for (抢地主 tables call rather than bid)."""
    if state.phase is Phase.BIDDING:
        return "grab" if state.options.bidding == "grab" else "bid"
    return _PROMPTS[state.phase]


_PROMPTS = {Phase.DOUBLING: "double", Phase.SHOWING: "show", Phase.PLAYING: "play",
            Phase.OVER: "play"}


def game_record(state: DoudizhuState) -> dict[str, Any]:
    """This deal as the `doudizhu-game` referee reads it: dealt hands, bottom, actions."""
    dealt = [list(h) for h in state.hands]
    for seat, shown in state.history:
        if shown:
            dealt[state.hand_index(seat)].extend(cards_from_text(shown))
    if state.landlord is not None:
        for card in state.bottom:
            dealt[state.landlord].remove(card)
    start = len(state.actions) - _actions_this_deal(state)
    record = {"players": state.players, "options": state.options.to_dict(),
              "hands": [ranks_text(sorted(h, key=RANK_INDEX.__getitem__)) for h in dealt],
              "bottom": ranks_text(state.bottom),
              "first_bidder": state.first_bidder, "actions": list(state.actions[start:])}
    if state.wilds:  # RULES §2.1: the wild ranks as drawn, 天癞子 first
        record["wilds"] = "".join(RANK_CHARS[i] for i in state.wilds)
    return record


def _actions_this_deal(state: DoudizhuState) -> int:
    if state.landlord is None:
        return len(state.auction)
    extra = sum(1 for a in state.actions
                if a in ("double", "no-double", "super-double", "show", "no-show"))
    return len(state.auction) + extra + len(state.history)
