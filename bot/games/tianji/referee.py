"""`python -m bot judge tianji`: settle a revealed table given as JSON (RULES.md §3.5/§3.6).

Request: `{"players": [{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"}, ...]}` (2–6 players; a
group may also be a list of card strings). Answer, at stake 1:
`{"scores": [...], "rounds": [[round 1...], [round 2...], [round 3...]]}`.
"""

from __future__ import annotations

from typing import Any

from bot.cards import Card
from bot.errors import IllegalAction
from bot.games.tianji.arrangement import Arrangement, parse_groups
from bot.games.tianji.settlement import settle
from bot.games.tianji.state import check_players


def _group_text(group: Any, name: str, seat: int) -> str:
    if isinstance(group, str):
        return group
    if isinstance(group, list) and all(isinstance(c, str) for c in group):
        return " ".join(group)
    raise IllegalAction("tianji.referee.bad_group", player=seat + 1, group=name)


def read_table(request: dict[str, Any]) -> list[Arrangement]:
    """The arrangements of a request, checked: 2–6 players, group sizes, one deck."""
    players = request.get("players")
    if not isinstance(players, list):
        raise IllegalAction("tianji.referee.no_players")
    check_players(len(players))
    table: list[Arrangement] = []
    seen: set[Card] = set()
    for seat, player in enumerate(players):
        if not isinstance(player, dict) or set(player) != {"A", "B", "C"}:
            raise IllegalAction("tianji.referee.bad_player", player=seat + 1)
        try:
            arrangement = parse_groups([_group_text(player[g], g, seat) for g in "ABC"])
        except IllegalAction as exc:
            raise IllegalAction("tianji.referee.at_seat", player=seat + 1,
                                reason=exc.render("en")) from exc
        for card in arrangement.cards:
            if card in seen:
                raise IllegalAction("tianji.referee.duplicate", card=card.code, player=seat + 1)
            seen.add(card)
        table.append(arrangement)
    return table


def judge_table(request: dict[str, Any]) -> dict[str, Any]:
    """Settle one table: per-player totals and the three rounds."""
    result = settle(read_table(request))
    return {"scores": list(result.totals), "rounds": [list(r) for r in result.rounds]}
