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
    "web.teach.loss": {"en": "(win chance {points} points)", "zh": "(胜率 {points} 个百分点)"},
    "web.teach.explain": {
        "en": "How to read it: the strong AI looks at each decision with what that player "
              "knew (their hand, the cards played, the bidding; never the other hands), names "
              "the move it would play, and plays both moves out on the same {deals} random "
              "deals of the unseen cards. The points are the change in the chance of winning "
              "the hand: −12 means the AI's move won 12 more deals in 100. A loss of "
              "{points} points or more counts as a mistake. Estimates: a few points either way "
              "are noise. Moves made by 托管, a time-out or an AI seat are not rated.",
        "zh": "怎么看:强AI只用该玩家当时知道的信息(自己的手牌、已出的牌、叫分,绝不看别人的牌)"
              "评估每一步,给出它会出的牌,再把两种出法放在同样的 {deals} 组未知牌随机分配上打完。"
              "数字是本局胜率的变化:−12 表示强AI的出法每 100 局多赢 12 局。损失 {points} 个"
              "百分点及以上算失误。这是估计值,几个百分点的差别属于误差。托管、超时和电脑座位的"
              "出牌不参与点评。",
    },
}
