"""Card art on Telegram, through the fake Bot API: with pictures on a player's panel is the
photo of their hand (the panel's text its caption, its buttons under it), the bottom cards
and the result card go to the group with the notes' text as captions, no picture of a hand
goes to a group, and a hand costs no more requests than with pictures off."""

from __future__ import annotations

from itertools import pairwise

import pytest

from bot.host.views import Phase
from bot.i18n import translate
from bot.pictures import describe, sort_hand
from tests.adapters.telegram.harness import LeakGuard, Players, Table, solo_table
from tests.fakes.telegram import Call, FakeTelegram
from tests.fakes.telegram_media import uploads

QUIET = ("getUpdates", "answerCallbackQuery", "getMe", "deleteWebhook", "setMyCommands",
         "deleteMyCommands", "getMyCommands", "getChat", "getChatMember", "sendChatAction")


@pytest.fixture
def pictures() -> bool:
    return True


def depicted(call: Call):  # noqa: ANN201 - a Layout
    """What the one picture a request uploaded depicts."""
    files = uploads(call)
    assert len(files) == 1, call.params
    layout = describe(files[0])
    assert layout is not None
    return layout


async def play_solo_hand(tg: Table) -> tuple[int, int]:
    """Alice and two AI seats play one hand in 托管; (group id, Alice's id)."""
    group, alice, players = await solo_table(tg)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    return group.id, alice.id


async def test_a_whole_hand_shows_the_hand_on_its_panel_photo_and_the_result_card_once(
        tg: Table) -> None:
    group, alice = await play_solo_hand(tg)
    fake = tg.fake
    room = tg.room(fake._chats[group])
    photos = [c for c in fake.calls_of("sendPhoto") if c.ok]
    edits = [c for c in fake.calls_of("editMessageMedia") if c.ok]
    # The private hand: the panel is its photo (in 托管 no new prompt rings, so one panel
    # for the hand), its caption the panel's text, edited in place, the photo with it only
    # when the cards changed.
    private = [c for c in photos if c.chat_id == alice]
    assert len(private) == 1 and "Your cards" in private[0].params["caption"]
    first = depicted(private[0])
    assert first.kind == "hand" and first.private and len(first.cards) in (17, 20)
    after = fake.calls[fake.calls.index(private[0]):]  # (the lobby's note came before)
    assert not [c for c in after if c.chat_id == alice and c.method == "sendMessage"]
    captions = [c for c in fake.calls_of("editMessageCaption") if c.ok]
    assert all(c.chat_id == alice for c in edits + captions)
    assert all(c.params["message_id"] == private[0].result["message_id"]
               for c in edits + captions)
    shown = [first, *(depicted(c) for c in edits)]
    hands = [tuple(sorted(layout.codes)) for layout in shown]
    assert len(set(hands)) == len(hands), "a new photo only for other cards"
    dealt = set(first.codes) | set(room.state.public_view()["bottom"].split())
    assert all(set(hand) <= dealt for hand in hands), "only cards Alice held"
    # The group: the result card once, with the result text as its caption; the bottom
    # cards with the landlord's note. Neither note went out a second time as text.
    in_group = [c for c in photos if c.chat_id == group]
    kinds = [depicted(c).kind for c in in_group]
    assert sorted(kinds) == ["cards", "result"]
    result = next(c for c in in_group if depicted(c).kind == "result")
    title = translate("host.result.title", "en")
    assert title in result.params["caption"]
    assert not any(title in (c.params.get("text") or "") for c in fake.calls_of("sendMessage")
                   if c.chat_id == group)
    card = depicted(result)
    amounts = [seat["final"] for seat in room.last_result["seats"]]
    assert all((f"{a:+d}" if a else "0") in card.labels for a in amounts)
    bottom = next(c for c in in_group if depicted(c).kind == "cards")
    assert sorted(depicted(bottom).codes) == sorted(room.state.public_view()["bottom"].split())
    assert "Alice" in " ".join(card.labels)  # the card names its seats


async def test_a_room_with_pictures_off_sends_text_only(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Text club")
    alice = fake.new_user("Alice")
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(alice, "settings", "pictures=off", chat=group)
    await tg.until(lambda: tg.room(group).pictures is False)
    for seats in (2, 3):
        await tg.press(alice, tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(tg.room(group).seats) == s)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [alice])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    assert fake.calls_of("sendPhoto") == [] and fake.calls_of("editMessageMedia") == []
    title = translate("host.result.title", "en")
    assert any(title in m.get("text", "") for m in fake.messages(group))


async def requests_of_a_hand(tmp_path, pictures_on: bool  # noqa: ANN001
                             ) -> tuple[dict[str, int], list[Call]]:
    """The requests one seeded hand (Alice and two AI seats, all in 托管) makes, by kind, and
    the group's successful text edits in order."""
    guard = LeakGuard()
    async with FakeTelegram() as fake:
        guard.install(fake)
        tg = Table(fake, tmp_path / ("on" if pictures_on else "off") / "paiju.sqlite3", guard,
                   pictures=pictures_on)
        await tg.boot(seed=11)
        try:
            group, alice = await play_solo_hand(tg)
        finally:
            await tg.shutdown()
        assert not guard.violations, guard.violations
        counts: dict[str, int] = {}
        for call in fake.calls:
            if call.method in QUIET or not call.ok:
                continue
            where = "group" if call.chat_id == group else "private"
            kind = "post" if call.method in ("sendMessage", "sendPhoto") else call.method
            counts[f"{where} {kind}"] = counts.get(f"{where} {kind}", 0) + 1
        edits = [c for c in fake.calls_of("editMessageText") if c.ok and c.chat_id == group]
        return counts, edits


async def test_pictures_cost_no_requests_per_move_but_the_hand_photo_and_its_edits(
        tmp_path) -> None:  # noqa: ANN001
    off, off_edits = await requests_of_a_hand(tmp_path, False)
    on, on_edits = await requests_of_a_hand(tmp_path, True)
    # The same hand (same seed): in the group the notes became photos one for one, and in
    # the private chat the panels became photos one for one, each edit one edit (of the
    # caption, or of the photo with it): pictures cost no request of their own.
    # (Text notes waiting for the group's pace fold into one message; a photo is its own,
    # so pictures may cost one group post more in a quick hand, never more than that.)
    assert off.get("group post", 0) <= on.get("group post", 0) <= off.get("group post", 0) + 1
    assert on.get("private post") == off.get("private post")
    assert on.get("private editMessageCaption", 0) + on.get("private editMessageMedia", 0) \
        == off.get("private editMessageText", 0)
    assert "group editMessageMedia" not in on and "private editMessageText" not in on
    # How many of the table's moves fold into one edit follows the machine's pace (3 to 7
    # edits of this hand on a loaded machine, with pictures or without), so the edits are
    # judged by what they show: each one a newer table than the last (no edit is spent on
    # a picture, nothing is sent twice), ending on the same table as without pictures.
    for edits in (on_edits, off_edits):
        for before, after in pairwise(edits):
            if before.params["message_id"] == after.params["message_id"]:
                assert before.params["text"] != after.params["text"], after.params
    assert on_edits and off_edits
    assert on_edits[-1].params["text"] == off_edits[-1].params["text"]
    assert len({c.params["message_id"] for c in on_edits}) \
        == len({c.params["message_id"] for c in off_edits})


async def test_the_table_command_posts_the_last_play_as_a_picture(tg: Table) -> None:
    group, alice, players = await solo_table(tg)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    fake = tg.fake
    mark = fake.mark()
    fake.command(alice, "table", chat=group)
    call = await fake.wait_for(method="sendPhoto", chat_id=group.id, since=mark)
    layout = depicted(call)
    history = players.room().state.public_view()["history"]
    seat, cards = next((s, c) for s, c in reversed(history) if c)
    assert layout.kind == "cards" and not layout.private
    assert sorted(layout.codes) == sorted(cards.split())
    assert layout.labels == ("Last play",)
    name = players.room().seats[seat].name
    expected = name if not players.room().seats[seat].is_ai else ""
    assert "Last play" in call.params["caption"] and expected in call.params["caption"]


@pytest.mark.parametrize("trouble", ["refused", "rate limited"])
async def test_a_refused_or_rate_limited_picture_sends_the_text_instead(
        tg: Table, trouble: str) -> None:
    group, alice, players = await solo_table(tg)
    fake = tg.fake
    if trouble == "refused":
        fake.fail_next("sendPhoto", "Bad Request: PHOTO_INVALID_DIMENSIONS", times=100,
                       chat_id=group.id)
    else:
        fake.rate_limit("sendPhoto", retry_after=0.05, times=100, chat_id=group.id)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    title = translate("host.result.title", "en")
    assert not any(c.ok and c.chat_id == group.id for c in fake.calls_of("sendPhoto"))
    assert any(title in m.get("text", "") for m in fake.messages(group))
    assert any(c.chat_id == group.id and not c.ok for c in fake.calls_of("sendPhoto"))
    # The private hand is not affected by the group's trouble.
    assert [c for c in fake.calls_of("sendPhoto") if c.ok and c.chat_id == alice.id]


async def test_sort_under_the_hand_turns_its_photo_the_other_way(tg: Table) -> None:
    group, alice, players = await solo_table(tg)
    fake = tg.fake
    await tg.settle()
    panel = tg.panel(alice)
    assert panel is not None and "photo" in panel
    first = describe(fake.photo_of(panel) or b"").codes
    mark = fake.mark()
    fake.press(alice, panel, label=translate("telegram.button.sort", "en"))
    edit = await fake.wait_for(method="editMessageMedia", chat_id=alice.id, since=mark)
    flipped = depicted(edit).codes
    # The photo reads as the hand's text does (small → big until pressed), then turns.
    assert list(first) == sort_hand(first, "up")
    assert list(flipped) == sort_hand(first, "down") == list(reversed(first))
    assert edit.params["message_id"] == panel["message_id"]  # the panel itself, in place
    await players.everyone_auto()
    await players.finished()


async def test_a_tianji_hand_turns_into_its_three_groups_once_arranged(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Tianji club")
    ann, ben = fake.new_user("Ann"), fake.new_user("Ben")
    fake.command(ann, "new", "tianji", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(ben, "join", chat=group)
    await tg.until(lambda: len(tg.room(group).seats) == 2)
    await tg.press(ann, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [ann, ben])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    for user in (ann, ben):
        await players.act(user, lambda c: c.startswith("arrange "))
    await players.finished()
    await tg.settle()
    for user in (ann, ben):
        mine = [c for c in fake.calls if c.ok and c.chat_id == user.id
                and c.method in ("sendPhoto", "editMessageMedia")]
        kinds = [depicted(c).kind for c in mine]
        assert kinds[0] == "hand" and kinds[-1] == "groups", kinds
        assert [c.method for c in mine].count("sendPhoto") == 1
        arranged = depicted(mine[-1])
        assert [c.group for c in arranged.cards] == ["A", "B", "B", "C", "C", "C"]
        assert arranged.private
    result = next(c for c in fake.calls_of("sendPhoto") if c.ok and c.chat_id == group.id)
    assert depicted(result).kind == "result" and len(depicted(result).cards) == 12


async def test_a_wild_card_is_starred_in_the_hand_photo(tg: Table) -> None:
    # 癞子 (RULES §2.1): once the wild rank is drawn, the hand photo marks its cards.
    fake = tg.fake
    group = fake.new_group("wild pictures")
    alice = fake.new_user("Alice")
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(alice, "settings", "variant=laizi", chat=group)
    await tg.until(lambda: tg.room(group).options.get("variant") == "laizi")
    for seats in (2, 3):
        await tg.press(alice, tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(tg.room(group).seats) == s)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [alice])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await players.everyone_auto()
    room = await players.finished()
    await tg.settle()
    state = room.state
    assert state is not None and len(state.wilds) == 1
    wild_char = "3456789TJQKA2"[state.wilds[0]]
    calls = [c for c in fake.calls_of("sendPhoto") + fake.calls_of("editMessageMedia")
             if c.ok and c.chat_id == alice.id]
    layouts = [depicted(c) for c in calls]
    starred = [card for layout in layouts for card in layout.cards if card.wild]
    assert all(card.code[0] == wild_char for card in starred)
    # The hand as dealt (before the draw) has no star; a picture drawn after it stars every
    # wild card it shows.
    assert not any(card.wild for card in layouts[0].cards)
    later = [layout for layout in layouts[1:]
             if any(card.code[0] == wild_char for card in layout.cards)]
    assert later and all(card.wild == (card.code[0] == wild_char)
                         for layout in later for card in layout.cards)
