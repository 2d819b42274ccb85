"""`/paiju puzzle` on Discord: today's 残局 with yesterday's solution, an answer only the
sender sees judged once, the server's board; in Chinese for a Chinese client."""

from __future__ import annotations

from bot.games import registry
from bot.host.handlers import puzzle as handler
from bot.i18n import translate
from tests.adapters.discord.harness import Paiju


async def test_the_puzzle_is_answered_ephemerally_and_counted_on_the_board(
        paiju: Paiju) -> None:
    shown = await paiju.slash("alice", "paiju puzzle")
    assert shown.ephemeral
    host = paiju.host
    assert host is not None
    game = registry.puzzle_game()
    data = await handler.day_puzzle(host, game, host.store.day())
    hooks = registry.puzzles(game)
    assert hooks.text(data, "en") in shown.content and "Yesterday's solution" in shown.content
    right = await paiju.slash("alice", "paiju puzzle", {"answer": data["winning"][0]})
    assert right.ephemeral and "solved ✅" in right.content
    again = await paiju.slash("alice", "paiju puzzle", {"answer": data["winning"][0]})
    assert again.ephemeral and "already" in again.content
    typo = await paiju.slash("bob", "paiju puzzle", {"answer": "xyz"})
    assert typo.ephemeral and "x" in typo.content and "✅" not in typo.content
    paiju.locale = "zh-CN"
    board = await paiju.slash("bob", "paiju puzzle", {"board": True})
    assert board.content.startswith(translate("host.puzzle.board_title", "zh"))
    assert "alice" in board.content.lower() and "1/1" in board.content
