"""打棒子 (docs/rules.md §6): four players in two partnerships, a 升级 game with a 魂儿.

`DABANGZI` is the game-module record the registry lists (`bot.games.registry`).
"""

from __future__ import annotations

from bot.games.dabangzi.messages import MESSAGES
from bot.games.dabangzi.views import PUBLIC_CARDS
from bot.games.registry import GameModule

DABANGZI = GameModule(
    name="dabangzi",
    spec="bot.games.dabangzi.spec:DABANGZI",
    renderer="bot.games.dabangzi.text:DabangziText",
    pictures="bot.games.dabangzi.pictures:PICTURES",
    web="bot.games.dabangzi.web:WEB",
    names={"en": "Dabangzi (打棒子)", "zh": "打棒子"},
    aliases={"en": ("dbz",), "zh": ("打棒子",)},
    i18n_prefix="dbz",
    prompt_kinds={"grab": "grab", "declare": "declare", "return": "return", "bury": "bury"},
    timers={"grab": "bid", "declare": "bid", "return": "arrange", "bury": "arrange",
            "play": "play"},
    rules_key="dbz.rules",
    referee={"dabangzi": "bot.games.dabangzi.referee:judge_trick"},
    public_cards=PUBLIC_CARDS,
    messages=MESSAGES,
    sides="teams",  # the dealer and partner against the attackers
    competition_seats=4,  # 打棒子比赛规则: 单淘汰制，自由组队 (bot.tournament.pairs)
    competition_teams=2,
    cup_winners="bot.games.dabangzi.scoring:hand_winners",
    # 打棒子比赛规则 (RULES §6): 比赛采用单淘汰制，自由组队，抽签决定对手 — teams of two, one whole
    # match (levels 2 → past A) a table, the winners go on.
    cup_presets=(("pairs_knockout", "打棒子比赛规则 · 单淘汰制",
                  (("format", "pairs"), ("hands", "1"), ("match", "on"))),),
)
