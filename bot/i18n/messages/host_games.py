"""Messages of the host's game texts: tables, prompts, labels, rules pages and help."""

MESSAGES = {
    # -- 斗地主 table -------------------------------------------------------------------
    "host.ddz.face_up": {"en": "Face-up card (翻牌): {card}", "zh": "翻牌:{card}"},
    "host.ddz.face_up_held": {
        "en": "Face-up card (翻牌): {card}, in {player}'s hand: {player} bids first",
        "zh": "翻牌:{card},在 {player} 手中,{player} 先叫",
    },
    "host.ddz.auction": {"en": "Bidding: {said}", "zh": "叫分:{said}"},
    "host.ddz.bottom": {
        "en": "Bottom (底牌): {cards} · base {base}",
        "zh": "底牌:{cards} · 底分 {base}",
    },
    "host.ddz.shown_hand": {
        "en": "{player} shows: {cards}",
        "zh": "{player} 明牌:{cards}",
    },
    "host.ddz.dummy": {"en": "Third hand, out of play (open): {cards}",
                       "zh": "闲置牌(公开):{cards}"},
    "host.ddz.to_beat": {
        "en": "{player} played {cards} ({type})",
        "zh": "{player} 出了 {cards}({type})",
    },
    "host.ddz.passed": {"en": "{players} passed", "zh": "{players} 不出"},
    "host.ddz.new_trick": {"en": "New trick: free lead", "zh": "新一轮:自由出牌"},
    "host.ddz.multiplier": {
        "en": "Multiplier ×{multiplier}",
        "zh": "倍数 ×{multiplier}",
    },
    "host.ddz.multiplier_causes": {
        "en": "Multiplier ×{multiplier} ({causes})",
        "zh": "倍数 ×{multiplier}({causes})",
    },
    "host.ddz.base_and": {"en": "Base {base} · {multiplier}", "zh": "底分 {base} · {multiplier}"},
    "host.ddz.landlord_won": {
        "en": "The landlord {player} wins",
        "zh": "地主 {player} 获胜",
    },
    "host.ddz.farmer_won": {
        "en": "The farmer beats the landlord {player}",
        "zh": "农民击败了地主 {player}",
    },
    "host.ddz.farmers_won": {
        "en": "The farmers beat {player}",
        "zh": "农民击败了地主 {player}",
    },
    "host.ddz.prompt.bid": {"en": "Your bid (叫分):", "zh": "请叫分:"},
    "host.ddz.prompt.grab": {
        "en": "Call or grab the landlord (抢地主)?",
        "zh": "叫地主/抢地主?",
    },
    "host.ddz.prompt.double": {"en": "Double (加倍)?", "zh": "加倍吗?"},
    "host.ddz.prompt.show": {"en": "Show your hand (明牌, ×2)?", "zh": "明牌吗(×2)?"},
    "host.ddz.prompt.lead": {
        "en": "Your lead: any move (e.g. 33344), or a suggestion.",
        "zh": "轮到你出牌:任意牌型(如 33344),或选择建议。",
    },
    "host.ddz.prompt.beat": {
        "en": "Your turn: beat {cards} or pass.",
        "zh": "轮到你:管上 {cards},或不出。",
    },
    "host.ddz.prompt.cannot_beat": {
        "en": "Nothing of yours beats {cards}: pass.",
        "zh": "要不起 {cards}:请选择不出。",
    },
    "host.ddz.label.bid": {"en": "{bid} pt", "zh": "{bid} 分"},
    "host.ddz.label.call": {"en": "Call", "zh": "叫地主"},
    "host.ddz.label.pass": {"en": "Pass", "zh": "不出"},
    "host.ddz.label.no_bid": {"en": "No bid", "zh": "不叫"},
    "host.ddz.label.grab": {"en": "Grab", "zh": "抢地主"},
    "host.ddz.label.no-grab": {"en": "No grab", "zh": "不抢"},
    "host.ddz.label.double": {"en": "Double", "zh": "加倍"},
    "host.ddz.label.no-double": {"en": "No double", "zh": "不加倍"},
    "host.ddz.label.show": {"en": "Show", "zh": "明牌"},
    "host.ddz.label.no-show": {"en": "Don't show", "zh": "不明牌"},
    "host.ddz.type.single": {"en": "single", "zh": "单张"},
    "host.ddz.type.pair": {"en": "pair", "zh": "对子"},
    "host.ddz.type.triple": {"en": "triple", "zh": "三张"},
    "host.ddz.type.triple_single": {"en": "triple with a single", "zh": "三带一"},
    "host.ddz.type.triple_pair": {"en": "triple with a pair", "zh": "三带对"},
    "host.ddz.type.straight": {"en": "straight", "zh": "顺子"},
    "host.ddz.type.pair_chain": {"en": "pair chain", "zh": "连对"},
    "host.ddz.type.triple_chain": {"en": "plane", "zh": "飞机"},
    "host.ddz.type.plane_singles": {"en": "plane with singles", "zh": "飞机带小翼"},
    "host.ddz.type.plane_pairs": {"en": "plane with pairs", "zh": "飞机带大翼"},
    "host.ddz.type.four_two_singles": {"en": "four with two", "zh": "四带二"},
    "host.ddz.type.four_two_pairs": {"en": "four with two pairs", "zh": "四带两对"},
    "host.ddz.type.bomb": {"en": "bomb", "zh": "炸弹"},
    "host.ddz.type.rocket": {"en": "rocket", "zh": "王炸"},
    # -- 田忌赛马 -------------------------------------------------------------------------
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
    # -- rules pages --------------------------------------------------------------------
    "host.rules.doudizhu3": {
        "en": "斗地主 (three players, 54 cards)\n"
              "• 17 cards each, 3 bottom cards. Bid 1, 2 or 3 once round (higher than before; 3 "
              "ends it). The highest bidder is the landlord, takes the bottom and leads; the two "
              "others are farmers.\n"
              "• Moves: single, pair, triple (+1 or +pair), straight of 5+ (3…A), 3+ pairs in a "
              "row, planes (+wings), four with two, bomb (four of a kind), rocket (both jokers).\n"
              "• Beat the last move with the same type and size and a higher rank, or bomb it. "
              "Two passes: the last player leads anew.\n"
              "• First to empty the hand wins for their side. Bombs, the rocket, spring and "
              "anti-spring each double the stake.\n"
              "• Timers: 15 s to bid, 30 s to play; on time-out the AI plays for you (托管).",
        "zh": "斗地主(三人,54 张)\n"
              "• 每人 17 张,底牌 3 张。轮流叫 1、2、3 分一次(必须高于前面,叫 3 分立即结束)。"
              "叫分最高者为地主,拿底牌先出;另两家为农民。\n"
              "• 牌型:单张、对子、三张(带一/带对)、五张以上顺子(3…A)、三连对以上、飞机(带翅膀)、"
              "四带二、炸弹、王炸。\n"
              "• 同牌型同张数且点数更大才能管上,炸弹可管任意非炸弹牌。"
              "连续两家不出,由最后出牌者重新出。\n"
              "• 先出完者一方获胜。炸弹、王炸、春天、反春各翻一倍。\n"
              "• 叫分 15 秒,出牌 30 秒;超时由电脑托管。",
    },
    "host.rules.doudizhu2": {
        "en": "二人斗地主 (two players)\n"
              "• Three hands are dealt; the two players bid on their own. The landlord plays "
              "their hand plus the bottom; the farmer plays the hand at the landlord's next "
              "seat; the third hand is out of play (shown by default).\n"
              "• Must bid with the rocket, four 2s or more than two bombs. The landlord's three "
              "prohibitions (地主三不准) limit how those cards may be played.\n"
              "• A trick ends as soon as one player passes. Moves and doublings as in 斗地主.",
        "zh": "二人斗地主\n"
              "• 发三手牌,两人各用自己的牌叫分。地主打自己的牌加底牌,农民打地主下家位置的那手牌,"
              "第三手牌不参与(默认明牌)。\n"
              "• 有王炸、四个 2 或两个以上炸弹必须叫分;地主三不准限制这些牌的打法。\n"
              "• 一方不出即本轮结束。牌型与翻倍同斗地主。",
    },
    "host.rules.tianji": {
        "en": "田忌赛马 poker (2–6 players, 52 cards)\n"
              "• Six cards each, split privately into A (1 card), B (2), C (3). All groups are "
              "then shown and compared.\n"
              "• A: highest card. B: 十点半 (A=1, J Q K = ½; over 10½ is bust). C: 豹子 > "
              "straight flush > flush > straight > pair > high card > 渣牌 (2-3-5), and 渣牌 "
              "beats 豹子.\n"
              "• Three rounds: 豹子/渣牌 specials, highest vs lowest per group, then everyone "
              "against everyone (A 1, B 2, C 3 units; 通杀 pays 10 or 15).\n"
              "• 60 s to arrange; on time-out the solver arranges for you.",
        "zh": "田忌赛马(2–6 人,52 张)\n"
              "• 每人 6 张,暗中分成 A 组 1 张、B 组 2 张、C 组 3 张,然后同时亮牌比较。\n"
              "• A 组比单张大小;B 组比十点半(A 为 1,JQK 为半点,超过十点半为撑死);C 组:豹子 > "
              "同花顺 > 同花 > 顺子 > 对子 > 散单 > 渣牌(235),渣牌克豹子。\n"
              "• 三轮结算:豹子/渣牌、各组最大赢最小、"
              "两两互比(A 1、B 2、C 3 倍;通杀 10 或 15 倍)。\n"
              "• 分牌限时 60 秒,超时由系统代分。",
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
    "host.help.discord": {
        "en": "Commands: /paiju new [game] · /paiju join · /paiju leave · /paiju addbot · "
              "/paiju start · /paiju hand · /paiju hint · /paiju auto (托管) · /paiju table · "
              "/paiju leaderboard · /paiju me · /paiju rules [game] · /paiju judge <cards> · "
              "/paiju settings · /paiju cup · /paiju help.\n"
              "Games: doudizhu3 (斗地主), doudizhu2, tianji (田忌赛马), tianji-duel.\n"
              "On your turn press My hand on the table: a panel only you see, with your cards "
              "and buttons to bid, pick a suggestion or build any move.",
        "zh": "命令:/牌局 开桌 [游戏] · /牌局 加入 · /牌局 离开 · /牌局 加电脑 · /牌局 开始 · "
              "/牌局 手牌 · /牌局 提示 · /牌局 托管 · /牌局 牌桌 · /牌局 排行榜 · /牌局 我的 · "
              "/牌局 规则 [游戏] · /牌局 裁判 <牌> · /牌局 设置 · /牌局 比赛 · /牌局 帮助。\n"
              "游戏:doudizhu3(斗地主)、doudizhu2(二人斗地主)、tianji(田忌赛马)、tianji-duel。\n"
              "轮到你时点牌桌上的“我的牌”:只有你能看到的面板,用按钮叫分、选建议或组出任意牌型。",
    },
    "host.help": {
        "en": "Commands: new [game] · join · leave · addbot · start · hand · hint · auto "
              "(托管) · table · lb (leaderboard) · me · rules [game] · judge <cards> · "
              "settings [key=value] · help.\n"
              "Games: doudizhu3 (斗地主), doudizhu2, tianji (田忌赛马), tianji-duel.\n"
              "On your turn type cards (33344, 10JQKA, 王炸), pass, or a bid (1/2/3).",
        "zh": "命令:new [游戏] 开桌 · join 加入 · leave 离开 · addbot 加电脑 · start 开始 · "
              "hand 看牌 · hint 提示 · auto 托管 · table 牌桌 · lb 排行榜 · me 我的战绩 · "
              "rules [游戏] 规则 · judge <牌> 裁判 · settings [项=值] 设置 · help 帮助。\n"
              "游戏:doudizhu3(斗地主)、doudizhu2(二人斗地主)、tianji(田忌赛马)、tianji-duel。\n"
              "轮到你时输入牌(33344、10JQKA、王炸)、pass(不出)或叫分(1/2/3)。",
    },
}
