"""Simulated players: how a person at the table answers their prompt through components."""

from __future__ import annotations

from adapters.common.drafts import digits_of, next_group, ordered_ranks
from bot.host.views import Prompt
from tests.adapters.discord.harness import Paiju, codes
from tests.fakes.discord import FakeMessage


def prompt_of(paiju: Paiju, user: str) -> Prompt:
    """The prompt the host last handed over for a user."""
    assert paiju.adapter is not None
    user_id = str(paiju.fake.user(user).id)
    view = paiju.adapter.held(user_id, paiju.room.room_id)
    assert view is not None and view.prompt is not None, f"{user} has no prompt"
    return view.prompt


async def bid(paiju: Paiju, user: str, panel: FakeMessage, eager: bool) -> None:
    """Take the lowest bid (or call/double/show) when eager, else decline."""
    have = codes(panel)
    takes = [c for c in have if c.startswith(("bid ", "grab", "double", "show"))]
    declines = [c for c in have if c in ("pass", "no-grab", "no-double", "no-show")]
    choice = takes[0] if eager and takes else (declines or takes)[0]
    await paiju.press(user, panel, code=choice)


async def play_by_toggles(paiju: Paiju, user: str, panel: FakeMessage, ranks: str) -> None:
    """Build `ranks` with the rank toggles one press at a time, then press Play."""
    selection = ""
    for char in ranks:
        selection = ordered_ranks(selection + char)
        await paiju.press(user, panel, code=f"~t{selection}")
    assert f"play {selection}" in codes(panel), codes(panel)
    await paiju.press(user, panel, code=f"play {selection}")


async def play_suggested(paiju: Paiju, user: str, panel: FakeMessage) -> None:
    """Pick the first suggested move in the select menu."""
    select = next(c for c in panel.interactive() if c["type"] == 3)
    await paiju.press(user, panel, code="~s", values=[select["options"][0]["value"]])


async def take_turn(paiju: Paiju, user: str, style: str) -> str:
    """Answer the user's prompt through their panel in a given style; what was done."""
    panel = await paiju.open_hand(user)
    prompt = prompt_of(paiju, user)
    if prompt.kind != "play":
        await bid(paiju, user, panel, eager=style != "pass")
        return prompt.kind
    if style == "pass" and prompt.can_pass:
        await paiju.press(user, panel, code="pass")
        return "pass"
    if not prompt.suggestions:
        await paiju.press(user, panel, code="pass")
        return "pass"
    if style == "toggles":
        await play_by_toggles(paiju, user, panel, prompt.suggestions[0].action.split(" ", 1)[1])
        return "toggles"
    await play_suggested(paiju, user, panel)
    return "select"


async def arrange_by_cards(paiju: Paiju, user: str, panel: FakeMessage, action: str) -> None:
    """Build an arrangement by pressing the cards into groups A/B/C, then press Arrange."""
    assert paiju.adapter is not None
    view = paiju.adapter.held(str(paiju.fake.user(user).id), paiju.room.room_id)
    assert view is not None
    target = digits_of(view, action)
    assert target is not None
    digits = "0" * len(view.hand)
    for index, group in enumerate(target):
        while digits[index] != group:
            digits = next_group(digits, index)
            await paiju.press(user, panel, code=f"~g{digits}")
    await paiju.press(user, panel, code=action)


async def bid_to_first_lead(paiju: Paiju) -> str:
    """Everyone answers the auction with the bid panel until play begins; the leader."""
    while paiju.room.state is not None and paiju.room.state.public_view()["phase"] != "playing":
        [user] = paiju.to_act()
        await take_turn(paiju, user, "bid")
    [leader] = paiju.to_act()
    return leader
