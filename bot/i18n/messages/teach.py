"""Replays that teach (bot.web.teach) and the daily 残局 (`/puzzle`)."""

MESSAGES = {
    "web.teach.title": {"en": "🎓 What the strong AI says", "zh": "🎓 强AI点评"},
    "web.teach.pending": {
        "en": "Being analysed: the strong AI is rating each decision. This part fills in by "
              "itself in a few seconds.",
        "zh": "正在分析:强AI正在为每一步决策打分,几秒后这里会自动显示。",
    },
    "web.teach.failed": {"en": "The analysis of this hand is not available.",
                         "zh": "这手牌的分析暂时无法提供。"},
    "web.teach.mistakes": {"en": "The biggest mistakes of the hand", "zh": "本局最大失误"},
    "web.teach.no_mistakes": {"en": "No mistakes: every decision was as good as the AI's.",
                              "zh": "没有失误:每一步都和强AI一样好。"},
    "web.teach.every": {"en": "Every decision rated ({count})", "zh": "全部决策点评({count})"},
    "web.teach.step": {"en": "Step {number}", "zh": "第 {number} 步"},
    "web.teach.agrees": {"en": "the AI agrees.", "zh": "强AI也会这样出。"},
    "web.teach.would": {"en": "the AI would play {move}", "zh": "强AI会出 {move}"},
    "web.teach.stop": {"en": ".", "zh": "。"},
    "web.teach.loss": {"en": "(win chance {points} points)", "zh": "(胜率 {points} 个百分点)"},
    "web.teach.explain": {
        "en": "How to read it: the strong AI looks at each decision with what that player "
              "knew (their hand, the cards played, the bidding; never the other hands), names "
              "the move it would play, and plays both moves out on the same {deals} random "
              "deals of the unseen cards. The points are the change in the chance of winning "
              "the hand: −12 means the AI's move won 12 more deals in 100. A loss of "
              "{points} points or more counts as a mistake. Estimates: a few points either way "
              "are noise. A bid or 加倍 shows the call the AI would make, without a number. Moves "
              "made by 托管, a time-out or an AI seat are not rated.",
        "zh": "怎么看:强AI只用该玩家当时知道的信息(自己的手牌、已出的牌、叫分,绝不看别人的牌)"
              "评估每一步,给出它会出的牌,再把两种出法放在同样的 {deals} 组未知牌随机分配上打完。"
              "数字是本局胜率的变化:−12 表示强AI的出法每 100 局多赢 12 局。损失 {points} 个"
              "百分点及以上算失误。这是估计值,几个百分点的差别属于误差。叫分和加倍只给出强AI的选择,"
              "不计分。托管、超时和电脑座位的出牌不参与点评。",
    },
    # the daily 残局 (bot/host/handlers/puzzle.py)
    "host.puzzle.none": {"en": "No game here sets a daily puzzle.", "zh": "没有游戏提供每日残局。"},
    "host.puzzle.which_group": {
        "en": "The daily puzzle belongs to a group: type /puzzle there. To answer here, add the "
              "group's code the puzzle shows: /puzzle CODE <your first move>",
        "zh": "每日残局属于群:请在群里发 /puzzle。在这里作答请加上残局显示的群代码:"
              "/puzzle 代码 <你的第一手>",
    },
    "host.puzzle.bad_code": {
        "en": "“{code}” is no group's puzzle code: copy it from the puzzle in your group.",
        "zh": "“{code}”不是任何群的残局代码,请从群里的残局消息复制。",
    },
    "host.puzzle.answer_privately": {
        "en": "Answers are private, so nobody reads yours: send it to me in a private chat as "
              "/puzzle {code} <your first move>.",
        "zh": "答案要私下提交,别人看不到:请私聊我发送 /puzzle {code} <你的第一手>。",
    },
    "host.puzzle.preparing": {
        "en": "🧩 Today's puzzle is being set: ask again with /puzzle in a few seconds.",
        "zh": "🧩 今日残局正在生成,请几秒后再发 /puzzle。",
    },
    "host.puzzle.title": {"en": "🧩 Daily puzzle (残局) of {day}", "zh": "🧩 每日残局 · {day}"},
    "host.puzzle.how_private": {
        "en": "Answer privately: send me /puzzle {code} <your first move> in a private chat. "
              "Your first answer counts; the solution comes with tomorrow's puzzle.",
        "zh": "私下作答:私聊我发送 /puzzle {code} <你的第一手>。只算第一次作答;"
              "答案明天随新残局公布。",
    },
    "host.puzzle.how_here": {
        "en": "Answer with /puzzle <your first move>. Your first answer counts; the solution "
              "comes with tomorrow's puzzle.",
        "zh": "用你的第一手作答:/puzzle <你的第一手>。只算第一次作答;答案明天随新残局公布。",
    },
    "host.puzzle.yours": {"en": "Your answer today: {answer} — {verdict}",
                          "zh": "你今天的答案:{answer} —— {verdict}"},
    "host.puzzle.right": {"en": "solved ✅", "zh": "正确 ✅"},
    "host.puzzle.wrong": {"en": "not a forced win ❌", "zh": "不是必胜 ❌"},
    "host.puzzle.answered": {
        "en": "{answer}: {verdict}. The solution comes with tomorrow's puzzle.",
        "zh": "{answer}:{verdict}。答案明天随新残局公布。",
    },
    "host.puzzle.already": {
        "en": "You answered today's puzzle already ({answer}: {verdict}); the first answer "
              "counts.",
        "zh": "你今天已经答过了({answer}:{verdict}),只算第一次作答。",
    },
    "host.puzzle.yesterday": {"en": "Yesterday's solution: {solution}",
                              "zh": "昨日答案:{solution}"},
    "host.puzzle.board_title": {"en": "🧩 Puzzle board of this group (solved · days in a row)",
                                "zh": "🧩 本群残局榜(解出 · 连续天数)"},
    "host.puzzle.board_row": {
        "en": "{rank}. {name} — {solved} solved of {tried} · {streak} in a row",
        "zh": "{rank}. {name} —— 解出 {solved}/{tried} · 连续 {streak} 天",
    },
    # the adapters' words for /puzzle
    "telegram.cmd.puzzle": {"en": "Daily puzzle (残局): /puzzle · /puzzle top",
                            "zh": "每日残局:/puzzle · /puzzle top 排行"},
    "discord.cmd.puzzle.name": {"en": "puzzle", "zh": "残局"},
    "discord.cmd.puzzle.desc": {
        "en": "Today's endgame puzzle (残局); answer privately, see the board",
        "zh": "今日残局:私下作答、查看排行",
    },
    "discord.opt.answer.name": {"en": "answer", "zh": "答案"},
    "discord.opt.answer.desc": {"en": "Your first move (only you see it), e.g. 33",
                                "zh": "你的第一手(只有你能看到),例如 33"},
    "discord.opt.board.name": {"en": "board", "zh": "排行"},
    "discord.opt.board.desc": {"en": "Show this server's puzzle board",
                               "zh": "查看本服务器的残局榜"},
    "console.help.puzzle": {
        "en": "puzzle: today's endgame (残局) with yesterday's solution · puzzle <first move>: "
              "answer (the first answer counts) · puzzle top: the board.",
        "zh": "puzzle(残局):今日残局和昨日答案 · puzzle <第一手>:作答(只算第一次)· "
              "puzzle top:排行榜。",
    },
    "telegram.puzzle_button": {"en": "🧩 Answer privately", "zh": "🧩 私聊作答"},
}
