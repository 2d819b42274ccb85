"""The game's own catalogue, English and Chinese."""

MESSAGES = {
    "hck.rules": {"en": "Three cards each, two rounds; the highest card takes each round.",
                  "zh": "每人三张牌,打两轮,每轮最大的牌赢一轮。"},
    "hck.action.lowest": {"en": "My lowest card", "zh": "出最小的牌"},
    "hck.took": {"en": "{player} takes the round with {card}.",
                 "zh": "{player} 以 {card} 赢了这一轮。"},
    "hck.err.illegal": {"en": "{action} is not a card you can play now.",
                        "zh": "{action} 现在不能出。"},
    "hck.err.option": {"en": "This game has no option {option}.",
                       "zh": "本游戏没有选项 {option}。"},
    "hck.err.not_over": {"en": "The game is not over.", "zh": "游戏还没结束。"},
}
