"""Messages of the console table."""

MESSAGES = {
    "console.enter_plays": {
        "en": "(Enter plays the suggestion: {move})",
        "zh": "(直接回车出建议的牌:{move})",
    },
    "console.again": {"en": "Play again? (y/n)", "zh": "再来一局?(y/n)"},
    "console.resumed": {
        "en": "Resuming your {game} game where it stopped.",
        "zh": "继续上次未完成的{game}对局。",
    },
    "console.bye": {
        "en": "Bye! The game is saved; run the same command to continue.",
        "zh": "再见!对局已保存,再次运行同一命令即可继续。",
    },
    "console.help": {
        "en": "At the console: type cards (33344, 10JQKA, 王炸) or pass, a bid (1/2/3), "
              "Enter for the suggestion, hint, auto (托管), table, hand, rules, lb, me, "
              "judge <cards>, quit.",
        "zh": "控制台:输入牌(33344、10JQKA、王炸)或 pass,叫分(1/2/3),回车出建议的牌,"
              "hint 提示,auto 托管,table 牌桌,hand 手牌,rules 规则,lb 排行榜,me 战绩,"
              "judge <牌> 裁判,quit 退出。",
    },
    "console.no_games": {"en": "No finished games yet.", "zh": "还没有完成的对局。"},
}
