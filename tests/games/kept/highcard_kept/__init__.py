"""比大小 (high card), kept by the tests: docs/adding-a-game.md's example game, under a name
nothing else uses (`highcard-kept`: a developer following the doc may add `highcard`). Two
or three players hold three cards each; in each of two rounds everyone plays one card in turn
from the round's leader, and the highest card (by rank, then suit) takes the round; the most
rounds wins one unit from each other seat, and the card each seat kept is shown at the end
(its `Outcome.cards_left`). A seat may also play "lowest" (its lowest
card, unchosen): a word its catalogue translates. Rules, views, a record and a catalogue: no
text, pictures or web hooks of its own, so every part of the bot reads it by its defaults."""

from __future__ import annotations

from bot.games.registry import GameModule

HIGHCARD_KEPT = GameModule(
    name="highcard-kept",
    spec=f"{__name__}.spec:SPEC",
    names={"en": "High card (kept)", "zh": "比大小(测试)"},
    aliases={"en": ("hck",), "zh": ("测试比大小",)},
    i18n_prefix="hck",
    rules_key="hck.rules",
    messages=f"{__name__}.messages:MESSAGES",
    competition_seats=3,
)
