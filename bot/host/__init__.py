"""The platform-neutral game host: rooms, seats, commands, timers, views.

Adapters use: `bot.host.commands` (what to ask), `bot.host.views` (what they get back),
`bot.host.payload` (button payloads) and the ports in `bot.host.ports`. The host itself is
`bot.host.host.Host` (the service: lock, change, save, deliver), built by
`bot.host.bootstrap`. Inside, in layers (`.importlinter`): `runtime/` (clock, timers and AI
seats, the thinking pool), `handlers/` (rooms and seats, play, information, settlement),
`presentation/` (views and game texts), and the domain modules `room`, `change`,
`commands`, `views`.
"""
