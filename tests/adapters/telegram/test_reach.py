"""Reaching players privately (deep links, refusals) and presses that must change nothing."""

from __future__ import annotations

from bot.cards import parse_cards
from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.telegram.harness import Players, Table, code_of, pair_table, solo_table
from tests.fakes.telegram_world import NOT_MODIFIED


async def test_a_player_who_never_started_the_bot_gets_a_deep_link_and_then_the_cards(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Deep links")
    alice = fake.new_user("Alice")
    dave = fake.new_user("Dave", started=False)
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    room_id = tg.room(group).room_id
    mark = fake.mark()
    fake.command(dave, "join", chat=group)
    offer = await fake.wait_for(lambda c: c.params.get("reply_markup") is not None,
                                method="sendMessage", chat_id=group, since=mark)
    button = offer.params["reply_markup"]["inline_keyboard"][0][0]
    assert button["url"] == f"https://t.me/{fake.bot.username}?start={room_id}"
    assert f'tg://user?id={dave.id}' in offer.params["text"]  # a mention that notifies him
    # Dave follows the link: Telegram sends /start <room> in his private chat.
    fake.user_says(dave, f"/start {room_id}")
    waiting = await tg.until(lambda: fake.messages(fake.private_chat(dave)))
    assert room_id in waiting[-1]["text"]
    assert tg.room(group).seats[1].user_id == str(dave.id)


async def test_the_game_goes_on_when_a_seated_player_cannot_be_messaged(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Timers")
    alice, bob = fake.new_user("Alice"), fake.new_user("Bob")
    erin = fake.new_user("Erin", started=False)
    fake.command(alice, "new", "ddz", chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    query = fake.press(erin, lobby, label=translate("host.button.join", "en"))
    answer = await tg.answered(query)
    assert answer["url"].endswith(f"?start={tg.room(group).room_id}")  # opens the bot
    fake.command(bob, "join", chat=group)
    players = Players(tg, group, [alice, bob, erin])
    await tg.until(lambda: len(players.room().seats) == 3)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    for user in (alice, bob):
        panel = await tg.prompt(user, lambda c: c == "!auto")
        await tg.press(user, panel, lambda c: c == "!auto")
    # Nobody can show Erin her cards: her turns time out into 托管 and the hand ends.
    for _ in range(60):
        room = players.room()
        if room.phase is Phase.OVER:
            break
        await tg.tick(61)
    assert players.room().phase is Phase.OVER
    assert players.room().seats[2].auto
    assert not fake.messages(fake.private_chat(erin))
    await tg.settle()
    timed_out = translate("host.timed_out", "en", player="Erin")
    assert any(timed_out in m["text"] for m in fake.messages(group))


async def test_stale_and_foreign_presses_get_an_alert_and_change_nothing(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Careful")
    alice, bob, carol = (fake.new_user(n) for n in ("Alice", "Bob", "Carol"))
    eve = fake.new_user("Eve")
    fake.command(alice, "new", "ddz", chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    for user in (bob, carol):
        fake.command(user, "join", chat=group)
    players = Players(tg, group, [alice, bob, carol])
    await tg.until(lambda: len(players.room().seats) == 3)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    bidder = await players.next_turn(0)
    bid_panel = await tg.prompt(bidder, lambda c: c == "bid 3")
    stale_bid = next(d for _, d in fake.buttons(bid_panel) if code_of(d) == "bid 3")
    await players.act(bidder, lambda c: c == "bid 1")
    counter = players.room().counter
    state = players.room().state.to_dict()

    async def alert_for(user, message, data) -> str:  # noqa: ANN001
        query = fake.press(user, message, data, check=False)
        answer = await tg.answered(query)
        assert answer.get("show_alert") is True
        return answer["text"]

    await tg.settle()  # the table shows play (its edits are a second apart at most)
    current = fake.message(fake.private_chat(bidder), bid_panel["message_id"])
    assert await alert_for(bidder, current, stale_bid) == translate("host.stale", "en")
    someone_else = next(u for u in (alice, bob, carol) if u is not bidder)
    assert await alert_for(someone_else, current, stale_bid) == translate(
        "telegram.not_yours", "en")
    assert await alert_for(eve, tg.table_message(group), tg.table_message(group)[
        "reply_markup"]["inline_keyboard"][0][0]["callback_data"]) == translate(
        "host.not_in_room", "en")
    assert await alert_for(eve, lobby, "garbage") == translate("host.bad_payload", "en")
    room_id = players.room().room_id
    forged_draft = f"{room_id}:{counter - 5:x}:~t3"
    assert await alert_for(bidder, current, forged_draft) == translate("host.stale", "en")
    assert players.room().counter == counter
    assert players.room().state.to_dict() == state


async def test_the_leak_guard_would_catch_a_hand_shown_in_a_group(tg: Table) -> None:
    group, alice, players = await solo_table(tg)
    hand = players.room().state.private_view(0)["hand"]
    await tg.adapter.send(group.id, " ".join(c.pretty("en") for c in parse_cards(hand)))
    assert tg.guard.violations, "the guard saw the hand go to the group"
    tg.guard.violations.clear()


async def test_a_group_admin_may_change_settings_of_a_table_they_do_not_sit_at(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Managed")
    owner, admin, stranger = (fake.new_user(n) for n in ("Owner", "Admin", "Stranger"))
    fake.set_member_status(group, admin, "administrator")
    fake.command(owner, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    mark = fake.mark()
    fake.command(stranger, "settings", "stake=50", chat=group)
    refused = await fake.wait_for(method="sendMessage", chat_id=group, since=mark)
    assert refused.params["text"] == translate("host.not_owner", "en")
    fake.command(admin, "settings", "stake=50", chat=group)
    await tg.until(lambda: tg.room(group).stake == 50)


async def test_a_player_who_blocks_the_bot_mid_game_is_carried_by_the_timer_then_welcomed_back(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Moody")
    alice, bob = fake.new_user("Alice"), fake.new_user("Bob")
    players = await pair_table(tg, group, alice, bob)
    await tg.prompt(bob, lambda c: c == "!auto")
    fake.block(bob)
    # An edit that would change nothing is harmless: the table goes on being edited.
    fake.fail_next("editMessageText", NOT_MODIFIED, chat_id=group.id)
    panel = await tg.prompt(alice, lambda c: c == "!auto")
    await tg.press(alice, panel, lambda c: c == "!auto")
    # (The table's next edit meets it; quick edits of a group fold, a second apart.)
    await fake.wait_for(lambda c: c.status == 400, method="editMessageText", chat_id=group,
                        since=0, timeout=10)
    for _ in range(60):  # Bob's panel bounces (403): his turns time out into 托管
        if players.room().phase is Phase.OVER:
            break
        await tg.tick(61)
    assert players.room().phase is Phase.OVER and players.room().seats[1].auto
    await tg.settle()
    assert any(c.status == 403 and c.chat_id == bob.id for c in fake.calls)
    edits = [c for c in fake.calls_of("editMessageText") if c.chat_id == group.id]
    assert [c.status for c in edits].count(400) == 1 and edits[-1].ok
    assert "!again" in tg.codes(tg.table_message(group))
    # Bob unblocks (/start): his panel is back, with the hand's end.
    mark = fake.mark()
    fake.user_says(bob, "/start")
    back = await fake.wait_for(lambda c: c.ok, method="sendMessage", chat_id=bob.id, since=mark)
    assert translate("host.private.over", "en") in back.params["text"]
