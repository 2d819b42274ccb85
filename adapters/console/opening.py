"""Which console table a run plays: the game asked for, or an unfinished hand of another.

Each game has its own console room (a place per game), so a hand left unfinished is kept
while another game is played: the rooms not played this run are put out of memory (their
saved snapshots stay) and come back the next time their game is asked for.
"""

from __future__ import annotations

from dataclasses import replace

from adapters.console.adapter import PLACE, ConsoleAdapter
from adapters.console.reader import LineReader
from bot.games import registry
from bot.host import games
from bot.host.host import Host
from bot.host.room import Room
from bot.host.views import Phase, Place
from bot.i18n import translate


def place_for(game: str) -> Place:
    """The console room of one game."""
    return replace(PLACE, thread=game)


def console_rooms(host: Host) -> list[Room]:
    """The open console rooms loaded from the database (one per game, older ones too)."""
    return [room for room in host.rooms.values()
            if room.place.platform == PLACE.platform and room.place.channel == PLACE.channel
            and room.phase is not Phase.CLOSED]


def unfinished(host: Host) -> list[Room]:
    """The console rooms with a hand in play, in the order of their games' names."""
    return sorted((room for room in console_rooms(host) if room.phase is Phase.PLAYING),
                  key=lambda room: room.game)


async def choose(host: Host, console: ConsoleAdapter, reader: LineReader, game: str | None,
                 lang: str, ask: bool) -> Room | str | None:
    """The unfinished room to resume, or the game to deal; None when the player left.

    No game named: the unfinished hand goes on (the default game if none; asked if several).
    A game named while a hand of another game is unfinished: asked (numbers), unless `ask`
    is False (`--auto`: the game named, the other hand kept)."""
    waiting = unfinished(host)
    if game is None:  # `play` alone: the unfinished hand, or a choice of them
        if len(waiting) <= 1 or not ask:
            return waiting[0] if waiting else registry.default_game()
        options: list[Room | str] = list(waiting)
    else:
        same = [room for room in waiting if room.game == game]
        if same:
            return same[0]
        if not waiting:
            return game
        if not ask:
            console.write(translate("console.kept", lang, games=_titles(waiting, lang)))
            return game
        options = [*waiting, game]
    return await _ask(console, reader, options, _titles(waiting, lang), lang)


def _titles(rooms: list[Room], lang: str) -> str:
    return translate("host.list_sep", lang).join(games.title(room.game, lang) for room in rooms)


async def _ask(console: ConsoleAdapter, reader: LineReader, options: list[Room | str],
               titles: str, lang: str) -> Room | str | None:
    """The numbered choice of hands to resume or a game to start; None at end of input."""
    lines = [translate("console.unfinished", lang, games=titles)]
    for number, option in enumerate(options, 1):
        lines.append(translate("console.option.new", lang, number=number,
                               game=games.title(option, lang)) if isinstance(option, str)
                     else translate("console.option.resume", lang, number=number,
                                    game=games.title(option.game, lang)))
    console.write("\n".join(lines))
    while True:
        line = await reader.read(translate("console.pick", lang, last=len(options)) + " ")
        if line is None:
            return None
        if line.isdigit() and 1 <= int(line) <= len(options):
            return options[int(line) - 1]
        console.write("✗ " + translate("console.pick_again", lang, last=len(options)))


def set_aside(host: Host, keep: Room | None) -> None:
    """Put every console room but `keep` out of memory: saved as they are, not shown, not
    played by the AI players meanwhile."""
    for room in console_rooms(host):
        if keep is None or room.room_id != keep.room_id:
            host.forget_room(room.room_id)
