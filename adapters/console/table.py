"""One console table: open or resume the room, answer prompts from stdin, end with the game."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import replace
from typing import TextIO

from adapters.common import intents
from adapters.console import kept, opening
from adapters.console.adapter import GROUPS, PICKS, ConsoleAdapter
from adapters.console.opening import set_aside
from adapters.console.reader import LineReader
from bot.cards import format_ranks, parse_ranks
from bot.errors import CardParseError, Reason
from bot.games import registry
from bot.host import commands as cmd
from bot.host import games
from bot.host.handlers.lobby import SETTING_WORDS, VALUE_WORDS, read_settings
from bot.host.host import Host
from bot.host.presentation.render import pretty_ranks, renderer
from bot.host.room import Room, room_id_for
from bot.host.views import Phase, Prompt, Reply
from bot.i18n import LANGUAGES, translate

log = logging.getLogger(__name__)

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
PUZZLE = {"puzzle", "残局", "每日残局"}
SETTINGS = {"settings", "set", "设置"}
SEED = {"seed", "种子"}  # your own seed, mixed into the deals (docs/fairness.md)
QUIT = {"quit", "exit", "退出"}
AGAIN = {"y", "yes", "again", "rematch", "再来", "再来一局", "是"}
NO = {"n", "no", "否", "不", "不了"}
SMALL_RANK_LETTERS = set("aqkjtbr")  # typed small, a letter may mean a word: asked first
AGAIN_WORDS = {"again", "rematch", "再来", "再来一局"}  # typed mid-hand: the host says why not
# help <topic>: the words that name each command (console.help.<topic> explains it)
TOPICS = {
    "play": {"play", "cards", "出牌", "pass", "不出", "bid", "叫分"},
    "enter": {"enter", "回车"},
    "hint": HINT, "auto": AUTO, "table": TABLE, "hand": HAND, "sort": SORT,
    "rules": RULES, "lb": BOARD, "me": ME, "judge": JUDGE, "settings": SETTINGS,
    "again": AGAIN_WORDS, "quit": QUIT, "puzzle": PUZZLE, "seed": SEED,
}


def table_size(game: str) -> int:
    """Seats of a console table of `game`."""
    spec = games.spec(game)
    return max(spec.min_players, min(spec.max_players, CONSOLE_TABLE_SIZE))


async def open_table(host: Host, console: ConsoleAdapter, actor: cmd.Actor,
                     game: str, lang_given: bool = True,
                     options: dict[str, str] | None = None) -> Reply | None:
    """Open the console room with AI players and deal; the refusal if one step was refused.

    The half-seated tables of the way there are not printed: the dealt table comes first.
    """
    steps: list[cmd.Command] = [cmd.NewRoom(actor, console.place, game=game)]
    steps += [cmd.AddAI(actor, console.place) for _ in range(table_size(game) - 1)]
    console.muted = True
    try:
        for step in steps:
            reply = await host.handle(step)
            if not reply.ok:
                return reply
    finally:
        console.muted = False
    await _apply_kept(host, console, actor, game, lang_given)
    if options:  # this run's `--option`s: the table's rules for this run, not kept
        reply = await host.handle(cmd.RoomSettings(actor, console.place, changes=options))
        if not reply.ok:
            return reply
    reply = await host.handle(cmd.Start(actor, console.place))
    return None if reply.ok else reply


async def play(host: Host, console: ConsoleAdapter, *, game: str | None, auto: bool,
               lang: str, name: str, stdin: TextIO, interactive: bool,
               lang_given: bool = True, options: dict[str, str] | None = None) -> int:
    """Run the console table until the game is over (or the player quits); the exit code.

    The host has loaded its rooms but not resumed them: a hand in play is shown again and
    continues (asked first when another game is named), a finished table is dealt again
    (its settings kept) without showing it first. `auto` (托管) lasts for this run only.
    """
    actor = cmd.Actor("console", console.user_id, name, lang)
    if not lang_given:  # the language the player keeps, else the settings'
        lang = _kept_language(await kept.kept(host, actor, ""), lang)
        actor = replace(actor, lang=lang)
    reader = LineReader(stdin, console, interactive)
    chosen = await opening.choose(host, console, reader, game, lang, ask=not auto)
    if chosen is None:
        console.write(translate("console.bye", lang))
        return 0
    set_aside(host, chosen if isinstance(chosen, Room)
              else host.rooms.get(room_id_for(opening.place_for(chosen))))
    if isinstance(chosen, Room):
        console.place = chosen.place
        lang = chosen.lang  # said in the language the table speaks
        console.write(translate("console.resumed", lang, game=games.title(chosen.game, lang)))
        if options:  # a hand in play keeps the rules it was dealt with: say so, not ignore
            typed = " ".join(f"{k}={v}" for k, v in options.items())
            console.write(translate("console.options_later", lang, options=typed))
        await host.resume()  # the table and hand again, timers and AI players going
    elif (refused := await _deal(host, console, actor, chosen, lang, lang_given,
                                 options)) is not None:
        if console.table is not None:
            console.write(console.table.text)  # where it stopped (a lobby not shown yet)
        console.write("✗ " + refused.text)
        return 1
    await _auto_for_this_run(host, console, actor, auto)
    console.asks_again = interactive and not auto
    return await _play_on(host, console, actor, reader, auto, lang, lang_given)


async def _deal(host: Host, console: ConsoleAdapter, actor: cmd.Actor, game: str,
                lang: str, lang_given: bool, options: dict[str, str] | None = None
                ) -> Reply | None:
    """The game's table dealt again (its settings kept) or opened; the refusal if any."""
    console.place = opening.place_for(game)
    room = host.rooms.get(room_id_for(console.place))
    # `--option`s are for one run: a table the last run set them on (or this run's own)
    # is dealt afresh, from the game's defaults and the settings the player keeps.
    lingering = bool(await kept.last_run_options(host, actor, game))
    if options or lingering:
        await kept.note_run_options(host, actor, game, options)
    if room is not None and room.game == game and room.phase in (Phase.OVER, Phase.LOBBY) \
            and not (options or lingering) and len(room.seats) == table_size(game) \
            and {room.lang, *(seat.lang for seat in room.seats if not seat.is_ai)} == {lang}:
        console.muted = True  # 托管 left on by an earlier run ends before the deal, quietly
        try:
            await _take_back(host, console, actor)
        finally:
            console.muted = False
        await _apply_kept(host, console, actor, game, lang_given)
        if (await host.handle(cmd.Rematch(actor, console.place))).ok:
            return None
    return await open_table(host, console, actor, game, lang_given, options)


def _kept_language(settings: dict[str, str], lang: str) -> str:
    """The language among the kept settings (as typed: zh, 中文, english), else `lang`."""
    for key, value in settings.items():
        if SETTING_WORDS.get(key, key) in ("lang", "language"):
            value = VALUE_WORDS.get(value.strip().lower(), value.strip().lower())
            if value in LANGUAGES:
                return value
    return lang


async def _auto_for_this_run(host: Host, console: ConsoleAdapter, actor: cmd.Actor,
                             auto: bool) -> None:
    """`--auto` puts my seat in 托管 for this run; without it a seat left in 托管 by an
    earlier run is mine again (said, since the table just showed it in 托管)."""
    seat = console.my_seat()
    if console.table is None or seat is None or console.table.seats[seat].auto == auto:
        return
    reply = await host.handle(cmd.Auto(actor, console.place, on=auto))
    if not auto:
        console.write(reply.text if reply.ok else "✗ " + reply.text)


async def _play_on(host: Host, console: ConsoleAdapter, actor: cmd.Actor, reader: LineReader,
                   auto: bool, lang: str, lang_given: bool) -> int:
    """Answer prompts until the game is over and no other is wanted, or the player leaves."""
    while True:
        if console.gone:
            return 1  # the output was closed; the game is saved and resumes next time
        console.changed.clear()
        table = console.table
        if table is not None and table.phase in (Phase.OVER, Phase.LOBBY):
            if auto or not await _again(host, console, actor, reader, table.lang, lang_given):
                return 0
            continue
        mine = console.waiting_for_me()
        # A script's line answers my turn (or the question between hands); at a terminal a
        # line is read at any time, so `auto` typed again takes the seat back from 托管 and
        # `table` or `hint` work while the AI players think.
        listening = not auto and not reader.ended and (
            mine or (reader.interactive and console.my_seat() is not None))
        if not listening:
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
        lang = _spoken(console, lang)
        if line is None:
            # End of input (Ctrl-D): as `quit`, the hand kept for next time, and said.
            console.write(translate("console.end_of_input", lang) if console.in_play()
                          else translate("console.bye", lang))
            return 0
        if line.lower() in QUIT:
            if console.in_play() and not await _confirm_quit(console, reader, lang):
                continue
            console.write(translate("console.bye", lang))
            return 0
        await dispatch(host, console, _speaking(actor, console), line, reader)


async def _confirm_quit(console: ConsoleAdapter, reader: LineReader, lang: str) -> bool:
    """Quitting a running hand is asked first; yes (or the end of input) quits."""
    console.write(translate("console.quit_confirm", lang))
    line = await reader.read(translate("console.quit_question", lang) + " ")
    if line is None or line.lower() in AGAIN - AGAIN_WORDS or line.lower() in QUIT:
        return True
    console.write(translate("console.quit_cancelled", lang))
    return False


def _spoken(console: ConsoleAdapter, lang: str) -> str:
    """The language the table speaks (`settings lang=zh` changes it), else the run's."""
    return console.table.lang if console.table is not None else lang


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
                 lang: str, lang_given: bool) -> bool:
    """Between hands: y deals the next one, n (or end of input) ends; other lines are
    commands (settings stake=50, lb, me, ...) and the question is asked again."""
    while True:
        line = await reader.read(translate("console.again", lang) + " ")
        if line is None or line.lower() in NO or line.lower() in QUIT:
            return False
        if line.lower() in AGAIN:
            await _take_back(host, console, actor)
            if console.table is not None:
                await _apply_kept(host, console, _speaking(actor, console), console.table.game,
                                  lang_given)
            reply = await host.handle(cmd.Rematch(actor, console.place))
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
        reply = await host.handle(cmd.Auto(actor, console.place, on=False))
        console.write(reply.text if reply.ok else "✗ " + reply.text)


def _ranks(console: ConsoleAdapter, line: str) -> str:
    """The compact ranks a line reads as on my turn to play ("" if it reads as none): a
    play then, whatever else the word could mean (asked first when typed in small letters:
    `q`, `t`, `ak`)."""
    if not _building(console) or not console.waiting_for_me():
        return ""
    try:
        return format_ranks(parse_ranks(line))
    except CardParseError:
        return ""


def _unreadable(line: str) -> bool:
    """A line that reads as no cards at all (a word, not a play)."""
    try:
        parse_ranks(line)
    except CardParseError:
        return True
    return False


async def _confirmed(console: ConsoleAdapter, reader: LineReader, line: str, ranks: str,
                     lang: str) -> bool:
    """A play with a rank typed as a small letter (`q` a queen or quit? `t` a ten or 托管?)
    is asked about first; only y plays it."""
    if not any(ch in SMALL_RANK_LETTERS for ch in line):
        return True
    private = console.private
    if private is not None and not private.wild and \
            Counter(ranks) - Counter(private.ranks):  # cards I do not hold: no play to ask
        console.write(translate("console.not_held", lang, typed=line[:32],
                                cards=pretty_ranks(ranks, lang)))
        return False
    console.write(translate("console.play_confirm", lang, typed=line[:32],
                            cards=pretty_ranks(ranks, lang)))
    answer = await reader.read(translate("console.play_question", lang,
                                         cards=pretty_ranks(ranks, lang)) + " ")
    if answer is not None and answer.lower() in AGAIN - AGAIN_WORDS:
        return True
    console.write(translate("console.not_played", lang))
    return False


def _groups_prompt(console: ConsoleAdapter) -> Prompt | None:
    """My prompt to arrange groups (田忌赛马's A|B|C), if it is up."""
    prompt = console.private.prompt if console.private is not None else None
    if prompt is None or prompt.build != GROUPS or not console.waiting_for_me():
        return None
    return prompt


def _picked(console: ConsoleAdapter, line: str) -> str | None:
    """The suggested arrangement picked by its number (1, 2, 3)."""
    prompt = _groups_prompt(console)
    if prompt is None or not line.isdigit():
        return None
    number = int(line)
    shown = prompt.suggestions[:PICKS]
    return shown[number - 1].action if 1 <= number <= len(shown) else None


async def _arrangement_kept(console: ConsoleAdapter, reader: LineReader, line: str,
                            lang: str) -> bool:
    """An action typed by hand that the game has something to say about (a 田忌赛马 split
    whose B busts, or that a better split beats in every group) is said and asked about
    first; only y sends it."""
    view = console.private
    if _groups_prompt(console) is None or view is None:
        return True
    lines = renderer(view.game).advice(tuple(view.hand), line, lang)
    if not lines:
        return True
    for said in lines:
        console.write(said)
    answer = await reader.read(translate("console.keep_typed", lang) + " ")
    if answer is not None and answer.lower() in AGAIN - AGAIN_WORDS:
        return True
    console.write(translate("console.not_kept", lang))
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


async def _settings_typed(host: Host, console: ConsoleAdapter, actor: cmd.Actor,
                          rest: str) -> None:
    """`settings` lists the table's settings; `settings stake=50 ...` keeps them for the
    player (in the database) and sets them on the table now, or from the next hand when
    one is being played."""
    if not rest:
        reply = await host.handle(cmd.RoomSettings(actor, console.place, changes={}))
        console.write(reply.text if reply.ok else "✗ " + reply.text)
        return
    changes = read_settings(rest)
    if not changes:
        console.write("✗ " + translate("console.settings_usage", actor.lang))
        return
    room = host.rooms.get(room_id_for(console.place))
    if room is not None and room.phase is Phase.PLAYING:
        refused = kept.refusal(room, changes, actor.lang)
        if refused is not None:
            console.write("✗ " + refused)
            return
        await kept.keep(host, actor, room.game, changes)
        console.write(translate("console.settings_kept", actor.lang))
        return
    reply = await host.handle(cmd.RoomSettings(actor, console.place, changes=changes))
    if reply.ok and room is not None:
        await kept.keep(host, actor, room.game, changes)
    console.write(reply.text if reply.ok else "✗ " + reply.text)


async def _apply_kept(host: Host, console: ConsoleAdapter, actor: cmd.Actor, game: str,
                      lang_given: bool) -> None:
    """The player's kept settings on the table before a deal (quietly; a refusal is said).
    A language given at start-up (`--lang`) is that run's only: it is not overridden."""
    changes = await kept.kept(host, actor, game)
    if lang_given:
        changes = {k: v for k, v in changes.items()
                   if SETTING_WORDS.get(k, k) not in ("lang", "language")}
    if not changes:
        return
    console.muted = True
    try:
        reply = await host.handle(cmd.RoomSettings(actor, console.place, changes=changes))
    finally:
        console.muted = False
    if not reply.ok:
        console.write("✗ " + reply.text)


def _building(console: ConsoleAdapter) -> bool:
    """My prompt asks for cards (a play, a card of the duel), not one of a few choices."""
    prompt = console.private.prompt if console.private is not None else None
    return prompt is not None and prompt.build in ("ranks", "card")


def _example(console: ConsoleAdapter, lang: str) -> str:
    """How my prompt is answered: the game's own line for groups (田忌赛马's A|B|C, with its
    example), the choices it shows, or how cards are typed."""
    prompt = console.private.prompt if console.private is not None else None
    if prompt is not None and prompt.build == GROUPS and prompt.text:
        return prompt.text
    typing = renderer(console.table.game).typing_help(lang) \
        if console.table is not None else None
    if typing and prompt is not None and prompt.kind == "play":
        return typing  # cards typed the game's way (with suits), not one of the choices
    if prompt is not None and prompt.choices and not _building(console):
        if not prompt.suggestions:  # Enter takes the hint's choice there (a bid)
            return translate("console.choices_hint", lang,
                             choices=" · ".join(c.label for c in prompt.choices))
        return translate("console.choices", lang,
                         choices=" · ".join(c.label for c in prompt.choices),
                         first=prompt.choices[0].label)
    return translate("console.example_play", lang)


def help_text(topic: str, lang: str, game: str | None = None) -> str:
    """The console's help: every command, or one command's line. At a table whose game
    types its cards its own way (`typing_help`), that is how `play` is explained."""
    word = topic.strip().lower()
    typing = renderer(game).typing_help(lang) if game is not None else None
    # The first line says how a turn of the table's game is answered (its own words).
    turn = renderer(game or registry.default_game()).turn_help(lang)
    for name, words in TOPICS.items():
        if word in words:
            if name == "play" and typing:
                return typing
            if name == "play" and game is not None and turn != renderer(
                    registry.default_game()).turn_help(lang):
                return turn  # a game whose turns are not typed 斗地主's way
            return translate(f"console.help.{name}", lang, games=_games_listed(lang))
    if word:
        return translate("console.help.unknown", lang, word=word[:32]) + "\n" + \
            translate("console.help", lang, turn=turn)
    return translate("console.help", lang, turn=turn)


async def dispatch(host: Host, console: ConsoleAdapter, actor: cmd.Actor, line: str,
                   reader: LineReader | None = None) -> None:
    """One typed line → one host command; prints the answer."""
    word, _, rest = line.partition(" ")
    rest = rest.strip()
    # Chat habits carry over, and the shared texts say `/puzzle <your first move>`.
    folded = word.lower().removeprefix("/")
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
        elif not prompt.suggestions:  # choices only (a bid): the hint's, as `hint` says
            hint = await host.handle(cmd.Hint(actor, console.place))
            if hint.ok and hint.action is not None:
                action = hint.action
        command = cmd.Act(actor, console.place, text=action, counter=console.private.counter)
    elif ranks := _ranks(console, line):
        if reader is not None and not await _confirmed(console, reader, line, ranks,
                                                       actor.lang):
            return
        command = cmd.Act(actor, console.place, text=line)
    elif folded in HINT:
        command = cmd.Hint(actor, console.place)
    elif folded in AUTO:
        command = intents.auto(actor, console.place, tuple(rest.split()))
        if folded == "取消托管":
            command = cmd.Auto(actor, console.place, on=False)
    elif folded in TABLE:
        command = cmd.Table(actor, console.place)
    elif folded in HAND:
        command = cmd.ShowHand(actor, console.place)
    elif folded in SORT:
        command = cmd.SortHand(actor, console.place)
    elif folded in HELP:
        console.write(help_text(rest, actor.lang,
                                console.table.game if console.table is not None else None))
        return
    elif folded in RULES:
        command = cmd.Rules(actor, console.place, game=rest or None)
    elif folded in BOARD:
        # One board at the console: every community's (总榜 there means all time).
        command = replace(intents.leaderboard(actor, console.place, tuple(rest.split())),
                          everywhere=True)
    elif folded in ME:
        command = cmd.MyStats(actor, console.place)
    elif folded in JUDGE:
        command = cmd.Judge(actor, console.place, text=rest)
    elif folded in PUZZLE:  # one person at the terminal: an answer here is private
        command = intents.puzzle(actor, console.place, tuple(rest.split()), private=True)
    elif folded in SETTINGS:
        await _settings_typed(host, console, actor, rest)
        return
    elif folded in SEED:
        command = cmd.Seed(actor, console.place, text=rest)
    elif folded in AGAIN_WORDS:
        if console.table is not None and console.table.phase is not Phase.PLAYING:
            await _take_back(host, console, actor)
        command = cmd.Rematch(actor, console.place)
    elif (picked := _picked(console, line)) is not None:
        command = cmd.Act(actor, console.place, text=picked)
    else:
        chosen = _choice_for(console, line)
        if chosen is None and reader is not None \
                and not await _arrangement_kept(console, reader, line, actor.lang):
            return
        command = cmd.Act(actor, console.place, text=chosen or line)
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
    if isinstance(command, cmd.Act) and reply.reason is Reason.RULES and _unreadable(line):
        # A word that is no play: the reason, and how a play (or a choice) is written.
        text = reply.text if not _building(console) else \
            translate("console.not_a_play", actor.lang, word=line[:32], reason=reply.text)
        console.write("✗ " + text + "\n" + _example(console, actor.lang))
        return
    if isinstance(command, cmd.ShowHand) and reply.private is not None:
        console.write(reply.private.text)
        return
    console.write(reply.text if reply.ok else "✗ " + reply.text)


def _games_listed(lang: str) -> str:
    """Every registered game by its name, for the help of `rules [game]`."""
    return translate("host.list_sep", lang).join(games.names())
