"""Discord: leaving a running hand from an old message, retired panels, start-up failures."""

MESSAGES = {
    "discord.leave_confirm": {
        "en": "That Leave button is from an earlier message, and the hand is being played. "
              "Leaving now forfeits the hand at the escape penalty (a multiple of the stake). "
              "Leave anyway?",
        "zh": "这个“离开”按钮来自之前的消息,而牌局正在进行。现在离开将按逃跑判负,"
              "扣底注的若干倍。仍要离开吗?",
    },
    "host.confirm_escape.discord": {
        "en": "Leaving now costs you {amount} (escape penalty). Run /paiju leave again to go.",
        "zh": "现在离开将被扣 {amount} 分(逃跑扣分)。再次使用 /牌局 离开 即确认。",
    },
    "discord.button.leave_forfeit": {
        "en": "Leave and forfeit the hand", "zh": "离开并判负",
    },
    "discord.leave_gone": {
        "en": "That hand is over: nothing was done.",
        "zh": "那一局已经结束,没有执行任何操作。",
    },
    "discord.panel_left": {
        "en": "You left this table; this panel is closed.",
        "zh": "你已离开这张牌桌,此面板已关闭。",
    },
    "discord.panel_moved": {
        "en": "This panel moved: use the newest one, below.",
        "zh": "面板已移到下方:请用最新的那个。",
    },
    "discord.prompt.groups": {
        "en": "Split your six cards into A (1), B (2), C (3) with the card buttons, or pick "
              "a suggestion.",
        "zh": "用下面的牌按钮把六张牌分成 A(1 张)、B(2 张)、C(3 张),或选择推荐。",
    },
    "discord.setup.token_refused": {
        "en": "Discord refused DISCORD_TOKEN (401 Unauthorized). Copy the bot's token again "
              "(Developer Portal → your application → Bot → Reset Token) into DISCORD_TOKEN "
              "in .env, then start again.",
        "zh": "Discord 拒绝了 DISCORD_TOKEN(401 未授权)。请重新复制机器人的令牌(开发者门户 → "
              "你的应用 → Bot → Reset Token),填入 .env 的 DISCORD_TOKEN,然后重新启动。",
    },
    "discord.setup.intents_refused": {
        "en": "Discord closed the gateway for DISCORD_TOKEN ({reason}). Check the token and "
              "the bot's settings in the Developer Portal, then start again.",
        "zh": "Discord 关闭了 DISCORD_TOKEN 的网关连接({reason})。请检查令牌和开发者门户中"
              "机器人的设置,然后重新启动。",
    },
}
