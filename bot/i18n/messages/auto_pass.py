"""要不起自动过: the room setting by which a person who cannot beat the trick passes by itself
(after the AI seats' pause, with no prompt), as the big apps do."""

MESSAGES = {
    "host.settings.auto_pass": {
        "en": "Auto-pass when nothing beats the trick (要不起自动过): {value} (auto pass=on|off)",
        "zh": "要不起自动过:{value}(自动过=开|关)",
    },
    "host.settings.pass_delay": {
        "en": "Its pause: {low}–{high} × the AI pause, drawn each time so a pass does not "
              "show it could not beat (pass delay={low}-{high})",
        "zh": "自动过的停顿:AI 停顿的 {low}–{high} 倍,每次随机,免得一过就暴露要不起"
              "(要不起延迟={low}-{high})",
    },
    "host.bad_pass_delay": {
        "en": "The pass delay is a range of multiples of the AI pause from 0 to {limit} "
              "(pass delay=1-3), not “{value}”.",
        "zh": "要不起延迟是 AI 停顿的倍数范围,0 到 {limit}(要不起延迟=1-3),不是“{value}”。",
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
