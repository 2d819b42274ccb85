"""Words drawn in pictures (card art) and the messages that go with them.

Pictures are drawn with Pillow's bundled font, which has ASCII glyphs only: a label whose
Chinese text cannot be drawn is drawn in English (`bot.pictures.text.label`); the Chinese
texts are kept for a font that can draw them and for everything said beside a picture.
"""

MESSAGES = {
    "pictures.headline.ended": {"en": "GAME OVER", "zh": "牌局结束"},
    "pictures.stake.beans": {"en": "stake {stake} beans", "zh": "底注 {stake} 豆"},
    "pictures.stake.points": {"en": "stake {stake} points", "zh": "底注 {stake} 分"},
    "pictures.base": {"en": "bid {base}", "zh": "叫分 {base}"},
    "pictures.cause": {"en": "{cause} x2", "zh": "{cause} ×2"},
    "pictures.multiplier": {"en": "= {total} x stake", "zh": "= {total} 倍底注"},
    "pictures.seat": {"en": "Seat {seat}", "zh": "{seat} 号位"},
    "pictures.role.landlord": {"en": "LANDLORD", "zh": "地主"},
    "pictures.role.farmer": {"en": "FARMER", "zh": "农民"},
    "pictures.no_cards": {"en": "no cards left", "zh": "出完了"},
    "pictures.tricks": {"en": "{count} tricks", "zh": "赢 {count} 墩"},
    "pictures.tricks_one": {"en": "1 trick", "zh": "赢 1 墩"},
    "pictures.tricks_title": {"en": "Tricks", "zh": "各墩"},
    "pictures.word": {"en": "{word}", "zh": "{word}"},
    "pictures.bust": {"en": "bust", "zh": "撑死"},
    "pictures.bottom": {"en": "Bottom cards", "zh": "底牌"},
    "pictures.last_play": {"en": "Last play", "zh": "上一手"},
    "pictures.cli.no_cards": {"en": "no cards given", "zh": "没有给出牌"},
    "pictures.cli.not_in_hand": {"en": "not in the hand: {cards}", "zh": "不在手牌中:{cards}"},
    "pictures.cli.no_game": {"en": "no recorded game {game_id}",
                             "zh": "没有记录的牌局 {game_id}"},
    "pictures.cli.not_finished": {"en": "game {game_id} is not finished",
                                  "zh": "牌局 {game_id} 尚未结束"},
    "pictures.cli.cannot_write": {"en": "cannot write {path}: {reason}",
                                  "zh": "无法写入 {path}:{reason}"},
    "pictures.setting": {"en": "Pictures: {value} (pictures=on|off)",
                         "zh": "牌图:{value}(图片=开|关)"},
    "pictures.bad_setting": {"en": "pictures is on or off, not “{value}”",
                             "zh": "图片只能是开或关,不是“{value}”"},
    "pictures.last_play_caption": {"en": "🖼 Last play: {player} {cards}",
                                   "zh": "🖼 上一手:{player} {cards}"},
    "pictures.sort_up": {"en": "⇅ Small to big", "zh": "⇅ 从小到大"},
    "pictures.sort_down": {"en": "⇅ Big to small", "zh": "⇅ 从大到小"},
}
