"""One console table: open or resume the room, answer prompts from stdin, end with the game."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from dataclasses import replace
from typing import TextIO

from adapters.common import intents
from adapters.console.adapter import ConsoleAdapter
from bot.cards import parse_ranks
from bot.errors import CardParseError
from bot.host import commands as cmd
from bot.host import games
from bot.host.handlers.lobby import read_settings
from bot.host.host import Host
from bot.host.room import room_id_for
from bot.host.views import Phase, Place, Reply
from bot.i18n import translate

log = logging.getLogger(__name__)

PLACE = Place("console", "local", "", "local", "console")
CONSOLE_TABLE_SIZE = 4  # 田忌赛马 at the console: you and three AI players

# No single rank letter is a shortcut (A, Q, T, K, J are cards): `a` once switched on 托管,
# `q` quit mid-hand and `t` printed the table instead of playing an ace, a queen, a ten.
HINT = {"hint", "h", "提示", "tip"}
AUTO = {"auto", "托管", "取消托管"}
TABLE = {"table", "牌桌"}
HAND = {"hand", "cards", "手牌", "我的牌"}
SORT = {"sort", "理牌", "排序"}
HELP = {"help", "?", "？", "帮助"}
RULES = {"rules", "规则"}
BOARD = {"lb", "leaderboard", "排行", "排行榜"}
ME = {"me", "stats", "我", "战绩"}
JUDGE = {"judge", "裁判"}
SETTINGS = {"settings", "set", "设置"}
QUIT = {"quit", "exit", "退出"}
AGAIN = {"y", "yes", "again", "rematch", "再来", "再来一局", "是"}
NO = {"n", "no", "否", "不", "不了"}
AGAIN_WORDS = {"again", "rematch", "再来", "再来一局"}  # typed mid-hand: the host says why not
# help <topic>: the words that name each command (console.help.<topic> explains it)
TOPICS = {
    "play": {"play", "cards", "出牌", "pass", "不出", "bid", "叫分"},
    "enter": {"enter", "回车"},
    "hint": HINT, "auto": AUTO, "table": TABLE, "hand": HAND, "sort": SORT,
    "rules": RULES, "lb": BOARD, "me": ME, "judge": JUDGE, "settings": SETTINGS,
    "again": AGAIN_WORDS, "quit": QUIT,
}


class LineReader:
    """Lines from stdin without blocking the event loop; None at end of input.

    At most one read is outstanding: it may start while the AI players think (so 托管 can be
    turned off, or `table` typed, at any moment) and is then taken by whoever needs the next
    line, the turn or the "play again?" question. A read left waiting at exit (Ctrl-C at a
    terminal) runs in a daemon thread on the raw descriptor, so it never holds up the exit.
    """

    def __init__(self, stdin: TextIO, console: ConsoleAdapter, interactive: bool) -> None:
        self.stdin = stdin
        self.console = console
        self.interactive = interactive
        self.ended = False
        self._pending: asyncio.Future[str] | None = None
        self._prompted = -1  # console.blocks when the prompt marker was last shown
        self._buffer = b""
        try:
            self._fd: int | None = stdin.fileno()
        except (AttributeError, OSError, ValueError):  # a StringIO: read it directly
            self._fd = None

    def pending(self) -> asyncio.Future[str]:
        """The outstanding read (started if none is)."""
        if self._pending is None:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[str] = loop.create_future()

            def settle(line: str) -> None:
                if not future.done():
                    future.set_result(line)

            def run() -> None:
                try:
                    line = self._readline()
                except Exception:  # a closed or unreadable input is its end
                    line = ""
                with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                    loop.call_soon_threadsafe(settle, line)

            threading.Thread(target=run, name="console-stdin", daemon=True).start()
            self._pending = future
        return self._pending

    def _readline(self) -> str:
        """One line of the input ("" at its end), in the reading thread."""
        if self._fd is None:
            return self.stdin.readline()
        while b"\n" not in self._buffer:
            chunk = os.read(self._fd, 4096)
            if not chunk:
                line, self._buffer = self._buffer, b""
                return line.decode("utf-8", errors="replace")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace") + "\n"

    def take(self) -> str | None:
        """The finished read's line (stripped), or None at end of input."""
        assert self._pending is not None and self._pending.done()
        line = self._pending.result()
        self._pending = None
        self.console.prompt_open = False  # Enter ended the typed line
        if not line:
            self.ended = True
            return None
        return line.strip()

    def prompt(self, text: str = "> ") -> None:
        """Show the prompt marker (terminals only: a script's output stays clean)."""
        if self.interactive and self._prompted != self.console.blocks:
            self._prompted = self.console.blocks
            try:
                self.console.out.write(text)
                self.console.out.flush()
                self.console.prompt_open = True
            except (BrokenPipeError, ValueError):
                self.console.gone = True

    async def read(self, prompt: str = "> ") -> str | None:
        """The next line (stripped), or None once input has ended."""
        if self.ended:
            return None
        self.prompt(prompt)
        await self.pending()
        return self.take()


def table_size(game: str) -> int:
    """Seats of a console table of `game`."""
    spec = games.spec(game)
    return max(spec.min_players, min(spec.max_players, CONSOLE_TABLE_SIZE))


async def open_table(host: Host, console: ConsoleAdapter, actor: cmd.Actor,
                     game: str) -> Reply | None:
    """Open the console room with AI players and deal; the refusal if one step was refused.

    The half-seated tables of the way there are not printed: the dealt table comes first.
    """
    steps: list[cmd.Command] = [cmd.NewRoom(actor, PLACE, game=game)]
    steps += [cmd.AddAI(actor, PLACE) for _ in range(table_size(game) - 1)]
    console.muted = True
    try:
        for step in steps:
            reply = await host.handle(step)
            if not reply.ok:
                return reply
    finally:
        console.muted = False
    reply = await host.handle(cmd.Start(actor, PLACE))
    return None if reply.ok else reply


async def play(host: Host, console: ConsoleAdapter, *, game: str, auto: bool, lang: str,
               name: str, stdin: TextIO, interactive: bool) -> int:
    """Run the console table until the game is over (or the player quits); the exit code.

    The host has loaded its rooms but not resumed them: a hand in play is shown again and
    continues, a finished table is dealt again (its settings kept) without showing it first.
    """
    actor = cmd.Actor("console", console.user_id, name, lang)
    room = host.rooms.get(room_id_for(PLACE))
    if room is not None and room.phase is Phase.PLAYING:
        console.write(translate("console.resumed", lang, game=games.title(room.game, lang)))
        await host.resume()  # the table and hand again, timers and AI players going
    elif room is not None and room.game == game and room.phase in (Phase.OVER, Phase.LOBBY) \
            and len(room.seats) == table_size(game) \
            and {room.lang, *(seat.lang for seat in room.seats if not seat.is_ai)} == {lang} \
            and (await host.handle(cmd.Rematch(actor, PLACE))).ok:
        pass  # the same table again: its settings (stake, mode, rules) are kept
    elif (refused := await open_table(host, console, actor, game)) is not None:
        if console.table is not None:
            console.write(console.table.text)  # where it stopped (a lobby not shown yet)
        console.write("✗ " + refused.text)
        return 1
    if auto:
        await host.handle(cmd.Auto(actor, PLACE, on=True))
    reader = LineReader(stdin, console, interactive)
    console.asks_again = interactive and not auto
    while True:
        if console.gone:
            return 1  # the output was closed; the game is saved and resumes next time
        console.changed.clear()
        table = console.table
        if table is not None and table.phase in (Phase.OVER, Phase.LOBBY):
            if auto or not await _again(host, console, actor, reader, lang):
                return 0
            continue
        mine = console.waiting_for_me()
        # A script's line answers my turn (or the question between hands); at a terminal a
        # line is read at any time, so `auto` typed again takes the seat back from 托管 and
        # `table` or `hint` work while the AI players think.
        listening = not auto and not reader.ended and (
            mine or (interactive and console.my_seat() is not None))
        if not listening:
            if mine and reader.ended:  # end of input: 托管 plays the rest
                if (await host.handle(cmd.Auto(actor, PLACE, on=True))).ok:
                    continue
            await _changed(console)
            continue
        if mine:
            reader.prompt()
        read = reader.pending()
        changed = asyncio.ensure_future(console.changed.wait())
        await asyncio.wait({read, changed}, timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
        changed.cancel()
        if not read.done():
            continue
        line = reader.take()
        if line is None:
            # End of input: 托管 plays the rest, so a script always reaches the end.
            if console.in_play():
                await host.handle(cmd.Auto(actor, PLACE, on=True))
        elif line.lower() in QUIT:
            if console.in_play() and not await _confirm_quit(console, reader, lang):
                continue
            console.write(translate("console.bye", lang))
            return 0
        else:
            await dispatch(host, console, _speaking(actor, console), line)


async def _confirm_quit(console: ConsoleAdapter, reader: LineReader, lang: str) -> bool:
    """Quitting a running hand is asked first; yes (or the end of input) quits."""
    console.write(translate("console.quit_confirm", lang))
    line = await reader.read(translate("console.quit_question", lang) + " ")
    if line is None or line.lower() in AGAIN - AGAIN_WORDS or line.lower() in QUIT:
        return True
    console.write(translate("console.quit_cancelled", lang))
    return False


def _speaking(actor: cmd.Actor, console: ConsoleAdapter) -> cmd.Actor:
    """The person at the console speaks the table's language (`settings lang=zh` changes
    both: one person, one screen)."""
    table = console.table
    return replace(actor, lang=table.lang) if table is not None and table.lang != actor.lang \
        else actor


async def _suggested(console: ConsoleAdapter, most: float = 10.0) -> None:
    """Wait (a little) for my prompt's suggestions, so Enter plays one rather than passing."""
    loop = asyncio.get_running_loop()
    end = loop.time() + most
    while console.private is not None and console.private.prompt is not None \
            and console.private.prompt.suggestions_pending and loop.time() < end:
        console.changed.clear()
        await _changed(console)


async def _changed(console: ConsoleAdapter) -> None:
    try:
        await asyncio.wait_for(console.changed.wait(), 1.0)
    except TimeoutError:
        pass


async def _again(host: Host, console: ConsoleAdapter, actor: cmd.Actor, reader: LineReader,
                 lang: str) -> bool:
    """Between hands: y deals the next one, n (or end of input) ends; other lines are
    commands (settings stake=50, lb, me, ...) and the question is asked again."""
    while True:
        line = await reader.read(translate("console.again", lang) + " ")
        if line is None or line.lower() in NO or line.lower() in QUIT:
            return False
        if line.lower() in AGAIN:
            await _take_back(host, console, actor)
            reply = await host.handle(cmd.Rematch(actor, PLACE))
            if not reply.ok:
                console.write("✗ " + reply.text)
                continue
            return True
        if not line:
            continue
        await dispatch(host, console, _speaking(actor, console), line)
        if console.table is not None and console.table.phase is Phase.PLAYING:
            return True  # `again` typed out


async def _take_back(host: Host, console: ConsoleAdapter, actor: cmd.Actor) -> None:
    """Asking for the next hand means being here: 托管 from the last hand ends first."""
    seat = console.my_seat()
    if console.table is not None and seat is not None and console.table.seats[seat].auto:
        reply = await host.handle(cmd.Auto(actor, PLACE, on=False))
        console.write(reply.text if reply.ok else "✗ " + reply.text)


def _reads_as_cards(console: ConsoleAdapter, line: str) -> bool:
    """On my turn to play cards, a line that reads as cards is a play, whatever else the
    word could mean."""
    prompt = console.private.prompt if console.private is not None else None
    if prompt is None or not prompt.build or not console.waiting_for_me():
        return False
    try:
        return bool(parse_ranks(line))
    except CardParseError:
        return False


def _choice_for(console: ConsoleAdapter, line: str) -> str | None:
    """The action of the prompt choice whose label was typed ("No bid", "1 pt", "加倍")."""
    prompt = console.private.prompt if console.private is not None else None
    if prompt is None:
        return None
    folded = "".join(line.split()).casefold()
    for choice in (*prompt.choices, *prompt.suggestions):
        if "".join(choice.label.split()).casefold() == folded:
            return choice.action
    return None


def _settings(rest: str) -> dict[str, str] | None:
    """`stake=50 bomb cap=3` (or `stake 50`) as changes; None if it reads as none."""
    return read_settings(rest) or None


def help_text(topic: str, lang: str) -> str:
    """The console's help: every command, or one command's line."""
    word = topic.strip().lower()
    for name, words in TOPICS.items():
        if word in words:
            return translate(f"console.help.{name}", lang)
    if word:
        return translate("console.help.unknown", lang, word=word[:32]) + "\n" + \
            translate("console.help", lang)
    return translate("console.help", lang)


async def dispatch(host: Host, console: ConsoleAdapter, actor: cmd.Actor, line: str) -> None:
    """One typed line → one host command; prints the answer."""
    word, _, rest = line.partition(" ")
    rest = rest.strip()
    folded = word.lower()
    command: cmd.Command
    if not line:
        if not console.waiting_for_me():
            return  # Enter only answers my own prompt (never one 托管 is answering)
        await _suggested(console)
        prompt = console.private.prompt if console.private is not None else None
        choices = (prompt.suggestions or prompt.choices) if prompt is not None else ()
        if not choices or console.private is None:
            return
        action = choices[0].action
        if console.hinted is not None and console.hinted[0] == console.private.counter:
            action = console.hinted[1]  # 提示 then Enter plays the hint shown last
        command = cmd.Act(actor, PLACE, text=action, counter=console.private.counter)
    elif _reads_as_cards(console, line):
        command = cmd.Act(actor, PLACE, text=line)
    elif folded in HINT:
        command = cmd.Hint(actor, PLACE)
    elif folded in AUTO:
        command = intents.auto(actor, PLACE, tuple(rest.split()))
        if folded == "取消托管":
            command = cmd.Auto(actor, PLACE, on=False)
    elif folded in TABLE:
        command = cmd.Table(actor, PLACE)
    elif folded in HAND:
        command = cmd.ShowHand(actor, PLACE)
    elif folded in SORT:
        command = cmd.SortHand(actor, PLACE)
    elif folded in HELP:
        console.write(help_text(rest, actor.lang))
        return
    elif folded in RULES:
        command = cmd.Rules(actor, PLACE, game=rest or None)
    elif folded in BOARD:
        # One board at the console: every community's (总榜 there means all time).
        command = replace(intents.leaderboard(actor, PLACE, tuple(rest.split())),
                          everywhere=True)
    elif folded in ME:
        command = cmd.MyStats(actor, PLACE)
    elif folded in JUDGE:
        command = cmd.Judge(actor, PLACE, text=rest)
    elif folded in SETTINGS:
        changes = _settings(rest)
        if changes is None:
            console.write("✗ " + translate("console.settings_usage", actor.lang))
            return
        command = cmd.RoomSettings(actor, PLACE, changes=changes)
    elif folded in AGAIN_WORDS:
        if console.table is not None and console.table.phase is not Phase.PLAYING:
            await _take_back(host, console, actor)
        command = cmd.Rematch(actor, PLACE)
    else:
        chosen = _choice_for(console, line)
        command = cmd.Act(actor, PLACE, text=chosen or line)
    console.auto_asked = isinstance(command, cmd.Auto)  # its reply says it, not my hand
    try:
        reply = await host.handle(command)
    finally:
        console.auto_asked = False
    if isinstance(command, cmd.Hint) and reply.ok and reply.action is not None \
            and console.private is not None:
        console.hinted = (console.private.counter, reply.action)
        console.write(reply.text + "\n" + translate("console.enter_hint", actor.lang))
        return
    if isinstance(command, cmd.Act) and reply.ok:
        return  # the table and the hand say it all
    if isinstance(command, cmd.ShowHand) and reply.private is not None:
        console.write(reply.private.text)
        return
    console.write(reply.text if reply.ok else "✗ " + reply.text)
