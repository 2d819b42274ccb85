"""What people may type: slash commands, their aliases, and Chinese plain-text triggers.

Telegram command names allow only `a-z 0-9 _`, so Chinese words are plain-text triggers:
the first word of a message (`加入`, `开始`, `出牌 33344`). In groups with privacy mode on
the bot only hears plain text when it is an administrator; slash commands always arrive.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games import registry

COMMANDS = (
    "new", "join", "leave", "addbot", "removebot", "start_game", "again", "hand", "hint",
    "auto", "play", "pass", "table", "lb", "me", "rules", "judge", "settings", "close", "cup",
    "help", "link", "unlink", "puzzle", "seed", "admin",
)
"""The intents, by their canonical command name (registered with setMyCommands)."""

ALIASES: dict[str, str] = {
    "newgame": "new", "open": "new", "ai": "addbot", "bot": "addbot", "noai": "removebot",
    "go": "start_game", "begin": "start_game", "deal": "start_game", "rematch": "again",
    "cards": "hand", "tips": "hint", "tuoguan": "auto", "p": "play", "out": "play",
    "status": "table", "leaderboard": "lb", "top": "lb", "stats": "me", "rank": "me",
    "rule": "rules", "check": "judge", "set": "settings", "options": "settings",
    "quit": "leave", "exit": "leave", "commands": "help", "competition": "cup",
    "tournament": "cup", "bisai": "cup", "canju": "puzzle", "daily": "puzzle",
}
"""English command aliases → intent."""

GAME_SHORTCUTS: dict[str, str] = {
    word: record.name for record in registry.modules() for word in record.shortcuts}
"""Each game record's shortcuts (`GameModule.shortcuts`) open a room of it."""

CHINESE: dict[str, str] = {
    "开桌": "new", "开局": "new", "新局": "new", "建房": "new",
    "加入": "join", "上桌": "join", "入座": "join",
    "离开": "leave", "下桌": "leave", "退出": "leave",
    "加电脑": "addbot", "加机器人": "addbot", "添加电脑": "addbot",
    "减电脑": "removebot", "移除电脑": "removebot",
    "开始": "start_game", "开打": "start_game", "发牌": "start_game",
    "再来": "again", "再来一局": "again",
    "手牌": "hand", "看牌": "hand", "我的牌": "hand",
    "提示": "hint", "托管": "auto", "取消托管": "auto",
    "出牌": "play", "出": "play",
    "不出": "pass", "不要": "pass", "要不起": "pass", "过": "pass",
    "牌桌": "table", "桌面": "table",
    "排行榜": "lb", "排行": "lb", "榜单": "lb",
    "战绩": "me", "我的": "me",
    "规则": "rules", "玩法": "rules",
    "裁判": "judge", "判牌": "judge",
    "设置": "settings", "关桌": "close", "帮助": "help",
    "比赛": "cup", "赛事": "cup",
    "绑定": "link", "解绑": "unlink",
    "残局": "puzzle", "每日残局": "puzzle",
    "种子": "seed", "管理": "admin",
}
"""Chinese plain-text triggers → intent."""

CUP_WORDS = ("报名", "退赛", "报到", "签到", "赛况")
"""Competition words that work alone, as if after `比赛` (`报名` = `/cup 报名`)."""

CHINESE_GAMES: dict[str, str] = {
    word: record.name for record in registry.modules() for word in record.aliases.get("zh", ())}
"""Saying a game's name opens a room for it."""


@dataclass(frozen=True, slots=True)
class Said:
    """A message read as an intent: the command name and its arguments."""

    intent: str
    args: tuple[str, ...]
    typed_command: bool  # a slash command (always for us) rather than a plain-text trigger


def read_command(text: str, bot_username: str) -> Said | None:
    """`/name@bot args` → Said; None for another bot's command or an unknown one."""
    head, *args = text.split()
    name, _, addressee = head[1:].partition("@")
    if addressee and addressee.lower() != bot_username.lower():
        return None
    name = name.lower()
    if name in GAME_SHORTCUTS:
        return Said("new", (GAME_SHORTCUTS[name], *args), True)
    intent = name if name in COMMANDS or name == "start" else ALIASES.get(name)
    return Said(intent, tuple(args), True) if intent else None


def read_plain(text: str) -> Said | None:
    """A Chinese trigger (`加入`, `出牌 33344`, `斗地主`) → Said; None for anything else."""
    words = text.split()
    if not words:
        return None
    first, args = words[0], tuple(words[1:])
    if first in CUP_WORDS:
        return Said("cup", tuple(words), False)
    if first in CHINESE_GAMES:
        return Said("new", (CHINESE_GAMES[first], *args), False)
    intent = CHINESE.get(first)
    if intent is None:
        return None
    if first == "取消托管":
        args = ("off",)
    return Said(intent, args, False)


def read(text: str, bot_username: str) -> Said | None:
    """Either kind of message."""
    text = text.strip()
    if not text:
        return None
    if text.startswith("/"):
        return read_command(text, bot_username)
    return read_plain(text)
