"""`/paiju admin beans` on Discord (issue 57, an admin's tools): someone with Manage Server
gives or takes a player's beans with a reason, through the real discord.py client and the
fake Discord; the same command forged by a member without the permission is refused and
changes nothing; every use is audited and the books still balance."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from bot.host.views import Phase
from bot.i18n import translate
from storage.records import BANK
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord
from tests.fakes.discord_model import FakeRole, new_snowflake


async def test_manage_server_adjusts_beans_and_a_member_cannot(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    host = paiju.host
    assert host is not None
    store = host.store
    bob = fake_discord.user("bob")
    bob_id = await store.player("discord", str(bob.id), "Bob")
    alice = fake_discord.user("alice")
    await store.player("discord", str(alice.id), "Alice")
    before, bank = await store.balance(bob_id), await store.balance(BANK)

    forged = await paiju.slash("bob", "paiju admin beans",
                               {"player": bob, "amount": 1000, "reason": "gift"})
    assert forged.content == translate("admin.only", "en")
    assert await store.balance(bob_id) == before

    given = await paiju.slash("alice", "paiju admin beans",
                              {"player": bob, "amount": 250, "reason": "tournament prize"})
    assert "+250" in given.content and "tournament prize" in given.content
    assert await store.balance(bob_id) == before + 250
    assert await store.balance(BANK) == bank - 250
    too_many = await paiju.slash("alice", "paiju admin beans",
                                 {"player": bob, "amount": -(before + 251), "reason": "x"})
    assert too_many.content == translate("admin.too_few_beans", "en", name="Bob",
                                         have=before + 250)
    assert await store.balance(bob_id) == before + 250
    assert await store.books_balanced()

    audit = await store.admin_audit(await store.community("discord", str(fake_discord.guild.id)))
    assert [(e.admin, e.action, e.amount, e.reason) for e in audit] == [
        ("Alice", "beans", 250, "tournament prize")]
    stats = await paiju.slash("bob", "paiju me")
    assert "Adjusted by an admin: +250 by" in stats.content
    assert "tournament prize" in stats.content


async def test_a_barred_member_is_refused_a_seat_until_unbarred(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    bob = fake_discord.user("bob")
    await paiju.slash("alice", "paiju new")
    table = await paiju.table()
    forged = await paiju.slash("bob", "paiju admin unbar", {"player": bob})
    assert forged.content == translate("admin.only", "en")
    barred = await paiju.slash("alice", "paiju admin bar", {"player": bob, "reason": "spam"})
    assert barred.content == translate("admin.barred_now", "en", name="Bob")
    pressed = await paiju.press("bob", table, code="!join")
    assert (await fake_discord.reply_to(pressed)).content == translate("admin.barred", "en")
    assert (await paiju.slash("bob", "paiju join")).content == translate("admin.barred", "en")
    assert [seat.name for seat in paiju.room.seats] == ["Alice"]
    unbarred = await paiju.slash("alice", "paiju admin unbar", {"player": bob})
    assert unbarred.content == translate("admin.unbarred_now", "en", name="Bob")
    await paiju.press("bob", await paiju.table(), code="!join")
    assert [seat.name for seat in paiju.room.seats] == ["Alice", "Bob"]


async def test_manage_server_closes_a_table_mid_hand_and_the_hand_is_void(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    host = paiju.host
    assert host is not None
    await paiju.slash("alice", "paiju new")
    await paiju.press("bob", await paiju.table(), code="!join")
    while len(paiju.room.seats) < paiju.room.spec.min_players:
        await paiju.slash("alice", "paiju addbot")
    await paiju.slash("alice", "paiju start")
    assert paiju.room.phase is Phase.PLAYING
    people = [await host.store.player("discord", str(fake_discord.user(name).id), name.title())
              for name in ("alice", "bob")]
    before = await host.store.balances(people)
    forged = await paiju.slash("bob", "paiju admin close")
    assert forged.content == translate("admin.only", "en")
    room = paiju.room
    assert room.phase is Phase.PLAYING
    await paiju.slash("alice", "paiju admin close")
    assert host.rooms[room.room_id].phase is Phase.CLOSED and not host.seated
    void = translate("admin.closed_void", "en", admin="Alice")
    assert any(m.content == void for m in fake_discord.messages_in(fake_discord.channel))
    assert await host.store.balances(people) == before
    assert await host.store.books_balanced()


async def test_manage_server_exports_the_records_as_csv_and_a_member_cannot(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    forged = await paiju.slash("bob", "paiju admin export")
    assert forged.content == translate("admin.only", "en")
    assert forged.payload["attachments"] == []
    given = await paiju.slash("alice", "paiju admin export")
    assert given.ephemeral and given.content == translate("admin.exported", "en", hands=0,
                                                          rows=0)
    files = {a["filename"]: fake_discord.rest.files[a["id"]].decode("utf-8-sig")
             for a in given.payload["attachments"]}
    assert files["records.csv"].splitlines()[0].startswith("game_id,game,mode,stake")
    audit = list(csv.DictReader(io.StringIO(files["admin_log.csv"])))
    assert [(r["admin"], r["action"]) for r in audit] == [("Alice", "export")]


async def test_members_of_the_role_an_admin_names_may_use_the_tools(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    helpers = FakeRole(new_snowflake(), "Helpers", 0, position=1)
    fake_discord.guild.roles[helpers.id] = helpers
    carol, dave = fake_discord.user("carol"), fake_discord.user("dave")
    fake_discord.guild.members[carol.id] = [helpers.id]
    async with started(fake_discord, tmp_path / "roles.sqlite3") as paiju:
        ask = {"player": dave, "amount": 5, "reason": "welcome"}
        assert (await paiju.slash("carol", "paiju admin beans", ask)).content == translate(
            "admin.only", "en")
        # Only an admin names the role; a member of it cannot name another.
        forged = await paiju.slash("carol", "paiju admin role", {"role": helpers})
        assert forged.content == translate("admin.only", "en")
        named = await paiju.slash("alice", "paiju admin role", {"role": helpers})
        assert named.content == translate("admin.role_named", "en", role=f"<@&{helpers.id}>")
        given = await paiju.slash("carol", "paiju admin beans", ask)
        assert "+5" in given.content and "welcome" in given.content
        assert (await paiju.slash("dave", "paiju admin beans", ask)).content == translate(
            "admin.only", "en")
        cleared = await paiju.slash("alice", "paiju admin role")
        assert cleared.content == translate("admin.role_cleared", "en")
        assert (await paiju.slash("carol", "paiju admin beans", ask)).content == translate(
            "admin.only", "en")
