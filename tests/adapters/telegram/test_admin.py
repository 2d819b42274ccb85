"""`/admin` on Telegram (issue 57, an admin's tools): a group admin gives and takes a
player's beans with a reason, through the real PTB client and the fake Bot API; the same
command forged by a member is refused and changes nothing; every use is audited and the
books still balance."""

from __future__ import annotations

import csv
import io

from bot.host.views import Phase
from bot.i18n import translate
from storage.records import BANK
from tests.adapters.telegram.harness import Table, answer_to, pair_table
from tests.fakes.telegram import FakeTelegram


async def test_a_group_admin_adjusts_beans_with_a_reason_and_members_cannot(tg: Table) -> None:
    fake = tg.fake
    host = tg.host
    assert host is not None
    group = fake.new_group("Club")
    olga = fake.new_user("Olga")
    ann = fake.new_user("Ann", username="ann_l")
    fake.set_member_status(group, olga, "administrator")
    store = host.store
    ann_id = await store.player("telegram", str(ann.id), "Ann")
    olga_id = await store.player("telegram", str(olga.id), "Olga")
    before, bank = await store.balance(ann_id), await store.balance(BANK)

    # A member forging the command (for themselves, or by reply) is refused; nothing moves.
    forged = fake.command(ann, "admin", "beans", "@ann_l", "+1000", "gift", chat=group)
    assert await answer_to(tg, group, forged) == translate("admin.only", "en")
    said = fake.user_says(olga, "hello", chat=group)
    forged = fake.user_says(ann, "/admin beans +1000 mine", chat=group, reply_to=said)
    assert await answer_to(tg, group, forged) == translate("admin.only", "en")
    assert await store.balance(ann_id) == before

    # The admin replies to Ann's message: 100 beans from the bank, the reason kept.
    hers = fake.user_says(ann, "hi all", chat=group)
    given = fake.user_says(olga, "/admin beans +100 lost to a bug", chat=group, reply_to=hers)
    answer = await answer_to(tg, group, given)
    assert "+100" in answer and "Ann" in answer and "lost to a bug" in answer
    assert await store.balance(ann_id) == before + 100
    assert await store.balance(BANK) == bank - 100
    # By @username (Ann was seen writing): more than she holds cannot be taken ...
    taken = fake.command(olga, "admin", "beans", "@ann_l", f"-{before + 101}", "oops",
                         chat=group)
    assert await answer_to(tg, group, taken) == translate(
        "admin.too_few_beans", "en", name="Ann", have=before + 100)
    # ... and a smaller amount can, back to the bank.
    taken = fake.command(olga, "admin", "beans", "@ann_l", "-30", "double", "payout",
                         chat=group)
    assert "-30" in await answer_to(tg, group, taken)
    assert await store.balance(ann_id) == before + 70
    assert await store.balance(BANK) == bank - 70
    assert await store.books_balanced()
    # Bad words get a short translated answer; no target, no amount, no reason.
    for words, key in ((("beans", "@nobody", "+5", "x"), "admin.no_target"),
                       (("beans", "@ann_l", "lots", "x"), "admin.bad_amount"),
                       (("beans", "@ann_l", "+5"), "admin.need_reason")):
        sent = fake.command(olga, "admin", *words, chat=group)
        assert await answer_to(tg, group, sent) == translate(key, "en", most="1,000,000,000")
    usage = fake.command(olga, "admin", chat=group)
    assert await answer_to(tg, group, usage) == translate("admin.usage", "en")

    # Audited: who did what, when, why; the player's /me shows it.
    audit = await store.admin_audit(await store.community("telegram", str(group.id)))
    assert [(e.admin, e.action, e.target, e.amount, e.reason) for e in audit] == [
        ("Olga", "beans", "Ann", -30, "double payout"),
        ("Olga", "beans", "Ann", 100, "lost to a bug")]
    history = await answer_to(tg, group, fake.command(ann, "me", chat=group))
    assert "Adjusted by an admin: +100 by Olga" in history
    assert "lost to a bug" in history and "double payout" in history
    assert olga_id != ann_id


async def test_a_barred_member_is_refused_a_seat_until_unbarred(tg: Table) -> None:
    fake = tg.fake
    host = tg.host
    assert host is not None
    group = fake.new_group("Club")
    olga, ann = fake.new_user("Olga"), fake.new_user("Ann")
    fake.set_member_status(group, olga, "administrator")
    fake.command(olga, "new", chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    # A member cannot bar the admin (nor anyone).
    forged = fake.user_says(ann, "/admin bar no reason", chat=group,
                            reply_to=fake.user_says(olga, "hi", chat=group))
    assert await answer_to(tg, group, forged) == translate("admin.only", "en")
    barred = fake.user_says(olga, "/admin bar rude to others", chat=group,
                            reply_to=fake.user_says(ann, "hi", chat=group))
    assert await answer_to(tg, group, barred) == translate("admin.barred_now", "en", name="Ann")
    # Refused a seat by command, by the table's Join button, and at a table of her own.
    joined = fake.command(ann, "join", chat=group)
    assert await answer_to(tg, group, joined) == translate("admin.barred", "en")
    query = fake.press(ann, lobby, next(d for _, d in FakeTelegram.buttons(lobby)
                                        if d and d.endswith("!join")))
    assert (await tg.answered(query))["text"] == translate("admin.barred", "en")
    assert [seat.name for seat in tg.room(group).seats] == ["Olga"]
    other = fake.new_group("Other")  # another group's tables are not this group's business
    fake.command(ann, "new", chat=other)
    assert await tg.until(lambda: tg.shown_table(other))
    unbarred = fake.command(olga, "admin", "unbar", str(ann.id), chat=group)
    assert await answer_to(tg, group, unbarred) == translate("admin.unbarred_now", "en",
                                                             name="Ann")
    fake.command(ann, "leave", chat=other)
    ann_id = await host.store.player("telegram", str(ann.id), "Ann")
    await tg.until(lambda: ann_id not in host.seated)
    fake.command(ann, "join", chat=group)
    await tg.until(lambda: [seat.name for seat in tg.room(group).seats] == ["Olga", "Ann"])
    audit = await host.store.admin_audit(await host.store.community("telegram", str(group.id)))
    assert [(e.action, e.target, e.reason) for e in audit] == [
        ("unbar", "Ann", ""), ("bar", "Ann", "rude to others")]


async def test_an_admin_closes_a_table_mid_hand_and_the_hand_is_void(tg: Table) -> None:
    fake = tg.fake
    host = tg.host
    assert host is not None
    group = fake.new_group("Club")
    olga, ann = fake.new_user("Olga"), fake.new_user("Ann")
    fake.set_member_status(group, olga, "administrator")
    fake.command(olga, "new", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(ann, "join", chat=group)
    await tg.until(lambda: len(tg.room(group).seats) == 2)
    while len(tg.room(group).seats) < tg.room(group).spec.min_players:
        seats = len(tg.room(group).seats)
        fake.command(olga, "addbot", chat=group)
        await tg.until(lambda n=seats: len(tg.room(group).seats) == n + 1)
    fake.command(olga, "start_game", chat=group)
    await tg.until(lambda: tg.room(group).phase is Phase.PLAYING)
    store = host.store
    people = [await store.player("telegram", str(u.id), u.first_name) for u in (olga, ann)]
    before = await store.balances(people)

    forged = fake.command(ann, "admin", "close", chat=group)
    assert await answer_to(tg, group, forged) == translate("admin.only", "en")
    assert tg.room(group).phase is Phase.PLAYING
    mark = fake.mark()
    fake.command(olga, "admin", "close", chat=group)
    void = translate("admin.closed_void", "en", admin="Olga")
    await fake.wait_for(lambda c: c.params.get("text") == void, method="sendMessage",
                        chat_id=group, since=mark, timeout=10)
    assert tg.room(group).phase is Phase.CLOSED and not host.seated
    assert await store.balances(people) == before  # void: nobody won or lost
    assert await store.books_balanced()
    audit = await store.admin_audit(await store.community("telegram", str(group.id)))
    assert [(e.admin, e.action) for e in audit] == [("Olga", "close")]
    # The table can be opened again at once.
    fake.command(ann, "new", chat=group)
    await tg.until(lambda: tg.room(group).phase is Phase.LOBBY)


async def test_an_admin_exports_the_groups_records_as_csv(tg: Table) -> None:
    fake = tg.fake
    host = tg.host
    assert host is not None
    group = fake.new_group("Club")
    olga, ann, ben = fake.new_user("Olga"), fake.new_user("Ann"), fake.new_user("Ben")
    fake.set_member_status(group, olga, "administrator")
    players = await pair_table(tg, group, ann, ben)
    await players.everyone_auto()
    room = await players.finished()
    game_id = room.game_id

    mark = fake.mark()
    forged = fake.command(ann, "admin", "export", chat=group)
    assert await answer_to(tg, group, forged) == translate("admin.only", "en")
    asked = fake.command(olga, "admin", "export", chat=group)
    assert await answer_to(tg, group, asked) == translate("admin.exported", "en", hands=1,
                                                          rows=2)
    await fake.wait_for(lambda c: "admin_log" in str(c.params.get("document")),
                        method="sendDocument", chat_id=group, since=mark, timeout=10)
    sent = [c for c in fake.calls[mark:] if c.method == "sendDocument"]
    files = {c.params["document"]["filename"]: c.params["document"]["data"].decode("utf-8-sig")
             for c in sent}
    assert set(files) == {"records.csv", "admin_log.csv"}  # the forged one sent nothing
    rows = list(csv.DictReader(io.StringIO(files["records.csv"])))
    assert [(r["game_id"], r["player"]) for r in rows] == [
        (game_id, seat.name) for seat in room.seats if not seat.is_ai]
    finals = {s["name"]: s["final"] for s in room.last_result["seats"]}
    assert {r["player"]: int(r["delta"]) for r in rows} == {"Ann": finals["Ann"],
                                                           "Ben": finals["Ben"]}
    audit = list(csv.DictReader(io.StringIO(files["admin_log.csv"])))
    assert [(r["admin"], r["action"]) for r in audit] == [("Olga", "export")]


async def test_the_tools_live_in_the_group_and_the_plain_word_is_talk_for_members(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Club")
    fake.set_member_status(group, fake.bot, "administrator")  # hears plain text
    olga, ann = fake.new_user("Olga"), fake.new_user("Ann")
    fake.set_member_status(group, olga, "administrator")
    chat = fake.private_chat(olga)
    mark = fake.mark()
    fake.command(olga, "admin", "export", chat=chat)
    await fake.wait_for(lambda c: c.params.get("text") == translate("admin.need_group", "en"),
                        method="sendMessage", chat_id=chat, since=mark, timeout=10)
    talk = fake.user_says(ann, "管理 豆 +100 please", chat=group)
    asked = fake.user_says(olga, "管理 导出", chat=group)
    assert await answer_to(tg, group, asked) == translate("admin.exported", "en", hands=0,
                                                          rows=0)
    replies = [c for c in fake.calls[mark:] if c.method == "sendMessage"
               and (c.params.get("reply_parameters") or {}).get("message_id")
               == talk["message_id"]]
    assert replies == []  # a member's plain words got no lecture
