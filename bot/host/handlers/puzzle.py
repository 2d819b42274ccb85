"""`/puzzle`: the daily 残局 of a group — today's puzzle with yesterday's solution, answers
given privately, and the group's puzzle board.

The puzzle comes from the first registered game that sets one (`GameModule.puzzle`); a
day's puzzle is a function of the day (every group, member and process gets the same),
generated once off the event loop (the thinking pool), kept in storage and here. An answer
is judged by the game (any first move that keeps the forced win); the first one a person
gives counts for that group's board. Where others read the chat (a Telegram group) an
answer is refused unread: it is sent in the private chat with the group's code instead.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from typing import TYPE_CHECKING, Any

from bot.errors import PaijuError
from bot.games import registry
from bot.host import commands as cmd
from bot.host.payload import to_base36
from bot.host.presentation.render import t
from bot.host.views import Reply, Status
from bot.i18n.bidi import isolate

if TYPE_CHECKING:
    from bot.host.context import HandlerContext

# A day's puzzle being made (one generation however many ask at once; then kept in storage)
_making: dict[tuple[int, str], asyncio.Future[Any]] = {}
log = logging.getLogger(__name__)


class NotReady(Exception):  # noqa: N818 - a signal: the puzzle is still being made
    """The day's puzzle is being made (off the loop); it is kept once made."""


def generate(game: str, entry: Any, day: str) -> Any:
    """A day's puzzle from plain data (in a worker process or a thread)."""
    registry.ensure(game, entry)
    return registry.puzzles(game).daily(day)


async def day_puzzle(host: HandlerContext, game: str, day: str,
                     wait: float | None = None) -> Any:
    """A day's puzzle: kept in storage, or generated once off the loop and kept. With
    `wait`, NotReady after that many seconds (the generation goes on, and is kept)."""
    kept = await host.store.puzzle(day)
    if kept is not None and kept[0] == game:
        return kept[1]
    pending = making(host, game, day)
    if wait is None:
        return await asyncio.shield(pending)
    try:
        return await asyncio.wait_for(asyncio.shield(pending), wait)
    except TimeoutError:
        raise NotReady() from None


def making(host: HandlerContext, game: str, day: str) -> asyncio.Future[Any]:
    """The generation of a day's puzzle, started if it is not under way."""
    key = (id(host), day)
    pending = _making.get(key)
    if pending is None:
        pending = _making[key] = asyncio.ensure_future(_make(host, game, day))
        pending.add_done_callback(lambda done: _made(key, done))
    return pending


def _made(key: tuple[int, str], done: asyncio.Future[Any]) -> None:
    _making.pop(key, None)
    if not done.cancelled() and done.exception() is not None:
        log.error("the puzzle of %s was not made", key[1], exc_info=done.exception())


async def _make(host: HandlerContext, game: str, day: str) -> Any:
    kept = await host.store.puzzle(day)
    if kept is not None and kept[0] == game:
        data = kept[1]
    else:
        data = await host.think(generate, game, registry.entry(game), day)
        await host.store.keep_puzzle(day, game, data)
    return data


def group_code(community_id: int, platform: str, external_id: str) -> str:
    """The code that names a group in a private answer: its id and a check of its platform
    id (a code cannot be made up for a group one has not seen)."""
    check = hashlib.blake2b(f"{platform}:{external_id}".encode(), digest_size=3).digest()
    return f"{to_base36(community_id)}{to_base36(int.from_bytes(check, 'big')).rjust(5, '0')}"


async def _group(host: HandlerContext, command: cmd.Puzzle) -> tuple[int, str]:
    """The group the command is about and its code; refused when none is named."""
    place = command.place
    if place is not None and place.community:
        community = await host.community_id(place)
        assert community is not None
        return community, group_code(community, place.platform, place.community)
    code = command.code.strip().lower()
    if len(code) > 5 and code[:-5].isalnum():
        try:
            community = int(code[:-5], 36)
        except ValueError:
            community = 0
        row = await host.store.community_row(community) if community else None
        if row is not None and group_code(community, row.platform, row.external_id) == code:
            return community, code
    raise PaijuError("host.puzzle.which_group" if not code else "host.puzzle.bad_code",
                     code=command.code.strip()[:16])


async def puzzle(host: HandlerContext, command: cmd.Puzzle) -> Reply:
    """Today's puzzle, an answer to it, or the group's board."""
    lang = command.actor.lang
    game = registry.puzzle_game()
    if game is None:
        raise PaijuError("host.puzzle.none")
    community, code = await _group(host, command)
    if command.board:
        return Reply(True, await _board(host, community, lang), "host.puzzle.board",
                     status=Status.INFO)
    if command.answer.strip() and not command.private:
        raise PaijuError("host.puzzle.answer_privately", code=code)
    hooks = registry.puzzles(game)
    today = host.store.day()
    try:
        data = await day_puzzle(host, game, today, wait=host.settings.puzzle_wait)
    except NotReady:  # the day's first: an answer now, the puzzle once made
        return Reply(True, t("host.puzzle.preparing", lang), "host.puzzle.preparing",
                     status=Status.INFO)
    player = await host.player_id(command.actor)
    before = await host.store.puzzle_answer(community, today, player)
    if not command.answer.strip():
        shown = await _shown(host, game, data, code, before, command, lang)
        making(host, game, host.store.day(-1))  # tomorrow's, made ahead, after what is shown
        return Reply(True, shown, "host.puzzle", status=Status.INFO)
    if before is not None:
        raise PaijuError("host.puzzle.already", answer=hooks.answer_text(before.answer, lang),
                         verdict=t("host.puzzle.right" if before.solved
                                   else "host.puzzle.wrong", lang))
    solved = hooks.check(data, command.answer)  # a refusal names what is wrong with it
    kept = await host.store.answer_puzzle(community, today, player, command.answer.strip(),
                                          solved)
    verdict = t("host.puzzle.right" if kept.solved else "host.puzzle.wrong", lang)
    return Reply(True, t("host.puzzle.answered", lang, verdict=verdict,
                         answer=hooks.answer_text(kept.answer, lang)),
                 "host.puzzle.answered", status=Status.INFO)


async def _shown(host: HandlerContext, game: str, data: Any, code: str, before: Any,
                 command: cmd.Puzzle, lang: str) -> str:
    """Today's puzzle, how to answer it, the sender's answer so far, yesterday's solution."""
    hooks = registry.puzzles(game)
    lines = [t("host.puzzle.title", lang, day=host.store.day()), hooks.text(data, lang)]
    if before is not None:
        lines.append(t("host.puzzle.yours", lang, answer=hooks.answer_text(before.answer, lang),
                       verdict=t("host.puzzle.right" if before.solved else "host.puzzle.wrong",
                                 lang)))
    elif command.private:
        lines.append(t("host.puzzle.how_here", lang))
    else:
        lines.append(t("host.puzzle.how_private", lang, code=code))
    try:  # made the day before, as a rule; if not, it follows with the next /puzzle
        yesterday = await day_puzzle(host, game, host.store.day(1),
                                     wait=host.settings.puzzle_wait)
    except NotReady:
        yesterday = None
    if yesterday is not None:
        lines.append(t("host.puzzle.yesterday", lang, solution=hooks.solution(yesterday,
                                                                              lang)))
    return "\n\n".join(lines)


async def _board(host: HandlerContext, community: int, lang: str) -> str:
    rows = await host.store.puzzle_board(community)
    lines = [t("host.puzzle.board_title", lang)]
    if not rows:
        lines.append(t("host.lb.empty", lang))
    for row in rows:
        lines.append(t("host.puzzle.board_row", lang, rank=row.rank, name=isolate(row.name),
                       solved=row.solved, tried=row.tried, streak=row.streak))
    return "\n".join(lines)
