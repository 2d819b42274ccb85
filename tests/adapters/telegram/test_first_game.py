"""A first game in a Telegram group through the real client and the fake server: what a
newcomer is told and shown (issue 14)."""

from __future__ import annotations

from bot.cards import parse_ranks
from bot.host.presentation.render import pretty_ranks
from tests.adapters.telegram.harness import Table
from tests.adapters.telegram.test_doudizhu import open_table, start


async def test_the_two_player_farmer_is_told_of_the_hand_switch_and_sees_the_new_hand(
        tg: Table) -> None:
    # Before: after bidding the farmer's hand silently changed to the seat after the
    # landlord, and their private panel showed the old hand until they pressed something.
    players = await open_table(tg, "ddz2", ["Dora", "Evan"])
    await start(tg, players)
    bidder = await players.next_turn(0)
    if players.room().to_act() == [0]:  # seat 1 must be the landlord for seat 0's hand to switch
        await players.act(bidder, lambda c: c == "pass")
        bidder = await players.next_turn(players.room().counter - 1)
    await players.act(bidder, lambda c: c == "bid 3")
    room = players.room()
    assert room.state.landlord == 1
    farmer = players.by_id[room.seats[0].user_id]
    new_hand = pretty_ranks(room.state.private_view(0)["ranks"], "en")
    dealt = room.state.hands[0]
    assert room.state.hand(0) != dealt  # the bid hand is out of play

    def told() -> bool:
        texts = [m["text"] for m in tg.fake.messages(tg.fake.private_chat(farmer))]
        return any("the hand you bid with is out of play" in t for t in texts)

    await tg.until(told)
    panel = await tg.until(lambda: (p := tg.panel(farmer)) and new_hand in p["text"] and p)
    assert f"({len(parse_ranks(room.state.private_view(0)['ranks']))})" in panel["text"]


async def test_a_suggestion_never_wears_the_label_of_a_rank_toggle(tg: Table) -> None:
    # Before: the suggestion "8" played at once while the toggle "8" only selected, both
    # labelled "8" on one keyboard.
    from tests.adapters.telegram.harness import FakeTelegram, code_of, solo_table

    group, alice, players = await solo_table(tg)
    room = players.room()
    while room.state.public_view()["phase"] != "playing" or room.to_act() != [0]:
        if room.to_act() == [0]:
            await players.act(alice, lambda c: c.startswith("bid") or c == "pass")
        await tg.settle()
        room = players.room()
    panel = await tg.prompt(alice, lambda c: c.startswith("~t"))
    buttons = FakeTelegram.buttons(panel)
    plays = {label for label, data in buttons if data and code_of(data).startswith("play ")}
    toggles = {label for label, data in buttons if data and code_of(data).startswith("~t")}
    assert plays and all(label.startswith("▶ ") for label in plays)
    assert not plays & toggles
