"""Messages of competitions (比赛): refusals, replies, announcements and standings."""

MESSAGES = {
    # -- refusals -----------------------------------------------------------------------
    "cup.err.bad_setting": {
        "en": "Bad competition setting {setting}={value}.",
        "zh": "比赛设置 {setting}={value} 无效。",
    },
    "cup.err.no_cup": {
        "en": "There is no competition here. An organiser opens one with “cup new”.",
        "zh": "这里没有比赛。组织者可以用“cup new”创建一场。",
    },
    "cup.err.cup_here": {
        "en": "“{name}” is still on in this channel; finish or cancel it first.",
        "zh": "本频道的比赛“{name}”还在进行,请先结束或取消。",
    },
    "cup.err.need_channel": {
        "en": "Competitions live in a group or channel, not here.",
        "zh": "比赛只能在群组或频道里举办。",
    },
    "cup.err.not_organiser": {
        "en": "Only the organisers (admins, or the organiser role) may do that.",
        "zh": "只有组织者(管理员或指定的组织者角色)可以这样做。",
    },
    "cup.err.not_admin": {
        "en": "Only the community's admins may name the organiser role.",
        "zh": "只有管理员可以指定组织者角色。",
    },
    "cup.err.signup_closed": {
        "en": "Sign-up is closed.",
        "zh": "报名已经截止。",
    },
    "cup.err.already_entered": {
        "en": "You are signed up already.",
        "zh": "你已经报名了。",
    },
    "cup.err.full": {
        "en": "The competition is full ({limit} players).",
        "zh": "报名已满({limit} 人)。",
    },
    "cup.err.not_entered": {
        "en": "You are not (or no longer) in this competition.",
        "zh": "你没有参加(或已退出)这场比赛。",
    },
    "cup.err.over": {
        "en": "This competition is over.",
        "zh": "这场比赛已经结束。",
    },
    "cup.err.not_signup": {
        "en": "Sign-up is already closed; the draw is out.",
        "zh": "报名已截止,已经抽签。",
    },
    "cup.err.too_few": {
        "en": "Too few players to draw: {have} signed up, at least {need} needed.",
        "zh": "人数不足,无法抽签:已报名 {have} 人,至少需要 {need} 人。",
    },
    "cup.err.no_table": {
        "en": "You have no table to play right now.",
        "zh": "你现在没有要打的牌桌。",
    },
    "cup.err.not_your_table": {
        "en": "This is not your table: yours is {table}.",
        "zh": "这不是你的牌桌:你在{table}。",
    },
    "cup.err.already_checked_in": {
        "en": "You have checked in already.",
        "zh": "你已经报到了。",
    },
    "cup.err.forfeited": {
        "en": "You forfeited this table (不到者视为弃权); the AI plays your seat out.",
        "zh": "你已弃权本桌(不到者视为弃权),由托管打完。",
    },
    "cup.err.table_auto": {
        "en": "This is a competition table: the competition deals every hand itself.",
        "zh": "这是比赛牌桌,每一局都由比赛自动发牌。",
    },
    "cup.err.table_locked": {
        "en": "This is a competition table: its seats and settings are fixed.",
        "zh": "这是比赛牌桌,座位和设置不能更改。",
    },
    "cup.err.use_withdraw": {
        "en": "To leave a competition table, withdraw with “cup leave” (a forfeit).",
        "zh": "要离开比赛牌桌,请用“cup leave”退赛(视为弃权)。",
    },
    "cup.err.bad_period": {
        "en": "Unknown period “{period}” (one of {periods}).",
        "zh": "未知时段“{period}”(可选 {periods})。",
    },
    "cup.err.unknown": {
        "en": "“cup {word}”? Try: cup, cup join, cup leave, cup ready, cup board, cup help; "
              "organisers: cup new <name> key=value…, cup close, cup cancel.",
        "zh": "“cup {word}”?可用:cup、cup join(报名)、cup leave(退赛)、cup ready(报到)、"
              "cup board(排行)、cup help(帮助);组织者:cup new <名称> key=value…、cup close、"
              "cup cancel。",
    },
    "cup.err.halves_split": {
        "en": "final_hands={hands} cannot be played in {halves} equal halves (the sheet: 18 "
              "hands in two halves of 9); choose a multiple of {halves}.",
        "zh": "final_hands={hands} 无法平分为 {halves} 个回合(规程:18局分上下两个回合,每个回合9局);"
              "请选 {halves} 的倍数。",
    },
    "cup.err.round_robin_format": {
        "en": "A round-robin final at tables of three needs format=overall: only 3, 7 or 9 "
              "finalists can each meet every other once with equal hands, and only the "
              "overall cut can send exactly that many.",
        "zh": "三人桌的单循环决赛需要 format=overall:只有 3、7 或 9 名决赛选手"
              "能两两恰好相遇一次且局数相同,只有按总成绩晋级才能恰好送出这么多人。",
    },
    "cup.err.round_robin_size": {
        "en": "{count} finalists cannot play a single round robin at tables of three (every "
              "pair once, equal hands): use {sizes}.",
        "zh": "{count} 名决赛选手无法在三人桌进行单循环(两两恰好一次、局数相同):请用 {sizes} 人。",
    },
    "cup.err.bad_preset": {
        "en": "Unknown preset “{preset}” (one of {presets}; see cup help).",
        "zh": "未知赛制“{preset}”(可选 {presets};见 cup help)。",
    },
    "cup.err.not_league": {
        "en": "That is for team competitions (made with format=league or format=pairs).",
        "zh": "这是团体赛(format=league 或 format=pairs)的命令。",
    },
    "cup.err.use_team": {"en": "This competition is played in teams: sign up with "
                               "cup team <name>.",
                         "zh": "这是团体赛:请用 cup team <队名> 报名。"},
    "cup.err.team_name": {"en": "Name the team: cup team <name>.",
                          "zh": "请写队名:cup team <队名>。"},
    "cup.err.team_full": {"en": "Team “{team}” already has {size} members.",
                          "zh": "队伍“{team}”已满 {size} 人。"},
    "cup.err.team_incomplete": {
        "en": "Teams need {size} members each: {teams} not yet.",
        "zh": "每队须 {size} 人:{teams} 尚未满员。",
    },
    "cup.err.too_few_teams": {"en": "A team competition needs two teams at least ({have} "
                                    "so far).",
                              "zh": "团体赛至少需要两支队伍(现有 {have} 支)。"},
    "cup.err.pairs_only": {
        "en": "{game} is played in partnerships: its competitions are knockouts of teams "
              "(format=pairs, or preset=pairs_knockout).",
        "zh": "{game} 是对家合作的游戏:比赛只能是组队淘汰赛"
              "(format=pairs 或 preset=pairs_knockout)。",
    },
    "cup.err.pairs_game": {
        "en": "format=pairs is a knockout of partnerships: {game} is not played in teams.",
        "zh": "format=pairs 是组队淘汰赛:{game} 不是组队游戏。",
    },
    "cup.err.no_doubles": {"en": "Your team has used its {count} doublings.",
                           "zh": "你的队伍已用完 {count} 次加倍。"},
    "cup.err.doubled_already": {"en": "Your team's next match is already doubled "
                                      "(or none is left).",
                                "zh": "你的队伍下一场已加倍(或已无比赛)。"},
    "cup.team_joined": {
        "en": "You are in team “{team}” ({count}/{size}: {names}).",
        "zh": "你已加入队伍“{team}”({count}/{size}:{names})。",
    },
    "cup.double_ok": {
        "en": "Team “{team}” doubles its next match ({left} doubling(s) left).",
        "zh": "队伍“{team}”下一场加倍(还剩 {left} 次)。",
    },
    "cup.note.doubled": {"en": "✖️2 Team “{team}” doubles its next match.",
                         "zh": "✖️2 队伍“{team}”下一场加倍。"},
    "cup.note.round_done": {"en": "Round {number} is over.", "zh": "第 {number} 轮结束。"},
    "cup.stage.round": {"en": "Round {number}", "zh": "第 {number} 轮"},
    "cup.standings.team": {"en": "Team {team}: {names}", "zh": "队伍 {team}:{names}"},
    "cup.league.title": {
        "en": "Teams (points, then point difference; doublings left):",
        "zh": "团体积分榜(积分,其次净胜分;剩余加倍):",
    },
    "cup.league.row": {
        "en": "{rank}. {team} — P{played} W{won} D{drawn} L{lost} · {points} pts · "
              "{difference} · ×2 left {doubles}",
        "zh": "{rank}. {team} —— 赛{played} 胜{won} 平{drawn} 负{lost} · {points} 分 · "
              "净胜 {difference} · 余加倍 {doubles}",
    },
    "cup.preset.team_league": {
        "en": "teams of three, each against each, two deals a match (seats swapped), 2/1/0, "
              "two doublings",
        "zh": "三人一队,队伍两两对决,每场两局(座位互换),胜 2 平 1 负 0,每队两次加倍",
    },
    "cup.err.no_entrant": {
        "en": "No entrant #{number} to disqualify (or already disqualified).",
        "zh": "没有可取消资格的 #{number} 号选手(或已取消)。",
    },
    "cup.disqualified": {
        "en": "Disqualified: {names} ({reason}).",
        "zh": "已取消资格:{names}({reason})。",
    },
    "cup.note.disqualified": {
        "en": "🚫 Disqualified: {names} — {reason}. Their seats play on in auto-play (托管).",
        "zh": "🚫 取消参赛资格:{names} —— {reason}。其座位由托管打完。",
    },
    "cup.places.disqualified": {
        "en": "Disqualified: {names} — {reason}",
        "zh": "取消资格:{names} —— {reason}",
    },
    "cup.ruled_ok": {
        "en": "Ruled lost (判输): the hand {name} is playing — {reason}.",
        "zh": "已判输:{name} 正在打的这一局 —— {reason}。",
    },
    "cup.note.ruled": {
        "en": "⚖️ {table}, hand {hand}: ruled lost for {name}'s side (判输: {reason}); it is "
              "scored as the other side's win at the stakes it is played for.",
        "zh": "⚖️ {table} 第 {hand} 局:{name} 一方判输({reason}),按对方获胜、以该局的分数计分。",
    },
    "cup.err.rule_usage": {
        "en": "Rule a hand lost with: cup rule <number> <reason> (判输).",
        "zh": "判输:cup rule <编号> <原因>。",
    },
    "cup.err.rule_not_offered": {
        "en": "This game has no sides to rule a hand lost for.",
        "zh": "此游戏没有可判输的一方。",
    },
    "cup.err.rule_no_hand": {
        "en": "#{number} is not playing a hand now.",
        "zh": "#{number} 现在没有正在进行的牌局。",
    },
    "cup.err.rule_twice": {
        "en": "This hand is already ruled.",
        "zh": "这一局已判过。",
    },
    "cup.err.dq_usage": {
        "en": "Disqualify with: cup dq <number> [<number>] <reason>.",
        "zh": "取消资格:cup dq <编号> [<编号>] <原因>。",
    },
    "cup.help": {
        "en": "Competitions: cup (standings) · cup join · cup leave · cup ready · cup board · "
              "cup help · teams: cup team <name>, cup double. Organisers: cup new <name> "
              "[preset=<name>] key=value… · cup close · cup cancel · cup dq <n> [<n>] <reason> "
              "(disqualify) · cup rule <n> <reason> (判输).",
        "zh": "比赛:cup(赛况)· cup join(报名)· cup leave(退赛)· cup ready(报到)· "
              "cup board(排行)· cup help(帮助)· 团体赛:cup team <队名>(联赛可 cup double 加倍)。"
              "组织者:cup new <名称> [preset=<赛制>] key=value… · "
              "cup close · cup cancel · cup dq <编号> [<编号>] <原因>(取消资格)· "
              "cup rule <编号> <原因>(判输)。",
    },
    "cup.help.presets": {"en": "Presets (each sheet's format):", "zh": "赛制(按各规则文本):"},
    "cup.help.preset": {
        "en": "• {name} — {sheet}",
        "zh": "• {name} —— {sheet}",
    },
    "cup.help.more": {
        "en": "cup help <preset>: its format and settings; cup new <name> preset=<preset> "
              "uses it.",
        "zh": "cup help <赛制>:查看该赛制的详细规则和设置;cup new <名称> preset=<赛制> 即按此开赛。",
    },
    "cup.help.preset_detail": {
        "en": "{name} — {sheet}\n{about}\nSettings: {settings}\n"
              "Start one: cup new <name> preset={name} (any setting may follow, key=value).",
        "zh": "{name} —— {sheet}\n{about}\n设置:{settings}\n"
              "开赛:cup new <名称> preset={name}(可在后面用 key=value 改任一设置)。",
    },
    "cup.preset.three_rounds": {
        "en": "rounds 1–2 of 9 hands, table winners and byes go on; an 18-hand final in two "
              "halves, re-drawn at half time",
        "zh": "第一、二轮 9 局,每组最高者和轮空者晋级;决赛 18 局分上下两个回合,均抽签分组,按总积分排名",
    },
    "cup.preset.knockout": {
        "en": "10 hands a table; best 9, then best 3 go on; 3-hand play-offs; equal runners-up "
              "share 2nd; first bid by lot, then in turn",
        "zh": "每组十局;前 9 名进复赛,前 3 名进决赛;三局决胜;后两人同分并列第二;首局抽签先叫,之后轮流",
    },
    "cup.preset.qq_rounds": {
        "en": "three rounds of 10 hands from 30 points; each table's best goes on; ties: 5 "
              "extra hands, then the earlier round",
        "zh": "初赛、复赛、决赛各十局,基础分 30;每组积分高者晋级;初赛同分加赛五局,之后按上一轮积分",
    },
    "cup.preset.wins": {"en": "ranked by hands won; everyone landlord in turn, naming the "
                              "stake; a farmer who does not follow concedes",
                        "zh": "按胜局数排名;轮流坐地主,地主叫分,农民不跟则地主直接获胜"},
    "cup.preset.activity": {
        "en": "activity points only: bomb +5, rocket +10, win +1 landlord / +2 farmer, "
              "partner under 6/3 cards +2/+3; everyone landlord in turn, naming the stake",
        "zh": "只计活动积分:炸弹 +5、火箭 +10、地主胜 +1、农民胜 +2、胜方剩余手牌 <6 / <3 张 +2 / +3;"
              "轮流坐地主,地主叫分",
    },
    "cup.preset.round_robin": {
        "en": "win points (2/1, ×2 a bomb); a single round-robin final of 3, 7 or 9; 3 merit "
              "places",
        "zh": "胜局计分(地主 2、农民各 1,每个炸弹翻倍);决赛单循环(两两一次、局数相同:3、7 或 9 人);"
              "优秀奖 3 名",
    },
    "cup.preset.timed_rounds": {
        "en": "three rounds timed 15, 20 and 25 minutes",
        "zh": "三轮,限时 15、20、25 分钟",
    },
    "cup.preset.three_hands": {
        "en": "3 hands a table; third bidder after two passes bids ≥2; the no-bid penalty; "
              "first bid rotates",
        "zh": "每组三局;前两家不叫第三家至少叫 2 分;连续不叫扣分;轮流先叫",
    },
    "cup.preset.first_to_30": {
        "en": "first to 30 points, or the most at 30 minutes; ties: extra hands; the last two "
              "level share 2nd",
        "zh": "先得 30 分或 30 分钟到时分数最多者胜出;平分加赛一局直至分出高下;后两人同分并列第二",
    },
    "cup.preset.beans_hour": {
        "en": "15 beans each, an hour a table; the most beans goes on",
        "zh": "每人 15 颗豆子,每桌一小时(或有人豆子输完即结束);豆子最多者晋级",
    },
    "cup.preset.ten_hands": {
        "en": "10 hands a table, the best goes on; ties: 1 extra hand; the no-bid rules",
        "zh": "每组十局为一个小节,获胜者晋级;同分加赛一局;"
              "前两家不叫第三家叫分不少于 2 分;连续不叫的规则",
    },
    "cup.preset.duplicate": {
        "en": "the same deals at every table, seats rotated, scored against the other tables",
        "zh": "每桌打同一副牌,每副轮换座位;每桌成绩与其他桌同一副牌的成绩相比计分",
    },
    "cup.summary.duplicate": {
        "en": "duplicate deals: {deals} deal(s), the same cards at every table, seats rotated "
              "each deal; {ai} AI seat(s)",
        "zh": "复式赛:{deals} 副,各桌同一副牌,每副轮换座位;电脑座位 {ai} 个",
    },
    "cup.web_page": {"en": "The draw, every table's hands and the standings: {url}",
                     "zh": "抽签、各桌牌局与成绩:{url}"},
    # -- duplicate deals (复式赛) ---------------------------------------------------------
    "cup.ai_name": {"en": "AI {number}", "zh": "电脑{number}"},
    "cup.stage.deal": {"en": "Deal {deal} of {deals}", "zh": "第 {deal}/{deals} 副"},
    "cup.dup.deal": {
        "en": "Deal {deal} of {deals}, the same cards at every table (score → duplicate "
              "score against the other tables):",
        "zh": "第 {deal}/{deals} 副,各桌同一副牌(得分 → 与其他桌同位置相比的复式分):",
    },
    "cup.dup.seat": {"en": "Seat {seat}'s cards: {cells}", "zh": "{seat} 号位的牌:{cells}"},
    "cup.dup.cell": {"en": "{table} {name} {score} → {dup}",
                     "zh": "{table} {name} {score} → {dup}"},
    "cup.dup.replays": {"en": "Replays: {links}", "zh": "回放:{links}"},
    "cup.dup.totals": {"en": "Duplicate totals: {rows}", "zh": "复式总分:{rows}"},
    "cup.err.duplicate_seats": {
        "en": "Duplicate deals need at least two full tables of {size}: {people} people and "
              "{ai} AI seats do not fill them; set ai= so that the seats fill whole tables.",
        "zh": "复式赛至少需要两整桌(每桌 {size} 人):{people} 人加 {ai} 个电脑座位无法坐满整桌;"
              "请用 ai= 补足整桌。",
    },
    "cup.err.duplicate_hands": {
        "en": "Duplicate deals are counted in hands (hands=<deals>, scoring points, wins or "
              "activity) with no time limit: every table must play every deal once.",
        "zh": "复式赛按副数计(hands=<副数>,计分 points、wins 或 activity),不限时:"
              "每桌都须把每副牌打一次。",
    },
    # -- replies ------------------------------------------------------------------------
    "cup.default_name": {"en": "Dou Dizhu cup", "zh": "斗地主比赛"},
    "cup.created": {
        "en": "Competition “{name}” (#{id}) is open for sign-up.",
        "zh": "比赛“{name}”(#{id})开始报名。",
    },
    "cup.signed_up": {
        "en": "You are in “{name}” as #{number} ({count} signed up).",
        "zh": "报名成功:“{name}” #{number}(已有 {count} 人报名)。",
    },
    "cup.withdrew": {
        "en": "You withdrew from “{name}”.",
        "zh": "你已退出“{name}”。",
    },
    "cup.closed": {
        "en": "Sign-up for “{name}” closed; the draw is posted.",
        "zh": "“{name}”报名截止,抽签结果已公布。",
    },
    "cup.cancelled": {
        "en": "“{name}” is cancelled.",
        "zh": "“{name}”已取消。",
    },
    "cup.checked_in": {
        "en": "Checked in at {table}. Still to come: {names}.",
        "zh": "已在{table}报到。尚未报到:{names}。",
    },
    "cup.checked_in_start": {
        "en": "Checked in at {table}: everyone is here, the first hand is dealt.",
        "zh": "已在{table}报到:全员到齐,开始发牌。",
    },
    "cup.table_opened": {"en": "Competition table ready.", "zh": "比赛牌桌已就绪。"},
    "cup.role_set": {
        "en": "Members of role {role} may now organise competitions here.",
        "zh": "角色 {role} 的成员现在可以在这里组织比赛。",
    },
    "cup.role_cleared": {
        "en": "Only admins may organise competitions here now.",
        "zh": "现在只有管理员可以在这里组织比赛。",
    },
    # -- names and pieces ---------------------------------------------------------------
    "cup.stage.number": {"en": "Stage {number}", "zh": "第 {number} 轮"},
    "cup.stage.final": {"en": "Final", "zh": "决赛"},
    "cup.stage.final_leg": {"en": "Final, part {leg} of {legs}",
                            "zh": "决赛 第 {leg}/{legs} 回合"},
    "cup.phase.signup": {"en": "sign-up open", "zh": "报名中"},
    "cup.phase.running": {"en": "under way", "zh": "进行中"},
    "cup.phase.finished": {"en": "finished", "zh": "已结束"},
    "cup.phase.cancelled": {"en": "cancelled", "zh": "已取消"},
    "cup.summary.hands": {"en": "{hands} hand(s) a table", "zh": "每桌 {hands} 局"},
    "cup.summary.beans": {"en": "{beans} beans each", "zh": "每人 {beans} 颗豆子"},
    "cup.summary.first_to": {"en": "first to {target}", "zh": "先到 {target} 分"},
    "cup.summary.win_points": {"en": "win points (landlord 2, farmer 1, ×2 per bomb)",
                               "zh": "胜局计分(地主 2 分、农民 1 分,每个炸弹翻倍)"},
    "cup.summary.preset": {"en": "preset {name}", "zh": "赛制 {name}"},
    "cup.summary.stages": {"en": "{stages} rounds", "zh": "共 {stages} 轮"},
    "cup.summary.times": {"en": "{minutes} min a round", "zh": "各轮限时 {minutes} 分钟"},
    "cup.summary.base": {"en": "{points} points to start", "zh": "基础分 {points}"},
    "cup.summary.halves": {"en": "final in two halves of {hands}, re-drawn",
                           "zh": "决赛分上下两个回合(各 {hands} 局,重新抽签)"},
    "cup.summary.round_robin": {"en": "round-robin final", "zh": "决赛单循环"},
    "cup.summary.earlier_stage": {"en": "ties by the earlier round",
                                  "zh": "同分按上一轮积分"},
    "cup.summary.merit": {"en": "{k} merit places (优秀奖)", "zh": "优秀奖 {k} 名"},
    "cup.summary.wins": {"en": "ranked by hands won", "zh": "按胜局数排名"},
    "cup.summary.activity": {"en": "activity scoring (bombs +5, rockets +10, wins +1/+2, …)",
                             "zh": "活动积分(炸弹 +5、火箭 +10、胜局 +1/+2……)"},
    "cup.summary.event_bonus": {"en": "event bonuses (bombs +5, rockets +10, …)",
                                "zh": "活动加分(炸弹 +5、火箭 +10……)"},
    "cup.summary.time": {"en": "{minutes} min a table", "zh": "每桌 {minutes} 分钟"},
    "cup.summary.per_table": {"en": "best {k} of each table go on",
                              "zh": "每桌前 {k} 名晋级"},
    "cup.summary.pairs": {"en": "knockout of teams of {size} drawn by lot: the winners go on",
                          "zh": "{size} 人组队单淘汰,抽签定对手,胜者晋级"},
    "cup.summary.overall": {"en": "best of the stage go on ({quotas})",
                            "zh": "全轮积分前若干名晋级({quotas})"},
    "cup.summary.ties": {"en": "ties: {hands} extra hand(s) until broken",
                         "zh": "平分加赛 {hands} 局,直至分出高下"},
    "cup.mark.forfeit": {"en": " (forfeit)", "zh": "(弃权)"},
    "cup.mark.filler": {"en": " (seat filler)", "zh": "(陪打)"},
    "cup.table.label": {"en": "Table {number}", "zh": "第 {number} 桌"},
    "cup.table.playoff_label": {"en": "Play-off {playoff}, table {number}",
                                "zh": "加赛 {playoff} 第 {number} 桌"},
    "cup.table.waiting": {"en": "checking in", "zh": "等待报到"},
    "cup.table.hand": {"en": "hand {played}/{hands}", "zh": "第 {played}/{hands} 局"},
    "cup.table.extra": {"en": "extra hands ({played} played)",
                        "zh": "加赛中(已加赛 {played} 局)"},
    "cup.table.done": {"en": "done", "zh": "已结束"},
    "cup.table.goes_on": {"en": "done, {names} goes on", "zh": "已结束,{names} 晋级"},
    # -- standings ----------------------------------------------------------------------
    "cup.standings.title": {"en": "🏆 {name} (#{id}), {phase}", "zh": "🏆 {name}(#{id}),{phase}"},
    "cup.standings.entrants": {"en": "Entrants ({count}): {names}",
                               "zh": "报名({count} 人):{names}"},
    "cup.standings.commitment": {
        "en": "The draw's seed is fixed; its SHA-256 is {commitment}.",
        "zh": "抽签种子已确定,其 SHA-256 为 {commitment}。",
    },
    "cup.standings.seed": {"en": "Draw seed: {seed}", "zh": "抽签种子:{seed}"},
    "cup.standings.byes": {"en": "Byes: {names}", "zh": "轮空:{names}"},
    "cup.standings.went_on": {"en": "Went on: {names}", "zh": "晋级:{names}"},
    "cup.places.title": {"en": "Final places:", "zh": "最终名次:"},
    "cup.places.line": {"en": "{place}. {name}", "zh": "第 {place} 名:{name}"},
    "cup.places.merit": {"en": "Merit (优秀奖): {names}", "zh": "优秀奖:{names}"},
    "cup.places.none": {"en": "Nobody placed.", "zh": "没有人获得名次。"},
    # -- announcements ------------------------------------------------------------------
    "cup.note.created": {
        "en": "🏆 New competition “{name}” (#{id}): {summary}.\nSign up with “cup join”. "
              "The draw's seed is fixed now; its SHA-256 is {commitment}.",
        "zh": "🏆 新比赛“{name}”(#{id}):{summary}。\n用“cup join”报名。"
              "抽签种子现已确定,其 SHA-256 为 {commitment}。",
    },
    "cup.note.seed": {
        "en": "Sign-up closed with {count} players. Draw seed: {seed} (its SHA-256 "
              "{commitment} was published at the start): anyone can re-run the draw.",
        "zh": "报名截止,共 {count} 人。抽签种子:{seed}(其 SHA-256 {commitment} 已在开赛时"
              "公布),任何人都可以复核抽签。",
    },
    "cup.note.drawn": {"en": "Draw of {stage}:", "zh": "{stage}抽签结果:"},
    "cup.note.check_in": {
        "en": "Check in within {minutes} min with “cup ready” or your table's Check in button; "
              "whoever is not there forfeits (不到者视为弃权).",
        "zh": "请在 {minutes} 分钟内用“cup ready”或牌桌上的“报到”按钮报到;不到者视为弃权。",
    },
    "cup.note.started": {"en": "{table} begins.", "zh": "{table}开始。"},
    "cup.note.forfeits": {
        "en": "Did not check in, forfeit (the AI plays their seat): {names}.",
        "zh": "未报到,视为弃权(由托管代打):{names}。",
    },
    "cup.note.extra": {
        "en": "{table}: {names} are level: {hands} extra hand(s).",
        "zh": "{table}:{names} 平分,加赛 {hands} 局。",
    },
    "cup.note.table_done": {"en": "Finished: {line}", "zh": "本桌结束:{line}"},
    "cup.note.playoff": {
        "en": "Play-off for {spots} place(s) between {names}:",
        "zh": "{names} 平分,加赛争夺 {spots} 个名额:",
    },
    "cup.note.by_lot": {
        "en": "No play-off table can be seated: the seeded lot decides.",
        "zh": "凑不齐加赛牌桌,由种子抽签决定。",
    },
    "cup.note.stage_done": {"en": "{stage} is over. Going on: {names}.",
                            "zh": "{stage}结束。晋级:{names}。"},
    "cup.note.filled": {"en": "(Best runner-up filling the table: {names}.)",
                        "zh": "(成绩最好的未晋级选手补位:{names}。)"},
    "cup.note.finished": {"en": "🏆 “{name}” is over!", "zh": "🏆 “{name}”比赛结束!"},
    "cup.note.withdrawn": {"en": "{name} withdrew.", "zh": "{name} 退赛。"},
    "cup.note.cancelled": {"en": "“{name}” was cancelled by the organisers.",
                           "zh": "“{name}”已被组织者取消。"},
    "cup.note.cancelled_too_few": {
        "en": "“{name}” is cancelled: {have} signed up, {need} needed.",
        "zh": "“{name}”取消:只有 {have} 人报名,至少需要 {need} 人。",
    },
    # -- the competitions leaderboard ---------------------------------------------------
    "cup.board.title": {"en": "🏆 Cup points, {scope}, {period}",
                        "zh": "🏆 比赛积分榜,{scope},{period}"},
    "cup.board.here": {"en": "this community", "zh": "本社区"},
    "cup.board.everywhere": {"en": "everywhere", "zh": "全部"},
    "cup.board.row": {"en": "{rank}. {name}: {points}", "zh": "{rank}. {name}:{points}"},
    "cup.board.empty": {"en": "No competition results yet.", "zh": "还没有比赛成绩。"},
    "cup.period.all": {"en": "all time", "zh": "总榜"},
    "cup.period.week": {"en": "this week", "zh": "本周"},
}
