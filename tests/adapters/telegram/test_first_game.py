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
    from tests.adapters.telegram.harness import FakeTelegram, code_of

    _, _, panel = await _my_play_turn(tg)
    buttons = FakeTelegram.buttons(panel)
    plays = {label for label, data in buttons if data and code_of(data).startswith("play ")}
    toggles = {label for label, data in buttons if data and code_of(data).startswith("~t")}
    assert plays and all(label.startswith("▶ ") for label in plays)
    assert not plays & toggles


async def _my_play_turn(tg: Table):  # noqa: ANN202 - (alice, players, panel)
    """A solo table played on to Alice's first turn to play cards; her panel then."""
    from tests.adapters.telegram.harness import solo_table

    group, alice, players = await solo_table(tg)
    room = players.room()
    while room.state.public_view()["phase"] != "playing" or room.to_act() != [0]:
        if room.to_act() == [0]:
            await players.act(alice, lambda c: c.startswith("bid") or c == "pass")
        await tg.settle()
        room = players.room()
    return alice, players, await tg.prompt(alice, lambda c: c.startswith("~t"))


async def test_play_is_offered_only_for_a_selection_the_table_would_take(tg: Table) -> None:
    # Before: "▶ Play 5 K" was offered for a selection that is no move (and refused on press).
    alice, players, panel = await _my_play_turn(tg)
    held = sorted(set(players.room().state.private_view(0)["ranks"]) - set("BR"),
                  key="3456789TJQKA2".index)
    low, high = held[0], held[-1]
    assert "3456789TJQKA2".index(high) - "3456789TJQKA2".index(low) > 1
    await tg.press(alice, panel, lambda c: c == f"~t{low}")
    panel = await tg.prompt(alice, lambda c: c == f"~t{low}{high}")
    await tg.press(alice, panel, lambda c: c == f"~t{low}{high}")
    refused = await tg.until(lambda: (p := tg.panel(alice)) and "not a play now" in p["text"]
                             and p)
    assert f"play {low}{high}" not in tg.codes(refused)
    assert any(c == "~t" for c in tg.codes(refused))  # Clear is there
    # A suggestion's cards, toggled, are offered as a play.
    suggested = next(c for c in tg.codes(refused) if c.startswith("play "))
    await tg.press(alice, refused, lambda c: c == "~t")
    await players.build_play(alice, suggested.removeprefix("play "))


async def test_hint_drafts_the_hinted_move_so_one_tap_plays_it(tg: Table) -> None:
    # Before: Hint was only a toast ("Hint 1/3: 5"); the move then had to be built by hand.
    alice, players, panel = await _my_play_turn(tg)
    await tg.press(alice, panel, lambda c: c == "!hint")
    hinted = players.room()
    slot = tg.adapter.panels[(alice.id, hinted.room_id)]
    await tg.until(lambda: slot.draft.value)
    await tg.adapter.settle()
    drafted = tg.panel(alice)
    play = f"play {slot.draft.value}"
    assert play in tg.codes(drafted) and "Selected: " in drafted["text"]
    before, held = hinted.counter, len(hinted.state.hand(0))
    await tg.press(alice, drafted, lambda c: c == play)
    await tg.until(lambda: players.room().counter > before)
    # Her cards were played: the hand is smaller by the hinted move.
    assert len(players.room().state.hand(0)) == held - len(slot.draft.value or play[5:])


async def test_my_hand_pressed_again_leaves_one_copy_of_the_hand(tg: Table) -> None:
    # Before: each press of "My hand" sent another copy of the same panel.
    from tests.adapters.telegram.harness import solo_table

    group, alice, players = await solo_table(tg)
    await tg.settle()
    chat = tg.fake.private_chat(alice)

    def hands() -> list[dict]:
        return [m for m in tg.fake.messages(chat) if "Your cards" in (m.get("text") or "")]

    before = hands()
    for _ in range(3):
        await tg.press(alice, tg.table_message(group), lambda c: c == "!hand")
        await tg.settle()
    shown = hands()
    assert len(shown) == len(before)  # brought down, not copied
    newest = max(m["message_id"] for m in tg.fake.messages(chat))
    assert shown[-1]["message_id"] == newest == tg.panel(alice)["message_id"]
    assert shown[-1]["message_id"] > before[-1]["message_id"]


async def test_the_hand_sorts_big_to_small_with_the_bottom_cards_marked(tg: Table) -> None:
    # Before: the panel's text always read small→big and never showed which cards came from
    # the bottom (only the pictures could).
    alice, players, panel = await _my_play_turn(tg)
    room = players.room()
    await tg.press(alice, panel, lambda c: c == "!sort")
    ranks = room.state.private_view(0)["ranks"]
    words = pretty_ranks(ranks, "en").split(" ")  # a card a word
    down = await tg.until(lambda: (p := tg.panel(alice)) and p["text"].startswith(
        f"Your cards ({len(words)}): {words[-1]} ") and p)
    line = down["text"].splitlines()[0]
    shown = [w.strip("[]") for w in line.split(": ", 1)[1].split(" ") if not w.startswith("(")]
    assert shown[:len(words)] == list(reversed(words))
    if room.state.landlord == 0:  # the landlord's bottom cards are in brackets
        assert "([ ] from the bottom)" in line and line.count("[") == 4
    await tg.press(alice, down, lambda c: c == "!sort")
    await tg.until(lambda: tg.panel(alice)["text"].startswith(
        f"Your cards ({len(words)}): {words[0]} "))
