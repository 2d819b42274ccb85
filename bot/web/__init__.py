"""The web pages: replays of finished games, live public tables, leaderboards with seasons.

`bot.web.app.create_app` builds the aiohttp application on a storage; `bot.web.server`
runs it (`python -m bot web`, or inside the bot when PAIJU_WEB_PORT is set).
`bot.web.links` signs the links the bot posts (it imports no aiohttp, so the host may use it).
Privacy: a live page is built from the engine's public view only; a replay shows every hand,
and exists only for a finished game.
"""
