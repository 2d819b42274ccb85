"""斗地主 Dou Dizhu: moves (`moves`), the referee (`referee`), the game and its AI.

`DOUDIZHU3` and `DOUDIZHU2` are the game-module records the registry lists
(`bot.games.registry`); everything else about the games derives from them.
"""

from __future__ import annotations

from bot.games.registry import GameModule

PROMPT_KINDS = {"grab": "grab", "no-grab": "grab", "bid": "bid", "double": "double",
                "no-double": "double", "show": "show", "no-show": "show"}
TIMERS = {"grab": "bid", "bid": "bid", "double": "bid", "show": "bid", "play": "play"}
PUBLIC_CARDS = ("face_up", "bottom", "shown_hand", "dummy")  # 明牌, 底牌, 明牌 hand, dummy
PICTURE_EVENTS = {"ddz.landlord": "shown"}  # the landlord's note shows the bottom cards
REFEREE = {
    "doudizhu": "bot.games.doudizhu.referee:judge_moves",
    "doudizhu-game": "bot.games.doudizhu.referee:judge_game",
    "doudizhu-ai": "bot.games.doudizhu.referee:judge_ai",
}

SHARED = {  # what the three- and two-player games have in common
    "renderer": "bot.games.doudizhu.text:DoudizhuText",
    "messages": "bot.games.doudizhu.messages:MESSAGES",
    "i18n_prefix": "ddz",
    "prompt_kinds": PROMPT_KINDS,
    "timers": TIMERS,
    "judge": "bot.games.doudizhu.text:judge_text",
    "public_cards": PUBLIC_CARDS,
    "forced": "bot.games.doudizhu.play:forced_pass",
    "lapse": "bot.games.doudizhu.bidding:lapse",
    "stand_in": "bot.games.doudizhu.levels:stand_in",
    "achievements": "bot.games.doudizhu.achievements:awarded",
    "streaks": {"landlord": ("landlord_streak", 3)},
    "picture_events": PICTURE_EVENTS,
    "card_counter": True,
    "pictures": "bot.games.doudizhu.pictures:PICTURES",
    "web": "bot.games.doudizhu.web:WEB",
    "teach": "bot.games.doudizhu.teach:analyse",
}

DOUDIZHU3 = GameModule(
    sides="one_against_rest",  # the landlord against the farmers
    alone_role="landlord",
    name="doudizhu3",
    spec="bot.games.doudizhu.spec:DOUDIZHU3",
    names={"en": "Dou Dizhu (斗地主)", "zh": "斗地主"},
    aliases={"en": ("ddz", "doudizhu", "ddz3"), "zh": ("斗地主", "三人斗地主")},
    competition_seats=3,
    cup_extras=("win_points", "event_bonus", "activity", "league"),
    cup_hand="bot.games.doudizhu.cups:hand_summary",
    rules_key="host.rules.doudizhu3",
    referee=REFEREE,
    shortcuts=("ddz", "doudizhu"),
    puzzle="bot.games.doudizhu.daily:DAILY",
    **SHARED,
)

DOUDIZHU2 = GameModule(
    sides="one_against_rest",  # the landlord against the farmers
    alone_role="landlord",
    name="doudizhu2",
    spec="bot.games.doudizhu.spec:DOUDIZHU2",
    names={"en": "Two-player Dou Dizhu (二人斗地主)", "zh": "二人斗地主"},
    aliases={"en": ("ddz2",), "zh": ("二人斗地主",)},
    competition_seats=2,
    rules_key="host.rules.doudizhu2",
    shortcuts=("ddz2",),
    **SHARED,
)
