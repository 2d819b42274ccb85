"""The platform-neutral game host: rooms, seats, commands, timers, views.

Adapters use: `bot.host.commands` (what to ask), `bot.host.views` (what they get back),
`bot.host.payload` (button payloads) and the ports in `bot.host.ports`. The host itself is
`bot.host.host.Host`, built by `bot.bootstrap`.
"""
