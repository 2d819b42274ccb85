"""A toy game defined only here, to prove a game needs no edit to existing files: 小比大
("little high card"). Two players get two cards each from six; they play them in turn,
seat 0 first, and the higher card takes each of the two rounds; the one with more rounds
wins one unit from the other (a split is a draw)."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Self

from bot.errors import IllegalAction
from bot.games.base import Event, Outcome, Step
from bot.games.registry import GameModule
from bot.host.presentation.render import PromptParts, SeatInfo, pretty_cards, seat_name
from bot.i18n import translate as t

DECK = ("9s", "Ts", "Js", "Qs", "Ks", "As")  # low to high
ROUNDS = 2


@dataclass(frozen=True, slots=True)
class ToyPublic:
    """The table: cards played (seat, card), each round's winner, cards left."""

    played: tuple[tuple[int, str], ...]
    rounds: tuple[int, ...]
    cards_left: tuple[int, int]
    to_act: tuple[int, ...]
    bottom_cards: tuple[str, ...] = ()
    last_cards: tuple[int, tuple[str, ...]] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"played": [list(p) for p in self.played], "rounds": list(self.rounds),
                "cards_left": list(self.cards_left), "to_act": list(self.to_act)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToyPublic:
        """Inverse of to_dict."""
        left = data["cards_left"]
        return cls(tuple((s, c) for s, c in data["played"]), tuple(data["rounds"]),
                   (left[0], left[1]), tuple(data["to_act"]))


@dataclass(frozen=True, slots=True)
class ToyPrivate:
    """One seat's cards."""

    seat: int
    hand: str
    groups: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seat": self.seat, "hand": self.hand}


@dataclass(frozen=True, slots=True)
class ToyState:
    """Hands and the cards played so far (seat, card), in order."""

    seed: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[int, str], ...] = ()

    @property
    def players(self) -> int:
        """Always two."""
        return 2

    @property
    def is_over(self) -> bool:
        """Both rounds played."""
        return len(self.played) == 2 * ROUNDS

    def to_act(self) -> list[int]:
        """Seat 0, then seat 1, every round."""
        return [] if self.is_over else [len(self.played) % 2]

    def held(self, seat: int) -> tuple[str, ...]:
        """Cards the seat has not played yet."""
        gone = {card for s, card in self.played if s == seat}
        return tuple(c for c in self.hands[seat] if c not in gone)

    def legal_actions(self, seat: int) -> list[str]:
        """`play <card>` for each card held, on one's turn."""
        return [f"play {c}" for c in self.held(seat)] if seat in self.to_act() else []

    def apply(self, seat: int, action: str) -> tuple[Self, list[Event]]:
        """Play one card; raises IllegalAction (state unchanged)."""
        if action.strip() not in self.legal_actions(seat):
            raise IllegalAction("toy.err.illegal", action=action.strip())
        card = action.split()[1]
        after = dataclasses.replace(self, played=(*self.played, (seat, card)))
        return after, [Event("toy.played", seat, {"card": card})]

    def rounds(self) -> list[int]:
        """The winner seat of each finished round."""
        pairs = [self.played[i:i + 2] for i in range(0, len(self.played) - 1, 2)]
        return [max(pair, key=lambda p: DECK.index(p[1]))[0] for pair in pairs]

    def public(self) -> ToyPublic:
        """Cards played and cards left: never a card in hand."""
        return ToyPublic(self.played, tuple(self.rounds()),
                         (len(self.held(0)), len(self.held(1))), tuple(self.to_act()))

    def private(self, seat: int) -> ToyPrivate:
        """The seat's cards."""
        return ToyPrivate(seat, " ".join(self.held(seat)))

    def public_view(self) -> dict[str, Any]:
        """The public view as JSON."""
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        """The private view as JSON."""
        return self.private(seat).to_dict()

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seed": self.seed, "hands": [list(h) for h in self.hands],
                "played": [list(p) for p in self.played]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict."""
        hands = tuple(tuple(h) for h in data["hands"])
        played = tuple((s, c) for s, c in data["played"])
        return cls(data["seed"], hands, played)  # type: ignore[arg-type]


class ToySpec:
    """The engine the host runs."""

    name = "toy"
    min_players = 2
    max_players = 2

    def default_options(self) -> dict[str, Any]:
        """No options."""
        return {}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Refuses every option."""
        for key in options:
            raise IllegalAction("toy.err.option", option=key)
        return {}

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> ToyState:
        """Two cards each from the six, by the seed."""
        cards = random.Random(seed).sample(DECK, 4)
        return ToyState(seed, (tuple(sorted(cards[:2], key=DECK.index)),
                               tuple(sorted(cards[2:], key=DECK.index))))

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        """Load a saved state."""
        return ToyState.from_dict(data)

    def public_from_dict(self, data: dict[str, Any]) -> ToyPublic:
        """Load a saved public view."""
        return ToyPublic.from_dict(data)

    def ai_action(self, state: Any, seat: int, rng: random.Random) -> str:
        """Any card."""
        return rng.choice(state.legal_actions(seat))

    def hints(self, state: Any, seat: int) -> list[str]:
        """The highest card first."""
        return sorted(state.legal_actions(seat), key=lambda a: -DECK.index(a.split()[1]))

    def scores(self, state: Any) -> list[int]:
        """+1 / −1 for more rounds taken; 0 / 0 for a split."""
        won = state.rounds().count(0) - state.rounds().count(1)
        return [0, 0] if won == 0 else ([1, -1] if won > 0 else [-1, 1])

    def step(self, state: Any, seat: int, action: str) -> Step:
        """Apply; the action is canonical as typed (it had to be one of the legal ones)."""
        after, events = state.apply(seat, action)
        return Step(after, tuple(events), action.strip())

    def outcome(self, state: Any) -> Outcome:
        """The result of both rounds."""
        if not state.is_over:
            raise IllegalAction("toy.err.not_over")
        seat, card = state.played[-1]
        return Outcome(tuple(self.scores(state)), (None, None), {"rounds": state.rounds()},
                       final_play=(seat, card), cards_left=("", ""))

    def leave(self, state: Any, seat: int) -> Outcome | None:
        """No escape penalty: 托管 plays on."""
        return None


class ToyText:
    """The toy's chat text."""

    lists_legal = True  # the prompt offers every legal card

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        """No options."""

    def seat_info(self, public: ToyPublic, seat: int, lang: str) -> SeatInfo:
        """Cards left."""
        return SeatInfo(public.cards_left[seat])

    def table_lines(self, public: ToyPublic, names: list[str], lang: str) -> list[str]:
        """The cards played."""
        played = " ".join(f"{seat_name(names, s)}:{pretty_cards(c, lang)}"
                          for s, c in public.played)
        return [t("toy.table", lang, played=played or "-")]

    def result_lines(self, public: ToyPublic, names: list[str], lang: str) -> list[str]:
        """Who took each round."""
        rounds = ", ".join(seat_name(names, s) for s in public.rounds)
        return [t("toy.rounds", lang, winners=rounds)]

    def over_lines(self, public: ToyPublic, names: list[str], lang: str) -> list[str]:
        """The finished table shows every card played."""
        return self.table_lines(public, names, lang)

    def formula(self, public: ToyPublic, seat: int, stake: int, lang: str) -> str | None:
        """No formula: one unit won or lost."""
        return None

    def private_event(self, event: Event, lang: str) -> str | None:
        """Nothing is told to one seat alone."""
        return None

    def hand(self, private: ToyPrivate) -> tuple[tuple[str, ...], str]:
        """Card codes, and their ranks."""
        codes = tuple(private.hand.split())
        return codes, "".join(c[0] for c in codes)

    def hand_text(self, private: ToyPrivate, lang: str) -> str:
        """The cards."""
        return pretty_cards(private.hand, lang)

    def prompt(self, public: ToyPublic, private: ToyPrivate, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """Which card to play."""
        return PromptParts("play", t("toy.prompt", lang),
                           tuple((a, self.action_text(a, lang)) for a in legal))

    def suggests(self, public: ToyPublic) -> bool:
        """The highest card is suggested."""
        return True

    def action_text(self, action: str, lang: str) -> str:
        """"play As" → "♠A"."""
        return pretty_cards(action.removeprefix("play "), lang)

    def hint_text(self, public: ToyPublic, action: str, lang: str) -> str:
        """As the action reads."""
        return self.action_text(action, lang)

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """Plays show on the table: nothing to announce."""
        return None


TOY = GameModule(
    name="toy",
    spec=ToySpec(),
    renderer=ToyText,
    names={"en": "Little high card (小比大)", "zh": "小比大"},
    aliases={"en": ("highcard",), "zh": ("小比大",)},
    i18n_prefix="toy",
    rules_key="toy.rules",
    messages={
        "toy.rules": {"en": "Two cards each; the higher card takes each of two rounds.",
                      "zh": "每人两张牌,两轮比大小,大者得一轮。"},
        "toy.table": {"en": "Played: {played}", "zh": "已出:{played}"},
        "toy.rounds": {"en": "Rounds taken by: {winners}", "zh": "各轮胜者:{winners}"},
        "toy.prompt": {"en": "Your card?", "zh": "出哪张?"},
        "toy.err.illegal": {"en": "{action} is not a card you can play now.",
                            "zh": "{action} 现在不能出。"},
        "toy.err.option": {"en": "This game has no option {option}.",
                           "zh": "本游戏没有选项 {option}。"},
        "toy.err.not_over": {"en": "The game is not over.", "zh": "游戏还没结束。"},
    },
)
