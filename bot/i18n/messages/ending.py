"""Messages of the end of a hand: the final play, the cards left, each player's formula."""

MESSAGES = {
    "end.line": {
        "en": "{player}: {amount} {unit} ({formula} = {full})",
        "zh": "{player}:{amount} {unit}({formula} = {full})",
    },
    "end.line_floored": {
        "en": "{player}: {amount} {unit} ({formula} = {full}; the bean floor cuts it to "
              "{cut}: nobody pays more beans than they hold)",
        "zh": "{player}:{amount} {unit}({formula} = {full};欢乐豆不足,按持有的欢乐豆"
              "封顶为 {cut})",
    },
}
