"""`/puzzle` through the host: today's 残局 for the group with yesterday's solution, the
answer only where no one else reads it, judged by the solver's winning first moves, the
first answer counting, the group's board, and the group named by its code in private."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games import registry
from bot.host import commands as cmd
from bot.host.handlers import puzzle as handler
from bot.host.runtime.clock import ManualClock
from bot.host.views import Place
from tests.host.conftest import PLACE, HostFactory, actor

DAY = 86_400.0
PRIVATE = Place(PLACE.platform, "dm-1")


async def ask(host, command: cmd.Command):  # noqa: ANN001, ANN201 - a test helper
    return await host.handle(command)


async def test_the_puzzle_answered_privately_counts_once_and_shows_on_the_board(
        make_host: HostFactory) -> None:
    host, _ = await make_host()
    hooks = registry.puzzles(registry.puzzle_game())
    shown = await ask(host, cmd.Puzzle(actor(0), PLACE))
    assert shown.ok
    today = host.store.day()
    data = await handler.day_puzzle(host, registry.puzzle_game(), today)
    assert hooks.text(data, "en") in shown.text
    yesterday = await handler.day_puzzle(host, registry.puzzle_game(), host.store.day(1))
    assert hooks.solution(yesterday, "en") in shown.text
    assert (await host.store.puzzle(today)) == (registry.puzzle_game(), data)  # kept
    code = handler.group_code(await host.community_id(PLACE), PLACE.platform, PLACE.community)
    assert f"/puzzle {code} <your first move>" in shown.text

    # In the group an answer is refused unread, nothing kept.
    refused = await ask(host, cmd.Puzzle(actor(0), PLACE, answer=data["winning"][0]))
    assert not refused.ok and code in refused.text
    player = await host.player_id(actor(0))
    community = await host.community_id(PLACE)
    assert await host.store.puzzle_answer(community, today, player) is None

    # Privately, with the group's code: a cards typo is refused with its reason, unkept.
    bad = await ask(host, cmd.Puzzle(actor(0), PRIVATE, code=code, answer="xyz", private=True))
    assert not bad.ok and "xyz"[0] in bad.text
    assert await host.store.puzzle_answer(community, today, player) is None
    right = await ask(host, cmd.Puzzle(actor(0), PRIVATE, code=code,
                                       answer=data["winning"][0], private=True))
    assert right.ok and "solved" in right.text
    again = await ask(host, cmd.Puzzle(actor(0), PRIVATE, code=code, answer="3", private=True))
    assert not again.ok and "already" in again.text

    # Another person answers wrong (any lead that is not a winning one).
    from bot.games.doudizhu import moves as mv  # the test reads the puzzle's own hand

    me = mv.parse_hand(data["hands"][0]).counts
    losing = next(str(m) for m in mv.legal_moves(mv.Hand(me), None, None)
                  if "".join(sorted(str(m))) not in data["winning"])
    wrong = await ask(host, cmd.Puzzle(actor(1, "zh"), PRIVATE, code=code, answer=losing,
                                       private=True))
    assert wrong.ok and "不是必胜" in wrong.text
    board = await ask(host, cmd.Puzzle(actor(0), PLACE, board=True))
    lines = board.text.splitlines()
    assert board.ok and "1 solved of 1" in lines[1] and "0 solved of 1" in lines[2]
    # The sender sees their own answer with today's puzzle.
    assert "solved" in (await ask(host, cmd.Puzzle(actor(0), PLACE))).text


@pytest.mark.parametrize("code", ["", "zzzzzzz", "1abcde"])
async def test_a_private_answer_without_a_true_group_code_is_refused(
        make_host: HostFactory, code: str) -> None:
    host, _ = await make_host()
    await ask(host, cmd.Puzzle(actor(0), PLACE))  # the group exists
    reply = await ask(host, cmd.Puzzle(actor(0), PRIVATE, code=code, answer="3", private=True))
    assert not reply.ok and ("/puzzle" in reply.text or "code" in reply.text)
    group = await host.community_id(PLACE)
    row = await host.store.community_row(group)
    forged = replace(row, external_id="another")
    code = handler.group_code(group, forged.platform, forged.external_id)
    reply = await ask(host, cmd.Puzzle(actor(0), PRIVATE, code=code, answer="3", private=True))
    assert not reply.ok


async def test_the_days_puzzle_changes_with_the_day_and_yesterdays_is_revealed(
        make_host: HostFactory, clock: ManualClock) -> None:
    host, _ = await make_host()
    first = await ask(host, cmd.Puzzle(actor(0, "zh"), PLACE))
    game = registry.puzzle_game()
    day_one = await handler.day_puzzle(host, game, host.store.day())
    clock.advance(DAY)
    second = await ask(host, cmd.Puzzle(actor(0, "zh"), PLACE))
    hooks = registry.puzzles(game)
    assert first.ok and second.ok and "昨日答案" in second.text
    assert hooks.solution(day_one, "zh") in second.text
    assert hooks.text(day_one, "zh") not in second.text
