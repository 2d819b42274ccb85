"""`/puzzle` never keeps a person waiting on the day's first generation (it once took 8–14 s
with no reply): the answer comes at once, saying the puzzle is being set, while it is made
off the loop; the next day's is made ahead. Its example answer is always one a player can
give (the post once said `/puzzle 33` for a hand without two 3s)."""

from __future__ import annotations

import asyncio
import re
import threading

from bot.games import registry
from bot.host import commands as cmd
from bot.host.handlers import puzzle as handler
from tests.host.conftest import PLACE, HostFactory, actor


async def test_the_first_puzzle_of_the_day_answers_while_it_is_made(
        make_host: HostFactory, monkeypatch) -> None:  # noqa: ANN001
    host, _ = await make_host(puzzle_wait=0.05)
    release = threading.Event()
    made: list[str] = []
    real = handler.generate

    def slow(game: str, entry: object, day: str) -> object:
        release.wait(60)  # the generation takes as long as the test wants
        made.append(day)
        return real(game, entry, day)

    monkeypatch.setattr(handler, "generate", slow)
    first = await asyncio.wait_for(host.handle(cmd.Puzzle(actor(0), PLACE)), 30)
    assert first.ok and "being set" in first.text  # an answer, not a wait
    release.set()
    for _ in range(600):
        if await host.store.puzzle(host.store.day()) is not None:
            break
        await asyncio.sleep(0.05)
    shown = await host.handle(cmd.Puzzle(actor(0), PLACE))
    hooks = registry.puzzles(registry.puzzle_game())
    today = await handler.day_puzzle(host, registry.puzzle_game(), host.store.day())
    assert shown.ok and hooks.text(today, "en") in shown.text
    for _ in range(600):  # tomorrow's is made ahead, off the loop
        if await host.store.puzzle(host.store.day(-1)) is not None:
            break
        await asyncio.sleep(0.05)
    assert await host.store.puzzle(host.store.day(-1)) is not None


async def test_the_posts_example_answer_is_one_a_player_can_give(
        make_host: HostFactory) -> None:
    host, _ = await make_host()
    hooks = registry.puzzles(registry.puzzle_game())
    shown = await host.handle(cmd.Puzzle(actor(0), PLACE))
    data = await handler.day_puzzle(host, registry.puzzle_game(), host.store.day())
    examples = re.findall(r"/puzzle (?:\S+ )?(\S+)", shown.text)
    assert examples
    for example in examples:
        if example.startswith("<"):  # a placeholder: "<your first move>"
            continue
        hooks.check(data, example)  # raises for cards the puzzle's hand does not hold
