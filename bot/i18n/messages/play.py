"""The play page (bot.web.play): a seated player's hand and table in the browser, opened as a
Telegram Mini App or from a signed link on Discord."""

MESSAGES = {
    "web.play.title": {"en": "Your hand · {room}", "zh": "我的手牌 · {room}"},
    "web.play.heading": {"en": "Play", "zh": "出牌"},
    "web.play.connecting": {"en": "Connecting…", "zh": "连接中…"},
    "web.play.live": {"en": "Live", "zh": "实时"},
    "web.play.lost": {"en": "Connection lost: reconnecting…", "zh": "连接断开,正在重连…"},
    "web.play.unavailable_title": {"en": "Play is not available here",
                                   "zh": "此处不能出牌"},
    "web.play.unavailable": {
        "en": "This web server runs apart from the bot (python -m bot web): it shows replays "
              "and live tables only. Play from the chat, or open the page the bot itself "
              "serves (PAIJU_WEB_PORT).",
        "zh": "此网页服务与机器人分开运行(python -m bot web),只能看回放和实时牌桌。"
              "请在聊天中出牌,或打开机器人自身提供的页面(PAIJU_WEB_PORT)。",
    },
    "web.play.refused_title": {"en": "Cannot open your hand", "zh": "无法打开手牌"},
    "web.play.forged": {"en": "This link or sign-in is not valid. Open the page again from "
                              "your hand in the chat.",
                        "zh": "链接或登录信息无效。请从聊天中的手牌重新打开页面。"},
    "web.play.expired": {"en": "This link or sign-in has expired. Open the page again from "
                               "your hand in the chat.",
                         "zh": "链接或登录信息已过期。请从聊天中的手牌重新打开页面。"},
    "web.play.not_seated": {"en": "You do not sit at this table.",
                            "zh": "你不在这张牌桌上。"},
    "web.play.no_telegram": {"en": "Open this page from the Play button of your hand in "
                                   "Telegram.",
                             "zh": "请从 Telegram 中手牌消息的「打开牌桌」按钮打开此页面。"},
    "web.play.bad_request": {"en": "That request was not understood.",
                             "zh": "无法识别该请求。"},
    "web.play.your_hand": {"en": "Your hand", "zh": "我的手牌"},
    "web.play.table": {"en": "Table", "zh": "牌桌"},
    "web.play.play": {"en": "Play", "zh": "出牌"},
    "web.play.pass": {"en": "Pass", "zh": "不出"},
    "web.play.hint": {"en": "Hint", "zh": "提示"},
    "web.play.sort": {"en": "Sort", "zh": "理牌"},
    "web.play.clear": {"en": "Clear", "zh": "重选"},
    "web.play.confirm": {"en": "Confirm", "zh": "确认"},
    "web.play.group": {"en": "Group {name}", "zh": "{name} 组"},
    "web.play.groups_help": {"en": "Tap a card to move it to the next group, or drag it onto "
                                   "a group.",
                             "zh": "点一张牌把它移到下一组,或把它拖到某一组。"},
    "web.play.select_help": {"en": "Tap cards to select them; drag across to select a run.",
                             "zh": "点牌选中,横向拖动可连选。"},
    "web.play.nothing_selected": {"en": "Select the cards to play first.",
                                  "zh": "请先选出要出的牌。"},
    "web.play.waiting": {"en": "Waiting for the others…", "zh": "等待其他玩家…"},
    # a play the host asks to choose a way for (a 癞子 play read several ways)
    "web.play.which_way": {"en": "These cards can be played more than one way. Which one?",
                           "zh": "这手牌有多种出法,选哪一种?"},
    "web.play.play_way": {"en": "▶ {label}", "zh": "▶ {label}"},
    "web.play.cards": {"en": "{count} cards", "zh": "{count} 张"},
    "web.play.you": {"en": "you", "zh": "我"},
    "web.play.last_play": {"en": "On the table", "zh": "桌面"},
    "web.play.timer": {"en": "⏱ {seconds} s", "zh": "⏱ {seconds} 秒"},
    "web.play.bottom": {"en": "Bottom cards", "zh": "底牌"},
    "web.link.play": {"en": "🃏 Open the table", "zh": "🃏 打开牌桌"},
}
