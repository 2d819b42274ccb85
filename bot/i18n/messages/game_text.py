"""The default text of a game (bot.games.text.GameText): what a game that writes none shows."""

MESSAGES = {
    "game.turn_help": {
        "en": "a choice as shown (its words, or its number where they are numbered); Enter "
              "plays the suggestion",
        "zh": "输入所示的选项(文字,或编号);直接回车选建议",
    },
    "game.end_cards": {"en": "Cards at the end: {cards}", "zh": "终局亮牌:{cards}"},
    "game.last_play": {"en": "Last play: {player} — {cards}", "zh": "上一手:{player} — {cards}"},
    "game.shown_cards": {"en": "Cards shown: {cards}", "zh": "亮出的牌:{cards}"},
    "game.prompt": {"en": "Your move:", "zh": "轮到你了:"},
}
