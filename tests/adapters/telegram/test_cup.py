"""Competitions in a group: words that make no competition command get a short refusal in
the sender's language, as a reply, and change nothing (chatter that merely starts with 比赛
gets no lecture); a competition table offers only the buttons it takes; a competitor the
bot cannot message yet is shown the way to their cards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from adapters.telegram.memory import TableMemory
from bot.host.views import Phase
from bot.i18n import translate
from bot.tournament.competition import FINISHED
from bot.tournament.service import CupService
from tests.adapters.telegram.harness import CHECKED_METHODS, JSON, Table, answer_to, code_of
from tests.fakes.telegram_api import FakeChat, FakeUser


@asynccontextmanager
async def cup_club(tg: Table) -> AsyncIterator[tuple[CupService, FakeChat, FakeUser]]:
    """The competition service running beside the adapter, a group and its admin Olga."""
    assert tg.host is not None
    cups = CupService(tg.host)
    await cups.start()
    try:
        group = tg.fake.new_group("Cup club")
        olga = tg.fake.new_user("Olga")
        tg.fake.set_member_status(group, olga, "administrator")
        yield cups, group, olga
    finally:
        await cups.close()


async def test_bad_cup_words_are_refused_briefly_in_the_senders_language(tg: Table) -> None:
    fake = tg.fake
    assert tg.host is not None
    async with cup_club(tg) as (cups, group, olga):
        fake.set_member_status(group, fake.bot, "administrator")  # it hears plain text too
        ann = fake.new_user("Ann", language_code="zh")
        ben = fake.new_user("Ben")
        await answer_to(tg, group, fake.command(olga, "cup", "new", "Club", chat=group))
        await answer_to(tg, group, fake.command(ben, "cup", "join", chat=group))
        await tg.settle()
        cup = next(iter(cups.cups.values()))
        before = cup.to_dict()
        rooms = set(tg.host.rooms)

        zh = await answer_to(tg, group, fake.command(ann, "cup", "跳舞", chat=group))
        assert zh == translate("cup.err.unknown", "zh", word="跳舞")
        en = await answer_to(tg, group, fake.command(ben, "cup", "dance", "now", chat=group))
        assert en == translate("cup.err.unknown", "en", word="dance")
        bare = await answer_to(tg, group, fake.command(olga, "cup", "role", chat=group))
        assert bare == translate("cup.err.unknown", "en", word="role")
        assert all(len(text) <= 200 and "\n" not in text for text in (zh, en, bare))

        mark = fake.mark()
        fake.user_says(ann, "比赛 真好看", chat=group)  # talk, not a command
        await tg.settle()
        assert not [c for c in fake.calls[mark:] if c.method == "sendMessage"]
        assert cup.to_dict() == before and list(cups.cups) == [cup.cup_id]
        assert set(tg.host.rooms) == rooms


async def test_a_competition_table_offers_only_the_buttons_it_takes(tg: Table) -> None:
    """The draw seats the players and AI seats are not allowed: a competition table's
    message offers Check in (the Start code) without Join / Leave / Add AI, My hand and Auto in
    play, and no Play again anywhere (the competition deals the next hand itself); a plain
    room in the same group keeps all four lobby buttons."""
    fake = tg.fake
    assert tg.host is not None and tg.adapter is not None
    async with cup_club(tg) as (cups, group, olga):
        people = [fake.new_user(name) for name in ("Ann", "Ben", "Cai")]
        await answer_to(tg, group, fake.command(olga, "cup", "new", "Club", "hands=2",
                                                "seed=tg", chat=group))
        for user in people:
            await answer_to(tg, group, fake.command(user, "cup", "join", chat=group))
        await answer_to(tg, group, fake.command(olga, "cup", "close", chat=group))
        await cups.quiesce()
        await tg.settle()
        cup = next(iter(cups.cups.values()))
        [table] = cup.live_tables()
        room_id = table.room_id
        assert room_id is not None and tg.host.rooms[room_id].competition
        slot = tg.adapter.tables[room_id]

        def message() -> JSON:
            assert slot.message_id is not None
            found = fake.message(slot.chat_id, slot.message_id)
            assert found is not None
            return found

        assert tg.codes(message()) == ["!start"]
        [[check_in]] = message()["reply_markup"]["inline_keyboard"]
        assert check_in["text"] == translate("host.button.check_in", "en") == "Check in"
        by_id = {str(u.id): u for u in people}
        for seat in tg.host.rooms[room_id].seats:
            assert seat.user_id is not None
            await tg.press(by_id[seat.user_id], message(), lambda c: c == "!start")
        await cups.quiesce()
        await tg.until(lambda: tg.host.rooms[room_id].phase is Phase.PLAYING
                       and tg.codes(message()) == ["!hand", "!auto"])
        for user in people:  # both hands played out by 托管
            await tg.press(user, await tg.prompt(user, lambda c: c == "!auto"),
                           lambda c: c == "!auto")
        await tg.until(lambda: cup.phase == FINISHED, timeout=20)
        await cups.quiesce()
        await tg.settle()
        assert tg.host.rooms[room_id].hands == 2
        assert tg.host.rooms[room_id].phase is Phase.CLOSED
        # The closed table's message is final: no longer kept for restarts.
        assert TableMemory(tg.db.parent, fake.token.split(":")[0]).get(room_id) is None

        casual = fake.new_group("Casual")
        fake.command(olga, "new", "ddz", chat=casual)
        lobby = await tg.until(lambda: tg.shown_table(casual))
        assert tg.codes(lobby) == ["!join", "!leave", "!ai", "!start", "!seed"]
        assert [b["text"] for row in lobby["reply_markup"]["inline_keyboard"]
                for b in row][3] == "Start"
    # Nothing the competition's table showed, in the group or privately, offered a button
    # it would refuse; the players' panels did show the hand that ended.
    shown = [c for c in fake.calls if c.ok and c.method in CHECKED_METHODS
             and room_id in str(c.params.get("reply_markup"))]
    codes = {code_of(b["callback_data"]) for c in shown
             for row in c.params["reply_markup"]["inline_keyboard"] for b in row}
    assert "!start" in codes and "!hand" in codes
    assert not codes & {"!join", "!leave", "!ai", "!again"}, codes
    ended = translate("host.private.over", "en")
    assert any(ended in str(c.params.get("text")) for c in fake.calls
               if c.ok and isinstance(c.chat_id, int) and c.chat_id > 0)


async def test_a_competitor_who_never_started_the_bot_is_shown_the_way_to_their_cards(
        tg: Table) -> None:
    """Signing up shows a button to the private chat; at the table, the check-in press of
    someone the bot cannot message opens the private chat on that table, and from there
    they get their cards and play."""
    fake = tg.fake
    assert tg.host is not None and tg.adapter is not None
    async with cup_club(tg) as (cups, group, olga):
        ann, ben = fake.new_user("Ann"), fake.new_user("Ben")
        cai = fake.new_user("Cai", started=False)
        await answer_to(tg, group, fake.command(olga, "cup", "new", "Club", "hands=1",
                                                chat=group))
        for user in (ann, ben, cai):
            await answer_to(tg, group, fake.command(user, "cup", "join", chat=group))
        signed = [c for c in fake.calls_of("sendMessage") if c.chat_id == group.id
                  and "url" in str(c.params.get("reply_markup"))]
        assert signed and all(c.params["reply_markup"]["inline_keyboard"][0][0]["url"]
                              == f"https://t.me/{fake.bot.username}" for c in signed)
        await answer_to(tg, group, fake.command(olga, "cup", "close", chat=group))
        await cups.quiesce()
        await tg.settle()
        [table] = next(iter(cups.cups.values())).live_tables()
        room_id = table.room_id
        assert room_id is not None
        slot = tg.adapter.tables[room_id]
        assert slot.message_id is not None
        lobby = fake.message(group, slot.message_id)
        assert lobby is not None
        query = fake.press(cai, lobby, next(d for _, d in fake.buttons(lobby)
                                            if code_of(d) == "!start"))
        answer = await tg.answered(query)
        assert answer["url"] == f"https://t.me/{fake.bot.username}?start={room_id}"
        fake.user_says(cai, f"/start {room_id}")  # follows the link
        await tg.until(lambda: tg.adapter.reachable.get(cai.id) is True)
        for user in (ann, ben):
            await tg.press(user, fake.message(group, slot.message_id), lambda c: c == "!start")
        await cups.quiesce()
        await tg.until(lambda: tg.host.rooms[room_id].phase is Phase.PLAYING)
        for user in (ann, ben, cai):  # Cai has his cards and the panel like the others
            await tg.press(user, await tg.prompt(user, lambda c: c == "!auto"),
                           lambda c: c == "!auto")
        await tg.until(lambda: tg.host.rooms[room_id].phase is not Phase.PLAYING, timeout=20)
        await cups.quiesce()
