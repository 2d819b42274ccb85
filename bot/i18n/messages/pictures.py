"""Words drawn in pictures (card art) and the messages that go with them.

Pictures are drawn with Pillow's bundled font, which has ASCII glyphs only: a label whose
Chinese text cannot be drawn is drawn in English (`bot.pictures.text.label`); the Chinese
texts are kept for a font that can draw them and for everything said beside a picture.
"""

MESSAGES = {
    "pictures.headline.landlord_won": {"en": "LANDLORD WINS", "zh": "地主胜"},
    "pictures.headline.farmers_won": {"en": "FARMERS WIN", "zh": "农民胜"},
    "pictures.headline.farmer_won": {"en": "FARMER WINS", "zh": "农民胜"},
    "pictures.headline.tianji": {"en": "TIANJI - RESULT", "zh": "田忌赛马 结果"},
    "pictures.headline.ended": {"en": "GAME OVER", "zh": "牌局结束"},
    "pictures.stake.beans": {"en": "stake {stake} beans", "zh": "底注 {stake} 豆"},
    "pictures.stake.points": {"en": "stake {stake} points", "zh": "底注 {stake} 分"},
    "pictures.base": {"en": "bid {base}", "zh": "叫分 {base}"},
    "pictures.cause": {"en": "{cause} x2", "zh": "{cause} ×2"},
    "pictures.multiplier": {"en": "= x{multiplier}", "zh": "= ×{multiplier}"},
    "pictures.cause.grab": {"en": "grab", "zh": "抢地主"},
    "pictures.cause.show": {"en": "shown hand", "zh": "明牌"},
    "pictures.cause.bomb": {"en": "bomb", "zh": "炸弹"},
    "pictures.cause.rocket": {"en": "rocket", "zh": "王炸"},
    "pictures.cause.spring": {"en": "spring", "zh": "春天"},
    "pictures.cause.anti_spring": {"en": "anti-spring", "zh": "反春"},
    "pictures.cause.last_bidder": {"en": "last bidder", "zh": "末家叫分"},
    "pictures.seat": {"en": "Seat {seat}", "zh": "{seat} 号位"},
    "pictures.role.landlord": {"en": "LANDLORD", "zh": "地主"},
    "pictures.role.farmer": {"en": "FARMER", "zh": "农民"},
    "pictures.no_cards": {"en": "no cards left", "zh": "出完了"},
    "pictures.value.B": {"en": "{value} pts", "zh": "{value} 点"},
    "pictures.value.C": {"en": "{value}", "zh": "{value}"},
    "pictures.type.zha": {"en": "2-3-5", "zh": "渣牌"},
    "pictures.type.high": {"en": "high card", "zh": "散单"},
    "pictures.type.pair": {"en": "pair", "zh": "对子"},
    "pictures.type.straight": {"en": "straight", "zh": "顺子"},
    "pictures.type.flush": {"en": "flush", "zh": "同花"},
    "pictures.type.straight_flush": {"en": "straight flush", "zh": "同花顺"},
    "pictures.type.leopard": {"en": "three of a kind", "zh": "豹子"},
    "pictures.bust": {"en": "bust", "zh": "撑死"},
    "pictures.bottom": {"en": "Bottom cards", "zh": "底牌"},
    "pictures.last_play": {"en": "Last play", "zh": "上一手"},
}
