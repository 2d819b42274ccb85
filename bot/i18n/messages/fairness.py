"""Provably fair deals: a person's own seed, mixed into the deal (docs/fairness.md)."""

MESSAGES = {
    "host.seed.set": {
        "en": "Your seed is “{seed}”, mixed into every deal from hand {game_id} on. That "
              "hand's server seed is committed already: sha256 {commitment}. It is revealed "
              "with the result; python -m bot verify (or docs/paiju_verify.py) checks both.",
        "zh": "你的种子是“{seed}”,从牌局 {game_id} 起混入每次发牌。该局的服务器种子已先行承诺:"
              "sha256 {commitment}。它随结果公开;python -m bot verify(或 docs/paiju_verify.py)"
              "可核对两者。",
    },
    "host.seed.shown": {
        "en": "Next hand {game_id}: server seed committed as sha256 {commitment}. Your seed: "
              "{seed} (seed <text> to set one: the deal mixes every seat's).",
        "zh": "下一局 {game_id}:服务器种子已承诺为 sha256 {commitment}。你的种子:{seed}"
              "(输入 种子 <文字> 设定;发牌混合所有座位的种子)。",
    },
    # A press of 🎲 / 🔒 under a table (a short answer: Telegram shows 200 characters)
    "host.seed.tap": {
        "en": "🔒 {game_id}: sha256 {commitment}\n🎲 Your seed: {seed} (/seed <text>)",
        "zh": "🔒 牌局 {game_id} 哈希承诺:{commitment}\n🎲 你的种子:{seed}(/seed <文字>)",
    },
    "host.seed.tap_playing": {
        "en": "🔒 This hand {game_id}: sha256 {commitment}\nNext {next_id}: {next_commitment}",
        "zh": "🔒 本局(牌局 {game_id})哈希承诺:{commitment}\n下一牌局 {next_id}:{next_commitment}",
    },
    "console.help.seed": {
        "en": "seed <text>: your own seed, mixed into every deal from the next hand (the "
              "operator cannot steer deals then); seed alone shows the next hand's id and "
              "the commitment it is dealt under (docs/fairness.md).",
        "zh": "种子 <文字>:你自己的种子,从下一局起混入每次发牌(运营方便无法操控发牌);只输入"
              " 种子 显示下一局编号和已承诺的哈希(见 docs/fairness.md)。",
    },
    # the chat adapters' words for seed
    "telegram.cmd.seed": {"en": "Your own seed, mixed into the deals: /seed <text> · /seed",
                          "zh": "你自己的种子,混入发牌:/seed <文字> · /seed"},
    "discord.cmd.seed.name": {"en": "seed", "zh": "种子"},
    "discord.cmd.seed.desc": {
        "en": "Your own seed, mixed into every deal (empty: the next hand's commitment)",
        "zh": "你自己的种子,混入每次发牌(留空:查看下一局的承诺)",
    },
    # Discord's 🎲 form (a modal: title and label at most 45 characters)
    "discord.seed_form.title": {"en": "🎲 Your seed for the next deals",
                                "zh": "🎲 你的种子(混入接下来的发牌)"},
    "discord.seed_form.label": {"en": "Your seed (empty: the commitment only)",
                                "zh": "你的种子(留空:只看哈希承诺)"},
    "discord.seed_form.placeholder": {
        "en": "Any text you like; the deal mixes every seat's",
        "zh": "任意文字;发牌混入每个座位的种子"},
    "discord.opt.seed_text.name": {"en": "text", "zh": "文字"},
    "discord.opt.seed_text.desc": {"en": "Any text you like; the deal mixes every seat's",
                                   "zh": "任意文字;发牌混入每个座位的种子"},
}
