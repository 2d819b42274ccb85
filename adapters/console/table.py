"""One console table: open or resume the room, answer prompts from stdin, end with the game."""

from __future__ import annotations

import asyncio
import logging
from typing import TextIO

from adapters.console.adapter import ConsoleAdapter
from bot.host import commands as cmd
from bot.host import games
from bot.host.host import Host
from bot.host.room import room_id_for
from bot.host.views import Phase, Place
from bot.i18n import translate

log = logging.getLogger(__name__)

PLACE = Place("console", "local", "", "local", "console")
CONSOLE_TABLE_SIZE = 4  # 田忌赛马 at the console: you and three AI players

HINT = {"hint", "h", "提示", "tip"}
AUTO = {"auto", "托管", "a"}
TABLE = {"table", "t", "牌桌"}
HAND = {"hand", "cards", "手牌", "我的牌"}
HELP = {"help", "?", "帮助"}
RULES = {"rules", "规则"}
BOARD = {"lb", "leaderboard", "排行", "排行榜"}
ME = {"me", "stats", "我", "战绩"}
QUIT = {"quit", "exit", "q", "退出"}
AGAIN = {"y", "yes", "again", "rematch", "再来", "再来一局"}


class LineReader:
    """Lines from stdin without blocking the event loop; None at end of input."""

    def __init__(self, stdin: TextIO, console: ConsoleAdapter, interactive: bool) -> None:
        self.stdin = stdin
        self.console = console
        self.interactive = interactive
        self.ended = False

    async def read(self, prompt: str = "> ") -> str | None:
        """The next line (stripped), or None once input has ended."""
        if self.ended:
            return None
        if self.interactive:
            self.console.out.write(prompt)
            self.console.out.flush()
        line = await asyncio.to_thread(self.stdin.readline)
        if not line:
            self.ended = True
            return None
        return line.strip()


def table_size(game: str) -> int:
    """Seats of a console table of `game`."""
    spec = games.spec(game)
    return spec.min_players if spec.min_players == spec.max_players else CONSOLE_TABLE_SIZE


async def open_table(host: Host, actor: cmd.Actor, game: str) -> bool:
    """Open the console room with AI players and deal; False (reason printed) if refused."""
    steps: list[cmd.Command] = [cmd.NewRoom(actor, PLACE, game=game)]
    steps += [cmd.AddAI(actor, PLACE) for _ in range(table_size(game) - 1)]
    steps.append(cmd.Start(actor, PLACE))
    for step in steps:
        reply = await host.handle(step)
        if not reply.ok:
            return False
    return True


async def play(host: Host, console: ConsoleAdapter, *, game: str, auto: bool, lang: str,
               name: str, stdin: TextIO, interactive: bool) -> int:
    """Run the console table until the game is over (or the player quits); the exit code."""
    actor = cmd.Actor("console", console.user_id, name, lang)
    room = host.rooms.get(room_id_for(PLACE))
    if room is not None and room.phase is Phase.PLAYING:
        console.write(translate("console.resumed", lang, game=translate(
            f"host.game.{room.game}", lang)))
    elif not await open_table(host, actor, game):
        reply = await host.handle(cmd.NewRoom(actor, PLACE, game=game))
        console.write(reply.text)
        return 1
    if auto:
        await host.handle(cmd.Auto(actor, PLACE, on=True))
    reader = LineReader(stdin, console, interactive)
    while True:
        console.changed.clear()
        table = console.table
        if table is not None and table.phase is Phase.OVER:
            if auto or not await _again(host, actor, reader, lang):
                return 0
            continue
        if console.waiting_for_me():
            line = await reader.read()
            if line is None:
                # End of input: 托管 plays the rest, so a script always reaches the end.
                await host.handle(cmd.Auto(actor, PLACE, on=True))
            elif line.lower() in QUIT:
                console.write(translate("console.bye", lang))
                return 0
            else:
                await dispatch(host, console, actor, line)
            continue
        try:
            await asyncio.wait_for(console.changed.wait(), 1.0)
        except TimeoutError:
            pass


async def _again(host: Host, actor: cmd.Actor, reader: LineReader, lang: str) -> bool:
    line = await reader.read(translate("console.again", lang) + " ")
    if line is None or line.lower() not in AGAIN:
        return False
    reply = await host.handle(cmd.Rematch(actor, PLACE))
    if not reply.ok:
        reader.console.write(reply.text)
        return False
    return True


async def dispatch(host: Host, console: ConsoleAdapter, actor: cmd.Actor, line: str) -> None:
    """One typed line → one host command; prints the answer."""
    word, _, rest = line.partition(" ")
    folded = word.lower()
    command: cmd.Command
    if not line:
        prompt = console.private.prompt if console.private is not None else None
        choices = (prompt.suggestions or prompt.choices) if prompt is not None else ()
        if not choices:
            return
        command = cmd.Act(actor, PLACE, text=choices[0].action, counter=console.private.counter)
    elif folded in HINT:
        command = cmd.Hint(actor, PLACE)
    elif folded in AUTO:
        command = cmd.Auto(actor, PLACE)
    elif folded in TABLE:
        command = cmd.Table(actor, PLACE)
    elif folded in HAND:
        command = cmd.ShowHand(actor, PLACE)
    elif folded in HELP:
        console.write(translate("console.help", actor.lang))
        command = cmd.Help(actor, PLACE)
    elif folded in RULES:
        command = cmd.Rules(actor, PLACE, game=rest or None)
    elif folded in BOARD:
        command = cmd.Leaderboard(actor, PLACE, everywhere=True)
    elif folded in ME:
        command = cmd.MyStats(actor, PLACE)
    elif folded == "judge":
        command = cmd.Judge(actor, PLACE, text=rest)
    else:
        command = cmd.Act(actor, PLACE, text=line)
    reply = await host.handle(command)
    if isinstance(command, cmd.Act) and reply.ok:
        return  # the table and the hand say it all
    if isinstance(command, cmd.ShowHand) and reply.private is not None:
        console.write(reply.private.text)
        return
    console.write(reply.text if reply.ok else "✗ " + reply.text)
