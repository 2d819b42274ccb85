"""The `/paiju` slash commands: each one builds a host command and lets the adapter ask.

Names, descriptions and choices are catalogue texts (`translator.text`), so Discord shows
them in Chinese to Chinese clients. Changing settings needs the room's owner or Manage
Server (the host decides, from `Actor.is_admin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from adapters.discord.translator import named, text
from bot.games import registry
from bot.host import commands as cmd
from bot.host.handlers.info import METRICS, PERIODS
from bot.host.views import Place, UserRef
from bot.i18n import normalise_language, translate
from bot.tournament.intents import cup_command

if TYPE_CHECKING:
    from adapters.discord.adapter import DiscordAdapter

MODES = ("beans", "points")

SIMPLE: dict[str, type[cmd.Command]] = {
    "join": cmd.Join, "leave": cmd.Leave, "addbot": cmd.AddAI, "start": cmd.Start,
    "hand": cmd.ShowHand, "hint": cmd.Hint, "table": cmd.Table, "me": cmd.MyStats,
    "help": cmd.Help, "unlink": cmd.Unlink,
}
"""Commands without options: slash name → host command."""


def _choices(option: str, values: tuple[str, ...] | list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text(f"discord.choice.{option}.{v}"), value=v)
            for v in values]


def _game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game, named by its record in each language (Discord's 100-character
    limit on a choice's name)."""
    return [app_commands.Choice(name=named({lang: name[:100] for lang, name
                                            in record.names.items()}), value=record.name)
            for record in registry.modules()]


def parse_changes(typed: str) -> dict[str, str] | None:
    """"stake=20, mode=points" → {"stake": "20", "mode": "points"}; None if malformed."""
    changes: dict[str, str] = {}
    for part in typed.replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            return None
        changes[key.strip().lower()] = value.strip()
    return changes


def _named(name: str) -> dict[str, Any]:
    return {"name": text(f"discord.cmd.{name}.name"),
            "description": text(f"discord.cmd.{name}.desc")}


def _simple(adapter: DiscordAdapter, kind: type[cmd.Command]) -> Any:
    async def callback(interaction: discord.Interaction) -> None:
        await adapter.run_command(interaction, lambda actor, place: kind(actor, place))

    return callback


def build_group(adapter: DiscordAdapter) -> app_commands.Group:
    """The `/paiju` group with every command."""
    group = app_commands.Group(**_named("paiju"))
    for name, kind in SIMPLE.items():
        group.add_command(app_commands.Command(callback=_simple(adapter, kind), **_named(name)))
    for command in (_new(adapter), _auto(adapter), _leaderboard(adapter), _rules(adapter),
                    _judge(adapter), _settings(adapter), _cup(adapter), _link(adapter),
                    _puzzle(adapter), _seed(adapter)):
        group.add_command(command)
    group.add_command(_admin(adapter))
    return group


def _admin(adapter: DiscordAdapter) -> app_commands.Group:
    """`/paiju admin ...`: an admin's tools (Manage Server; the host checks and audits)."""
    admin = app_commands.Group(**_named("admin"))

    @app_commands.command(**_named("admin_beans"))
    @app_commands.rename(player=text("discord.opt.player.name"),
                         amount=text("discord.opt.amount.name"),
                         reason=text("discord.opt.reason.name"))
    @app_commands.describe(player=text("discord.opt.player.desc"),
                           amount=text("discord.opt.amount.desc"),
                           reason=text("discord.opt.reason.desc"))
    async def beans(interaction: discord.Interaction, player: discord.User, amount: int,
                    reason: str) -> None:
        def make(actor: cmd.Actor, place: Place | None) -> cmd.Command:
            return cmd.AdminBeans(actor, place, target=UserRef("discord", str(player.id)),
                                  target_name=player.display_name, amount=amount,
                                  reason=reason, roles=member_roles(interaction))

        await adapter.run_command(interaction, make)

    admin.add_command(beans)
    admin.add_command(_bar(adapter, barred=True))
    admin.add_command(_bar(adapter, barred=False))
    for name, kind in (("admin_close", cmd.AdminClose), ("admin_export", cmd.AdminExport)):
        admin.add_command(app_commands.Command(callback=_admin_simple(adapter, kind),
                                               **_named(name)))
    admin.add_command(_admin_role(adapter))
    return admin


def _admin_simple(adapter: DiscordAdapter, kind: type[cmd.AdminCommand]) -> Any:
    async def callback(interaction: discord.Interaction) -> None:
        roles = member_roles(interaction)
        await adapter.run_command(interaction,
                                  lambda actor, place: kind(actor, place, roles=roles))

    return callback


def _admin_role(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    """`/paiju admin role [role]`: the role whose members may use the tools too."""
    @app_commands.command(**_named("admin_role"))
    @app_commands.rename(role=text("discord.opt.admin_role.name"))
    @app_commands.describe(role=text("discord.opt.admin_role.desc"))
    async def role(interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        named = None if role is None else str(role.id)
        await adapter.run_command(interaction, lambda actor, place: cmd.AdminRole(
            actor, place, role=named, roles=member_roles(interaction)))

    return role


def _bar(adapter: DiscordAdapter, *, barred: bool) -> app_commands.Command[Any, Any, None]:
    """`/paiju admin bar` (or `unbar`): bar a player from the server's tables, or not."""
    name = "admin_bar" if barred else "admin_unbar"

    @app_commands.command(**_named(name))
    @app_commands.rename(player=text("discord.opt.player.name"),
                         reason=text("discord.opt.reason.name"))
    @app_commands.describe(player=text("discord.opt.barred_player.desc"),
                           reason=text("discord.opt.reason.desc"))
    async def bar(interaction: discord.Interaction, player: discord.User,
                  reason: str = "") -> None:
        def make(actor: cmd.Actor, place: Place | None) -> cmd.Command:
            return cmd.AdminBar(actor, place, target=UserRef("discord", str(player.id)),
                                target_name=player.display_name, barred=barred, reason=reason,
                                roles=member_roles(interaction))

        await adapter.run_command(interaction, make)

    return bar


def _new(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("new"))
    @app_commands.rename(game=text("discord.opt.game.name"), stake=text("discord.opt.stake.name"),
                         mode=text("discord.opt.mode.name"))
    @app_commands.describe(game=text("discord.opt.game.desc"),
                           stake=text("discord.opt.stake.desc"),
                           mode=text("discord.opt.mode.desc"))
    @app_commands.choices(game=_game_choices(), mode=_choices("mode", MODES))
    async def new(interaction: discord.Interaction, game: str | None = None,
                  stake: app_commands.Range[int, 1, 1_000_000] | None = None,
                  mode: str | None = None) -> None:
        def make(actor: cmd.Actor, place: Place | None) -> cmd.Command:
            return cmd.NewRoom(actor, place, game=game, stake=stake, mode=mode)

        await adapter.run_command(interaction, make)

    return new


def _auto(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("auto"))
    @app_commands.rename(on=text("discord.opt.on.name"))
    @app_commands.describe(on=text("discord.opt.on.desc"))
    async def auto(interaction: discord.Interaction, on: bool | None = None) -> None:
        await adapter.run_command(interaction, lambda actor, place: cmd.Auto(actor, place, on=on))

    return auto


def _leaderboard(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("leaderboard"))
    @app_commands.rename(metric=text("discord.opt.metric.name"),
                         period=text("discord.opt.period.name"),
                         everywhere=text("discord.opt.everywhere.name"))
    @app_commands.describe(metric=text("discord.opt.metric.desc"),
                           period=text("discord.opt.period.desc"),
                           everywhere=text("discord.opt.everywhere.desc"))
    @app_commands.choices(metric=_choices("metric", METRICS), period=_choices("period", PERIODS))
    async def leaderboard(interaction: discord.Interaction, metric: str = "beans",
                          period: str = "all", everywhere: bool = False) -> None:
        def make(actor: cmd.Actor, place: Place | None) -> cmd.Command:
            return cmd.Leaderboard(actor, place, metric=metric, period=period,
                                   everywhere=everywhere)

        await adapter.run_command(interaction, make)

    return leaderboard


def _puzzle(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("puzzle"))
    @app_commands.rename(answer=text("discord.opt.answer.name"),
                         board=text("discord.opt.board.name"))
    @app_commands.describe(answer=text("discord.opt.answer.desc"),
                           board=text("discord.opt.board.desc"))
    async def puzzle(interaction: discord.Interaction, answer: str = "",
                     board: bool = False) -> None:
        # Slash command answers are ephemeral: an answer given here is private.
        await adapter.run_command(interaction, lambda actor, place: cmd.Puzzle(
            actor, place, answer=answer, board=board, private=True))

    return puzzle


def _seed(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("seed"))
    @app_commands.rename(seed=text("discord.opt.seed_text.name"))
    @app_commands.describe(seed=text("discord.opt.seed_text.desc"))
    async def seed(interaction: discord.Interaction, seed: str = "") -> None:
        # Answered to the sender alone: a seed is theirs (it is revealed with the hand).
        await adapter.run_command(interaction,
                                  lambda actor, place: cmd.Seed(actor, place, text=seed))

    return seed


def _link(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("link"))
    @app_commands.rename(code=text("discord.opt.code.name"))
    @app_commands.describe(code=text("discord.opt.code.desc"))
    async def link(interaction: discord.Interaction, code: str = "") -> None:
        # Slash command answers are ephemeral: only the sender sees a code given here.
        await adapter.run_command(
            interaction, lambda actor, place: cmd.Link(actor, place, code=code, private=True))

    return link


def _rules(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("rules"))
    @app_commands.rename(game=text("discord.opt.game.name"))
    @app_commands.describe(game=text("discord.opt.game.desc"))
    @app_commands.choices(game=_game_choices())
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        await adapter.run_command(interaction,
                                  lambda actor, place: cmd.Rules(actor, place, game=game))

    return rules


def _judge(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("judge"))
    @app_commands.rename(cards=text("discord.opt.cards.name"), game=text("discord.opt.game.name"))
    @app_commands.describe(cards=text("discord.opt.cards.desc"),
                           game=text("discord.opt.game.desc"))
    @app_commands.choices(game=_game_choices())
    async def judge(interaction: discord.Interaction, cards: str, game: str | None = None) -> None:
        await adapter.run_command(
            interaction, lambda actor, place: cmd.Judge(actor, place, game=game, text=cards))

    return judge


def _settings(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("settings"))
    @app_commands.rename(changes=text("discord.opt.changes.name"))
    @app_commands.describe(changes=text("discord.opt.changes.desc"))
    async def settings(interaction: discord.Interaction, changes: str | None = None) -> None:
        parsed = parse_changes(changes or "")
        if parsed is None:
            lang = adapter_lang(interaction)
            async with adapter.serving(interaction):
                await adapter.say(interaction, translate("discord.bad_changes", lang,
                                                         text=changes or ""))
            return
        await adapter.run_command(
            interaction, lambda actor, place: cmd.RoomSettings(actor, place, changes=parsed))

    return settings


def _cup(adapter: DiscordAdapter) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(**_named("cup"))
    @app_commands.rename(typed=text("discord.opt.text.name"))
    @app_commands.describe(typed=text("discord.opt.text.desc"))
    async def cup(interaction: discord.Interaction, typed: str | None = None) -> None:
        roles = member_roles(interaction)

        def make(actor: cmd.Actor, place: Place | None) -> cmd.Command:
            return cup_command(actor, place, (typed or "").split(), roles=roles)

        await adapter.run_command(interaction, make)

    return cup


def member_roles(interaction: discord.Interaction) -> tuple[str, ...]:
    """The sender's role ids here (none in a DM): the cup service knows organiser roles."""
    roles = getattr(interaction.user, "roles", None) or ()
    return tuple(str(role.id) for role in roles)


def adapter_lang(interaction: discord.Interaction) -> str:
    """The catalogue language of the user's Discord client."""
    return normalise_language(str(interaction.locale))
