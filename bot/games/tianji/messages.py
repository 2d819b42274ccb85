"""The tianji catalogue (English and Chinese): its table, prompts, events, refusals,
rules page and pictures' words. The record adds it to the catalogue when it is loaded."""

MESSAGES = {
    "tianji.help.turn": {
        "en": "split your six cards into A (1) | B (2) | C (3), each card with its suit "
              "letter (s ♠, h ♥, d ♦, c ♣; 10 is T): As|KhQd|2s3h5d; or a suggestion's "
              "number; Enter takes suggestion 1",
        "zh": "把六张牌分成 A(1 张)| B(2 张)| C(3 张),每张写点数和花色字母(s 黑桃、h 红桃、"
              "d 方块、c 梅花;10 写作 T):As|KhQd|2s3h5d;或输入建议的编号;直接回车选建议 1",
    },
    "tianji.duel.help.turn": {
        "en": "one card, rank and suit letter (s ♠, h ♥, d ♦, c ♣; 10 is T): Ks, Th; at the "
              "start the three you keep: Ks Th 4d; Enter plays the suggestion",
        "zh": "出一张牌,写点数和花色字母(s 黑桃、h 红桃、d 方块、c 梅花;10 写作 T):Ks、Th;"
              "开局留三张:Ks Th 4d;直接回车出建议的牌",
    },
    # -- from the ending area ----------------------------------------------------------------
    "end.tianji.formula": {
        "en": "{rounds} → {units} × stake {stake}",
        "zh": "{rounds} → {units} × 底注 {stake}",
    },
    "end.duel.left": {"en": "Cards not played: {cards}", "zh": "没出的牌:{cards}"},
    "end.duel.formula": {
        "en": "tricks {mine}–{theirs} → {units} × stake {stake}",
        "zh": "墩数 {mine}–{theirs} → {units} × 底注 {stake}",
    },
    # -- from the host_games area ------------------------------------------------------------
    "host.tianji.arranged_count": {
        "en": "Arranged: {done}/{total}",
        "zh": "已分好:{done}/{total}",
    },
    "host.tianji.b_points": {"en": "{points}", "zh": "{points} 点"},
    "host.tianji.groups_detail": {
        "en": "B scores {points}, C {type}",
        "zh": "B {points},C {type}",
    },
    "host.tianji.rounds_legend": {
        "en": "Rounds, in stakes: ① three of a kind (豹子) ② highest group takes from lowest "
              "③ head to head",
        "zh": "三轮(按底注计):① 豹子 ② 每组最大吃最小 ③ 两两相比",
    },
    "host.tianji.nothing": {"en": "nothing", "zh": "无"},
    "host.tianji.group_beats": {"en": "{group}: {winner} over {loser} {units}",
                                "zh": "{group} 组 {winner} 吃 {loser} {units}"},
    "host.tianji.pair_beats": {"en": "{winner} beats {loser} {units}",
                               "zh": "{winner} 胜 {loser} {units}"},
    "host.tianji.pair_draw": {"en": "{first} and {second} even", "zh": "{first} 与 {second} 打平"},
    "host.tianji.pair_sweep": {"en": " (all three groups, 通杀)", "zh": "(三组全胜,通杀)"},
    "host.tianji.sweeps_table": {"en": "{player} beats everyone in every group: 15 from each",
                                 "zh": "{player} 通杀全桌:每家 15"},
    "host.tianji.swept_by_table": {"en": "{player} loses every group to everyone: 15 to each",
                                   "zh": "{player} 被全桌通杀:每家 15"},
    "host.tianji.rounds": {
        "en": "①{first} ②{second} ③{third}",
        "zh": "①{first} ②{second} ③{third}",
    },
    "host.tianji.your_arrangement": {
        "en": "Sealed: {groups}",
        "zh": "已封存:{groups}",
    },
    "host.tianji.use_suggested": {"en": "Use suggested", "zh": "用推荐分法"},
    "host.tianji.prompt": {
        "en": "Split your six cards into A (1), B (2), C (3): type e.g. As|KhQd|2s3h5d, "
              "or pick a suggestion.",
        "zh": "把六张牌分成 A(1 张)、B(2 张)、C(3 张):输入如 As|KhQd|2s3h5d,或选择推荐。",
    },
    "host.duel.trick": {
        "en": "Trick {number}: {lead} vs {answer}",
        "zh": "第 {number} 墩:{lead} 对 {answer}",
    },
    "host.duel.led": {"en": "{player} leads {card}", "zh": "{player} 出 {card}"},
    "host.duel.score": {
        "en": "{first} {a} – {b} {second}",
        "zh": "{first} {a} – {b} {second}",
    },
    "host.duel.prompt.keep": {"en": "Keep three of your cards.", "zh": "选三张留下。"},
    "host.duel.prompt.lead": {"en": "Lead a card.", "zh": "请先出一张牌。"},
    "host.duel.prompt.answer": {
        "en": "Answer {card} with one card.",
        "zh": "用一张牌应对 {card}。",
    },
    "host.rules.tianji": {
        "en": "田忌赛马 poker (2–6 players, 52 cards)\n"
              "• Six cards each, split privately into A (1 card), B (2), C (3). All groups are "
              "then shown and compared.\n"
              "• A: highest card. B: 十点半 (A=1, J Q K = ½; over 10½ is bust). C: 豹子 > "
              "straight flush > flush > straight > pair > high card > 渣牌 (2-3-5), and 渣牌 "
              "beats 豹子.\n"
              "• Three rounds: 豹子/渣牌 specials, highest vs lowest per group, then everyone "
              "against everyone (A 1, B 2, C 3 units; 通杀 pays 10 or 15).",
        "zh": "田忌赛马(2–6 人,52 张)\n"
              "• 每人 6 张,暗中分成 A 组 1 张、B 组 2 张、C 组 3 张,然后同时亮牌比较。\n"
              "• A 组比单张大小;B 组比十点半(A 为 1,JQK 为半点,超过十点半为撑死);C 组:豹子 > "
              "同花顺 > 同花 > 顺子 > 对子 > 散单 > 渣牌(235),渣牌克豹子。\n"
              "• 三轮结算:豹子/渣牌、各组最大赢最小、"
              "两两互比(A 1、B 2、C 3 倍;通杀 10 或 15 倍)。",
    },
    "host.rules.tianji-duel": {
        "en": "田忌赛马 duel (老师与学生, two players)\n"
              "• Three cards each (or five, keep three). The student (学生, who opened the "
              "duel) shows a card first in every trick; the teacher (老师) answers with one "
              "card; the higher card (A high, then ♠ ♥ ♣ ♦) wins.\n"
              "• Best of three (3局2胜): the duel ends when one player has won two tricks; "
              "the winner gets 1 unit.",
        "zh": "田忌赛马·老师与学生(两人)\n"
              "• 每人 3 张(或发 5 留 3)。每墩由学生(开局者)先出一张,老师应一张,大者赢(A 最大,"
              "同点比花色 ♠♥♣♦)。\n"
              "• 三局两胜:先赢两墩者胜,得 1 倍。",
    },
    # -- from the pictures area --------------------------------------------------------------
    "pictures.headline.tianji": {"en": "TIANJI - RESULT", "zh": "田忌赛马 结果"},
    "pictures.role.student": {"en": "STUDENT", "zh": "学生"},
    "pictures.role.teacher": {"en": "TEACHER", "zh": "老师"},
    "pictures.value.B": {"en": "{value} pts", "zh": "{value} 点"},
    "pictures.value.B_one": {"en": "{value} pt", "zh": "{value} 点"},  # two face cards: 1
    "pictures.value.C": {"en": "{value}", "zh": "{value}"},
    "pictures.type.zha": {"en": "2-3-5", "zh": "渣牌"},
    "pictures.type.high": {"en": "high card", "zh": "散单"},
    "pictures.type.pair": {"en": "pair", "zh": "对子"},
    "pictures.type.straight": {"en": "straight", "zh": "顺子"},
    "pictures.type.flush": {"en": "flush", "zh": "同花"},
    "pictures.type.straight_flush": {"en": "straight flush", "zh": "同花顺"},
    "pictures.type.leopard": {"en": "three of a kind", "zh": "豹子"},
    # -- from the tianji area ----------------------------------------------------------------
    "tianji.group_size": {
        "en": "group {group} takes {size} card(s), not {got}",
        "zh": "{group} 组需要 {size} 张牌,不是 {got} 张",
    },
    "tianji.three_groups": {
        "en": "give three groups A|B|C separated by | (got {got})",
        "zh": "请用 | 分开 A|B|C 三组(收到 {got} 组)",
    },
    "tianji.no_jokers": {
        "en": "田忌赛马 is played without jokers",
        "zh": "田忌赛马不用大小王",
    },
    "tianji.rank_not_held": {"en": "you hold no {rank}", "zh": "你没有 {rank}"},
    "tianji.which_suit": {
        "en": "which {rank}? You hold {cards}: write its suit where it goes (e.g. {example})",
        "zh": "哪一张 {rank}?你有 {cards}:请写上花色(例如 {example})",
    },
    "tianji.not_your_cards": {
        "en": "{cards} is not in your hand",
        "zh": "{cards} 不在你的手牌中",
    },
    "tianji.already_arranged": {
        "en": "you have already arranged your cards; they are locked until the reveal",
        "zh": "你已分好牌,亮牌前不能更改",
    },
    "tianji.game_over": {
        "en": "this game is already over",
        "zh": "本局已结束",
    },
    "tianji.not_over": {
        "en": "this game is not over yet",
        "zh": "本局尚未结束",
    },
    "tianji.no_such_seat": {
        "en": "there is no seat {seat} at this table",
        "zh": "本桌没有座位 {seat}",
    },
    "tianji.player_count": {
        "en": "this game needs {min}–{max} players, not {players}",
        "zh": "本游戏需要 {min}–{max} 名玩家,不是 {players} 名",
    },
    "tianji.option_unknown": {
        "en": "there is no option “{option}” for this game",
        "zh": "本游戏没有“{option}”这个选项",
    },
    "tianji.option_value": {
        "en": "option {option} cannot be {value} (allowed: {allowed})",
        "zh": "选项 {option} 不能是 {value}(可选:{allowed})",
    },
    "tianji.duel.not_your_turn": {
        "en": "it is not your turn",
        "zh": "还没轮到你",
    },
    "tianji.duel.expected_keep": {
        "en": "first keep three of your cards: keep <three cards>",
        "zh": "请先留下三张牌:keep <三张牌>",
    },
    "tianji.duel.expected_play": {
        "en": "play one card: play <card>",
        "zh": "请出一张牌:play <牌>",
    },
    "tianji.duel.one_card": {
        "en": "play exactly one card (got {got})",
        "zh": "每次只能出一张牌(收到 {got} 张)",
    },
    "tianji.duel.keep_count": {
        "en": "keep exactly {count} cards (got {got})",
        "zh": "需要留下 {count} 张牌(收到 {got} 张)",
    },
    "tianji.duel.rank_not_held": {
        "en": "you hold no {rank} (or it was already played)",
        "zh": "你没有 {rank}(或已经出过)",
    },
    "tianji.duel.which_suit": {
        "en": "you hold more than one {rank} ({cards}): add the suit, e.g. {example}",
        "zh": "你有不止一张 {rank}({cards}):请加上花色,例如 {example}",
    },
    "tianji.duel.card_not_held": {
        "en": "you do not hold {card} (or it was already played)",
        "zh": "你没有 {card}(或已经出过)",
    },
    "tianji.referee.no_players": {
        "en": "the request needs a list “players” of {{\"A\", \"B\", \"C\"}} groups",
        "zh": "请求需要 “players” 列表,每项为 {{\"A\", \"B\", \"C\"}} 三组",
    },
    "tianji.referee.bad_player": {
        "en": "player {player}: give exactly the groups A, B and C",
        "zh": "玩家 {player}:需要恰好 A、B、C 三组",
    },
    "tianji.referee.bad_group": {
        "en": "player {player}: group {group} must be a string of cards",
        "zh": "玩家 {player}:{group} 组必须是牌的字符串",
    },
    "tianji.referee.at_seat": {
        "en": "player {player}: {reason}",
        "zh": "玩家 {player}:{reason}",
    },
    "tianji.referee.duplicate": {
        "en": "{card} appears twice (again at player {player}): one deck has one of each card",
        "zh": "{card} 出现两次(玩家 {player} 处重复):一副牌每张只有一张",
    },
    "tianji.arranged": {
        "en": "{player} has arranged their cards (sealed)",
        "zh": "{player} 已分好牌(已封存)",
    },
    "tianji.revealed": {
        "en": "All groups are shown",
        "zh": "全员亮牌",
    },
    "tianji.baozi": {
        "en": "Round 1: {player}'s 豹子 (three of a kind) wins {units} × the stake",
        "zh": "第一轮:{player} 的豹子赢得 {units} 倍底注",
    },
    "tianji.zha_beats_baozi": {
        "en": "Round 1: {player}'s 渣牌 (2-3-5) beats the 豹子 and wins {units} × the stake",
        "zh": "第一轮:{player} 的渣牌(235)克豹子,赢得 {units} 倍底注",
    },
    "tianji.table_sweep": {
        "en": "{player} sweeps the whole table (通杀): +{units} × the stake",
        "zh": "{player} 通杀全场:+{units} 倍底注",
    },
    "tianji.table_swept": {
        "en": "{player} is swept by the whole table: −{units} × the stake",
        "zh": "{player} 被全场通杀:−{units} 倍底注",
    },
    "tianji.settled": {
        "en": "The table is settled",
        "zh": "本局结算完毕",
    },
    "tianji.duel.kept": {
        "en": "{player} has kept three cards",
        "zh": "{player} 已选好三张牌",
    },
    "tianji.duel.led": {
        "en": "{player} leads {card}",
        "zh": "{player} 先出 {card}",
    },
    "tianji.duel.trick": {
        "en": "{player} wins trick {trick}: {winning} beats {beaten}",
        "zh": "{player} 赢得第 {trick} 墩:{winning} 大过 {beaten}",
    },
    "tianji.duel.over": {
        "en": "{player} wins the duel {won}–{lost}: {units} × the stake",
        "zh": "{player} 以 {won}–{lost} 赢得对决:{units} 倍底注",
    },
    "tianji.group.a": {"en": "A (1 card, ×1)", "zh": "A 组(1 张,1 倍)"},
    "tianji.group.b": {"en": "B (2 cards, 10½, ×2)", "zh": "B 组(2 张,十点半,2 倍)"},
    "tianji.group.c": {"en": "C (3 cards, ×3)", "zh": "C 组(3 张,3 倍)"},
    "tianji.round.1": {"en": "Round 1 (豹子 / 渣牌)", "zh": "第一轮(豹子/渣牌)"},
    "tianji.round.2": {"en": "Round 2 (highest vs lowest)", "zh": "第二轮(最大对最小)"},
    "tianji.round.3": {"en": "Round 3 (everyone vs everyone)", "zh": "第三轮(两两互比)"},
    "tianji.b_points": {"en": "{points} points", "zh": "{points} 点"},
    "tianji.b_bust": {"en": "{points} points (bust)", "zh": "{points} 点(撑死)"},
    "tianji.type.zha": {"en": "渣牌 (2-3-5 off-suit)", "zh": "渣牌"},
    "tianji.type.high": {"en": "high card", "zh": "散单"},
    "tianji.type.pair": {"en": "pair", "zh": "对子"},
    "tianji.type.straight": {"en": "straight", "zh": "顺子"},
    "tianji.type.flush": {"en": "flush", "zh": "同花"},
    "tianji.type.straight_flush": {"en": "straight flush", "zh": "同花顺"},
    "tianji.type.leopard": {"en": "豹子 (three of a kind)", "zh": "豹子"},
    # -- from the web area -------------------------------------------------------------------
    "web.referee.arranged": {
        "en": "Referee: B group {points} points, C group {type}",
        "zh": "裁判:B 组 {points} 点,C 组 {type}",
    },
    "host.tianji.advice_bust": {
        "en": "Careful: your B group {cards} makes {points}, over 10½: it busts (撑死) and "
              "is the lowest B at the table.",
        "zh": "注意:你的 B 组 {cards} 共 {points} 点,超过 10½ 点,撑死了,是全桌最小的 B。",
    },
    "host.tianji.advice_better": {
        "en": "Better in every group: {groups}.",
        "zh": "这样分每组都不差、至少一组更好:{groups}。",
    },
    # achievements (bot/games/tianji/achievements.py), shown in /me
    "tianji.achievement.sweep": {"en": "Clean sweep (通杀)", "zh": "通杀"},
}
