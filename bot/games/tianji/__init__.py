"""田忌赛马 poker (RULES.md §3): group ranking, the three-round settlement, duel mode, the AI.

`TIANJI` and `TIANJI_DUEL` are the game-module records the registry lists
(`bot.games.registry`); everything else about the games derives from them.
"""

from __future__ import annotations

from bot.games.registry import GameModule

TIANJI = GameModule(
    sides="free_for_all",  # everyone for themselves
    name="tianji",
    spec="bot.games.tianji.spec:TIANJI",
    renderer="bot.games.tianji.text:TianjiText",
    names={"en": "Tianji poker (田忌赛马)", "zh": "田忌赛马"},
    aliases={"en": ("tj",), "zh": ("田忌赛马", "田忌")},
    messages="bot.games.tianji.messages:MESSAGES",
    i18n_prefix="tianji",
    prompt_kinds={"arrange": "arrange"},
    timers={"arrange": "arrange"},
    rules_key="host.rules.tianji",
    referee={"tianji": "bot.games.tianji.referee:judge_table"},
    judge="bot.games.tianji.text:judge_text",
    shortcuts=("tianji", "tj"),
    warm_up="bot.games.tianji.ranking:tables",  # the rank tables: a few hundred ms
    pictures="bot.games.tianji.pictures:PICTURES",
    web="bot.games.tianji.web:TABLE_WEB",
    achievements="bot.games.tianji.achievements:awarded",
)

TIANJI_DUEL = GameModule(
    sides="free_for_all",  # everyone for themselves
    name="tianji-duel",
    spec="bot.games.tianji.spec:TIANJI_DUEL",
    renderer="bot.games.tianji.duel_text:DuelText",
    names={"en": "Tianji duel (老师与学生)", "zh": "田忌赛马·老师与学生"},
    aliases={"en": ("duel", "tianjiduel"), "zh": ("老师与学生",)},
    messages="bot.games.tianji.messages:MESSAGES",
    i18n_prefix="tianji",
    prompt_kinds={"keep": "keep"},
    timers={"keep": "arrange", "play": "play"},
    rules_key="host.rules.tianji-duel",
    judge="bot.games.tianji.text:judge_text",
    shortcuts=("duel",),
    pictures="bot.games.tianji.pictures:DUEL_PICTURES",
    web="bot.games.tianji.web:DUEL_WEB",
)
