"""Messages of the host's game texts: tables, prompts, labels, rules pages and help."""

MESSAGES = {
    # -- rules pages --------------------------------------------------------------------
    "host.help.discord": {
        "en": "Commands: /paiju new [game] · /paiju join · /paiju leave · /paiju addbot · "
              "/paiju start · /paiju hand · /paiju hint · /paiju auto (托管) · /paiju table · "
              "/paiju leaderboard · /paiju me · /paiju rules [game] · /paiju judge <cards> · "
              "/paiju settings · /paiju cup · /paiju puzzle (daily 残局) · /paiju help.\n"
              "Games: {games}.\n"
              "On your turn press My hand on the table: a panel only you see, with your cards "
              "and buttons to bid, pick a suggestion or build any move.",
        "zh": "命令:/牌局 开桌 [游戏] · /牌局 加入 · /牌局 离开 · /牌局 加电脑 · /牌局 开始 · "
              "/牌局 手牌 · /牌局 提示 · /牌局 托管 · /牌局 牌桌 · /牌局 排行榜 · /牌局 我的 · "
              "/牌局 规则 [游戏] · /牌局 裁判 <牌> · /牌局 设置 · /牌局 比赛 · /牌局 残局 · "
              "/牌局 帮助。\n"
              "游戏:{games}。\n"
              "轮到你时点牌桌上的“我的牌”:只有你能看到的面板,用按钮叫分、选建议或组出任意牌型。",
    },
    "host.help": {
        "en": "Commands: new [game] · join · leave · addbot · start · hand · hint · auto "
              "(托管) · table · lb (leaderboard) · me · rules [game] · judge <cards> · "
              "settings [key=value] · puzzle (daily 残局) · help.\n"
              "Games: {games}.\n"
              "On your turn type cards (33344, 10JQKA, 王炸), pass, or a bid (1/2/3).",
        "zh": "命令:new [游戏] 开桌 · join 加入 · leave 离开 · addbot 加电脑 · start 开始 · "
              "hand 看牌 · hint 提示 · auto 托管 · table 牌桌 · lb 排行榜 · me 我的战绩 · "
              "rules [游戏] 规则 · judge <牌> 裁判 · settings [项=值] 设置 · puzzle 每日残局 · "
              "help 帮助。\n"
              "游戏:{games}。\n"
              "轮到你时输入牌(33344、10JQKA、王炸)、pass(不出)或叫分(1/2/3)。",
    },
}
