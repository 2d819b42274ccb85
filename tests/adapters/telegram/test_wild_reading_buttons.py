"""癞子 (RULES §2.1) in Telegram: a play built on the panel whose wild card can be read more
than one way is not refused into typing: each reading is a button, and the one pressed is
the play made (the host's Check answers with the game's choices; the panel shows them)."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.telegram.harness import Players, Table
from tests.games.doudizhu.readings import ambiguous_play


async def test_the_readings_of_a_drafted_wild_play_are_buttons(tg: Table) -> None:
    fake = tg.fake
    for attempt in range(16):  # the deals are the seeded host's: enough tables to find one
        alice = fake.new_user(f"Alice {attempt}")  # one table each: a seat elsewhere is left
        group = fake.new_group(f"readings {attempt}")
        fake.command(alice, "new", "ddz", chat=group)
        await tg.until(lambda g=group: tg.shown_table(g))
        fake.command(alice, "settings", "variant=laizi", chat=group)
        await tg.until(lambda g=group: tg.room(g).options.get("variant") == "laizi")
        for seats in (2, 3):
            await tg.press(alice, tg.table_message(group), lambda c: c == "!ai")
            await tg.until(lambda s=seats, g=group: len(tg.room(g).seats) == s)
        await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
        players = Players(tg, group, [alice])
        await tg.until(lambda p=players: p.room().phase is Phase.PLAYING)
        room = players.room()
        state = room.state
        if 0 not in room.to_act() or not state.legal_actions(0) \
                or "bid 3" not in state.legal_actions(0):
            continue  # an AI bids first: another table
        await players.act(alice, lambda c: c == "bid 3")
        await tg.until(lambda p=players: p.room().state.wild is not None
                       and 0 in p.room().to_act())
        state = players.room().state
        found = ambiguous_play(state, 0)
        if found is not None:
            break
    else:
        raise AssertionError("no deal with a play of two readings")
    cards, readings = found
    assert tg.adapter is not None
    slot = tg.adapter.panels[(alice.id, players.room().room_id)]
    selection = ""
    from bot.cards import RANK_CHARS

    for char in cards:
        selection = "".join(sorted(selection + char, key=RANK_CHARS.index))
        wanted = f"~t{selection}"
        panel = await tg.prompt(alice, lambda c, w=wanted: c == w)
        await tg.press(alice, panel, lambda c, w=wanted: c == w)
        await tg.until(lambda s=selection: slot.draft.value == s)
        await tg.adapter.settle()
    offered = [f"play {cards}={reading}" for reading in readings]
    panel = await tg.prompt(alice, lambda c: c in offered)
    codes = tg.live_codes(alice, panel)
    assert sorted(c for c in codes if c.startswith(f"play {cards}=")) == sorted(offered)
    assert f"play {cards}" not in codes  # no plain Play: the reading is not in doubt
    labels = [text for text, _ in fake.buttons(panel)]
    assert any("(as" in label or "as " in label for label in labels), labels
    chosen = offered[-1]
    before = players.room().counter
    await tg.press(alice, panel, lambda c: c == chosen)
    await tg.until(lambda: players.room().counter > before)
    after = players.room().state
    assert chosen in after.actions  # the reading pressed is the play made (AIs may follow)
