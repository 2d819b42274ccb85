'''The source of a minimal game, written to a temporary package by the tests of the game
contract: rules, views and a record, nothing else (no text, pictures or web hooks of its
own). 比大小 "high card": two or three players hold three cards each; in each of three
rounds everyone plays one card, seat order from the round's leader, and the highest card
(by rank, then suit) takes the round; the most rounds wins one unit from each other seat.'''

SOURCE = '''
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from bot.cards import deck52
from bot.errors import IllegalAction
from bot.games.base import Event, Outcome, Step
from bot.games.registry import GameModule

ROUNDS = 3
ORDER = [card.code for card in sorted(deck52(), key=lambda c: (c.rank, c.suit))]


@dataclass(frozen=True, slots=True)
class Public:
    """Cards played this round, rounds taken, cards left, whose turn."""

    current: tuple[tuple[int, str], ...]
    taken: tuple[int, ...]
    cards_left: tuple[int, ...]
    bottom_cards: tuple[str, ...] = ()
    last_cards: tuple[int, tuple[str, ...]] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"current": [list(p) for p in self.current], "taken": list(self.taken),
                "cards_left": list(self.cards_left),
                "last": [self.last_cards[0], list(self.last_cards[1])]
                if self.last_cards else None}


@dataclass(frozen=True, slots=True)
class Private:
    """One seat's cards."""

    hand: str
    groups: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand}


@dataclass(frozen=True, slots=True)
class State:
    """Hands as dealt and the cards played, in order."""

    hands: tuple[tuple[str, ...], ...]
    played: tuple[tuple[int, str], ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return len(self.played) == ROUNDS * self.players

    def rounds(self) -> list[list[tuple[int, str]]]:
        size = self.players
        return [list(self.played[i:i + size]) for i in range(0, len(self.played), size)]

    def winners(self) -> list[int]:
        return [max(r, key=lambda p: ORDER.index(p[1]))[0] for r in self.rounds()
                if len(r) == self.players]

    def to_act(self) -> list[int]:
        if self.is_over:
            return []
        winners = self.winners()
        leader = winners[-1] if winners else 0
        return [(leader + len(self.played) % self.players) % self.players]

    def held(self, seat: int) -> tuple[str, ...]:
        gone = {card for s, card in self.played if s == seat}
        return tuple(c for c in self.hands[seat] if c not in gone)

    def legal_actions(self, seat: int) -> list[str]:
        return [f"play {c}" for c in self.held(seat)] if seat in self.to_act() else []

    def apply(self, seat: int, action: str) -> tuple[State, list[Event]]:
        if action.strip() not in self.legal_actions(seat):
            raise IllegalAction("highcard.err.illegal", action=action.strip())
        card = action.split()[1]
        after = dataclasses.replace(self, played=(*self.played, (seat, card)))
        events = [Event("highcard.took", after.winners()[-1])] \\
            if len(after.played) % self.players == 0 else []
        return after, events

    def public(self) -> Public:
        rounds = self.rounds()
        current = tuple(rounds[-1]) if rounds else ()
        last = (self.played[-1][0], (self.played[-1][1],)) if self.played else None
        return Public(current, tuple(self.winners()),
                      tuple(len(self.held(s)) for s in range(self.players)), (), last)

    def private(self, seat: int) -> Private:
        return Private(" ".join(self.held(seat)))

    def public_view(self) -> dict[str, Any]:
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        return self.private(seat).to_dict()

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "played": [list(p) for p in self.played]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        return cls(tuple(tuple(h) for h in data["hands"]),
                   tuple((s, c) for s, c in data["played"]))


class Spec:
    """The engine."""

    name = "highcard"
    min_players = 2
    max_players = 3

    def default_options(self) -> dict[str, Any]:
        return {}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        for key in options:
            raise IllegalAction("highcard.err.option", option=key)
        return {}

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> State:
        cards = random.Random(seed).sample(ORDER, ROUNDS * players)
        return State(tuple(tuple(cards[i::players]) for i in range(players)))

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return State.from_dict(data)

    def public_from_dict(self, data: dict[str, Any]) -> Public:
        last = data.get("last")
        return Public(tuple((s, c) for s, c in data["current"]), tuple(data["taken"]),
                      tuple(data["cards_left"]), (),
                      (last[0], tuple(last[1])) if last else None)

    def ai_action(self, state: State, seat: int, rng: random.Random) -> str:
        return self.hints(state, seat)[0]

    def hints(self, state: State, seat: int) -> list[str]:
        return sorted(state.legal_actions(seat), key=lambda a: -ORDER.index(a.split()[1]))

    def scores(self, state: State) -> list[int]:
        taken = [state.winners().count(s) for s in range(state.players)]
        best = max(taken)
        if taken.count(best) > 1:
            return [0] * state.players
        return [state.players - 1 if t == best else -1 for t in taken]

    def step(self, state: State, seat: int, action: str) -> Step:
        after, events = state.apply(seat, action)
        return Step(after, tuple(events), action.strip())

    def outcome(self, state: State) -> Outcome:
        if not state.is_over:
            raise IllegalAction("highcard.err.not_over")
        seat, card = state.played[-1]
        return Outcome(tuple(self.scores(state)), (None,) * state.players,
                       {"taken": state.winners()}, final_play=(seat, card),
                       cards_left=("",) * state.players)

    def leave(self, state: State, seat: int) -> Outcome | None:
        return None


RECORD = GameModule(
    name="highcard",
    spec=Spec(),
    names={"en": "High card (比大小)", "zh": "比大小"},
    aliases={"en": ("hc",), "zh": ("比大小",)},
    i18n_prefix="highcard",
    rules_key="highcard.rules",
    competition_seats=3,
    messages={
        "highcard.rules": {"en": "Three cards each; the highest card takes each round.",
                           "zh": "每人三张牌,每轮最大的牌赢一轮。"},
        "highcard.took": {"en": "{player} takes the round.", "zh": "{player} 赢了这一轮。"},
        "highcard.err.illegal": {"en": "{action} is not a card you can play now.",
                                 "zh": "{action} 现在不能出。"},
        "highcard.err.option": {"en": "This game has no option {option}.",
                                "zh": "本游戏没有选项 {option}。"},
        "highcard.err.not_over": {"en": "The game is not over.", "zh": "游戏还没结束。"},
    },
)
'''
