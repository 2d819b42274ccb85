"""Messages of the 斗地主 move engine: why cards are not a move."""

MESSAGES = {
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
}
