"""Card art: hands, table cards and result cards drawn in code with Pillow.

`Pictures` is the renderer the adapters hold: each call returns a `Picture` (PNG bytes and
the `Layout` record of what it depicts) and is cached by content, so the same hand renders
once. Drawing is synchronous and CPU-bound: adapters call it off the event loop
(`asyncio.to_thread`), never before the table edit or a prompt.

Kinds of picture and who may see them:
- `hand` — a player's hand (private: only ever to that player);
- `groups` — a 田忌赛马 arrangement A/B/C with each group's value (private until the reveal);
- `cards` — cards everyone sees: the bottom cards once the landlord has them, the last play;
- `result` — the result card for the group.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.pictures.hand import (
    ORDERS,
    cards_picture,
    group_values,
    groups_picture,
    hand_picture,
    sort_hand,
)
from bot.pictures.layout import DrawnCard, Layout, Picture, describe
from bot.pictures.result import result_picture
from bot.pictures.summary import ResultSummary, SeatResult, summary_of

__all__ = [
    "ORDERS", "DrawnCard", "Layout", "Picture", "Pictures", "ResultSummary", "SeatResult",
    "describe", "sort_hand", "summary_of",
]

CACHE_SIZE = 512  # pictures kept (a hand image is ~13 KB: a few MB at most)


class Pictures:
    """The renderer with a content cache (thread-safe: adapters render in threads)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self.hits = 0
        self.misses = 0
        self._cache: OrderedDict[tuple[Any, ...], Picture] = OrderedDict()
        self._lock = threading.Lock()

    def _cached(self, key: tuple[Any, ...], draw: Callable[[], Picture]) -> Picture:
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
        picture = draw()
        with self._lock:
            self._cache[key] = picture
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return picture

    @property
    def hit_rate(self) -> float:
        """Share of calls answered from the cache."""
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def hand(self, codes: Sequence[str], *, order: str = "down", selected: Iterable[str] = (),
             bottom: Iterable[str] = (), game: str | None = None,
             wild: Iterable[str] = ()) -> Picture:
        """A player's fanned hand, sorted big→small ("down") or small→big ("up"); `wild`
        cards (斗地主's 癞子) starred."""
        # The marked cards as a multiset: of two equal codes (two decks) only those taken.
        chosen = tuple(sorted(set(selected)))
        marked = tuple(sorted((Counter(bottom) & Counter(codes)).elements()))
        starred = tuple(sorted(set(wild) & set(codes)))
        key = ("hand", tuple(sorted(codes)), order, chosen, marked, game, starred)
        return self._cached(key, lambda: hand_picture(codes, order=order, selected=chosen,
                                                      bottom=marked, game=game, wild=starred))

    def groups(self, groups: dict[str, str], values: dict[str, str],
               private: bool = True) -> Picture:
        """A 田忌赛马 arrangement: groups A/B/C with their values."""
        key = ("groups", tuple(sorted(groups.items())), tuple(sorted(values.items())), private)
        return self._cached(key, lambda: groups_picture(groups, values, private=private))

    def arrangement(self, groups: Sequence[tuple[str, str]], lang: str = "en",
                    game: str | None = None) -> Picture:
        """A sealed arrangement ((group, cards) for A, B, C) with each group's value as the
        game tells it."""
        key = ("arrangement", tuple(groups), lang, game)
        return self._cached(key, lambda: groups_picture(
            dict(groups), group_values(dict(groups), lang, game)))

    def cards(self, codes: Sequence[str], caption_key: str, lang: str = "en",
              wild: Iterable[str] = ()) -> Picture:
        """Public cards (bottom cards, the last play) with a label; `wild` cards starred."""
        starred = tuple(sorted(set(wild) & set(codes)))
        key = ("cards", tuple(sorted(codes)), caption_key, lang, starred)
        return self._cached(key, lambda: cards_picture(codes, caption_key=caption_key,
                                                       lang=lang, wild=starred))

    def result(self, summary: ResultSummary, lang: str = "en") -> Picture:
        """The result card."""
        return self._cached(("result", summary, lang), lambda: result_picture(summary, lang))
