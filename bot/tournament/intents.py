"""`/cup <words>` as a competition command, for adapters that read typed text.

Both adapters can hand the words after `/cup` (or the text of a Discord option) to
`cup_command` and send the result to `Host.handle`:
    /cup                       standings             /cup join      sign up (报名)
    /cup leave                 withdraw (退赛)        /cup ready     check in (报到)
    /cup new Spring cup hands=9 advance=1 ...       create (organisers)
    /cup close                 close sign-up, draw   /cup cancel    stop it (organisers)
    /cup board [week] [everywhere]                   the cup points leaderboard
    /cup role <role id>|none   name the organiser role (admins)
    /cup help [<preset>]       commands and presets  /cup dq 4 7 <reason>  disqualify
    /cup rule 4 <reason>       判输: #4's hand is ruled lost for their side
"""

from __future__ import annotations

from bot.errors import PaijuError, UnknownWords
from bot.host.commands import Actor
from bot.host.views import Place
from bot.tournament import commands as cup_cmd

VERBS: dict[str, str] = {
    "status": "standings", "standings": "standings", "table": "standings", "赛况": "standings",
    "积分": "standings",
    "join": "join", "signup": "join", "enter": "join", "报名": "join",
    "leave": "leave", "withdraw": "leave", "quit": "leave", "退赛": "leave",
    "ready": "ready", "checkin": "ready", "here": "ready", "报到": "ready", "签到": "ready",
    "new": "new", "create": "new", "open": "new", "创建": "new", "开赛": "new",
    "close": "close", "draw": "close", "start": "close", "抽签": "close", "截止": "close",
    "cancel": "cancel", "取消": "cancel",
    "board": "board", "top": "board", "leaderboard": "board", "lb": "board", "排行": "board",
    "排行榜": "board",
    "role": "role", "organiser": "role", "organizer": "role", "组织者": "role",
    "help": "help", "presets": "help", "帮助": "help", "赛制": "help",
    "team": "team", "队伍": "team", "组队": "team",
    "double": "double", "加倍": "double",
    "dq": "dq", "disqualify": "dq", "取消资格": "dq",
    "rule": "rule", "判输": "rule",
}
WEEK = {"week", "weekly", "本周", "周榜"}
EVERYWHERE = {"everywhere", "global", "all-communities", "全服", "全部"}
NONE = {"none", "off", "clear", "无"}


def cup_command(actor: Actor, place: Place | None, words: tuple[str, ...] | list[str],
                roles: tuple[str, ...] = ()) -> cup_cmd.CupCommand:
    """The competition command the words ask for; PaijuError("cup.err.unknown") if none."""
    words = tuple(w for w in words if w.strip())
    if not words:
        return cup_cmd.CupStandings(actor, place, roles=roles)
    verb = VERBS.get(words[0].lower())
    rest = words[1:]
    if verb == "standings":
        return cup_cmd.CupStandings(actor, place, roles=roles)
    if verb == "join":
        return cup_cmd.CupSignUp(actor, place, roles=roles)
    if verb == "leave":
        return cup_cmd.CupWithdraw(actor, place, roles=roles)
    if verb == "ready":
        return cup_cmd.CupCheckIn(actor, place, roles=roles)
    if verb == "close":
        return cup_cmd.CupClose(actor, place, roles=roles)
    if verb == "cancel":
        return cup_cmd.CupCancel(actor, place, roles=roles)
    if verb == "new":
        settings = {}
        name = []
        for word in rest:
            key, sep, value = word.partition("=")
            if sep and key:
                settings[key] = value
            else:
                name.append(word)
        return cup_cmd.CupCreate(actor, place, roles=roles, name=" ".join(name),
                                 settings=settings)
    if verb == "team":
        return cup_cmd.CupTeam(actor, place, roles=roles, team=" ".join(rest))
    if verb == "double":
        return cup_cmd.CupDouble(actor, place, roles=roles)
    if verb == "help":
        return cup_cmd.CupHelp(actor, place, roles=roles, preset=" ".join(rest))
    if verb == "dq":
        numbers: list[int] = []
        reason: list[str] = []
        for word in rest:
            digits = word.lstrip("#")
            if digits.isdigit() and not reason:
                numbers.append(int(digits))
            else:
                reason.append(word)
        if not numbers:
            raise PaijuError("cup.err.dq_usage")
        return cup_cmd.CupDisqualify(actor, place, roles=roles, numbers=tuple(numbers),
                                     reason=" ".join(reason))
    if verb == "rule":
        digits = rest[0].lstrip("#") if rest else ""
        if not digits.isdigit():
            raise PaijuError("cup.err.rule_usage")
        return cup_cmd.CupRuleLost(actor, place, roles=roles, number=int(digits),
                                   reason=" ".join(rest[1:]))
    if verb == "board":
        folded = {w.lower() for w in rest}
        return cup_cmd.CupBoard(actor, place, roles=roles,
                                period="week" if folded & WEEK else "all",
                                everywhere=bool(folded & EVERYWHERE))
    if verb == "role":
        if not rest:
            raise UnknownWords(word=words[0])
        role = None if rest[0].lower() in NONE else rest[0].strip("<@&>")
        return cup_cmd.CupOrganiserRole(actor, place, roles=roles, role=role)
    raise UnknownWords(word=words[0])
