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
    "console.options_later": {
        "en": "--option {options} is not applied: this hand keeps the rules it was dealt "
              "with. To change the table's rules, type settings {options} between hands.",
        "zh": "--option {options} 未生效:这一手沿用发牌时的规则。要改本桌规则,请在两手之间输入 "
              "settings {options}。",
    },
    "console.bye": {
        "en": "Bye! The game is saved; run the same command to continue.",
        "zh": "再见!对局已保存,再次运行同一命令即可继续。",
    },
    "console.enter_hint": {
        "en": "(Enter plays this hint; hint again for the next one)",
        "zh": "(直接回车出这个提示;再输入“提示”换下一个)",
    },
    "console.choices_hint": {
        "en": "Type one of: {choices} (Enter: the hint's choice; hint shows it)",
        "zh": "可输入:{choices}(直接回车按提示选;输入“提示”可先看)",
    },
    "console.choices": {
        "en": "Type one of: {choices} (Enter: {first})",
        "zh": "可输入:{choices}(直接回车:{first})",
    },
    "console.help": {
        "en": "At the console:\n"
              "• on your turn: {turn}\n"
              "• any time: hint · auto (托管 on/off) · table · hand · "
              "sort (big→small ⇄ small→big) · rules [game] · lb [metric] [week|season] · me · "
              "judge <cards> · puzzle (daily 残局) · settings [key=value] · quit\n"
              "• between hands: again (rematch), settings stake=50\n"
              "help <command> explains one, e.g. help settings.",
        "zh": "控制台:\n"
              "• 轮到你时:{turn}\n"
              "• 随时可用:hint 提示 · auto 托管(开/关)· table 牌桌 · hand 手牌 · "
              "sort 理牌(从大到小 ⇄ 从小到大)· "
              "rules [游戏] 规则 · lb [项目] [week|season] 排行榜 · me 战绩 · judge <牌> 裁判 · "
              "puzzle 每日残局 · "
              "settings [项=值] 设置 · quit 退出\n"
              "• 两局之间:again 再来一局,settings stake=50 改底注\n"
              "help <命令> 查看单个命令,例如 help settings。",
    },
    "console.help.play": {
        "en": "Play cards by rank: 33344, 10JQKA (or TJQKA), 2222; jokers are B (small) and R "
              "(big), 王炸 for both. Type pass (不出, 要不起) to pass, 1/2/3 to bid.",
        "zh": "按点数出牌:33344、10JQKA(或 TJQKA)、2222;小王 B,大王 R,两个王写“王炸”。"
              "pass(不出、要不起)表示不出,1/2/3 叫分。",
    },
    "console.help.enter": {
        "en": "An empty line (Enter) plays the last hint, else the first suggestion shown, or "
              "the first choice.",
        "zh": "直接回车出最近一次提示的牌;没有提示时出第一个建议,没有建议时选第一个选项。",
    },
    "console.help.hint": {
        "en": "hint (提示): a suggested move; type it again for the next one.",
        "zh": "hint(提示):给出一个建议出法,再输入一次换下一个。",
    },
    "console.help.auto": {
        "en": "auto (托管): the AI plays your seat; type auto again (or auto off) to take over.",
        "zh": "auto(托管):电脑替你出牌;再输入一次 auto(或 取消托管)即可接管。",
    },
    "console.help.table": {
        "en": "table: show the table again (seats, cards left, last play, multiplier).",
        "zh": "table(牌桌):重新显示牌桌(座位、剩余张数、上一手、倍数)。",
    },
    "console.help.sort": {
        "en": "sort: your cards big→small (the apps' way) or small→big again; cards picked up "
              "from the bottom are shown in [brackets].",
        "zh": "sort(理牌):手牌从大到小(和常见斗地主 App 一样)或再换回从小到大;"
              "从底牌拿到的牌用 [ ] 标出。",
    },
    "console.help.hand": {
        "en": "hand: show your cards and what you are asked.",
        "zh": "hand(手牌):显示你的牌和当前的选择。",
    },
    "console.help.rules": {
        "en": "rules [game]: the rules of this game, or of {games}.",
        "zh": "rules [游戏](规则):本桌或指定游戏({games})的规则。",
    },
    "console.help.lb": {
        "en": "lb [beans|points|games|wins|win_rate|landlord_win_rate] [week|season]: the "
              "leaderboard (this week, or this season: monthly by default).",
        "zh": "lb [beans|points|games|wins|win_rate|landlord_win_rate] [week|season](排行榜):"
              "排行榜,week 为本周,season 为本赛季(默认按月)。",
    },
    "console.help.me": {
        "en": "me: your beans, points, games, wins and rank.",
        "zh": "me(战绩):你的欢乐豆、积分、局数、胜局和排名。",
    },
    "console.help.judge": {
        "en": "judge <cards>: what a move is (judge 33344) or whether one beats another "
              "(judge 66677 > 33344).",
        "zh": "judge <牌>(裁判):判断牌型(judge 33344)或能否管上(judge 66677 > 33344)。",
    },
    "console.help.settings": {
        "en": "settings: show the table's settings. Between hands: settings stake=50, "
              "mode=points (beans or points; in 斗地主 mode=classic|laizi|tiandi_laizi "
              "picks the variant, the same as variant=), lang=zh, auto pass=off (when "
              "nothing beats the trick, you press the pass yourself), or a rule option "
              "(key=value).",
        "zh": "settings(设置):查看本桌设置。两局之间可改:settings stake=50、mode=points"
              "(欢乐豆或积分;斗地主里 模式=经典|癞子|天地癞子 选玩法,同 玩法=)、"
              "lang=zh、自动过=关(要不起时自己选不出),或规则选项(项=值)。",
    },
    "console.help.again": {
        "en": "again: deal the next hand once this one is over (or answer y).",
        "zh": "again(再来一局):本局结束后发下一局(或回答 y)。",
    },
    "console.help.quit": {
        "en": "quit: leave the console; a hand in play is saved and continues next time.",
        "zh": "quit(退出):离开控制台;未完成的对局会保存,下次继续。",
    },
    "console.help.unknown": {
        "en": "No command “{word}”.",
        "zh": "没有“{word}”这个命令。",
    },
    "console.settings_usage": {
        "en": "Write settings as key=value, e.g. settings stake=50 mode=points.",
        "zh": "设置请写成 项=值,例如 settings stake=50 mode=points。",
    },
    "console.busy": {
        "en": "Another console table or bot is already running on {database}; finish or "
              "close it first (or set PAIJU_DATABASE to another file).",
        "zh": "{database} 上已有另一个控制台牌桌或机器人在运行;请先结束它"
              "(或把 PAIJU_DATABASE 设为另一个文件)。",
    },
    "console.no_games": {"en": "No finished games yet.", "zh": "还没有完成的对局。"},
    "console.quit_confirm": {
        "en": "The hand is still being played. Quit now? It is saved and continues the next "
              "time you run the same command.",
        "zh": "本局还在进行。现在退出吗?对局会保存,再次运行同一命令即可继续。",
    },
    "console.quit_question": {"en": "Quit? (y/n)", "zh": "退出?(y/n)"},
    "console.quit_cancelled": {"en": "Carry on: the hand goes on.", "zh": "好的,继续打牌。"},
    "console.end_of_input": {
        "en": "End of input: the hand is saved and continues the next time you run the same "
              "command. Bye!",
        "zh": "输入结束:对局已保存,再次运行同一命令即可继续。再见!",
    },
    "console.unfinished": {
        "en": "Unfinished (kept until you finish it): {games}.",
        "zh": "未完成的对局(会一直保留,直到打完):{games}。",
    },
    "console.option.resume": {"en": "{number}. Resume the {game} hand",
                              "zh": "{number}. 继续那局{game}"},
    "console.option.new": {"en": "{number}. Start {game} (the other hand is kept)",
                           "zh": "{number}. 开始{game}(那一局保留)"},
    "console.pick": {"en": "Your choice (1–{last}):", "zh": "请选择(1–{last}):"},
    "console.pick_again": {"en": "Type a number from 1 to {last}.",
                           "zh": "请输入 1 到 {last} 之间的数字。"},
    "console.kept": {
        "en": "Your unfinished {games} hand is kept for later; this run plays the game named.",
        "zh": "未完成的{games}已保留,下次可继续;这次开始你指定的游戏。",
    },
    "console.play_confirm": {
        "en": "“{typed}” reads as the cards {cards}. To quit type quit; for auto-play (托管) "
              "type auto.",
        "zh": "“{typed}”会被当作出牌:{cards}。要退出请输入“退出”,要托管请输入“托管”。",
    },
    "console.not_held": {
        "en": "“{typed}” would be {cards}, which you do not hold. To quit type quit; for "
              "auto-play (托管) type auto.",
        "zh": "“{typed}”会被当作出牌 {cards},但你没有这样的牌。要退出请输入“退出”,"
              "要托管请输入“托管”。",
    },
    "console.play_question": {"en": "Play {cards}? (y/n)", "zh": "确定出 {cards} 吗?(y/n)"},
    "console.not_played": {"en": "Not played: your turn goes on.",
                           "zh": "没有出牌,仍然轮到你。"},
    "console.not_a_play": {
        "en": "“{word}” is not a play or a command: {reason}",
        "zh": "“{word}”不是出牌,也不是命令:{reason}",
    },
    "console.example_play": {
        "en": "Type cards by rank, e.g. 33344, 10JQKA, 王炸 (both jokers); pass to pass; "
              "help lists the commands.",
        "zh": "出牌请按点数输入,例如 33344、10JQKA、王炸;不出请输入“不出”或“过”;"
              "输入“帮助”查看全部命令。",
    },
    "console.pick_suggestion": {
        "en": "(Type 1–{last} to pick a suggestion, Enter for 1, or your own groups)",
        "zh": "(输入 1–{last} 选择建议,直接回车选 1,或自己输入分组)",
    },
    "console.keep_typed": {"en": "Keep it as typed? (y/n)", "zh": "仍按你输入的?(y/n)"},
    "console.not_kept": {
        "en": "Not sent: type it again another way, a suggestion's number, or Enter.",
        "zh": "还没有出:请重新输入,或输入建议的编号,或直接回车。",
    },
    "console.settings_kept": {
        "en": "Saved for you: the settings apply from the next hand (this one is played as "
              "it began).",
        "zh": "已为你保存:设置从下一局起生效(本局按开始时的设置打完)。",
    },
}
