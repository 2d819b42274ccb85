"""Messages of the end of a hand: the final play, the cards left, each player's formula."""

MESSAGES = {
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
    "end.tianji.formula": {
        "en": "{rounds} → {units} × stake {stake}",
        "zh": "{rounds} → {units} × 底注 {stake}",
    },
    "end.duel.left": {"en": "Cards not played: {cards}", "zh": "没出的牌:{cards}"},
    "end.duel.formula": {
        "en": "tricks {mine}–{theirs} → {units} × stake {stake}",
        "zh": "墩数 {mine}–{theirs} → {units} × 底注 {stake}",
    },
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
