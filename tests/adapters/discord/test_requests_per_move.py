"""Discord requests per accepted move: each person keeps their panel open (My hand once) and
plays through it; a move costs the press's answer, the table edit and the next player's
panel edit — never two edits of a panel for one prompt (its suggestions come with it).

Measured here at about 3.3 for a table of three people (the announcements — landlord,
bombs, 报牌, result — add the rest); the issue's target of 2.5 is not met for tables of
people only (see the README)."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import play_suggested, prompt_of
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord

PANEL_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"


async def test_an_accepted_move_costs_three_requests_and_a_panel_is_edited_once_a_prompt(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    people = ["alice", "bob", "carol"]
    await seat_and_start(paiju, "doudizhu3", people)
    panels = {name: await paiju.open_hand(name) for name in people}
    await paiju.settle()
    mark = len(fake_discord.requests)
    moves = 0
    while paiju.room.phase is Phase.PLAYING and moves < 200:
        [user] = paiju.to_act()
        panel, prompt = panels[user], prompt_of(paiju, user)
        have = codes(panel)
        if prompt.kind != "play":
            await paiju.press(user, panel, code="bid 3" if "bid 3" in have else next(
                c for c in have if c.startswith(("no-", "pass", "bid"))))
        elif prompt.suggestions:
            await play_suggested(paiju, user, panel)
        else:
            await paiju.press(user, panel, code="pass")
        moves += 1
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER and moves >= 10
    requests = fake_discord.requests[mark:]
    routes: dict[str, int] = {}
    for request in requests:
        routes[request.route] = routes.get(request.route, 0) + 1
    per_move = len(requests) / moves
    assert per_move <= 3.5, (per_move, moves, routes)
    # One panel edit per prompt (the suggestions come with it), one answer per press.
    edits = [r for r in requests if r.route == PANEL_EDIT]
    assert len(edits) <= moves + 3, routes
