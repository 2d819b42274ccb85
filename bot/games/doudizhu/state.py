"""One hand of 斗地主 as a plain value: deal, bidding, doubling, showing, play (RULES §1, §2).

`DoudizhuState` follows bot.games.base.GameState: `apply` returns a new state and the events
to announce, and never changes the old one. Seats are player seats (0–2, or 0–1 with two
players). Hands are kept by *hand index* 0–2 as dealt; with three players hand i is seat
i's. With two players (RULES §2) seats 0 and 1 bid on hands 0 and 1; then the landlord
plays hand L plus the bottom, the farmer plays hand (L + 1) mod 3 — which may not be the hand
they bid with — and hand (L + 2) mod 3 is the dummy, out of play.

The multiplier is the product of its itemised causes (`causes`, each ×2): grabs, the shown
hand, bombs and rockets up to `bomb_cap`, spring or anti-spring. Per-farmer doublings (加倍)
scale the stakes, not the multiplier.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from bot.errors import IllegalAction
from bot.games.base import Event
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu import settlement, views
from bot.games.doudizhu.actions import (
    DOUBLE,
    GRAB,
    JOKER_WORD,
    LANDLORD,
    LAPSE,
    NO_DOUBLE,
    NO_GRAB,
    NO_SHOW,
    PASS,
    SHOW,
    SUPER_DOUBLE,
    Phase,
    canonical,
    ranks_of,
)
from bot.games.doudizhu.bidding import apply_bid, bid_options, choose_landlord, lapse
from bot.games.doudizhu.deal import (
    Cards,
    Deal,
    cards_from_text,
    cards_text,
    deal_cards,
    deal_gathered,
    draw_wild,
    rank_counts,
    sort_codes,
)
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.play import apply_play
from bot.games.doudizhu.play import read_text as views_read_text

Table = tuple[int, str, str, int, int]  # (seat, compact ranks, move type, main rank, length)


@dataclass(frozen=True, slots=True)
class DoudizhuState:
    """One hand of 斗地主, from the deal to the result."""

    options: RuleOptions
    seed: int
    dealer: int
    deal: int  # redeals so far in this hand (0 = first deal)
    first_bidder: int
    face_up: str
    hands: tuple[Cards, ...]  # by hand index 0–2: sorted card codes
    bottom: Cards
    phase: Phase = Phase.BIDDING
    turn: int | None = None
    auction: tuple[tuple[int, str], ...] = ()  # this deal's bidding actions
    landlord: int | None = None
    base: int = 0
    doubled: tuple[bool | None, ...] = ()  # per seat when `doubling` is on
    shown: bool = False
    constraints: tuple[bool, bool, bool] = (False, False, False)  # 地主三不准 (two players)
    table: Table | None = None  # the move to beat
    passes: int = 0
    history: tuple[tuple[int, str], ...] = ()  # plays: (seat, suited cards, "" for a pass)
    plays: tuple[int, ...] = ()  # per seat: moves played (spring counting)
    bombs: int = 0  # every bomb and rocket played, capped or not
    causes: tuple[str, ...] = ()
    winner: str | None = None
    all_pass_run: int = 0  # all-pass deals in a row (no_bid_penalty)
    penalties: tuple[int, ...] = ()  # no_bid_penalty scores so far, per seat (room applies)
    actions: tuple[str, ...] = ()  # every canonical action of the hand, redeals included
    wilds: tuple[int, ...] = ()  # RULES §2.1: wild rank indices as drawn (天癞子 first)
    gathered: tuple[str, ...] = ()  # 不洗牌: the order this hand was dealt from (else ())
    in_turn: bool = False  # first_bidder=face_up_once after the first hand: no card turned

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, options: RuleOptions, seed: int, dealer: int = 0,
            gathered: tuple[str, ...] = (), in_turn: bool = False) -> DoudizhuState:
        """Deal a hand from `seed`; the face-up card picks the first bidder, or with
        `first_bidder = "rotate"` the dealer does (the host passes the next seat each hand;
        competition seats are drawn by lot, so hand 1's first bidder is the lot's); with
        `"face_up_once"` the card does on a table's first hand and the dealer on the hands
        dealt `in_turn` after it. With `shuffle` off and the last hand's cards `gathered` in
        order, they are cut and dealt in packets instead (不洗牌, RULES §2.1)."""
        if not 0 <= dealer < options.players:
            raise IllegalAction("ddz.err.bad_seat", seat=dealer)
        gathered = tuple(gathered) if not options.shuffle else ()
        dealt = deal_gathered(seed, gathered) if gathered else deal_cards(seed, 0)
        in_turn = in_turn and options.first_bidder == "face_up_once"
        first = (dealer if options.first_bidder == "rotate" or in_turn
                 else dealt.first_bidder(options.players, dealer))
        state = cls._from(options, seed, dealer, 0, first, dealt).evolve(gathered=gathered)
        state = state.evolve(in_turn=True) if in_turn else state
        if options.bidding == "turns":
            # 拍地主 by turn (斗地主比赛方案 2.1 随机选取, 2.2 每个参赛者都有机会扮演地主): the
            # first bidder is the landlord at base 1, with no auction; the bottom is theirs.
            state, _ = choose_landlord(state, first, 1, [])
        return state

    @classmethod
    def from_deal(cls, options: RuleOptions, hands: list[Cards], bottom: Cards,
                  first_bidder: int, seed: int = 0) -> DoudizhuState:
        """A hand from given card codes (referee, tests); a redeal falls back on `seed`."""
        sorted_hands = tuple(sort_codes(h) for h in hands)
        dealt = Deal(sorted_hands, sort_codes(bottom),  # type: ignore[arg-type]
                     sorted_hands[first_bidder][0])
        return cls._from(options, seed, first_bidder, 0, first_bidder, dealt)

    @classmethod
    def _from(cls, options: RuleOptions, seed: int, dealer: int, deal: int, first: int,
              dealt: Deal) -> DoudizhuState:
        n = options.players
        wilds = ((draw_wild(seed, deal, "tian"),) if options.variant == "tiandi_laizi" else ())
        return cls(options=options, seed=seed, dealer=dealer, deal=deal, first_bidder=first,
                   face_up=dealt.face_up, hands=dealt.hands, bottom=dealt.bottom,
                   turn=first, plays=(0,) * n, penalties=(0,) * n, wilds=wilds)

    def evolve(self, **changes: Any) -> DoudizhuState:
        """A copy with some fields changed (dataclasses.replace without its overhead: the
        state is copied on every action, and the host runs thousands of tables)."""
        values = list(_get_fields(self))
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value  # KeyError: no such field
        new = object.__new__(DoudizhuState)
        for put, value in zip(_FIELD_SETTERS, values, strict=True):
            put(new, value)
        return new

    # -- seats and hands ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """2 or 3."""
        return self.options.players

    def hand_index(self, seat: int) -> int:
        """The dealt hand `seat` holds now (differs from the seat only with two players)."""
        if self.players == 2 and self.landlord is not None and seat != self.landlord:
            return (self.landlord + 1) % 3
        return seat

    @property
    def dummy_index(self) -> int | None:
        """Two players: the out-of-play hand once the landlord is known."""
        if self.players == 2 and self.landlord is not None:
            return (self.landlord + 2) % 3
        return None

    def hand(self, seat: int) -> Cards:
        """The cards `seat` holds now."""
        return self.hands[self.hand_index(seat)]

    def rank_hand(self, seat: int) -> mv.Hand:
        """`seat`'s cards as a move-engine Hand (suits dropped)."""
        return mv.Hand(rank_counts(self.hand(seat)))

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in play and bidding order."""
        return (seat + 1) % self.players

    def farmers(self) -> list[int]:
        """The farmer seats, in play order after the landlord."""
        assert self.landlord is not None
        return [(self.landlord + k) % self.players for k in range(1, self.players)]

    @property
    def wild(self) -> mv.Wild | None:
        """The wild cards in play (RULES §2.1), once the play has them all; None otherwise."""
        if not self.wilds or self.landlord is None:
            return None
        known = _wild_rules.get((self.wilds, self.options.variant))
        if known is None:
            known = _wild_rules[(self.wilds, self.options.variant)] = mv.Wild(
                tuple(sorted(self.wilds)), long_bombs=self.options.variant == "tiandi_laizi")
        return known

    def move_constraints(self, seat: int) -> mv.Constraints | None:
        """The two-player landlord's prohibitions, for `seat`'s moves (None if none)."""
        if seat != self.landlord or not any(self.constraints):
            return None
        return mv.Constraints(*self.constraints)

    def table_move(self) -> mv.Move | None:
        """The move to beat, as the reading it was played as."""
        if self.table is None:
            return None
        key = self.table[1:] + (self.wilds,)
        known = _table_moves.get(key)
        if known is not None:
            return known
        _, cards, kind, rank, length = self.table
        for move in mv.classify_wild(ranks_of(cards), self.wild):
            if (move.type.value, int(move.rank), move.length) == (kind, rank, length):
                return _remember(_table_moves, key, move)  # type: ignore[no-any-return]
        raise ValueError(f"table {self.table!r} has no such reading")

    # -- the GameState API -------------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seat to act, or [] when the hand is over."""
        return [] if self.turn is None else [self.turn]

    @property
    def is_over(self) -> bool:
        """True once a hand has been emptied."""
        return self.phase is Phase.OVER

    def legal_actions(self, seat: int) -> list[str]:
        """Canonical actions open to `seat` now ([] if it is not their turn)."""
        if seat != self.turn:
            return []
        if self.phase is Phase.BIDDING:
            return self._bid_options(seat)
        if self.phase is Phase.DOUBLING:
            return self._double_options()
        if self.phase is Phase.SHOWING:
            return [SHOW, NO_SHOW]
        key = self._position(seat)
        known = _legal_actions.get(key)
        if known is None:
            # Two readings of the same cards are one action.
            wild = self.wild
            if wild is None:
                actions = tuple(dict.fromkeys(map(play_text, self.legal_moves(seat))))
            else:
                actions = tuple(dict.fromkeys(wild_play_text(m, wild)
                                              for m in self.legal_moves(seat)))
            known = _remember(_legal_actions, key,
                              actions + (PASS,) if self.table is not None else actions,
                              _POSITION_LIMIT)
        return list(known)

    def legal_moves(self, seat: int) -> list[mv.Move]:
        """Every move `seat` may play now (pass not included)."""
        if seat != self.turn or self.phase is not Phase.PLAYING:
            return []
        # The host asks of one position several times (要不起, the turn timer, the private
        # view), the AI of the same few many times: remembered by what decides the answer.
        key = self._position(seat)
        known = _legal_moves.get(key)
        if known is None:
            known = _remember(_legal_moves, key, tuple(mv.legal_moves(
                self.rank_hand(seat), self.table_move(), self.move_constraints(seat),
                self.wild)), _POSITION_LIMIT)
        return list(known)

    def _position(self, seat: int) -> tuple[Any, ...]:
        """What a seat's legal plays depend on: its cards, the move to beat (as read), and
        the two-player landlord's prohibitions."""
        table = None if self.table is None else self.table[1:]
        return (self.hand(seat), table,
                self.constraints if seat == self.landlord else None, self.wild)

    def _the_joker(self, seat: int) -> str:
        """`王` typed alone: the one joker `seat` holds (both held: say which)."""
        jokers = [card for card in self.hand(seat) if card in ("B", "R")]
        if len(jokers) != 1:
            raise IllegalAction("ddz.err.which_joker" if jokers else "ddz.err.no_joker")
        return "play " + jokers[0]

    def apply(self, seat: int, action: str) -> tuple[DoudizhuState, list[Event]]:
        """The next state and its events; raises IllegalAction with the reason."""
        if self.phase is Phase.OVER:
            raise IllegalAction("ddz.err.game_over")
        if seat != self.turn:
            raise IllegalAction("ddz.err.not_your_turn", seat=seat)
        if self.phase is Phase.PLAYING and action.strip().removeprefix("play ").strip() \
                == JOKER_WORD:
            action = self._the_joker(seat)
        if action == LAPSE and lapse(self, seat) == LAPSE:
            return apply_bid(self, seat, LAPSE)  # the forced bid left unmade (time-out)
        act = canonical_action(action, self.phase)
        if self.phase is Phase.BIDDING:
            if act not in self._bid_options(seat):
                raise self._bid_error(seat, act)
            return apply_bid(self, seat, act)
        if self.phase is Phase.DOUBLING:
            if act not in self._double_options():
                raise IllegalAction("ddz.err.wrong_phase", action=act, phase=self.phase.value)
            return self._apply_double(seat, act)
        if self.phase is Phase.SHOWING:
            if act not in (SHOW, NO_SHOW):
                raise IllegalAction("ddz.err.wrong_phase", action=act, phase=self.phase.value)
            return self._apply_show(seat, act)
        return apply_play(self, seat, act)

    # -- bidding rules -----------------------------------------------------------------

    def _bid_options(self, seat: int) -> list[str]:
        return bid_options(self, seat)

    def _bid_error(self, seat: int, act: str) -> IllegalAction:
        if act.startswith("bid ") or act in (PASS, GRAB, NO_GRAB):
            allowed = ", ".join(self._bid_options(seat))
            return IllegalAction("ddz.err.bid_not_allowed", action=act, allowed=allowed)
        return IllegalAction("ddz.err.wrong_phase", action=act, phase=self.phase.value)

    # -- doubling and showing ------------------------------------------------------------

    def doubling_order(self) -> list[int]:
        """Each farmer in play order, then the landlord (RULES §1.3)."""
        assert self.landlord is not None
        return self.farmers() + [self.landlord]

    def after_bottom(self) -> DoudizhuState:
        """Where the hand goes once the landlord holds the bottom: 加倍, 明牌, or play."""
        assert self.landlord is not None
        if self.options.doubling:
            return self.evolve(phase=Phase.DOUBLING, turn=self.doubling_order()[0],
                               doubled=(None,) * self.players)
        if self.options.show_hand:
            return self.evolve(phase=Phase.SHOWING, turn=self.landlord)
        return self.evolve(phase=Phase.PLAYING, turn=self.landlord)

    def _double_options(self) -> list[str]:
        if self.options.doubling == "super":
            return [DOUBLE, SUPER_DOUBLE, NO_DOUBLE]
        return [DOUBLE, NO_DOUBLE]

    def _apply_double(self, seat: int, act: str) -> tuple[DoudizhuState, list[Event]]:
        doubled: list[bool | int | None] = list(self.doubled)
        # 超级加倍 is kept as 4 (a factor), 加倍 as True: saved hands read the same.
        doubled[seat] = 4 if act == SUPER_DOUBLE else act == DOUBLE
        state = self.evolve(doubled=tuple(doubled), actions=self.actions + (act,))
        params: dict[str, Any] = {"doubled": act != NO_DOUBLE}
        if act == SUPER_DOUBLE:
            params["super"] = True
        events = [Event("ddz.double", seat, params)]
        pending = [s for s in self.doubling_order() if doubled[s] is None]
        if pending:
            return state.evolve(turn=pending[0]), events
        assert self.landlord is not None
        if self.options.show_hand:
            return state.evolve(phase=Phase.SHOWING, turn=self.landlord), events
        return state.evolve(phase=Phase.PLAYING, turn=self.landlord), events

    def _apply_show(self, seat: int, act: str) -> tuple[DoudizhuState, list[Event]]:
        shown = act == SHOW
        causes = self.causes + (("show",) if shown else ())
        state = self.evolve(shown=shown, causes=causes, phase=Phase.PLAYING,
                            actions=self.actions + (act,))
        params: dict[str, Any] = {"shown": shown, "multiplier": state.multiplier}
        if shown:
            params["cards"] = cards_text(self.hand(seat))
        return state, [Event("ddz.show", seat, params)]

    # -- multiplier, stakes, result ------------------------------------------------------

    @property
    def multiplier(self) -> int:
        """The product of the itemised causes (each ×2; RULES §2.1's ×4 bombs ×4)."""
        return settlement.multiplier_of(self.causes)

    def stake(self, farmer: int) -> int:
        """What `farmer` and the landlord play for now (stake 1)."""
        doubled = self.doubled or (False,) * self.players
        landlord = doubled[self.landlord] if self.landlord is not None else False
        return settlement.farmer_stake(self.base or 1, self.multiplier, doubled[farmer],
                                       landlord)

    def current_stake(self, seat: int) -> int:
        """The stake `seat` is playing for now (for the escape penalty): a farmer's own; the
        landlord's is the higher farmer stake; before a landlord, the bid (or 1) × grabs."""
        if self.landlord is None:
            bids = [int(a[4]) for _, a in self.auction if a.startswith("bid ")]
            return max(bids, default=1) * 2 ** sum(a == GRAB for _, a in self.auction)
        if seat == self.landlord:
            return max(self.stake(f) for f in self.farmers())
        return self.stake(seat)

    def scores(self) -> list[int]:
        """Per-seat result of a finished hand in stake units; sums to zero."""
        if self.winner is None or self.landlord is None:
            raise IllegalAction("ddz.err.not_over")
        stakes = {f: self.stake(f) for f in self.farmers()}
        return settlement.hand_scores(self.players, self.landlord, self.winner == LANDLORD,
                                      stakes)

    def escape_penalty(self, quitter: int) -> int:
        """What `quitter` forfeits by leaving now (RULES §1.5, the JJ sheet): 6 before anyone
        has bid, else 3 × their current stake (base × multiplier, bombs included)."""
        if self.landlord is None and not any(a.startswith("bid ") for _, a in self.auction):
            return 6
        return 3 * self.current_stake(quitter)

    def escape_scores(self, quitter: int) -> list[int]:
        """Scores if `quitter` leaves now (`escape_penalty`): the penalty to the bank (the
        hand is void), or shared by the others with `escape_to = "players"`."""
        return settlement.escape_scores(self.players, quitter, self.escape_penalty(quitter),
                                        to_players=self.options.escape_to == "players")

    def result(self) -> dict[str, Any]:
        """The finished hand in the referee's terms (stake 1)."""
        if self.winner is None:
            raise IllegalAction("ddz.err.not_over")
        return {"landlord": self.landlord, "winner": self.winner,
                "multiplier": self.multiplier, "spring": "spring" in self.causes,
                "anti_spring": "anti_spring" in self.causes, "bombs": self.bombs,
                "scores": self.scores()}

    def cause_list(self) -> list[dict[str, Any]]:
        """The multiplier's causes, itemised (`[{"cause": "bomb", "factor": 2}, ...]`)."""
        return [{"cause": cause, "factor": settlement.FACTORS.get(cause, 2)}
                for cause in self.causes]

    # -- views -----------------------------------------------------------------------

    def public(self) -> views.PublicView:
        """The table as everyone sees it: never a hidden card."""
        return views.public(self)

    def private(self, seat: int) -> views.PrivateView:
        """What `seat` alone sees: their hand and their choices."""
        return views.private(self, seat)

    def public_view(self) -> dict[str, Any]:
        """The public view as JSON-safe data."""
        return views.public(self).to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        """The private view as JSON-safe data."""
        return views.private(self, seat).to_dict()

    def record(self) -> dict[str, Any]:
        """This deal as a `doudizhu-game` referee record (cards without suits)."""
        return views.game_record(self)

    # -- serialisation -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-safe data."""
        options = _options_dicts.get(self.options)
        if options is None:
            options = _remember(_options_dicts, self.options, self.options.to_dict())
        return {
            "options": dict(options), "seed": self.seed, "dealer": self.dealer,
            "deal": self.deal, "first_bidder": self.first_bidder,
            "face_up": self.face_up, "hands": list(map(cards_text, self.hands)),
            "bottom": cards_text(self.bottom), "phase": self.phase.value, "turn": self.turn,
            "auction": list(map(list, self.auction)), "landlord": self.landlord,
            "base": self.base, "doubled": list(self.doubled),
            "shown": self.shown, "constraints": list(self.constraints),
            "table": None if self.table is None else list(self.table),
            "passes": self.passes, "history": list(map(list, self.history)),
            "plays": list(self.plays), "bombs": self.bombs, "causes": list(self.causes),
            "winner": self.winner, "all_pass_run": self.all_pass_run,
            "penalties": list(self.penalties), "actions": list(self.actions),
            "wilds": list(self.wilds), "gathered": cards_text(self.gathered),
            "in_turn": self.in_turn,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DoudizhuState:
        """Inverse of to_dict, exact."""
        table = data["table"]
        values = (
            _options_from(data["options"]), data["seed"], data["dealer"],
            data["deal"], data["first_bidder"], cards_from_text(data["face_up"])[0],
            tuple(map(cards_from_text, data["hands"])), cards_from_text(data["bottom"]),
            Phase(data["phase"]), data["turn"], tuple(map(tuple, data["auction"])),
            data["landlord"], data["base"], tuple(data["doubled"]),
            data["shown"], tuple(data["constraints"]),
            None if table is None else tuple(table), data["passes"],
            tuple(map(tuple, data["history"])), tuple(data["plays"]), data["bombs"],
            tuple(data["causes"]), data["winner"], data["all_pass_run"],
            tuple(data["penalties"]), tuple(data["actions"]),
            tuple(data.get("wilds") or ()), cards_from_text(data.get("gathered") or ""),
            bool(data.get("in_turn", False)),
        )
        # The fields in declaration order (checked against _FIELD_NAMES at import), set
        # through the slots as evolve does: the host reloads states all the time.
        new = object.__new__(cls)
        for put, value in zip(_FIELD_SETTERS, values, strict=True):
            put(new, value)
        return new


_FIELD_NAMES = tuple(f.name for f in fields(DoudizhuState))
assert _FIELD_NAMES == (
    "options", "seed", "dealer", "deal", "first_bidder", "face_up", "hands", "bottom",
    "phase", "turn", "auction", "landlord", "base", "doubled", "shown",
    "constraints", "table", "passes", "history", "plays", "bombs", "causes", "winner",
    "all_pass_run", "penalties", "actions", "wilds", "gathered", "in_turn"), \
    "from_dict lists the fields in this order"
_FIELD_INDEX = {name: i for i, name in enumerate(_FIELD_NAMES)}
_get_fields = attrgetter(*_FIELD_NAMES)
# The slots' own setters: a frozen dataclass refuses setattr, its slot descriptors do not.
_FIELD_SETTERS = tuple(DoudizhuState.__dict__[name].__set__ for name in _FIELD_NAMES)

# Memos of pure functions on the few thousand distinct values a game meets (moves are
# interned by the engine, so their texts and readings can be kept): the host and the random
# game tests apply hundreds of thousands of actions. Each is cleared when it grows too big.
_MEMO_LIMIT = 200_000
_play_texts: dict[mv.Move, str] = {}
# Positions are asked of again within seconds (the host's asks of one action, the AI's
# search): a few thousand kept, not more (a position's moves are many objects to hold).
_POSITION_LIMIT = 4096
_legal_moves: dict[tuple[Any, ...], tuple[mv.Move, ...]] = {}
_legal_actions: dict[tuple[Any, ...], tuple[str, ...]] = {}
_table_moves: dict[tuple[str, str, int, int], mv.Move] = {}
_canonical: dict[tuple[str, Phase], str] = {}
_options_dicts: dict[RuleOptions, dict[str, Any]] = {}
_options_read: dict[tuple[Any, ...], RuleOptions] = {}
_wild_rules: dict[tuple[tuple[int, ...], str], mv.Wild] = {}
_wild_texts: dict[tuple[mv.Move, mv.Wild], str] = {}


def _remember(memo: dict[Any, Any], key: Any, value: Any, limit: int = _MEMO_LIMIT) -> Any:
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


def _options_from(data: dict[str, Any]) -> RuleOptions:
    """RuleOptions.from_dict, remembered by the exact values and their types (True and 1
    are equal keys, but only one is a valid flag)."""
    values = tuple(data.values())
    key = (tuple(data), values, tuple(map(type, values)))
    try:
        known = _options_read.get(key)
    except TypeError:  # an unhashable value: never valid, let from_dict say why
        return RuleOptions.from_dict(data)
    if known is None:
        known = _remember(_options_read, key, RuleOptions.from_dict(data))
    return known  # type: ignore[no-any-return]


def play_text(move: mv.Move) -> str:
    """The canonical action playing `move` (`play 33344`)."""
    text = _play_texts.get(move)
    return text if text is not None else _remember(_play_texts, move, "play " + str(move))


def wild_play_text(move: mv.Move, wild: mv.Wild) -> str:
    """The canonical action playing `move` when cards are wild: `play <cards>=<reading>`
    when a wild card is among them, so the reading is never in doubt; else `play <cards>`."""
    key = (move, wild)
    known = _wild_texts.get(key)
    if known is not None:
        return known
    text = str(move)
    if any(int(r) - 3 in wild.ranks for r in move.cards):
        text = f"{text}={views_read_text(move, wild.ranks)}"
    return _remember(_wild_texts, key, "play " + text)  # type: ignore[no-any-return]




def canonical_action(action: str, phase: Phase) -> str:
    """actions.canonical, remembered (the same few hundred spellings come back all game)."""
    key = (action, phase)
    known = _canonical.get(key)
    return known if known is not None else _remember(_canonical, key, canonical(action, phase))
