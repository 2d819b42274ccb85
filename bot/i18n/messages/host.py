"""Messages of the host: replies, refusals, tables, private views, announcements, boards."""

MESSAGES = {
    # -- refusals -----------------------------------------------------------------------
    "host.internal_error": {
        "en": "Something went wrong on my side; nothing was changed. Please try again.",
        "zh": "内部出错了,什么都没有改变,请再试一次。",
    },
    "host.bad_payload": {
        "en": "That button is not one of mine.",
        "zh": "无法识别这个按钮。",
    },
    "host.room_gone": {"en": "That table is closed.", "zh": "这张牌桌已经关闭。"},
    "host.no_room": {
        "en": "There is no table here. Open one with “new”.",
        "zh": "这里还没有牌桌,用“new”开一桌。",
    },
    "host.need_channel": {
        "en": "Open a table in a group or channel, not here.",
        "zh": "请在群组或频道里开桌。",
    },
    "host.unknown_game": {
        "en": "I don't know the game “{game}”. Games: {games}",
        "zh": "没有“{game}”这个游戏。可选:{games}",
    },
    "host.bad_stake": {
        "en": "The stake must be a whole number from 1 to {most} (not “{value}”).",
        "zh": "底注必须是 1 到 {most} 之间的整数(不是“{value}”)。",
    },
    "host.bad_mode": {
        "en": "The mode is beans or points (not “{value}”).",
        "zh": "模式只能是 beans(欢乐豆)或 points(积分),不是“{value}”。",
    },
    "host.bad_language": {
        "en": "Unknown language “{value}” (one of {languages}).",
        "zh": "未知语言“{value}”(可选 {languages})。",
    },
    "host.seated_elsewhere": {
        "en": "You already sit at another table; leave it first.",
        "zh": "你已经在另一张牌桌上了,请先离开那一桌。",
    },
    "host.not_enough_beans": {
        "en": "Not enough beans: this table needs {need}, you have {have}.",
        "zh": "欢乐豆不足:本桌需要 {need},你只有 {have}。",
    },
    "host.not_enough_beans_today": {
        "en": "Not enough beans: this table needs {need}, you have {have}. Today's relief is "
              "claimed; after 00:00 UTC you are topped up to {relief} again.",
        "zh": "欢乐豆不足:本桌需要 {need},你只有 {have}。今天的低保已领过,UTC 0 点"
              "(北京时间 8 点)后可再领,补到 {relief}。",
    },
    "host.player_broke": {
        "en": "{name} has fewer than {need} beans and cannot play this hand.",
        "zh": "{name} 的欢乐豆不足 {need},无法开局。",
    },
    "host.room_busy": {
        "en": "A game is running at this table; wait for it to end.",
        "zh": "这桌正在对局,请等本局结束。",
    },
    "host.game_running": {
        "en": "Not while a hand is being played.",
        "zh": "对局进行中,现在不能这样做。",
    },
    "host.already_seated": {
        "en": "You already sit at this table.",
        "zh": "你已经在这桌了。",
    },
    "host.room_full": {
        "en": "The table is full ({seats} seats).",
        "zh": "牌桌已满({seats} 人)。",
    },
    "host.not_in_room": {"en": "You don't sit at this table.", "zh": "你不在这张牌桌上。"},
    "host.no_ai_seat": {
        "en": "There is no AI seat to remove.",
        "zh": "没有可移除的电脑玩家。",
    },
    "host.not_enough_players": {
        "en": "Not enough players: {have} seated, {need} needed (add AI players?).",
        "zh": "人数不够:已坐 {have} 人,需要 {need} 人(可以加电脑玩家)。",
    },
    "host.not_owner": {
        "en": "Only the table's owner or an admin can do that.",
        "zh": "只有桌主或管理员可以这样做。",
    },
    "host.no_game": {"en": "No hand is being played here.", "zh": "这里没有进行中的对局。"},
    "host.not_your_turn": {"en": "It's not your turn.", "zh": "还没轮到你。"},
    "host.stale": {
        "en": "That button is from an earlier turn; nothing was done.",
        "zh": "这是之前回合的按钮,未执行任何操作。",
    },
    "host.empty_action": {"en": "Say what to play.", "zh": "请说明要出什么。"},
    "host.no_hint": {"en": "No suggestion here.", "zh": "没有可提示的出法。"},
    # -- answers ------------------------------------------------------------------------
    "host.ok": {"en": "OK", "zh": "好的"},
    "host.list_sep": {"en": ", ", "zh": "、"},  # between names in a list
    "host.room_opened": {
        "en": "Table opened. Others can join; add AI players or start when seated.",
        "zh": "已开桌。其他人可以加入;人齐后开始,也可以加电脑玩家。",
    },
    "host.joined": {"en": "You sit at seat {seat}.", "zh": "你坐在 {seat} 号位。"},
    "host.left": {"en": "You left the table.", "zh": "你离开了牌桌。"},
    "host.left_closed": {
        "en": "You left; the table is closed.",
        "zh": "你离开了,牌桌已关闭。",
    },
    "host.left_escaped": {
        "en": "You left the hand and forfeit it (escape penalty).",
        "zh": "你中途离开,按逃跑判负。",
    },
    "host.confirm_escape": {
        "en": "Leaving now costs you {amount} (escape penalty). Leave again (or /leave "
              "confirm) to go.",
        "zh": "现在离开将被扣 {amount} 分(逃跑扣分)。再次离开(或 /leave 确认)即确认。",
    },
    "host.left_auto": {
        "en": "You left: auto-play (托管) finishes your hand, then your seat is free.",
        "zh": "你已离开:本局由托管打完,之后让出座位。",
    },
    "host.ai_added": {"en": "An AI player sat down.", "zh": "电脑玩家已入座。"},
    "host.ai_removed": {"en": "The AI player left.", "zh": "电脑玩家已离开。"},
    "host.started": {"en": "Cards dealt. Good luck!", "zh": "已发牌,祝你好运!"},
    "host.table": {"en": "The table", "zh": "牌桌"},
    "host.settings": {"en": "Settings", "zh": "设置"},
    "host.settings_changed": {
        "en": "Settings changed:\n{settings}",
        "zh": "设置已更改:\n{settings}",
    },
    "host.settings.text": {
        "en": "Game: {game}\nStake: {stake} ({mode})\nLanguage: {language}\nRules: {options}",
        "zh": "游戏:{game}\n底注:{stake}({mode})\n语言:{language}\n规则:{options}",
    },
    "host.option.on": {"en": "on", "zh": "开"},
    "host.option.off": {"en": "off", "zh": "关"},
    "host.option.none": {"en": "none", "zh": "无"},
    "host.closed": {"en": "The table is closed.", "zh": "牌桌已关闭。"},
    "host.played": {"en": "Done.", "zh": "已出。"},
    "host.hint": {
        "en": "Hint {number}/{total}: {move}",
        "zh": "提示 {number}/{total}:{move}",
    },
    "host.auto_on": {
        "en": "Auto-play (托管) is on: the AI plays for you.",
        "zh": "已开启托管:电脑替你出牌。",
    },
    "host.auto_off": {"en": "Auto-play (托管) is off.", "zh": "已取消托管。"},
    "host.hand_sent": {"en": "Here are your cards.", "zh": "这是你的手牌。"},
    "host.no_cards_yet": {
        "en": "No cards yet: the hand has not started.",
        "zh": "还没有发牌。",
    },
    # -- announcements ------------------------------------------------------------------
    "host.timed_out": {
        "en": "⏰ {player} ran out of time twice in a row: auto-play (托管) is on; use Auto "
              "to take over.",
        "zh": "⏰ {player} 连续两次超时,已进入托管;选择“托管”即可接管。",
    },
    "host.timed_out_once": {
        "en": "⏰ {player} ran out of time: the AI played this turn. Run out again next turn "
              "and auto-play (托管) takes over.",
        "zh": "⏰ {player} 超时,本轮由电脑代出;下一轮再超时将进入托管。",
    },
    "host.timed_out_last": {
        "en": "⏰ {player} ran out of time: the AI played the last turn.",
        "zh": "⏰ {player} 超时,最后一手由电脑代出。",
    },
    "host.timed_out_lapsed": {
        "en": "⏰ {player} ran out of time: the rules count that as declining, and the AI does "
              "not act for you here. Run out again next turn and auto-play (托管) takes over.",
        "zh": "⏰ {player} 超时,按规则视为放弃(此处电脑不代为操作);下一轮再超时将进入托管。",
    },
    "host.timer_warning": {
        "en": "⏳ {player}, {seconds} s left for your turn.",
        "zh": "⏳ {player},你还有 {seconds} 秒。",
    },
    "host.escaped": {
        "en": "🏃 {player} left the hand and forfeits it.",
        "zh": "🏃 {player} 中途逃跑,判负。",
    },
    "host.result.title": {"en": "🏁 Result", "zh": "🏁 结算"},
    "host.result.line": {
        "en": "{player}: {amount} {unit}",
        "zh": "{player}:{amount} {unit}",
    },
    "host.result.line_floored": {
        "en": "{player}: {amount} {unit} (bean floor: {full} by the score)",
        "zh": "{player}:{amount} {unit}(欢乐豆不足,按分数应为 {full})",
    },
    "host.result.escape": {
        "en": "The hand ended with an escape: the quitter pays the penalty (6 before any "
              "bid, else 3 × the stake).",
        "zh": "本局因逃跑结束:逃跑者扣分(叫分前 6 分,之后 3 倍当前分数)。",
    },
    # -- names --------------------------------------------------------------------------
    "host.ai_name": {"en": "AI {number}", "zh": "电脑{number}"},
    "host.mode.beans": {"en": "beans", "zh": "欢乐豆"},
    "host.mode.points": {"en": "points", "zh": "积分"},
    "host.role.landlord": {"en": "landlord", "zh": "地主"},
    "host.role.farmer": {"en": "farmer", "zh": "农民"},
    "host.role.student": {"en": "student (学生), shows first", "zh": "学生(先出)"},
    "host.role.teacher": {"en": "teacher (老师), answers", "zh": "老师(后出)"},
    # -- the table ----------------------------------------------------------------------
    "host.table.title": {
        "en": "🃏 {game} · table {room} · stake {stake} {mode}",
        "zh": "🃏 {game} · 牌桌 {room} · 底注 {stake} {mode}",
    },
    "host.table.cards": {"en": "🂠{count}", "zh": "🂠{count}"},
    "host.table.auto": {"en": "(auto)", "zh": "(托管)"},
    "host.table.leaving": {"en": "(leaving)", "zh": "(已离开)"},
    "host.table.unreachable": {"en": "(can't DM)", "zh": "(私信不可达)"},
    "host.table.lobby": {
        "en": "Seated {have}: {need}–{most} needed. Join, add AI players, then start.",
        "zh": "已坐 {have} 人,需要 {need}–{most} 人。加入或加电脑玩家,然后开始。",
    },
    "host.table.lobby_exact": {
        "en": "Seated {have} of {need}. Join, add AI players, then start.",
        "zh": "已坐 {have}/{need} 人。加入或加电脑玩家,然后开始。",
    },
    "host.table.lobby_full": {
        "en": "All {have} seats are taken: ready to start.",
        "zh": "{have} 个座位已满,可以开始。",
    },
    "host.table.closed": {"en": "This table is closed.", "zh": "牌桌已关闭。"},
    "host.table.over": {"en": "Play again?", "zh": "再来一局?"},
    "host.table.turn": {"en": "Turn: {players}", "zh": "轮到:{players}"},
    "host.table.timer": {"en": "⏱ {seconds} s", "zh": "⏱ {seconds} 秒"},
    "host.table.timer_at": {"en": "⏱ time is up {stamp}", "zh": "⏱ {stamp}超时"},
    "host.button.join": {"en": "Join", "zh": "加入"},
    "host.button.leave": {"en": "Leave", "zh": "离开"},
    "host.button.add_ai": {"en": "Add AI", "zh": "加电脑"},
    "host.button.start": {"en": "Start", "zh": "开始"},
    "host.button.check_in": {"en": "Check in", "zh": "报到"},
    "host.button.hand": {"en": "My hand", "zh": "我的牌"},
    "host.button.auto": {"en": "Auto (托管)", "zh": "托管"},
    "host.button.auto_off": {"en": "Take over (end 托管)", "zh": "取消托管"},
    "host.button.again": {"en": "Play again", "zh": "再来一局"},
    "host.button.hint": {"en": "Hint", "zh": "提示"},
    # the fairness button: the commitment in full, the presser's own seed (docs/fairness.md)
    "host.button.seed": {"en": "🎲 Seed", "zh": "🎲 种子"},
    "host.button.commitment": {"en": "🔒", "zh": "🔒"},
    # -- private views ------------------------------------------------------------------
    "host.private.waiting": {
        "en": "You sit at seat {seat} of table {room} ({game}). Your cards will come here.",
        "zh": "你坐在牌桌 {room}({game})的 {seat} 号位,发牌后手牌会显示在这里。",
    },
    "host.language.en": {"en": "English (en)", "zh": "英文(en)"},  # as typed back: lang=en
    "host.language.zh": {"en": "Chinese (zh)", "zh": "中文(zh)"},
    "host.private.bottom_marked": {"en": "([ ] from the bottom)", "zh": "([ ] 为底牌)"},
    "host.sorted": {"en": "Your cards are shown {order} now.", "zh": "手牌现在{order}排列。"},
    "host.order.down": {"en": "big→small", "zh": "从大到小"},
    "host.order.up": {"en": "small→big", "zh": "从小到大"},
    "host.private.hand": {
        "en": "Your cards ({count}): {cards}",
        "zh": "你的手牌({count} 张):{cards}",
    },
    "host.private.suggestions": {"en": "Suggested: {moves}", "zh": "建议:{moves}"},
    "host.settings.counter": {
        "en": "Card counter (记牌器): {value} (counter=on|off)",
        "zh": "记牌器:{value}(记牌器=开|关)",
    },
    "host.private.counter": {"en": "Card counter (记牌器): {cards}", "zh": "记牌器:{cards}"},
    "host.bad_counter": {
        "en": "The card counter is on or off (counter=on), not “{value}”.",
        "zh": "记牌器只能是 开 或 关(记牌器=开),不是“{value}”。",
    },
    "host.private.over": {"en": "The hand is over.", "zh": "本局已结束。"},
    "host.private.auto_on": {
        "en": "Auto-play (托管) is on; use Auto again to take over.",
        "zh": "托管中;再次选择“托管”即可接管。",
    },
    # -- stats and leaderboards ---------------------------------------------------------
    "host.stats": {
        "en": "{name}: beans {beans}, points {points} · played {games}, won {wins} "
              "({win_rate}) · rank #{rank}",
        "zh": "{name}:欢乐豆 {beans},积分 {points} · {games} 局 {wins} 胜({win_rate})"
              " · 排名 #{rank}",
    },
    # The hand's id and the first 16 hex digits of sha256("<game id>:<server seed>")
    # (docs/fairness.md); the whole digest is the table view's `commitment`.
    "host.table.next_commitment": {"en": "🔒 Next hand {game_id} · commitment sha256 "
                                         "{fingerprint}…",
                                   "zh": "🔒 下一牌局 {game_id} · 哈希承诺 {fingerprint}…"},
    "host.table.commitment": {"en": "🔒 Hand {game_id} · commitment sha256 {fingerprint}…",
                              "zh": "🔒 牌局 {game_id} · 哈希承诺 {fingerprint}…"},
    "host.result.seed": {
        "en": "🔓 Server seed {seed} (commitment {fingerprint}…): the replay re-deals from "
              "it and the players' seeds (python -m bot verify, docs/fairness.md)",
        "zh": "🔓 服务器种子 {seed}(哈希承诺 {fingerprint}…):回放按它和玩家种子重新发牌核对",
    },
    "host.stats.role": {
        "en": "{game} · {role}: played {games}, won {wins} ({rate})",
        "zh": "{game} · {role}:{games} 局 {wins} 胜({rate})",
    },
    "host.bad_metric": {
        "en": "Unknown ranking “{metric}” (one of {metrics}).",
        "zh": "未知排行“{metric}”(可选 {metrics})。",
    },
    "host.bad_period": {
        "en": "Unknown period “{period}” (one of {periods}).",
        "zh": "未知时间范围“{period}”(可选 {periods})。",
    },
    "host.lb.title": {
        "en": "🏆 {metric} · {scope} · {period}",
        "zh": "🏆 {metric} · {scope} · {period}",
    },
    "host.lb.here": {"en": "this community", "zh": "本群"},
    "host.lb.everywhere": {"en": "everywhere", "zh": "全服"},
    "host.lb.row": {
        "en": "{rank}. {name} — {value}",
        "zh": "{rank}. {name} — {value}",
    },
    "host.lb.empty": {"en": "Nobody yet.", "zh": "暂无数据。"},
    "host.lb.empty_rate": {
        "en": "Nobody yet: a rate counts from {games} games played.",
        "zh": "暂无数据:打满 {games} 局才计入胜率榜。",
    },
    "host.lb.here.discord": {"en": "this server", "zh": "本服务器"},
    "host.lb.mine": {"en": "You: #{rank} — {value}", "zh": "你:#{rank} — {value}"},
    "host.metric.beans": {"en": "Beans", "zh": "欢乐豆"},
    "host.metric.points": {"en": "Points", "zh": "积分"},
    "host.metric.games": {"en": "Games", "zh": "局数"},
    "host.metric.wins": {"en": "Wins", "zh": "胜局"},
    "host.metric.win_rate": {"en": "Win rate", "zh": "胜率"},
    "host.metric.landlord_win_rate": {"en": "Landlord win rate", "zh": "地主胜率"},
    "host.period.all": {"en": "all time", "zh": "总榜"},
    "host.period.week": {"en": "this week", "zh": "本周"},
    "host.period.season": {"en": "this season", "zh": "本赛季"},
    # -- the referee --------------------------------------------------------------------
    "host.judge.usage": {
        "en": "Judge what? e.g. “33344”, “66677 > 33344”, a 田忌 table "
              "“As|KhQd|2s3h5d; Ac|KdQs|2h3d5c”, or a 残局 position as JSON "
              "for the AI's move.",
        "zh": "裁判什么?例如“33344”、“66677 > 33344”,田忌赛马的牌"
              "“As|KhQd|2s3h5d; Ac|KdQs|2h3d5c”,或用 JSON 给出残局让 AI 出牌。",
    },
    "host.rules.timers": {
        "en": "• Timers here: {timers}; on a time-out the computer acts for you (twice in a "
              "row: auto-play, 托管).",
        "zh": "• 本桌限时:{timers};超时由电脑代为操作(连续两次超时进入托管)。",
    },
    "host.rules.no_timers": {
        "en": "• No turn timers at this table: take your time.",
        "zh": "• 本桌没有出牌限时,慢慢想。",
    },
    "host.rules.timer.bid": {"en": "{seconds} s to bid", "zh": "叫分 {seconds} 秒"},
    "host.rules.timer.arrange": {"en": "{seconds} s to arrange", "zh": "分牌 {seconds} 秒"},
    "host.rules.timer.play": {"en": "{seconds} s to play", "zh": "出牌 {seconds} 秒"},
    "host.judge.none": {
        "en": "{game} has no referee for typed cards: its tables judge every move as it is "
              "played.",
        "zh": "{game} 没有单独的裁判:每一步在牌桌上出牌时就会判定。",
    },
    "host.judge.ai": {"en": "🤖 The AI plays {move}: {reason}",
                      "zh": "🤖 AI 的选择:{move}。{reason}"},
    "host.judge.bad_position": {
        "en": "That position is not readable: give it as JSON, e.g. {{\"players\": 3, "
              "\"seat\": 1, \"landlord\": 0, \"hand\": \"…\", \"bottom\": \"…\", "
              "\"history\": [[0, \"3\"]]}}.",
        "zh": "无法读取这个残局:请用 JSON 给出,例如 {{\"players\": 3, \"seat\": 1, "
              "\"landlord\": 0, \"hand\": \"…\", \"bottom\": \"…\", "
              "\"history\": [[0, \"3\"]]}}。",
    },
    "host.judge.move": {"en": "{cards}: {readings}", "zh": "{cards}:{readings}"},
    "host.judge.reading": {"en": "{type} (rank {rank})", "zh": "{type}(主牌 {rank})"},
    "host.judge.beats": {
        "en": "✅ {first} beats {second}",
        "zh": "✅ {first} 管得住 {second}",
    },
    "host.judge.does_not_beat": {
        "en": "❌ {first} does not beat {second}",
        "zh": "❌ {first} 管不住 {second}",
    },
    "host.judge.duplicate_cards": {
        "en": "A card appears twice: one deck has one of each card.",
        "zh": "有牌重复了:一副牌每张只有一张。",
    },
    "host.judge.groups": {
        "en": "Player {seat}: {groups} (B {points} points, C {type})",
        "zh": "玩家 {seat}:{groups}(B 组 {points} 点,C 组 {type})",
    },
    "host.judge.scores": {
        "en": "Scores (stake 1): {scores}",
        "zh": "得分(底注 1):{scores}",
    },
}
