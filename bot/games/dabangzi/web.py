"""打棒子 on the web pages: the trumps' 魂儿, the tribute and the kitty (once the rules show
it) in the middle of the table, and each seat's part of the trick (the last trick stays on
the table until the next lead)."""

from __future__ import annotations

from typing import Any

from bot.games.web import CardRow, GameWeb


class DabangziWeb(GameWeb):
    """Four seats, two partnerships (seats 0 and 2 against 1 and 3)."""

    def rows(self, public: Any, over: bool) -> tuple[CardRow, ...]:
        """The 魂儿 (its suit is trumps), the tribute, the kitty when shown."""
        rows = []
        if public.hun:
            rows.append(CardRow("dbz.web.hun", (public.hun,)))
        if public.tribute is not None:
            rows.append(CardRow("dbz.web.tribute", (public.tribute[1],)))
        if public.kitty:
            rows.append(CardRow("dbz.web.kitty", tuple(public.kitty)))
        return tuple(rows)

    def seat_play(self, public: Any, seat: int) -> tuple[str, ...]:
        """The seat's cards in the trick being played, else in the trick just won."""
        trick = public.trick or public.last_trick
        return next((tuple(cards) for who, cards in trick if who == seat), ())


WEB = DabangziWeb()
