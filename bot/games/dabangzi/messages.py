"""The catalogue of 打棒子: every text of the game in English and Chinese."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- refusals ------------------------------------------------------------------------
    "dbz.over": {"en": "This game is over.", "zh": "本局已结束。"},
    "dbz.not_over": {"en": "The game is not over.", "zh": "游戏还没结束。"},
    "dbz.not_your_turn": {"en": "It is not your turn.", "zh": "还没轮到你。"},
    "dbz.bad_action": {"en": "{action} is not something you can do now.",
                       "zh": "现在不能这样做:{action}"},
    "dbz.bad_cards": {"en": "I cannot read the cards {cards} (give each suit: ♠10 or Ts).",
                      "zh": "看不懂牌:{cards}(每张牌要带花色,如 ♠10 或 Ts)"},
    "dbz.one_card": {"en": "Give exactly one card ({cards}).", "zh": "请只给一张牌({cards})。"},
    "dbz.typed_none": {
        "en": "No card you can play now is {cards}: type each card with its suit "
              "(3c or ♣3; AhAh for a pair), or a rank alone when one card of yours fits.",
        "zh": "你现在能出的牌里没有 {cards}:每张牌带花色输入(3c 或 ♣3;对子 AhAh),"
              "只有一张牌对得上时也可只输点数。"},
    "dbz.typed_which": {
        "en": "{cards} fits {count} plays: {options}. Type the suit too (e.g. 3c or ♣3).",
        "zh": "{cards} 对得上 {count} 种出法:{options}。请带上花色(如 3c 或 ♣3)。"},
    "dbz.help.play": {
        "en": "打棒子: type the cards with their suits, suit after or before the rank: 3c, "
              "c3, ♣3, 10h or Th; a pair or a tractor in one line: AhAh, 7d7d8d8d (spaces "
              "are fine); jokers are B (small) and R (big). A rank alone (3, AA) plays the "
              "one legal play it fits; when several fit you are told which. The first word "
              "may be play (or bury, declare, return in those phases); pass passes. Enter "
              "plays the suggestion.",
        "zh": "打棒子:出牌要带花色,花色写在点数前后都行:3c、c3、♣3、10h 或 Th;对子、拖拉机"
              "写在一行:AhAh、7d7d8d8d(可以有空格);小王 B,大王 R。只输点数(3、AA)时,"
              "若只有一种合规出法对得上就出它,否则会告诉你有哪几种。也可在前面加 play"
              "(扣底、亮主、还贡阶段为 bury、declare、return);pass 表示不要。回车出提示的牌。"},
    "dbz.not_in_hand": {"en": "You do not hold {cards}.", "zh": "你手里没有 {cards}。"},
    "dbz.cannot_declare": {
        "en": "{card} cannot name trumps: a suited card (no joker, 2 or level card) "
              "higher than the one named so far.",
        "zh": "{card} 不能亮主:须是比已亮的牌大的花色牌(不能是王、2 或所打的牌)。"},
    "dbz.big_joker_first": {"en": "Bury your big jokers before a small one (扣王先扣大王).",
                            "zh": "有大王必须先扣大王。"},
    "dbz.cannot_bury": {"en": "You cannot bury {card} now.", "zh": "现在不能扣 {card}。"},
    "dbz.not_a_unit": {"en": "{cards} is not a lead: a single, a pair or a tractor.",
                       "zh": "{cards} 不能首出:只能出单张、对子或拖拉机。"},
    "dbz.must_follow": {
        "en": "{cards} does not follow: as many cards as led, of the led suit while you "
              "have it, pairs while you have them.",
        "zh": "{cards} 不合跟牌规则:张数与首家相同,有同门必须跟同门,有对子必须跟对子。"},
    "dbz.option_unknown": {"en": "打棒子 has no option {option}.",
                           "zh": "打棒子没有选项 {option}。"},
    "dbz.option_value": {"en": "Option {option} cannot be {value} (allowed: {allowed}).",
                         "zh": "选项 {option} 不能是 {value}(可选:{allowed})。"},
    "dbz.player_count": {"en": "打棒子 needs exactly 4 players ({players} seated).",
                         "zh": "打棒子需要 4 人({players} 人入座)。"},
    "dbz.referee.bad_request": {
        "en": "Give level, suit, hun (a card of the suit) and 1–4 plays of equal size.",
        "zh": "请给出 level、suit、hun(主花色的牌)和 1–4 手张数相同的出牌。"},
    # -- events ----------------------------------------------------------------------------
    "dbz.grab": {"en": "{player} shows a big joker and takes the deal (抢亮大王).",
                 "zh": "{player} 抢亮大王,坐庄。"},
    "dbz.redeal": {"en": "The kitty holds only jokers, 2s and level cards: a new deal.",
                   "zh": "底牌全是王、2 和所打的牌:重新洗牌。"},
    "dbz.draw": {"en": "Cards drawn from the kitty: {cards}.", "zh": "从底牌抽牌:{cards}"},
    "dbz.dealer": {"en": "{player} drew the highest card ({card}) and deals.",
                   "zh": "{player} 翻出最大牌 {card},坐庄。"},
    "dbz.declare": {"en": "{player} names trumps with {card} (亮主).",
                    "zh": "{player} 亮主:{card}"},
    "dbz.trump": {"en": "Trumps: {suit}, 魂儿 {hun}, level {level}.",
                  "zh": "主花色 {suit},魂儿 {hun},打 {level}。"},
    "dbz.tribute": {"en": "{player} pays the tribute to {to}: {card} (进贡).",
                    "zh": "{player} 向 {to} 进贡:{card}"},
    "dbz.returned": {"en": "{player} hands {card} back to {to} (还贡).",
                     "zh": "{player} 还给 {to}:{card}"},
    "dbz.kitty_shown": {"en": "The kitty is shown: {cards}.", "zh": "底牌亮出:{cards}"},
    "dbz.all_points": {"en": "{player} buried only point cards: nobody else may bury a joker.",
                       "zh": "{player} 扣的全是分:其他家不能再扣王。"},
    "dbz.joker_buried": {"en": "{player} buries {card} and takes the smallest kitty card (扣王).",
                         "zh": "{player} 扣王 {card},从底牌捡最小的牌。"},
    "dbz.trick": {"en": "{player} takes the trick ({points} points).",
                  "zh": "{player} 赢得这一轮({points} 分)。"},
    "dbz.dig": {"en": "抠底: the attackers win the last trick, kitty ×{multiplier} = "
                      "{points} points.",
                "zh": "抠底:闲家赢得最后一轮,底分 ×{multiplier} = {points} 分。"},
    "dbz.hand_over": {"en": "Hand {number} over: attackers {points} points; {team} up "
                            "{levels}{blood}.",
                      "zh": "第 {number} 把结束:闲家 {points} 分;{team} 升 {levels} 级{blood}。"},
    "dbz.hand_over_deal": {"en": "Hand {number} over: attackers {points} points; {team} take "
                                 "the deal (上台){up}{blood}.",
                          "zh": "第 {number} 把结束:闲家 {points} 分;{team} 上台{up}{blood}。"},
    "dbz.up": {"en": ", up {levels}", "zh": "并升 {levels} 级"},
    "dbz.level.past_a": {"en": "past A", "zh": "过A"},
    "dbz.match_over": {"en": "{team} win{what}.", "zh": "{team} 获胜{what}。"},
    "dbz.what.match": {"en": " the match", "zh": "整场比赛"},
    "dbz.blood": {"en": ", 吃血", "zh": ",吃血"},
    # -- the table -------------------------------------------------------------------------
    "dbz.team.0": {"en": "Team A", "zh": "A 队"},
    "dbz.team.1": {"en": "Team B", "zh": "B 队"},
    "dbz.table.teams": {"en": "{team0}: {a} & {c} (level {la}) · {team1}: {b} & {d} "
                              "(level {lb})",
                        "zh": "{team0}:{a} 和 {c}(打 {la})· {team1}:{b} 和 {d}(打 {lb})"},
    "dbz.table.hand": {"en": "Hand {number} · dealer {dealer} · level {level}",
                       "zh": "第 {number} 把 · 庄家 {dealer} · 打 {level}"},
    "dbz.table.trump": {"en": "Trumps {suit} · 魂儿 {hun}", "zh": "主 {suit} · 魂儿 {hun}"},
    "dbz.table.no_trump": {"en": "Trumps not named yet", "zh": "尚未亮主"},
    "dbz.table.points": {"en": "Attackers' points: {points} of 200 (80 to take the deal, "
                               "160 吃血)",
                         "zh": "闲家得分:{points}/200(80 分上台,160 分吃血)"},
    "dbz.table.tribute": {"en": "Tribute: {player} → {dealer}: {card}",
                          "zh": "进贡:{player} → {dealer}:{card}"},
    "dbz.table.returned": {"en": "Returned (还贡): {player} → {to}: {card}",
                           "zh": "还贡:{player} → {to}:{card}"},
    "dbz.table.trick": {"en": "This trick: {plays}", "zh": "本轮:{plays}"},
    "dbz.table.last_trick": {"en": "Last trick: {plays}", "zh": "上一轮:{plays}"},
    "dbz.table.kitty": {"en": "Kitty: {cards}", "zh": "底牌:{cards}"},
    "dbz.table.kitty_hidden": {"en": "Kitty: {count} cards, face down",
                               "zh": "底牌:{count} 张,不公开"},
    "dbz.table.blood": {"en": "吃血 taken: {a} / {b}", "zh": "吃血:{a} / {b}"},
    "dbz.table.phase": {"en": "Now: {what}", "zh": "现在:{what}"},
    "dbz.taken": {"en": "{points} pts", "zh": "{points} 分"},
    "dbz.status.partner": {"en": "partner of {name}", "zh": "{name} 的对家"},
    "host.role.dbz_dealer": {"en": "dealer 庄家", "zh": "庄家"},
    "host.role.dbz_partner": {"en": "dealer's side", "zh": "庄家方"},
    "host.role.dbz_attacker": {"en": "attacker 闲家", "zh": "闲家"},
    "option.match": {"en": "match", "zh": "整场"},
    # -- prompts and labels ----------------------------------------------------------------
    "dbz.prompt.grab": {"en": "Show your big joker to take the deal (抢亮大王)?",
                        "zh": "抢亮大王坐庄吗?"},
    "dbz.prompt.declare": {"en": "Name trumps (亮主) with a card (it becomes the 魂儿), or pass.",
                           "zh": "亮主(所亮的牌为魂儿),或不亮。"},
    "dbz.prompt.return": {"en": "Hand one card back to the seat that paid the tribute (还贡).",
                          "zh": "还给进贡者一张牌。"},
    "dbz.prompt.bury": {"en": "Bury a card in the kitty ({left} more).",
                        "zh": "扣一张底牌(还要扣 {left} 张)。"},
    "dbz.prompt.jokers": {"en": "Bury a joker in the kitty (扣王), taking its smallest card?",
                          "zh": "扣王吗?(扣王后从底牌捡最小的牌)"},
    "dbz.prompt.lead": {"en": "Your lead: a single, a pair or a tractor (type e.g. 3c, ♣3, "
                              "AhAh).",
                        "zh": "请首出:单张、对子或拖拉机(输入如 3c、♣3、AhAh)。"},
    "dbz.prompt.follow_one": {"en": "Follow {cards} (1 card; type e.g. 3c or ♣3, or the rank "
                                    "alone when one card fits).",
                              "zh": "跟 {cards}(1 张;输入如 3c 或 ♣3,只有一张对得上时可只输点数)。"},
    "dbz.prompt.follow": {"en": "Follow {cards} ({count} cards; type e.g. 3c or ♣3, or the "
                                "rank alone when one card fits).",
                          "zh": "跟 {cards}({count} 张;输入如 3c 或 ♣3,只有一张对得上时可只输点数)。"},
    "dbz.label.grab": {"en": "Grab (抢)", "zh": "抢亮大王"},
    "dbz.label.pass": {"en": "Pass", "zh": "不要"},
    "dbz.label.declare": {"en": "Name {card}", "zh": "亮 {card}"},
    "dbz.label.return": {"en": "Return {card}", "zh": "还 {card}"},
    "dbz.label.bury": {"en": "Bury {card}", "zh": "扣 {card}"},
    "dbz.phase.grab": {"en": "showing a big joker for the deal (抢亮大王)", "zh": "抢亮大王"},
    "dbz.phase.declare": {"en": "naming trumps", "zh": "亮主"},
    "dbz.phase.return": {"en": "returning a card", "zh": "还牌"},
    "dbz.phase.bury": {"en": "burying the kitty", "zh": "扣底"},
    "dbz.phase.bury_left": {"en": "{what} ({left} more to bury)", "zh": "{what}(还要扣 {left} 张)"},
    "dbz.phase.jokers": {"en": "burying jokers (扣王)", "zh": "扣王"},
    "dbz.phase.play": {"en": "playing", "zh": "出牌"},
    "dbz.result.hand": {
        "en": "Attackers {points} points (kitty {kitty}{dig}){ganguo}; {team} up {levels}"
              "{blood}. Levels now: A {la}, B {lb}.",
        "zh": "闲家 {points} 分(底牌 {kitty}{dig}){ganguo};{team} 升 {levels} 级{blood}。"
              "当前级别:A 队 {la},B 队 {lb}。"},
    "dbz.result.dig": {"en": ", 抠底 ×{multiplier}", "zh": ",抠底 ×{multiplier}"},
    "dbz.result.ganguo": {"en": ", 干锅 (a kitty of no trump, or of trumps only: 抠底 ×2 again)",
                          "zh": ",干锅"},
    "dbz.result.hand_deal": {
        "en": "Attackers {points} points (kitty {kitty}{dig}){ganguo}; {team} take the deal "
              "(上台){up}{blood}. Levels now: A {la}, B {lb}.",
        "zh": "闲家 {points} 分(底牌 {kitty}{dig}){ganguo};{team} 上台{up}{blood}。"
              "当前级别:A 队 {la},B 队 {lb}。"},
    "dbz.result.winner": {"en": "{team} ({a} & {b}) win the match.",
                          "zh": "{team}({a} 和 {b})赢得整场比赛。"},
    "dbz.formula.hand": {"en": "stake {stake} × {units} ({levels} levels{blood})",
                         "zh": "底注 {stake} × {units}({levels} 级{blood})"},
    "dbz.formula.hand_one": {"en": "stake {stake} × {units} (1 level{blood})",
                             "zh": "底注 {stake} × {units}(1 级{blood})"},
    "dbz.formula.match": {"en": "stake {stake} × (match 2 {blood} 吃血) = {stake} × {units}",
                          "zh": "底注 {stake} ×(胜负 2 {blood} 吃血)= {stake} × {units}"},
    "dbz.rules": {
        "en": "打棒子 (4 players, two teams of two sitting opposite; 108 cards)\n"
              "• 25 cards each, 8 in the kitty. Trumps: the jokers, the 魂儿 (the card that "
              "named trumps), the level cards, the 2s, then the trump suit.\n"
              "• First hand: a big joker shown takes the deal (抢亮大王), else a draw. Anyone "
              "may name trumps (亮主) with a higher card; if nobody does, a draw from the kitty.\n"
              "• The dealer's 上家 pays the highest card as tribute; the dealer hands one "
              "back, takes the kitty and buries 8 (jokers too: 扣王, big first).\n"
              "• Lead a single, a pair or a tractor; follow suit and pairs. 5 = 5, 10 and "
              "K = 10 points. Attackers need 80 to take the deal; 160 is 吃血; the last trick "
              "doubles the kitty (抠底). 0 points: the dealers win the match.",
        "zh": "打棒子(4 人,对家为一队;两副牌 108 张)\n"
              "• 每人 25 张,底牌 8 张。主牌:王、魂儿(亮主的牌)、所打的牌、2,再是主花色。\n"
              "• 第一把抢亮大王坐庄,无人抢则抽牌定庄。可亮主(须更大);无人亮主则从底牌抽魂儿。\n"
              "• 庄家的上家进贡最大的牌,庄家还一张,再拿底牌扣 8 张(可扣王,先扣大王)。\n"
              "• 首出单张、对子或拖拉机;跟牌须同门、有对跟对。5 为 5 分,10、K 为 10 分。闲家 80 "
              "分上台,160 分吃血,末轮抠底翻倍。闲家 0 分:庄家赢,本轮游戏结束。"},
    # The web pages and the result card.
    "dbz.web.hun": {"en": "魂儿 (its suit is trumps)", "zh": "魂儿(同花色为主)"},
    "dbz.web.tribute": {"en": "Tribute", "zh": "进贡"},
    "dbz.web.kitty": {"en": "Kitty", "zh": "底牌"},
    "dbz.pictures.kitty": {"en": "Kitty", "zh": "底牌"},
    "pictures.headline.dbz_team_0": {"en": "TEAM A WINS", "zh": "A 队胜"},
    "pictures.headline.dbz_team_1": {"en": "TEAM B WINS", "zh": "B 队胜"},
    "pictures.role.dbz_dealer": {"en": "DEALER", "zh": "庄家"},
    "pictures.role.dbz_partner": {"en": "DEALER'S SIDE", "zh": "庄家方"},
    "pictures.role.dbz_attacker": {"en": "ATTACKER", "zh": "闲家"},
    # its competition preset (`/cup help`)
    "cup.preset.pairs_knockout": {
        "en": "teams of two (cup team <name>), drawn by lot, a whole match a table; winners "
              "go on",
        "zh": "打棒子自由组队(两人一队,cup team <队名>),抽签决定对手,每桌打完一整场;胜者晋级,"
              "直至决出冠军队",
    },
}
