"""Room rule options by name, in both languages (settings lists and `设置 加倍=开`).

`option.<key>` is an option's name; `option.value.<value>` a value's word where the value
is a word (numbers, on/off and none have their own). The Chinese names are also what
`设置 <名称>=<值>` reads.
"""

MESSAGES = {
    "option.bidding": {"en": "bidding", "zh": "叫地主方式"},
    "option.last_bidder_min_two": {"en": "last bidder bids 2+", "zh": "末家至少叫2分"},
    "option.first_bidder": {"en": "first bidder", "zh": "首叫"},
    "option.no_bid_penalty": {"en": "no-bid penalty", "zh": "流局罚分"},
    "option.doubling": {"en": "doubling", "zh": "加倍"},
    "option.show_hand": {"en": "show hand", "zh": "明牌"},
    "option.bomb_cap": {"en": "bomb cap", "zh": "炸弹封顶"},
    "option.dummy_visible": {"en": "open third hand", "zh": "闲置牌公开"},
    "option.escape_penalty": {"en": "escape penalty", "zh": "逃跑惩罚"},
    "option.escape_to": {"en": "escape penalty to", "zh": "逃跑罚分归"},
    "option.duel_hand": {"en": "cards dealt", "zh": "发牌张数"},
    "option.ai_level": {"en": "AI level", "zh": "电脑水平"},
    "option.ai_budget": {"en": "AI search budget", "zh": "电脑搜索量"},
    "option.variant": {"en": "variant", "zh": "玩法"},
    "option.shuffle": {"en": "shuffle", "zh": "洗牌"},
    "option.value.classic": {"en": "classic", "zh": "经典"},
    "option.value.laizi": {"en": "wild card (癞子)", "zh": "癞子"},
    "option.value.tiandi_laizi": {"en": "two wild cards (天地癞子)", "zh": "天地癞子"},
    "option.value.super": {"en": "super (×2 or ×4)", "zh": "超级加倍"},
    "option.value.easy": {"en": "easy", "zh": "简单"},
    "option.value.normal": {"en": "normal", "zh": "普通"},
    "option.value.strong": {"en": "strong", "zh": "强"},
    "option.value.points": {"en": "points (叫分)", "zh": "叫分"},
    "option.value.grab": {"en": "grab (抢地主)", "zh": "抢地主"},
    "option.value.face_up": {"en": "face-up card", "zh": "翻牌"},
    "option.value.rotate": {"en": "in turn", "zh": "轮流"},
    "option.value.turns": {"en": "landlord in turn", "zh": "轮流坐地主"},
    "option.value.landlord_names": {"en": "landlord in turn names the stake",
                                    "zh": "轮流坐地主,地主叫分"},
    "option.value.face_up_once": {"en": "face-up card on the first hand, then in turn",
                                  "zh": "首局翻牌,之后轮流"},
    "option.value.bank": {"en": "the bank", "zh": "系统"},
    "option.value.players": {"en": "the other players", "zh": "其他玩家"},
}
