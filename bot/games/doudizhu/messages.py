"""The doudizhu catalogue (English and Chinese): its table, prompts, events, refusals,
rules page and pictures' words. The record adds it to the catalogue when it is loaded."""

MESSAGES = {
    "ddz.help.turn": {
        "en": "cards by rank (33344, 10JQKA, 王炸; a single joker is B small or R big), pass, "
              "a bid (1/2/3) or a choice as shown; Enter plays the suggestion",
        "zh": "按点数出牌(33344、10JQKA、王炸;单张小王 B、大王 R)、pass 不出、叫分(1/2/3)"
              "或所示选项;直接回车出建议的牌",
    },
    # -- from the ddz area -------------------------------------------------------------------
    "ddz.err.bad_option": {
        "en": "{value} is not a valid value for the option {option}",
        "zh": "{value} 不是选项 {option} 的有效取值",
    },
    "ddz.err.which_joker": {
        "en": "you hold both jokers: write 小王 (B), 大王 (R) or 王炸 for the rocket",
        "zh": "你有两张王:请写 小王、大王,或 王炸",
    },
    "ddz.err.no_joker": {"en": "you hold no joker", "zh": "你没有王"},
    "ddz.err.unknown_option": {
        "en": "there is no option called {option}",
        "zh": "没有名为 {option} 的选项",
    },
    "ddz.err.retired_option": {
        "en": "the option {option} is gone: the sheet's words are the ordinary settlement "
              "(landlord +2 × bid, each farmer −1 × bid)",
        "zh": "选项 {option} 已取消:规则原文即普通结算(地主 +2×叫分,农民各 −1×叫分)",
    },
    "ddz.err.option_needs_points_three": {
        "en": "the option {option} needs three players and points bidding (叫分)",
        "zh": "选项 {option} 只适用于三人叫分玩法",
    },
    "ddz.err.unknown_action": {
        "en": "I don't understand “{action}” here",
        "zh": "这里无法理解“{action}”",
    },
    "ddz.err.bad_seat": {
        "en": "there is no seat {seat} at this table",
        "zh": "本桌没有座位 {seat}",
    },
    "ddz.err.game_over": {
        "en": "this hand is already over",
        "zh": "本局已经结束",
    },
    "ddz.err.not_over": {
        "en": "this hand is not over yet",
        "zh": "本局尚未结束",
    },
    "ddz.err.not_your_turn": {
        "en": "it is not your turn",
        "zh": "还没轮到你",
    },
    "ddz.err.bid_not_allowed": {
        "en": "you can't {action} now; you may: {allowed}",
        "zh": "现在不能 {action},可选:{allowed}",
    },
    "ddz.phase.bidding": {"en": "the bidding", "zh": "叫分"},
    "ddz.phase.doubling": {"en": "the doubling", "zh": "加倍"},
    "ddz.phase.showing": {"en": "the showing", "zh": "明牌"},
    "ddz.phase.playing": {"en": "the play", "zh": "出牌"},
    "ddz.phase.over": {"en": "the end of the hand", "zh": "本局结束后"},
    "ddz.err.wrong_phase": {
        "en": "“{action}” is not possible during {phase}",
        "zh": "“{action}”在当前阶段({phase})不可用",
    },
    "ddz.err.not_in_hand": {
        "en": "you don't hold {cards}",
        "zh": "你的手牌里没有 {cards}",
    },
    "ddz.err.not_a_move": {
        "en": "{cards} is not a move",
        "zh": "{cards} 不是合法牌型",
    },
    "ddz.err.prohibited": {
        "en": "{cards}: the landlord's three prohibitions (地主三不准) forbid this play",
        "zh": "{cards}:地主三不准,不能这样出",
    },
    "ddz.err.does_not_beat": {
        "en": "{cards} does not beat {table}",
        "zh": "{cards} 管不住 {table}",
    },
    "ddz.err.leader_cannot_pass": {
        "en": "you lead this trick: you must play",
        "zh": "你是本轮首家,必须出牌",
    },
    "ddz.err.record_hands": {
        "en": "a record needs three dealt hands, not {count}",
        "zh": "牌局记录需要三手牌,而不是 {count} 手",
    },
    "ddz.err.record_not_a_deck": {
        "en": "the hands and bottom hold too many {rank}s for one deck",
        "zh": "各手牌与底牌中的 {rank} 超出一副牌的数量",
    },
    "ddz.err.record_sizes": {
        "en": "hands and bottom must be 17, 17, 17 and 3 cards, not {sizes}",
        "zh": "三手牌与底牌应为 17、17、17、3 张,而不是 {sizes}",
    },
    "ddz.err.record_actions": {
        "en": "actions must be a list of strings",
        "zh": "actions 必须是字符串列表",
    },
    "ddz.err.record_after_end": {
        "en": "the hand was already over",
        "zh": "此时本局已经结束",
    },
    "ddz.err.record_after_redeal": {
        "en": "everyone passed and the cards were redealt: the record goes on past its deal",
        "zh": "无人叫分已重新发牌,记录却仍在继续",
    },
    "ddz.err.record_unfinished": {
        "en": "the record ends before the hand is over",
        "zh": "记录在本局结束前就中断了",
    },
    "ddz.err.ai_bad_field": {
        "en": "bad {field}: {value}",
        "zh": "{field} 字段有误:{value}",
    },
    "ddz.err.ai_not_a_deck": {
        "en": "{count} cards of rank {rank}: more than one deck holds",
        "zh": "{rank} 共 {count} 张,超出一副牌",
    },
    "ddz.err.ai_hand_size": {
        "en": "the hand has {size} cards but should have {expected} here",
        "zh": "手牌有 {size} 张,此时应为 {expected} 张",
    },
    "ddz.err.ai_bad_bids": {
        "en": "{bids} is not a possible bidding so far",
        "zh": "{bids} 不是可能的叫分过程",
    },
    "ddz.err.ai_not_your_turn": {
        "en": "after this history it is seat {turn}'s turn, not seat {seat}'s",
        "zh": "按此出牌记录轮到座位 {turn},而不是座位 {seat}",
    },
    "ddz.err.ai_bottom_not_held": {
        "en": "the landlord's hand and plays do not contain the bottom cards",
        "zh": "地主的手牌与已出的牌不包含底牌",
    },
    "ddz.err.ai_bad_history": {
        "en": "history entry {at} must be [seat, \"cards\"]",
        "zh": "出牌记录第 {at} 项应为 [座位, \"牌\"]",
    },
    "ddz.err.ai_after_end": {
        "en": "the hand is already over at history entry {at}",
        "zh": "出牌记录第 {at} 项时本局已结束",
    },
    "ddz.err.ai_out_of_turn": {
        "en": "history entry {at}: seat {seat} plays, but it is seat {turn}'s turn",
        "zh": "出牌记录第 {at} 项:座位 {seat} 出牌,但应轮到座位 {turn}",
    },
    "ddz.err.ai_leader_passed": {
        "en": "history entry {at}: the leader of a trick cannot pass",
        "zh": "出牌记录第 {at} 项:首家不能不出",
    },
    "ddz.err.ai_illegal_play": {
        "en": "history entry {at}: {cards} is not a move that can be played there",
        "zh": "出牌记录第 {at} 项:{cards} 在此处不能出",
    },
    "ddz.err.ai_too_many_cards": {
        "en": "history entry {at}: seat {seat} has played more cards than it held",
        "zh": "出牌记录第 {at} 项:座位 {seat} 出的牌超过了手牌数",
    },
    "ddz.say.bid": {"en": "{player} bids {bid}", "zh": "{player} 叫 {bid} 分"},
    "ddz.say.bid_pass": {"en": "{player} passes", "zh": "{player} 不叫"},
    "ddz.say.name": {"en": "{player}, the landlord this hand, names {bid}",
                     "zh": "本局地主 {player} 叫 {bid} 分"},
    "ddz.say.follow": {"en": "{player} follows ({bid})", "zh": "{player} 跟 {bid} 分"},
    "ddz.say.no_follow": {"en": "{player} does not follow: the landlord wins the hand (不跟)",
                          "zh": "{player} 不跟:地主直接获得本局的胜利"},
    "ddz.say.bid_lapsed": {
        "en": "{player} owed a bid of 2 or 3 and let the time run out: it counts as a pass",
        "zh": "{player} 本局至少须叫 2 分,超时未叫,按不叫处理",
    },
    "ddz.say.call": {"en": "{player} calls the landlord", "zh": "{player} 叫地主"},
    "ddz.say.call_pass": {"en": "{player} does not call", "zh": "{player} 不叫"},
    "ddz.say.grab": {"en": "{player} grabs! ×{multiplier}", "zh": "{player} 抢地主!×{multiplier}"},
    "ddz.say.no_grab": {"en": "{player} does not grab", "zh": "{player} 不抢"},
    "ddz.say.redeal": {
        "en": "Nobody bid: the cards are dealt again (deal {deal})",
        "zh": "无人叫分,重新发牌(第 {deal} 次重发)",
    },
    "ddz.say.no_bid_penalty": {
        "en": "Three deals in a row without a bid: {player} loses 4 points, the others gain 2",
        "zh": "连续三把无人叫分:{player} 扣 4 分,其余两家各得 2 分",
    },
    "ddz.say.landlord": {
        "en": "{player} is the landlord (base {base})",
        "zh": "{player} 成为地主(底分 {base})",
    },
    "ddz.say.hand_switch": {
        "en": "You now play the hand to the landlord's left (your cards are shown again); the "
              "hand you bid with is out of play.",
        "zh": "你现在打地主下家的那手牌(你的手牌已更新);你叫分时的那手牌不再参与(成为闲置牌)。",
    },
    "ddz.say.bottom": {"en": "Bottom cards: {cards}", "zh": "底牌:{cards}"},
    "ddz.say.double": {"en": "{player} doubles", "zh": "{player} 加倍"},
    "ddz.say.no_double": {"en": "{player} does not double", "zh": "{player} 不加倍"},
    "ddz.say.show": {
        "en": "{player} shows the hand: {cards} (×{multiplier})",
        "zh": "{player} 明牌:{cards}(×{multiplier})",
    },
    "ddz.say.play": {"en": "{player}: {cards}", "zh": "{player}:{cards}"},
    "ddz.say.pass": {"en": "{player} passes", "zh": "{player} 不出"},
    "ddz.say.bomb": {
        "en": "💣 {player} bombs! Multiplier now ×{multiplier}",
        "zh": "💣 {player} 炸弹!当前倍数 ×{multiplier}",
    },
    "ddz.say.bomb_capped": {
        "en": "💣 {player} bombs! (bomb cap reached: still ×{multiplier})",
        "zh": "💣 {player} 炸弹!(已达封顶,仍为 ×{multiplier})",
    },
    "ddz.say.rocket": {
        "en": "🚀 {player} fires the rocket! Multiplier now ×{multiplier}",
        "zh": "🚀 {player} 王炸!当前倍数 ×{multiplier}",
    },
    "ddz.say.rocket_capped": {
        "en": "🚀 {player} fires the rocket! (bomb cap reached: still ×{multiplier})",
        "zh": "🚀 {player} 王炸!(已达封顶,仍为 ×{multiplier})",
    },
    "ddz.say.cards_left": {
        "en": "🚨 {player} is down to {count}!",
        "zh": "🚨 {player} 报牌:还剩 {count} 张",
    },
    "ddz.say.spring": {"en": "Spring! (春天) ×2", "zh": "春天!×2"},
    "ddz.say.anti_spring": {"en": "Anti-spring! (反春) ×2", "zh": "反春!×2"},
    "ddz.say.result_landlord": {
        "en": "The landlord {player} wins (×{multiplier})",
        "zh": "地主 {player} 获胜(×{multiplier})",
    },
    "ddz.say.result_farmers": {
        "en": "The farmers win, {player} went out first (×{multiplier})",
        "zh": "农民获胜,{player} 先出完(×{multiplier})",
    },
    "ddz.cause.grab": {"en": "grab", "zh": "抢地主"},
    "ddz.cause.show": {"en": "shown hand", "zh": "明牌"},
    "ddz.cause.bomb": {"en": "bomb", "zh": "炸弹"},
    "ddz.cause.rocket": {"en": "rocket", "zh": "王炸"},
    "ddz.cause.spring": {"en": "spring", "zh": "春天"},
    "ddz.cause.anti_spring": {"en": "anti-spring", "zh": "反春"},
    "ddz.cause.last_bidder": {"en": "last bidder's win", "zh": "末家叫分获胜"},
    "ddz.role.landlord": {"en": "landlord", "zh": "地主"},
    "ddz.role.farmer": {"en": "farmer", "zh": "农民"},
    "ddz.why.bid": {"en": "hand strength {strength}: bid {bid}",
                    "zh": "牌力 {strength}:叫 {bid} 分"},
    "ddz.why.pass_bid": {"en": "hand strength {strength}: too weak to bid",
                         "zh": "牌力 {strength}:不够叫分"},
    "ddz.why.double": {"en": "a hand worth doubling", "zh": "牌好,加倍"},
    "ddz.why.no_double": {"en": "not a hand to double with", "zh": "牌不够好,不加倍"},
    "ddz.why.finish": {"en": "this goes out", "zh": "一手出完"},
    "ddz.why.control": {"en": "play the unbeatable cards first, then go out",
                        "zh": "先出管不住的大牌,再出完"},
    "ddz.why.lead": {"en": "lead the weakest group, keep control cards",
                     "zh": "先出最弱的一手,保留大牌"},
    "ddz.why.feed": {"en": "feed the partner, who is about to go out",
                     "zh": "给快出完的队友送牌"},
    "ddz.why.block": {"en": "block the opponent who is nearly out",
                      "zh": "顶住快出完的对手"},
    "ddz.why.beat": {"en": "beat it cheaply without breaking the hand",
                     "zh": "用不拆牌的最小牌管上"},
    "ddz.why.partner": {"en": "let the partner's play stand", "zh": "不管队友的牌"},
    "ddz.why.save": {"en": "pass: beating would break the hand",
                     "zh": "不出:管上会拆散手牌"},
    "ddz.why.endgame": {"en": "this line wins whatever the opponent does",
                        "zh": "此路线无论对手怎么出都能赢"},
    "ddz.why.cannot": {"en": "nothing beats it", "zh": "要不起"},
    "ddz.why.swindle": {"en": "best play loses: this leaves the opponent the most ways to go wrong",
                        "zh": "正常打法必输:这样出给对手留下最多出错的机会"},
    # -- from the ddz_ai area ----------------------------------------------------------------
    "ddz.why.search": {"en": "this wins most often over the hands the others can hold",
                       "zh": "按对手可能的手牌推演，这样出赢面最大"},
    "ddz.why.puzzle_win": {"en": "a forced win: this line wins whatever the other side does",
                           "zh": "必胜：按此路线出，对方怎么出都赢"},
    "ddz.why.puzzle_lost": {"en": "no forced win: best play by the other side wins",
                            "zh": "没有必胜路线：对方正确应对即可获胜"},
    "ddz.why.puzzle_unknown": {"en": "too deep to solve within the search budget",
                               "zh": "局面太复杂，搜索预算内未能解出"},
    # -- from the ddz_moves area -------------------------------------------------------------
    "ddz.move.empty": {
        "en": "no cards to play",
        "zh": "没有出牌",
    },
    "ddz.move.too_many_of_rank": {
        "en": "a deck holds at most {limit} of {rank}, not {count}",
        "zh": "一副牌中 {rank} 最多 {limit} 张,不能有 {count} 张",
    },
    "ddz.move.two_singles": {
        "en": "{cards} is not a move: two different cards are not a pair",
        "zh": "{cards} 不是合法牌型:两张不同的牌不是对子",
    },
    "ddz.move.straight_too_short": {
        "en": "{cards} is not a move: a straight needs at least five cards",
        "zh": "{cards} 不是合法牌型:顺子至少五张",
    },
    "ddz.move.straight_two": {
        "en": "{cards} is not a straight: 2 cannot be in a straight",
        "zh": "{cards} 不是顺子:2 不能连",
    },
    "ddz.move.straight_joker": {
        "en": "{cards} is not a straight: a joker cannot be in a straight",
        "zh": "{cards} 不是顺子:王不能连",
    },
    "ddz.move.straight_gap": {
        "en": "{cards} is not a straight: the ranks are not consecutive",
        "zh": "{cards} 不是顺子:点数不连续",
    },
    "ddz.move.pair_chain_too_short": {
        "en": "{cards} is not a move: a pair chain needs at least three pairs",
        "zh": "{cards} 不是合法牌型:连对至少三对",
    },
    "ddz.move.pair_chain_two": {
        "en": "{cards} is not a pair chain: 2 cannot be in a chain",
        "zh": "{cards} 不是连对:2 不能连",
    },
    "ddz.move.pair_chain_gap": {
        "en": "{cards} is not a pair chain: the pairs are not consecutive",
        "zh": "{cards} 不是连对:对子不连续",
    },
    "ddz.move.triple_chain_two": {
        "en": "{cards} is not a plane: 2 cannot be in a chain",
        "zh": "{cards} 不是飞机:2 不能连",
    },
    "ddz.move.triple_chain_gap": {
        "en": "{cards} is not a plane: the triples are not consecutive",
        "zh": "{cards} 不是飞机:三张不连续",
    },
    "ddz.move.chain_too_long": {
        "en": "{cards} is not a move: this chain can be at most {limit} long",
        "zh": "{cards} 不是合法牌型:这种连牌最多 {limit} 组",
    },
    "ddz.move.kicker_rocket": {
        "en": "{cards} is not a move: both jokers cannot be kickers (together they are the "
              "rocket)",
        "zh": "{cards} 不是合法牌型:双王不能拆开作带牌",
    },
    "ddz.move.kicker_bomb": {
        "en": "{cards} is not a move: four of a kind cannot be kickers",
        "zh": "{cards} 不是合法牌型:炸弹不能作带牌",
    },
    "ddz.move.kicker_same_rank": {
        "en": "{cards} is not a move: a kicker cannot have the rank of the main cards",
        "zh": "{cards} 不是合法牌型:带牌不能与主牌同点数",
    },
    "ddz.move.kicker_extends_chain": {
        "en": "{cards} is not a move: the triple {rank} beside the plane would extend it, so "
              "it cannot be its wings",
        "zh": "{cards} 不是合法牌型:与飞机相连的三张 {rank} 不能作翅膀",
    },
    "ddz.move.kicker_pairs_distinct": {
        "en": "{cards} is not a move: the kicker pairs must be of different ranks",
        "zh": "{cards} 不是合法牌型:带的对子点数必须不同",
    },
    "ddz.move.four_kickers": {
        "en": "{cards} is not a move: four of a kind takes two single kickers or two pairs",
        "zh": "{cards} 不是合法牌型:四张只能带两张单牌或两对",
    },
    "ddz.move.triple_kickers": {
        "en": "{cards} is not a move: a triple takes one single or one pair",
        "zh": "{cards} 不是合法牌型:三张只能带一张或一对",
    },
    "ddz.move.plane_kickers": {
        "en": "{cards} is not a move: a plane of {count} triples takes {count} single kickers "
              "or {count} pairs",
        "zh": "{cards} 不是合法牌型:{count} 连飞机只能带 {count} 张单牌或 {count} 对",
    },
    "ddz.move.not_a_move": {
        "en": "{cards} is not a move of any type",
        "zh": "{cards} 不是任何合法牌型",
    },
    "ddz.move.judge_bad_request": {
        "en": "a doudizhu judge line needs \"hand\" (and \"last\") or \"cards\"",
        "zh": "斗地主裁判请求需要 \"hand\"(及 \"last\")或 \"cards\"",
    },
    # -- from the ending area ----------------------------------------------------------------
    "end.ddz.final_play": {
        "en": "{player} went out with {cards} ({type})",
        "zh": "{player} 最后出 {cards}({type}),出完了",
    },
    "end.ddz.left": {"en": "left: {cards}", "zh": "剩:{cards}"},
    "end.ddz.seat_played": {"en": "· {cards}", "zh": "· {cards}"},
    "end.ddz.seat_passed": {"en": "· pass", "zh": "· 不出"},
    "end.ddz.stake": {"en": "stake {stake}", "zh": "底注 {stake}"},
    "end.ddz.base": {"en": "base {base}", "zh": "底分 {base}"},
    "end.ddz.multiplier": {"en": "multiplier ×{multiplier}", "zh": "倍数 ×{multiplier}"},
    "end.ddz.multiplier_causes": {
        "en": "multiplier ×{multiplier} ({causes})",
        "zh": "倍数 ×{multiplier}({causes})",
    },
    "end.ddz.doubling": {"en": "doubling ×{factor}", "zh": "加倍 ×{factor}"},
    "end.ddz.doublings": {"en": "doubling ({factors})", "zh": "加倍({factors})"},
    "end.ddz.farmers": {"en": "{count} farmers", "zh": "{count} 家农民"},
    "end.ddz.penalty": {
        "en": "{sign} {amount} (three deals without a bid)",
        "zh": "{sign} {amount}(连续三次无人叫分)",
    },
    # -- from the host_games area ------------------------------------------------------------
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
    "host.ddz.prompt.name": {
        "en": "You are the landlord this hand: name the stake (the farmers follow it, or "
              "concede the hand to you):",
        "zh": "你是本局地主,请叫分(农民可跟;不跟则地主直接获胜):"},
    "host.ddz.prompt.follow": {
        "en": "The landlord names {bid}: follow, or concede the hand (不跟: the landlord "
              "wins it)?",
        "zh": "地主叫 {bid} 分:跟,还是不跟(不跟则地主直接获胜)?"},
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
    "host.ddz.label.follow": {"en": "Follow ({bid} pt)", "zh": "跟({bid} 分)"},
    "host.ddz.label.no_follow": {"en": "Don't follow", "zh": "不跟"},
    "host.ddz.label.lapse": {"en": "No bid (time ran out)", "zh": "超时不叫"},
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
              "anti-spring each double the stake.",
        "zh": "斗地主(三人,54 张)\n"
              "• 每人 17 张,底牌 3 张。轮流叫 1、2、3 分一次(必须高于前面,叫 3 分立即结束)。"
              "叫分最高者为地主,拿底牌先出;另两家为农民。\n"
              "• 牌型:单张、对子、三张(带一/带对)、五张以上顺子(3…A)、三连对以上、飞机(带翅膀)、"
              "四带二、炸弹、王炸。\n"
              "• 同牌型同张数且点数更大才能管上,炸弹可管任意非炸弹牌。"
              "连续两家不出,由最后出牌者重新出。\n"
              "• 先出完者一方获胜。炸弹、王炸、春天、反春各翻一倍。",
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
    # -- from the pictures area --------------------------------------------------------------
    "pictures.headline.landlord_won": {"en": "LANDLORD WINS", "zh": "地主胜"},
    "pictures.headline.farmers_won": {"en": "FARMERS WIN", "zh": "农民胜"},
    "pictures.headline.farmer_won": {"en": "FARMER WINS", "zh": "农民胜"},
    "pictures.cause.grab": {"en": "grab", "zh": "抢地主"},
    "pictures.cause.show": {"en": "shown hand", "zh": "明牌"},
    "pictures.cause.bomb": {"en": "bomb", "zh": "炸弹"},
    "pictures.cause.rocket": {"en": "rocket", "zh": "王炸"},
    "pictures.cause.spring": {"en": "spring", "zh": "春天"},
    "pictures.cause.anti_spring": {"en": "anti-spring", "zh": "反春"},
    "pictures.cause.last_bidder": {"en": "last bidder", "zh": "末家叫分"},
    # -- from the web area -------------------------------------------------------------------
    "web.settle.ddz": {
        "en": "Base {base} × multiplier {multiplier} = {unit} per farmer",
        "zh": "底分 {base} × 倍数 {multiplier} = 每位农民 {unit}",
    },
    # achievements (bot/games/doudizhu/achievements.py), shown in /me
    "ddz.achievement.spring": {"en": "Spring (春天)", "zh": "春天"},
    "ddz.achievement.anti_spring": {"en": "Anti-spring (反春)", "zh": "反春"},
    "ddz.achievement.bomb_run": {"en": "Bomb run (连炸: two bombs in a hand)",
                                 "zh": "连炸(一局两炸)"},
    "ddz.achievement.landlord_streak": {"en": "Landlord streak (three wins in a row)",
                                        "zh": "地主三连胜"},
    # -- the modes (RULES §2.1: 癞子 / 天地癞子, 超级加倍) ---------------------------------
    "ddz.err.which_reading": {
        "en": "{cards} can be read more than one way — say which: {choices}",
        "zh": "{cards} 有多种出法,请选一种:{choices}",
    },
    "ddz.err.no_such_reading": {
        "en": "{cards} cannot be played as {reading} now; it can be: {choices}",
        "zh": "{cards} 现在不能当作 {reading} 出;可以这样出:{choices}",
    },
    "ddz.say.wild_laizi": {"en": "🃏 The wild card (癞子) is {rank}: every {rank} stands "
                           "for any rank 3…2",
                           "zh": "🃏 癞子是 {rank}:每张 {rank} 可当 3…2 任意点数"},
    "ddz.say.wild_tian": {"en": "🃏 Sky wild card (天癞子): {rank}",
                          "zh": "🃏 天癞子:{rank}"},
    "ddz.say.wild_di": {"en": "🃏 Earth wild card (地癞子): {rank} — with the sky wild "
                        "card, both stand for any rank 3…2",
                        "zh": "🃏 地癞子:{rank}(与天癞子一样,可当 3…2 任意点数)"},
    "ddz.say.super_double": {"en": "{player} super-doubles (×4)", "zh": "{player} 超级加倍(×4)"},
    "ddz.say.soft_bomb": {
        "en": "💣 {player} plays a soft bomb (软炸)! Multiplier now ×{multiplier}",
        "zh": "💣 {player} 软炸!当前倍数 ×{multiplier}",
    },
    "ddz.say.hard_bomb": {
        "en": "💣 {player} plays a natural bomb (硬炸, ×4)! Multiplier now ×{multiplier}",
        "zh": "💣 {player} 硬炸(×4)!当前倍数 ×{multiplier}",
    },
    "ddz.say.pure_bomb": {
        "en": "💣 {player} plays four wild cards (纯癞子炸, ×4)! Multiplier now ×{multiplier}",
        "zh": "💣 {player} 纯癞子炸(×4)!当前倍数 ×{multiplier}",
    },
    "ddz.say.long_bomb": {
        "en": "💣 {player} plays a long bomb (×4)! Multiplier now ×{multiplier}",
        "zh": "💣 {player} 多张炸弹(×4)!当前倍数 ×{multiplier}",
    },
    "ddz.say.rocket_x4": {
        "en": "🚀 {player} fires the rocket (×4)! Multiplier now ×{multiplier}",
        "zh": "🚀 {player} 王炸(×4)!当前倍数 ×{multiplier}",
    },
    "ddz.cause.soft_bomb": {"en": "soft bomb", "zh": "软炸"},
    "ddz.cause.hard_bomb": {"en": "natural bomb ×4", "zh": "硬炸×4"},
    "ddz.cause.pure_bomb": {"en": "wild bomb ×4", "zh": "纯癞子炸×4"},
    "ddz.cause.long_bomb": {"en": "long bomb ×4", "zh": "多张炸弹×4"},
    "ddz.cause.rocket_x4": {"en": "rocket ×4", "zh": "王炸×4"},
    "pictures.cause.soft_bomb": {"en": "soft bomb", "zh": "软炸"},
    "pictures.cause.hard_bomb": {"en": "natural bomb ×4", "zh": "硬炸×4"},
    "pictures.cause.pure_bomb": {"en": "wild bomb ×4", "zh": "纯癞子炸×4"},
    "pictures.cause.long_bomb": {"en": "long bomb ×4", "zh": "多张炸弹×4"},
    "pictures.cause.rocket_x4": {"en": "rocket ×4", "zh": "王炸×4"},
    "host.ddz.wilds_laizi": {"en": "🃏 Wild card (癞子): {rank}★ — stands for any rank 3…2",
                             "zh": "🃏 癞子:{rank}★(可当 3…2 任意点数)"},
    "host.ddz.wilds_tian": {"en": "🃏 Sky wild card (天癞子): {rank}★; the earth wild card "
                            "comes after the bidding",
                            "zh": "🃏 天癞子:{rank}★;地癞子叫完地主后翻出"},
    "host.ddz.wilds_tiandi": {"en": "🃏 Wild cards★: sky (天癞子) {tian}, earth (地癞子) {di}",
                              "zh": "🃏 天癞子:{tian}★ · 地癞子:{di}★"},
    "host.ddz.wilds_pending": {"en": "🃏 Wild card (癞子) mode: the wild rank is drawn once "
                               "the landlord takes the bottom",
                               "zh": "🃏 癞子玩法:地主拿底牌后翻出癞子"},
    "host.ddz.label.play_as": {"en": "{cards} as {reading}", "zh": "{cards} 当 {reading}"},
    "host.ddz.read_as": {"en": "{cards} (as {reading})", "zh": "{cards}(当 {reading})"},
    "host.ddz.label.super-double": {"en": "Super double ×4", "zh": "超级加倍"},
    # the daily 残局 (bot/games/doudizhu/daily.py), `/puzzle`
    "ddz.puzzle.text": {
        "en": "Two hands in full view; you lead. Find the first move of a forced win: you go "
              "out first whatever the other side plays (a trick ends at the first pass, "
              "bombs and the rocket as usual).\n"
              "You ({size} cards): {mine}\nThem ({other} cards): {theirs}",
        "zh": "双方手牌全部公开,你先出。找出必胜的第一手:无论对方怎么出,你都先出完"
              "(一方不出即本轮结束,炸弹、王炸照常)。\n"
              "你({size} 张):{mine}\n对方({other} 张):{theirs}",
    },
    "ddz.puzzle.solution": {
        "en": "{hands}: the winning first move: {first}. One winning line: {line}",
        "zh": "{hands}:必胜的第一手:{first}。一种必胜走法:{line}",
    },
    "ddz.puzzle.you": {"en": "you {move}", "zh": "你 {move}"},
    "ddz.puzzle.them": {"en": "they {move}", "zh": "对方 {move}"},
    "ddz.puzzle.pass": {"en": "pass", "zh": "不出"},
    "ddz.puzzle.empty": {"en": "Name the cards of your first move, e.g. 33.",
                         "zh": "请写出你第一手要出的牌,例如 33。"},
    "ddz.puzzle.not_held": {"en": "You do not hold {cards} in the puzzle's hand.",
                            "zh": "残局里你的手牌没有 {cards}。"},
}
