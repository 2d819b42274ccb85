"""Commands that answer without touching a room: stats, leaderboard, rules, judge, help."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host import games
from bot.host.render import pretty_ranks, t
from bot.host.render.tianji import groups_text
from bot.host.room import room_id_for
from bot.host.views import Reply
from bot.i18n import catalogue
from storage.records import MIN_GAMES_FOR_RATE

if TYPE_CHECKING:
    from bot.host.host import Host
    from storage.records import LeaderRow

METRICS = ("beans", "points", "games", "wins", "win_rate", "landlord_win_rate")
PERIODS = ("all", "week", "season")


def _value(metric: str, value: float) -> str:
    return f"{value:.0%}" if metric.endswith("rate") else f"{value:,.0f}"


async def my_stats(host: Host, command: cmd.MyStats) -> Reply:
    """My wallet, record and rank (overall, and in this community)."""
    lang = command.actor.lang
    player = await host.player_id(command.actor)
    await host.beans(player)  # the daily relief, if broke
    community = await host.community_id(command.place)
    stats = await host.store.stats(player, community)
    rank = await host.store.rank_of(player, "beans")
    win_rate = stats.wins / stats.games if stats.games else 0.0
    landlord = (stats.landlord_wins / stats.landlord_games) if stats.landlord_games else 0.0
    # Landlord wins only for those who were ever a landlord (田忌赛马 players never are).
    key = "host.stats" if stats.landlord_games else "host.stats_no_landlord"
    text = t(key, lang, name=stats.name, beans=stats.beans, points=stats.points,
             games=stats.games, wins=stats.wins, win_rate=f"{win_rate:.0%}",
             landlord=f"{landlord:.0%}", rank=rank.rank if rank else "-")
    return Reply(True, text, "host.stats")


async def leaderboard(host: Host, command: cmd.Leaderboard) -> Reply:
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
    return Reply(True, "\n".join(lines), "host.lb")


def board_lines(rows: list[LeaderRow], metric: str, period: str, community: int | None,
                lang: str, platform: str = "") -> list[str]:
    """A leaderboard as text lines: title, then one line per player."""
    here = f"host.lb.here.{platform}"  # a Discord server is no 群 (group)
    scope = t("host.lb.everywhere" if community is None
              else here if here in catalogue() else "host.lb.here", lang)
    lines = [t("host.lb.title", lang, metric=t(f"host.metric.{metric}", lang), scope=scope,
               period=t(f"host.period.{period}", lang))]
    lines += [t("host.lb.row", lang, rank=row.rank, name=row.name,
                value=_value(metric, row.value)) for row in rows]
    if not rows:
        # A rate board lists only players with enough games: say so, not just "nobody".
        lines.append(t("host.lb.empty_rate", lang, games=MIN_GAMES_FOR_RATE)
                     if metric.endswith("rate") else t("host.lb.empty", lang))
    return lines


def _room_game(host: Host, command: cmd.Command) -> str | None:
    if command.place is None:
        return None
    room = host.rooms.get(room_id_for(command.place))
    return room.game if room is not None else None


async def rules(host: Host, command: cmd.Rules) -> Reply:
    """The rules page of a game (the room's game by default)."""
    game = games.game_name(command.game or _room_game(host, command))
    return Reply(True, t(f"host.rules.{game}", command.actor.lang), "host.rules")


async def judge(host: Host, command: cmd.Judge) -> Reply:
    """The referee on typed cards (斗地主 moves, 田忌赛马 tables, duel cards)."""
    lang = command.actor.lang
    game = games.game_name(command.game or _room_game(host, command))
    text = command.text.strip()
    if not text:
        raise PaijuError("host.judge.usage")
    if text.startswith("{"):  # a 残局 puzzle: a position as `judge doudizhu-ai` reads it
        return Reply(True, _judge_position(text, lang), "host.judge")
    if game.startswith("doudizhu"):
        return Reply(True, _judge_doudizhu(text, lang), "host.judge")
    return Reply(True, _judge_tianji(text, lang), "host.judge")


def _judge_position(text: str, lang: str) -> str:
    """The AI's move for a typed position, with its one-line reason (the puzzle mode)."""
    from bot.games.doudizhu.ai_service import explain_request

    try:
        request = json.loads(text)
    except json.JSONDecodeError:
        raise PaijuError("host.judge.bad_position") from None
    if not isinstance(request, dict):
        raise PaijuError("host.judge.bad_position")
    try:
        answer, key, params = explain_request(request)
    except (KeyError, TypeError, ValueError):
        raise PaijuError("host.judge.bad_position") from None
    if "bid" in answer:
        move = t("host.ddz.label.bid", lang, bid=answer["bid"]) if answer["bid"] \
            else t("host.ddz.label.no_bid", lang)
    elif "win" in answer:  # an endgame puzzle: the winning line, or none
        move = " ".join(cards or t("host.ddz.label.pass", lang)
                        for _, cards in answer.get("line", [])) or "—"
    else:
        move = answer["play"] or t("host.ddz.label.pass", lang)
    return t("host.judge.ai", lang, move=move, reason=t(key, lang, **params))


def _judge_doudizhu(text: str, lang: str) -> str:
    from bot.cards import parse_ranks
    from bot.games.doudizhu.moves import classify, parse_move

    parts = re.split(r"\s*(?:>|vs|对|管)\s*", text, maxsplit=1)
    words = text.split()
    if len(parts) == 1 and len(words) == 2 and not classify(parse_ranks(text)) \
            and all(classify(parse_ranks(word)) for word in words):
        parts = [words[1], words[0]]  # "33344 66677" (the README's form): the second on the first
    if not all(part.strip() for part in parts):
        raise PaijuError("host.judge.usage")  # "judge >", "judge 33 >"
    if len(parts) == 2:
        readings = classify(parse_ranks(parts[0]))
        if not readings:
            parse_move(parts[0])  # raises with the reason
        table = parse_move(parts[1])
        key = "host.judge.beats" if any(m.beats(table) for m in readings) \
            else "host.judge.does_not_beat"
        return t(key, lang, first=_typed(str(readings[0])), second=_typed(str(table)))
    readings = classify(parse_ranks(text))
    if not readings:
        parse_move(text)
    said = "; ".join(t("host.judge.reading", lang, type=t(f"host.ddz.type.{m.type.value}", lang),
                       rank=pretty_ranks(m.rank.char, lang)) for m in readings)
    return t("host.judge.move", lang, cards=_typed(str(readings[0])), readings=said)


def _typed(ranks: str) -> str:
    """Compact ranks as people type them ("TJQKA" → "10JQKA"; jokers stay B and R)."""
    return ranks.replace("T", "10")


def _judge_tianji(text: str, lang: str) -> str:
    from bot.games.tianji.arrangement import parse_arrangement
    from bot.games.tianji.ranking import b_total, c_type
    from bot.games.tianji.settlement import settle

    tables = [part for part in re.split(r"\s*[;\n]\s*", text) if part]
    arrangements = [parse_arrangement(part) for part in tables]
    seen = [c for a in arrangements for c in a.cards]
    if len(seen) != len(set(seen)):
        raise PaijuError("host.judge.duplicate_cards")
    lines = [t("host.judge.groups", lang, seat=i + 1, groups=groups_text(a.code, lang),
               points=f"{b_total(a.b):g}", type=t(f"tianji.type.{c_type(a.c).name.lower()}",
                                                   lang))
             for i, a in enumerate(arrangements)]
    if len(arrangements) >= 2:
        result = settle(arrangements)
        lines.append(t("host.judge.scores", lang,
                       scores=", ".join(f"{i + 1}: {s:+d}" for i, s in enumerate(result.totals))))
    return "\n".join(lines)


async def help_text(host: Host, command: cmd.Help) -> Reply:
    """What one can do here: the platform's own help where it differs (Discord has slash
    commands and buttons, no typed cards)."""
    own = f"host.help.{command.actor.platform}"
    return Reply(True, t(own if own in catalogue() else "host.help", command.actor.lang),
                 "host.help")
