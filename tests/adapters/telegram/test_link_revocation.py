"""An admin of a Telegram group revokes its Watch links with `/settings links=revoke`,
through the real client and the fake server; anyone else is refused."""

from __future__ import annotations

import re

from bot.web.links import Links
from tests.adapters.telegram.harness import Table, solo_table

WATCH = re.compile(r"Watch: (http://paiju\.test/\S+)")
SECRET = "test-secret-of-the-web-pages-0123456789"


async def test_a_group_admin_revokes_the_watch_links_and_the_table_shows_a_new_one(
        tg: Table) -> None:
    assert tg.host is not None
    tg.host.links = Links(SECRET, "http://paiju.test")  # as PAIJU_WEB_URL and _SECRET give
    group, alice, _ = await solo_table(tg)
    await tg.settle()
    old = WATCH.search(tg.table_message(group)["text"]).group(1)
    epoch = tg.room(group).links_epoch  # the table's own

    tg.fake.command(alice, "settings", "links=revoke", chat=group)
    await tg.settle()
    assert tg.room(group).links_epoch == epoch
    assert any("Only an admin" in m.get("text", "") for m in tg.fake.messages(group))

    tg.fake.set_member_status(group, alice, "administrator")
    tg.fake.command(alice, "settings", "links=revoke", chat=group)
    await tg.until(lambda: tg.room(group).links_epoch == epoch + 1)
    await tg.settle()
    new = WATCH.search(tg.table_message(group)["text"]).group(1)
    assert new != old
    room_id = tg.room(group).room_id
    expires = int(re.search(r"e=(\d+)", old).group(1))
    signature = old.rsplit("k=", 1)[1]
    assert not tg.host.links.valid(signature, "live", room_id, epoch=epoch + 1,
                                   expires=expires)
    assert any("revoked" in m.get("text", "") for m in tg.fake.messages(group))
