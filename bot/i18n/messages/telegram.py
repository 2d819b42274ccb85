"""Messages of the Telegram adapter: command descriptions, panel buttons, deep links."""

MESSAGES = {
    # -- setMyCommands descriptions (shown in the "/" menu) ------------------------------
    "telegram.cmd.new": {"en": "Open a table: /new ddz | ddz2 | tianji | duel",
                         "zh": "开桌:/new 斗地主 | 二人斗地主 | 田忌赛马"},
    "telegram.cmd.join": {"en": "Take a seat at the table here", "zh": "加入本群的牌桌"},
    "telegram.cmd.leave": {"en": "Leave your seat", "zh": "离开座位"},
    "telegram.cmd.addbot": {"en": "Seat an AI player", "zh": "加一个电脑玩家"},
    "telegram.cmd.removebot": {"en": "Remove an AI player", "zh": "移除一个电脑玩家"},
    "telegram.cmd.start_game": {"en": "Deal the cards", "zh": "开始发牌"},
    "telegram.cmd.again": {"en": "Play another hand with the same seats",
                           "zh": "原班人马再来一局"},
    "telegram.cmd.hand": {"en": "Send me my cards privately", "zh": "私聊发给我手牌"},
    "telegram.cmd.hint": {"en": "Suggest a move (sent privately)", "zh": "提示出牌(私聊发送)"},
    "telegram.cmd.auto": {"en": "Auto-play on/off (托管)", "zh": "托管开/关"},
    "telegram.cmd.play": {"en": "Play cards: /play 33344", "zh": "出牌:/play 33344"},
    "telegram.cmd.pass": {"en": "Pass", "zh": "不出"},
    "telegram.cmd.table": {"en": "Show the table again", "zh": "重新显示牌桌"},
    "telegram.cmd.lb": {"en": "Leaderboard: /lb [beans|points|wins|win_rate] [week|season]",
                        "zh": "排行榜:/lb [豆子|积分|胜场|胜率] [本周|赛季]"},
    "telegram.cmd.me": {"en": "My beans, points and record", "zh": "我的豆子、积分和战绩"},
    "telegram.cmd.rules": {"en": "The rules of a game", "zh": "游戏规则"},
    "telegram.cmd.judge": {"en": "Ask the referee: /judge 66677 > 33344",
                           "zh": "裁判:/judge 66677 管 33344"},
    "telegram.cmd.settings": {"en": "Table settings: /settings stake=20",
                              "zh": "牌桌设置:/settings stake=20"},
    "telegram.cmd.close": {"en": "Close the table here", "zh": "关闭本群的牌桌"},
    "telegram.cmd.cup": {"en": "Competitions: /cup [join|leave|ready|board|new|close]",
                         "zh": "比赛:/cup [报名|退赛|报到|排行|创建|截止]"},
    "telegram.cmd.help": {"en": "What can I type?", "zh": "帮助"},
    # -- private panel -----------------------------------------------------------------
    "telegram.button.play": {"en": "▶ Play {cards}", "zh": "▶ 出 {cards}"},
    "telegram.button.clear": {"en": "Clear", "zh": "清空"},
    "telegram.button.confirm": {"en": "✔ Confirm", "zh": "✔ 确认"},
    "telegram.selected": {"en": "Selected: {cards}", "zh": "已选:{cards}"},
    "telegram.groups": {"en": "A: {a} · B: {b} · C: {c}", "zh": "A:{a} · B:{b} · C:{c}"},
    "telegram.not_yours": {"en": "These buttons belong to someone else.",
                           "zh": "这些按钮不是你的。"},
    # -- reaching players privately ------------------------------------------------------
    "telegram.deep_link": {
        "en": "{name}, I can't send you your cards yet: open a chat with me (one tap below).",
        "zh": "{name},我还不能私聊你发牌:请点下面的按钮打开与我的私聊。",
    },
    "telegram.deep_link_button": {"en": "Open my cards", "zh": "打开私聊看牌"},
    "telegram.cup_chat_button": {"en": "Open a chat with me (for your cards)",
                                 "zh": "打开与我的私聊(比赛发牌用)"},
    "telegram.open_chat": {"en": "Open a chat with me to see your cards.",
                           "zh": "请打开与我的私聊查看手牌。"},
    "telegram.anonymous": {
        "en": "You are posting anonymously, as the group: I can't seat or count you. Turn "
              "off “Remain anonymous” in your admin rights to play.",
        "zh": "你正以群组身份匿名发言,我无法为你入座或记分。请在管理员权限中关闭“保持匿名”后再玩。",
    },
    "telegram.welcome": {
        "en": "Hello! Add me to a group and type /new there to open a card table.",
        "zh": "你好!把我拉进群,在群里发送 /new 即可开桌。",
    },
}
