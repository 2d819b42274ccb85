"""要不起自动过: the room setting by which a person who cannot beat the trick passes by itself
(after the AI seats' pause, with no prompt), as the big apps do."""

MESSAGES = {
    "host.settings.auto_pass": {
        "en": "Auto-pass when nothing beats the trick (要不起自动过): {value} (auto pass=on|off)",
        "zh": "要不起自动过:{value}(自动过=开|关)",
    },
    "host.bad_auto_pass": {
        "en": "Auto-pass is on or off (auto pass=off), not “{value}”.",
        "zh": "要不起自动过只能是 开 或 关(自动过=关),不是“{value}”。",
    },
    "host.no_hint_auto_pass": {
        "en": "Nothing of yours beats it: your pass plays itself in a moment.",
        "zh": "要不起,马上自动过。",
    },
    # "My hand" asked in the moment before the pass plays itself: nothing to decide.
    "host.private.auto_pass": {
        "en": "Nothing of yours beats it: you pass (auto-pass).",
        "zh": "要不起,自动过。",
    },
}
