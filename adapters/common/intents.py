"""Intents (what a message asked for) as host commands: argument reading, nothing more.

The words are the same whether typed in a Telegram group or at the console table."""

from __future__ import annotations

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host import games
from bot.host.handlers.lobby import read_settings
from bot.host.views import Place

ON = {"on", "1", "yes", "true", "开", "开启", "是"}
OFF = {"off", "0", "no", "false", "关", "关闭", "否"}
METRICS = {
    "beans": "beans", "豆子": "beans", "欢乐豆": "beans", "points": "points", "积分": "points",
    "games": "games", "局数": "games", "wins": "wins", "胜场": "wins", "胜局": "wins",
    "win_rate": "win_rate", "winrate": "win_rate", "胜率": "win_rate",
    "landlord_win_rate": "landlord_win_rate", "landlord": "landlord_win_rate",
    "地主胜率": "landlord_win_rate",
    "rating": "rating", "skill": "rating", "elo": "rating", "等级分": "rating", "段位": "rating",
}
WEEK = {"week", "weekly", "本周", "周榜"}
SEASON = {"season", "monthly", "赛季", "本赛季", "月榜"}
EVERYWHERE = {"everywhere", "global", "world", "全服", "总榜", "全部"}


def _pairs(args: tuple[str, ...]) -> dict[str, str]:
    """`key=value` words (and a lone `key value` pair) as settings changes."""
    changes = {}
    for word in args:
        key, sep, value = word.partition("=")
        if sep and key:
            changes[key] = value
    if not changes and len(args) == 2:
        changes[args[0]] = args[1]
    return changes


def _game_word(word: str) -> str | None:
    try:
        return games.game_name(word)
    except PaijuError:
        return None


def new_room(actor: cmd.Actor, place: Place | None,
             args: tuple[str, ...]) -> tuple[cmd.NewRoom, dict[str, str]]:
    """`/new [game] [key=value ...]`: the room command and the settings to apply after."""
    plain = [a for a in args if "=" not in a]
    changes = _pairs(tuple(a for a in args if "=" in a))
    return cmd.NewRoom(actor, place, game=plain[0] if plain else None), changes


def auto(actor: cmd.Actor, place: Place | None, args: tuple[str, ...]) -> cmd.Auto:
    """`/auto [on|off]` (toggle without an argument)."""
    word = args[0].lower() if args else ""
    return cmd.Auto(actor, place, on=True if word in ON else False if word in OFF else None)


def leaderboard(actor: cmd.Actor, place: Place | None, args: tuple[str, ...]) -> cmd.Leaderboard:
    """`/lb [metric] [week|season] [everywhere]` in any order."""
    metric, period, everywhere = "beans", "all", False
    for word in (a.lower() for a in args):
        if word in WEEK:
            period = "week"
        elif word in SEASON:
            period = "season"
        elif word == "all":
            period = "all"
        elif word in EVERYWHERE:
            everywhere = True
        else:
            metric = METRICS.get(word, word)  # an unknown word: the host names the metrics
    return cmd.Leaderboard(actor, place, metric=metric, period=period, everywhere=everywhere)


def judge(actor: cmd.Actor, place: Place | None, args: tuple[str, ...]) -> cmd.Judge:
    """`/judge [game] cards...`."""
    game = _game_word(args[0]) if args else None
    rest = args[1:] if game is not None else args
    return cmd.Judge(actor, place, game=game, text=" ".join(rest))


def remove_ai(actor: cmd.Actor, place: Place | None, args: tuple[str, ...]) -> cmd.RemoveAI:
    """`/removebot [seat number]` (seats count from 1 for people)."""
    seat = int(args[0]) - 1 if args and args[0].isdigit() and int(args[0]) > 0 else None
    return cmd.RemoveAI(actor, place, seat=seat)


PUZZLE_BOARD = {"top", "board", "lb", "排行", "排行榜", "榜"}
"""`/puzzle top`: the group's puzzle board."""


def puzzle(actor: cmd.Actor, place: Place | None, args: tuple[str, ...],
           private: bool | None = None) -> cmd.Puzzle:
    """`/puzzle` (today's), `/puzzle top` (the board), `/puzzle <move>` (an answer); where
    no group is (a private chat) the group's code comes first: `/puzzle CODE [move]`.
    `private`: only the sender reads the chat (default: a place without a community)."""
    if private is None:
        private = place is None or not place.community
    if args and args[0].lower() in PUZZLE_BOARD:
        return cmd.Puzzle(actor, place, board=True, private=private,
                          code=args[1] if len(args) > 1 else "")
    code = ""
    if args and (place is None or not place.community):
        code, args = args[0], args[1:]
    return cmd.Puzzle(actor, place, answer=" ".join(args), code=code, private=private)


CONFIRM_WORDS = ("confirm", "yes", "y", "确认", "是", "确定")
"""`/leave confirm`: leave a running hand at the escape penalty without a second ask."""


def command(intent: str, actor: cmd.Actor, place: Place | None,
            args: tuple[str, ...]) -> cmd.Command:
    """The host command of an intent (every intent but `new` and `start`)."""
    simple: dict[str, type[cmd.Command]] = {
        "join": cmd.Join, "leave": cmd.Leave, "addbot": cmd.AddAI, "start_game": cmd.Start,
        "again": cmd.Rematch, "hand": cmd.ShowHand, "hint": cmd.Hint, "table": cmd.Table,
        "me": cmd.MyStats, "close": cmd.CloseRoom, "help": cmd.Help,
    }
    if intent == "leave" and args and args[0].strip().lower() in CONFIRM_WORDS:
        return cmd.Leave(actor, place, confirmed=True)
    if intent in simple:
        return simple[intent](actor, place)
    if intent == "auto":
        return auto(actor, place, args)
    if intent == "play":
        return cmd.Act(actor, place, text=" ".join(args))
    if intent == "pass":
        return cmd.Act(actor, place, text="pass")
    if intent == "lb":
        return leaderboard(actor, place, args)
    if intent == "rules":
        return cmd.Rules(actor, place, game=args[0] if args else None)
    if intent == "judge":
        return judge(actor, place, args)
    if intent == "settings":
        # Names and values as the settings list shows them, spaces and all (bomb cap=3).
        return cmd.RoomSettings(actor, place, changes=read_settings(" ".join(args)))
    if intent == "link":  # a code is given only in a private chat (no community there)
        return cmd.Link(actor, place, code=args[0] if args else "",
                        private=place is None or not place.community)
    if intent == "unlink":
        return cmd.Unlink(actor, place)
    if intent == "removebot":
        return remove_ai(actor, place, args)
    if intent == "puzzle":
        return puzzle(actor, place, args)
    if intent == "seed":  # a seated person's own seed (docs/fairness.md); none: show it
        return cmd.Seed(actor, place, text=" ".join(args))
    raise ValueError(f"no command for intent {intent!r}")
