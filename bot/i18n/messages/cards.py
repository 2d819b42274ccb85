"""Messages of card parsing."""

MESSAGES = {
    "cards.unknown_token": {
        "en": "I can't read “{token}” (character {position}) as a card",
        "zh": "无法识别“{token}”(第 {position} 个字符)",
    },
    "cards.bad_ten": {
        "en": "“{token}” is not a card: write a ten as 10 or T",
        "zh": "“{token}”不是牌:10 请写作 10 或 T",
    },
    "cards.suit_without_rank": {
        "en": "the suit “{token}” has no card next to it",
        "zh": "花色“{token}”后面缺少点数",
    },
    "cards.joker_has_no_suit": {
        "en": "“{token}”: a joker has no suit",
        "zh": "“{token}”:王没有花色",
    },
    "cards.missing_suit": {
        "en": "“{token}” needs a suit (s h c d or ♠ ♥ ♣ ♦)",
        "zh": "“{token}”缺少花色(s h c d 或 ♠ ♥ ♣ ♦)",
    },
    "cards.duplicate": {
        "en": "{card} is given twice",
        "zh": "{card} 重复了",
    },
    "cards.expected_one": {
        "en": "expected exactly one card, got “{text}”",
        "zh": "需要恰好一张牌,收到“{text}”",
    },
}
