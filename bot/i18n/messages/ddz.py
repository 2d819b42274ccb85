"""Messages of the 斗地主 game: refusals, announcements, multiplier causes, roles."""

MESSAGES = {
    # -- refusals ------------------------------------------------------------------------
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
    # -- the referees (game records, AI positions) --------------------------------------
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
    # -- announcements ({player} is filled by the host) ---------------------------------
    "ddz.say.bid": {"en": "{player} bids {bid}", "zh": "{player} 叫 {bid} 分"},
    "ddz.say.bid_pass": {"en": "{player} passes", "zh": "{player} 不叫"},
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
    # -- multiplier causes and roles --------------------------------------------------------
    "ddz.cause.grab": {"en": "grab", "zh": "抢地主"},
    "ddz.cause.show": {"en": "shown hand", "zh": "明牌"},
    "ddz.cause.bomb": {"en": "bomb", "zh": "炸弹"},
    "ddz.cause.rocket": {"en": "rocket", "zh": "王炸"},
    "ddz.cause.spring": {"en": "spring", "zh": "春天"},
    "ddz.cause.anti_spring": {"en": "anti-spring", "zh": "反春"},
    "ddz.cause.last_bidder": {"en": "last bidder's win", "zh": "末家叫分获胜"},
    "ddz.role.landlord": {"en": "landlord", "zh": "地主"},
    "ddz.role.farmer": {"en": "farmer", "zh": "农民"},
    # -- the AI's one-line reasons (hints, /judge puzzles) --------------------------------
    "ddz.why.bid": {"en": "hand strength {strength}: bid {bid}",
                    "zh": "牌力 {strength}:叫 {bid} 分"},
    "ddz.why.pass_bid": {"en": "hand strength {strength}: too weak to bid",
                         "zh": "牌力 {strength}:不够叫分"},
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
}
