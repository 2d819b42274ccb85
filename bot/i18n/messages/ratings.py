"""Skill ratings per game and role (`/me`, `/lb rating`, the web boards) and hands carried
by 托管."""

MESSAGES = {
    "host.stats.rating": {
        "en": "{game} · {role}: rating {value} ({games} rated)",
        "zh": "{game} · {role}:等级分 {value}({games} 局计分)",
    },
    "host.stats.rating_plain": {
        "en": "{game}: rating {value} ({games} rated)",
        "zh": "{game}:等级分 {value}({games} 局计分)",
    },
    "host.stats.carried": {
        "en": "Hands carried by auto-play (托管), not rated: {hands}",
        "zh": "托管代打 {hands} 局(不计等级分)",
    },
    "host.metric.rating": {"en": "Rating", "zh": "等级分"},
    "web.metric.rating": {"en": "Rating", "zh": "等级分"},
    "host.lb.row.rated": {
        "en": "{rank}. {name} ({what}) — {value}",
        "zh": "{rank}. {name}({what})— {value}",
    },
    "web.lb.rated": {"en": "Game · role", "zh": "游戏 · 身份"},
    "discord.choice.metric.rating": {"en": "Skill rating (per game and role)",
                                     "zh": "等级分(按游戏与身份)"},
    "host.stats.achievements": {"en": "{game} achievements: {earned}",
                                "zh": "{game} 成就:{earned}"},
    "host.stats.achievement": {"en": "{name} ×{times}", "zh": "{name} ×{times}"},
}
