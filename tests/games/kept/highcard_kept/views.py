"""The public and private views."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Public:
    """Cards played this round, rounds taken, cards left, the last card played."""

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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Public:
        last = data.get("last")
        return cls(tuple((s, c) for s, c in data["current"]), tuple(data["taken"]),
                   tuple(data["cards_left"]), (),
                   (last[0], tuple(last[1])) if last else None)


@dataclass(frozen=True, slots=True)
class Private:
    """One seat's cards."""

    hand: str
    groups: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand}
