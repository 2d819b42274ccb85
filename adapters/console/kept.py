"""Settings a console player keeps in the database, settable at any time: checked against
the table at once, applied to it between hands (now, or when the next hand is dealt)."""

from __future__ import annotations

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host.handlers.lobby import ROOM_SETTINGS, SETTING_WORDS, apply_setting
from bot.host.host import Host, refusal_text
from bot.host.room import Room

NOT_KEPT = {"game"}  # a setting of the room only: which game the console plays is `--game`


def split(changes: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The changes kept for every game (stake, mode, lang, ...) and those of this game."""
    shared: dict[str, str] = {}
    own: dict[str, str] = {}
    for key, value in changes.items():
        name = SETTING_WORDS.get(key, key)
        if name in NOT_KEPT:
            continue
        (shared if name in ROOM_SETTINGS else own)[key] = value
    return shared, own


def refusal(room: Room, changes: dict[str, str], lang: str) -> str | None:
    """Why the table could not take `changes` (None if it could), checked on a copy."""
    trial = room.copy()
    options: dict[str, object] = {}
    try:
        for key, value in changes.items():
            apply_setting(trial, key, value, options)
        trial.spec.validate_options({**trial.options, **options})
    except PaijuError as error:
        return refusal_text(error, lang)
    return None


async def keep(host: Host, actor: cmd.Actor, game: str, changes: dict[str, str]) -> None:
    """Keep `changes` for the player (those for every game and this game's own)."""
    player = await host.player_id(actor)
    shared, own = split(changes)
    if shared:
        await host.store.keep_player_settings(player, "", shared)
    if own:
        await host.store.keep_player_settings(player, game, own)


async def kept(host: Host, actor: cmd.Actor, game: str) -> dict[str, str]:
    """The settings the player keeps for tables of `game`."""
    return await host.store.player_settings(await host.player_id(actor), game)


RUN = "~run"  # where a run's `--option`s are noted: a slot of the player's settings
NOTE = "options"


async def last_run_options(host: Host, actor: cmd.Actor, game: str) -> str:
    """The `--option`s the last run at `game`'s table set ("" if none): for that run only,
    so the next run deals from a table without them."""
    noted = await host.store.player_settings(await host.player_id(actor), game + RUN)
    return noted.get(NOTE, "")


async def note_run_options(host: Host, actor: cmd.Actor, game: str,
                           options: dict[str, str] | None) -> None:
    """Note this run's `--option`s (or none) for the next run to undo."""
    typed = " ".join(f"{k}={v}" for k, v in (options or {}).items())
    await host.store.keep_player_settings(await host.player_id(actor), game + RUN,
                                          {NOTE: typed})
