"""Messages of the Discord adapter: slash command names and descriptions (the app command
translator reads the Chinese ones), panel buttons, nudges and short refusals."""

MESSAGES = {
    # -- the /paiju group and its commands (names: lower case, no spaces, ≤ 32) ------------
    "discord.not_your_panel": {
        "en": "This panel is someone else's: press My hand on the table for yours.",
        "zh": "这是别人的面板:请点牌桌上的“我的牌”打开你自己的。",
    },
    "discord.cmd.paiju.name": {"en": "paiju", "zh": "牌局"},
    "discord.cmd.paiju.desc": {
        "en": "Card games: Dou Dizhu (斗地主) and Tianji horse racing (田忌赛马)",
        "zh": "纸牌游戏:斗地主和田忌赛马",
    },
    "discord.cmd.new.name": {"en": "new", "zh": "开桌"},
    "discord.cmd.new.desc": {"en": "Open a table in this channel", "zh": "在本频道开一桌"},
    "discord.cmd.join.name": {"en": "join", "zh": "加入"},
    "discord.cmd.join.desc": {"en": "Take a free seat at this table", "zh": "在本桌坐下"},
    "discord.cmd.leave.name": {"en": "leave", "zh": "离开"},
    "discord.cmd.leave.desc": {"en": "Give up your seat", "zh": "离开座位"},
    "discord.cmd.addbot.name": {"en": "addbot", "zh": "加电脑"},
    "discord.cmd.addbot.desc": {"en": "Seat an AI player", "zh": "加一个电脑玩家"},
    "discord.cmd.start.name": {"en": "start", "zh": "开始"},
    "discord.cmd.start.desc": {"en": "Deal the cards", "zh": "发牌开局"},
    "discord.cmd.hand.name": {"en": "hand", "zh": "手牌"},
    "discord.cmd.hand.desc": {
        "en": "Open your hand and your choices (only you see it)",
        "zh": "查看手牌和可选操作(仅自己可见)",
    },
    "discord.cmd.hint.name": {"en": "hint", "zh": "提示"},
    "discord.cmd.hint.desc": {"en": "Suggest a move", "zh": "提示一手牌"},
    "discord.cmd.auto.name": {"en": "auto", "zh": "托管"},
    "discord.cmd.auto.desc": {
        "en": "Let the AI play for you (托管), or stop it",
        "zh": "开启或关闭托管",
    },
    "discord.cmd.table.name": {"en": "table", "zh": "牌桌"},
    "discord.cmd.table.desc": {"en": "Show the table", "zh": "查看牌桌"},
    "discord.cmd.leaderboard.name": {"en": "leaderboard", "zh": "排行榜"},
    "discord.cmd.leaderboard.desc": {"en": "The best players", "zh": "玩家排行"},
    "discord.cmd.me.name": {"en": "me", "zh": "我的"},
    "discord.cmd.me.desc": {
        "en": "Your beans, points, games and rank",
        "zh": "我的欢乐豆、积分、局数和排名",
    },
    "discord.cmd.rules.name": {"en": "rules", "zh": "规则"},
    "discord.cmd.rules.desc": {"en": "How a game is played", "zh": "游戏规则"},
    "discord.cmd.judge.name": {"en": "judge", "zh": "裁判"},
    "discord.cmd.judge.desc": {
        "en": "Ask the referee about cards: what a move is, what beats what",
        "zh": "问裁判:这手牌是什么牌型、谁大谁小",
    },
    "discord.cmd.settings.name": {"en": "settings", "zh": "设置"},
    "discord.cmd.settings.desc": {
        "en": "Show or change the table's settings (owner or Manage Server)",
        "zh": "查看或修改本桌设置(桌主或有“管理服务器”权限者)",
    },
    "discord.cmd.cup.name": {"en": "cup", "zh": "比赛"},
    "discord.cmd.cup.desc": {
        "en": "Competitions: standings, or join, leave, ready, board; organisers new, close",
        "zh": "比赛:查看赛况,或报名、退赛、报到、排行;组织者可创建、截止",
    },
    "discord.cmd.help.name": {"en": "help", "zh": "帮助"},
    "discord.cmd.help.desc": {"en": "What you can do here", "zh": "使用说明"},
    # -- options ----------------------------------------------------------------------------
    "discord.opt.game.name": {"en": "game", "zh": "游戏"},
    "discord.opt.game.desc": {"en": "Which game", "zh": "哪个游戏"},
    "discord.opt.stake.name": {"en": "stake", "zh": "底注"},
    "discord.opt.stake.desc": {"en": "Base stake of a game", "zh": "每局底注"},
    "discord.opt.mode.name": {"en": "mode", "zh": "模式"},
    "discord.opt.mode.desc": {"en": "Play for beans or for points", "zh": "欢乐豆或积分"},
    "discord.opt.options.name": {"en": "options", "zh": "选项"},
    "discord.opt.options.desc": {
        "en": "Game options as key=value, e.g. bidding=grab doubling=true",
        "zh": "游戏选项,格式 key=value,如 bidding=grab doubling=true",
    },
    "discord.opt.on.name": {"en": "on", "zh": "开启"},
    "discord.opt.on.desc": {"en": "On or off (toggles when left out)", "zh": "开或关(不填则切换)"},
    "discord.opt.metric.name": {"en": "metric", "zh": "指标"},
    "discord.opt.metric.desc": {"en": "Rank by", "zh": "排名依据"},
    "discord.opt.period.name": {"en": "period", "zh": "时段"},
    "discord.opt.period.desc": {"en": "All time, this week or this season",
                                "zh": "全部、本周或本赛季"},
    "discord.opt.everywhere.name": {"en": "everywhere", "zh": "全服"},
    "discord.opt.everywhere.desc": {
        "en": "Every server, not only this one",
        "zh": "所有服务器,而不只是本服务器",
    },
    "discord.opt.cards.name": {"en": "cards", "zh": "牌"},
    "discord.opt.cards.desc": {
        "en": "Cards to judge, e.g. 33344 or 33344 vs 55566",
        "zh": "要判断的牌,如 33344 或 33344 vs 55566",
    },
    "discord.opt.changes.name": {"en": "changes", "zh": "修改"},
    "discord.opt.changes.desc": {
        "en": "key=value pairs, e.g. stake=20 mode=points lang=zh",
        "zh": "key=value,如 stake=20 mode=points lang=zh",
    },
    "discord.opt.text.name": {"en": "text", "zh": "内容"},
    "discord.opt.text.desc": {
        "en": "What to do, e.g. join, leave, ready, board, new Spring cup hands=9, close",
        "zh": "要做什么,如 报名、退赛、报到、排行、创建 春季赛 hands=9、截止",
    },
    # -- choices ----------------------------------------------------------------------------
    "discord.choice.mode.beans": {"en": "Beans", "zh": "欢乐豆"},
    "discord.choice.mode.points": {"en": "Points", "zh": "积分"},
    "discord.choice.metric.beans": {"en": "Beans", "zh": "欢乐豆"},
    "discord.choice.metric.points": {"en": "Points", "zh": "积分"},
    "discord.choice.metric.games": {"en": "Games played", "zh": "局数"},
    "discord.choice.metric.wins": {"en": "Wins", "zh": "胜局"},
    "discord.choice.metric.win_rate": {"en": "Win rate", "zh": "胜率"},
    "discord.choice.metric.landlord_win_rate": {
        "en": "Win rate as landlord",
        "zh": "地主胜率",
    },
    "discord.choice.period.all": {"en": "All time", "zh": "全部"},
    "discord.choice.period.week": {"en": "This week", "zh": "本周"},
    "discord.choice.period.season": {"en": "This season", "zh": "本赛季"},
    # -- the private panel --------------------------------------------------------------------
    "discord.button.play": {"en": "Play {cards}", "zh": "出牌 {cards}"},
    "discord.button.play_nothing": {"en": "Play", "zh": "出牌"},
    # a way to make the drafted play when it can be read several ways (癞子): "▶ 3 3 7 as 3 3 3"
    "discord.button.play_reading": {"en": "▶ {reading}", "zh": "▶ {reading}"},
    "discord.select.readings": {"en": "Play it as…", "zh": "选择出法…"},
    "discord.pick_reading": {"en": "👇 These cards can be played more than one way: pick one.",
                             "zh": "👇 这手牌有多种出法,请选择一种。"},
    "discord.button.clear": {"en": "Clear", "zh": "清空"},
    "discord.button.hint": {"en": "Hint", "zh": "提示"},
    "discord.button.arrange": {"en": "Arrange", "zh": "确认摆牌"},
    "discord.select.suggestions": {"en": "Suggested moves", "zh": "推荐出牌"},
    "discord.selected": {"en": "Selected: {cards}", "zh": "已选:{cards}"},
    "discord.groups": {"en": "A: {a} · B: {b} · C: {c}", "zh": "A:{a} · B:{b} · C:{c}"},
    "discord.pick_groups": {
        "en": "Press a card to move it to group A, B, C or back.",
        "zh": "点一张牌把它放进 A、B、C 组,再点一次换组或取回。",
    },
    "discord.panel_stale": {
        "en": "That panel was out of date; here is the current one.",
        "zh": "这个面板已过期,这是最新的。",
    },
    "discord.bad_draft": {
        "en": "That button does not fit your hand; nothing was done.",
        "zh": "这个按钮和你的手牌对不上,没有执行。",
    },
    # -- nudges and replies -------------------------------------------------------------------
    "discord.nudge": {
        "en": "Your turn at the table in {channel}: press “My hand” there. {link}",
        "zh": "在 {channel} 轮到你了:点牌桌上的“我的牌”。{link}",
    },
    "discord.bad_changes": {
        "en": "Write changes as key=value, e.g. stake=20 mode=points (not “{text}”).",
        "zh": "请写成 key=value,如 stake=20 mode=points(不是“{text}”)。",
    },
    "discord.done": {"en": "Done.", "zh": "好的。"},
    "discord.missing_permissions": {
        "en": "I cannot post the table in this channel: a server admin needs to give me "
              "{permissions} here. Nothing was opened.",
        "zh": "我无法在本频道发布牌桌:请服务器管理员在这里给我“{permissions}”权限。没有开桌。",
    },
    "discord.stale_command": {
        "en": "That command is from an older version of the bot; nothing was done. Discord "
              "will show the current commands shortly (/paiju help lists them).",
        "zh": "这个命令来自旧版本,没有执行。Discord 稍后会显示最新的命令(/牌局 帮助 可查看)。",
    },
    "discord.answer_failed": {
        "en": "Your request went through, but showing you the answer went wrong on my side; "
              "the table shows where things stand.",
        "zh": "你的操作已完成,但显示结果时出了错;请以牌桌为准。",
    },
}
