"""What rooms look like: views for the channel and each seat (`present`), and the game
texts (`render`). Values only; delivery is the service's (`bot.host.host`)."""
