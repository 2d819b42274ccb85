"""Commands that answer without touching a room: stats, leaderboard, rules, judge, help."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.errors import PaijuError
from bot.games import registry
from bot.host import commands as cmd
from bot.host import games
from bot.host.presentation.render import t
from bot.host.room import room_id_for
from bot.host.views import Reply, Status
from bot.i18n import catalogue
from bot.i18n.bidi import isolate
from storage.records import MIN_GAMES_FOR_RATE, PERIODS, PLAYER_METRICS

if TYPE_CHECKING:
    from bot.host.context import HandlerContext
    from storage.records import LeaderRow, PlayerStats

METRICS = PLAYER_METRICS



def _value(metric: str, value: float) -> str:
    return f"{value:.0%}" if metric.endswith("rate") else f"{value:,.0f}"


async def my_stats(host: HandlerContext, command: cmd.MyStats) -> Reply:
    """My wallet, record and rank (overall, and in this community)."""
    lang = command.actor.lang
    player = await host.player_id(command.actor)
    await host.beans(player)  # the daily relief, if broke
    community = await host.community_id(command.place)
    stats = await host.store.stats(player, community)
    rank = await host.store.rank_of(player, "beans")
    win_rate = stats.wins / stats.games if stats.games else 0.0
    lines = [t("host.stats", lang, name=isolate(stats.name), beans=stats.beans,
               points=stats.points, games=stats.games, wins=stats.wins,
               win_rate=f"{win_rate:.0%}", rank=rank.rank if rank else "-")]
    # Each game's roles in its own words (斗地主's landlord and farmer, 打棒子's dealer ...).
    known = set(registry.names())
    lines += [t("host.stats.role", lang, game=registry.module(r.game).display_name(lang),
                role=role_word(r.role, lang), games=r.games, wins=r.wins,
                rate=f"{r.wins / r.games:.0%}") for r in stats.roles if r.game in known]
    lines += rating_lines(stats, lang)
    # What admins changed in the wallet, and why (the ledger memo names them too).
    lines += [t("admin.history", lang, amount=f"{entry.amount or 0:+,}",
                admin=isolate(entry.admin), reason=entry.reason,
                day=datetime.fromtimestamp(entry.at, UTC).strftime("%Y-%m-%d"))
              for entry in await host.store.adjustments(player, limit=3)]
    return Reply(True, "\n".join(lines), "host.stats", status=Status.INFO)


def role_word(role: str, lang: str) -> str:
    """A role in the game's own words (its catalogue's `host.role.<role>`), else as stored."""
    key = f"host.role.{role}"
    return t(key, lang) if key in catalogue() else role


def rated_what(game: str, role: str, lang: str) -> str:
    """What a rating rates: the game, and the role where the game gives roles."""
    name = registry.module(game).display_name(lang)
    return f"{name} · {role_word(role, lang)}" if role else name


def rating_lines(stats: PlayerStats, lang: str) -> list[str]:
    """The player's rating in each game and role they were rated in, and the hands 托管
    carried for them."""
    known = set(registry.names())
    lines = [t("host.stats.rating" if r.role else "host.stats.rating_plain", lang,
               game=registry.module(r.game).display_name(lang), role=role_word(r.role, lang),
               value=_value("rating", r.value), games=r.games)
             for r in stats.ratings if r.game in known]
    if stats.carried:
        lines.append(t("host.stats.carried", lang, hands=stats.carried))
    return lines + achievement_lines(stats, lang)


def achievement_lines(stats: PlayerStats, lang: str) -> list[str]:
    """One line per game: the achievements the player earned there, in the game's words."""
    by_game: dict[str, list[str]] = {}
    for found in stats.achievements:
        if found.game not in registry.names():
            continue
        key = f"{registry.module(found.game).i18n_prefix}.achievement.{found.achievement}"
        name = t(key, lang) if key in catalogue() else found.achievement
        by_game.setdefault(found.game, []).append(
            t("host.stats.achievement", lang, name=name, times=found.times))
    return [t("host.stats.achievements", lang, game=registry.module(game).display_name(lang),
              earned=t("host.list_sep", lang).join(earned)) for game, earned in by_game.items()]


async def leaderboard(host: HandlerContext, command: cmd.Leaderboard) -> Reply:
    """The top players by a metric, here or everywhere, all time or this week."""
    lang = command.actor.lang
    if command.metric not in METRICS:
        raise PaijuError("host.bad_metric", metric=command.metric, metrics=", ".join(METRICS))
    if command.period not in PERIODS:
        raise PaijuError("host.bad_period", period=command.period, periods=", ".join(PERIODS))
    community = None if command.everywhere else await host.community_id(command.place)
    rows = await host.store.leaderboard(command.metric, community_id=community,
                                        period=command.period, limit=max(1, command.limit))
    lines = board_lines(rows, command.metric, command.period, community, lang,
                        platform=command.actor.platform)
    player = await host.player_id(command.actor)
    mine = await host.store.rank_of(player, command.metric, community_id=community,
                                    period=command.period)
    if mine is not None and all(row.player_id != player for row in rows):
        lines.append(t("host.lb.mine", lang, rank=mine.rank,
                       value=_value(command.metric, mine.value)))
    if host.links is not None and community is not None:
        path = host.links.board_path(community, metric=command.metric, period=command.period)
        lines.append(t("web.link.board", lang, url=host.links.url(path)))
    return Reply(True, "\n".join(lines), "host.lb", status=Status.INFO)


def board_lines(rows: list[LeaderRow], metric: str, period: str, community: int | None,
                lang: str, platform: str = "") -> list[str]:
    """A leaderboard as text lines: title, then one line per player."""
    here = f"host.lb.here.{platform}"  # a Discord server is no 群 (group)
    scope = t("host.lb.everywhere" if community is None
              else here if here in catalogue() else "host.lb.here", lang)
    lines = [t("host.lb.title", lang, metric=t(f"host.metric.{metric}", lang), scope=scope,
               period=t(f"host.period.{period}", lang))]
    known = set(registry.names())
    lines += [t("host.lb.row.rated", lang, rank=row.rank, name=isolate(row.name),
                what=rated_what(row.game, row.role, lang), value=_value(metric, row.value))
              if row.game in known else
              t("host.lb.row", lang, rank=row.rank, name=isolate(row.name),
                value=_value(metric, row.value)) for row in rows]
    if not rows:
        # A rate board lists only players with enough games: say so, not just "nobody".
        lines.append(t("host.lb.empty_rate", lang, games=MIN_GAMES_FOR_RATE)
                     if metric.endswith("rate") else t("host.lb.empty", lang))
    return lines


def _room_game(host: HandlerContext, command: cmd.Command) -> str | None:
    if command.place is None:
        return None
    room = host.rooms.get(room_id_for(command.place))
    return room.game if room is not None else None


async def rules(host: HandlerContext, command: cmd.Rules) -> Reply:
    """The rules page of a game (the room's game by default)."""
    game = games.game_name(command.game or _room_game(host, command))
    lang = command.actor.lang
    record = registry.module(game)
    return Reply(True, t(record.rules_key, lang) + "\n" + timers_line(host, record, lang),
                 "host.rules", status=Status.INFO)


def timers_line(host: HandlerContext, record: registry.GameModule, lang: str) -> str:
    """The turn timers as this host runs them for a game (its timer classes, the settings'
    seconds), or that there are none (the console's table by default)."""
    if not host.settings.turn_timers:
        return t("host.rules.no_timers", lang)
    used = set(record.timers.values()) or {"play"}
    parts = [t(f"host.rules.timer.{kind}", lang, seconds=round(host.settings.timeout_for(kind)))
             for kind in registry.TIMER_CLASSES if kind in used]
    return t("host.rules.timers", lang, timers=t("host.list_sep", lang).join(parts))


async def judge(host: HandlerContext, command: cmd.Judge) -> Reply:
    """The referee on typed cards (斗地主 moves, 田忌赛马 tables, duel cards)."""
    lang = command.actor.lang
    game = games.game_name(command.game or _room_game(host, command))
    text = command.text.strip()
    record = registry.module(game)
    if record.judge is None:  # never another game's help
        raise PaijuError("host.judge.none", game=record.display_name(lang))
    if not text:
        raise PaijuError("host.judge.usage")
    return Reply(True, registry.load(record.judge)(text, lang), "host.judge", status=Status.INFO)


async def help_text(host: HandlerContext, command: cmd.Help) -> Reply:
    """What one can do here: the platform's own help where it differs (Discord has slash
    commands and buttons, no typed cards)."""
    own = f"host.help.{command.actor.platform}"
    lang = command.actor.lang
    listed = t("host.list_sep", lang).join(
        f"{record.name} ({record.display_name(lang)})" for record in registry.modules())
    return Reply(True, t(own if own in catalogue() else "host.help", lang, games=listed),
                 "host.help", status=Status.INFO)
