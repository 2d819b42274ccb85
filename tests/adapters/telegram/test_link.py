"""`/link` on Telegram: refused in a group (the code is a key to the wallet), given in the
private chat, and listed in the command menu."""

from __future__ import annotations

import re

from bot.i18n import translate
from tests.adapters.telegram.harness import Table, answer_to


async def test_link_gives_a_code_only_in_the_private_chat(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Club")
    ann = fake.new_user("Ann")
    said = fake.command(ann, "link", chat=group)
    assert await answer_to(tg, group, said) == translate("link.not_private", "en")
    chat = fake.private_chat(ann)
    mark = fake.mark()
    fake.command(ann, "link", chat=chat)
    call = await fake.wait_for(lambda c: "link code" in str(c.params.get("text", "")),
                               method="sendMessage", chat_id=chat, since=mark, timeout=10)
    code = re.search(r"\b[A-Z2-9]{6}\b", str(call.params["text"]))
    assert code is not None
    mark = fake.mark()
    fake.command(ann, "link", code.group(0), chat=chat)  # typed by its own maker
    await fake.wait_for(
        lambda c: c.params.get("text") == translate("link.same_player", "en"),
        method="sendMessage", chat_id=chat, since=mark, timeout=10)
    menu = [c for c in fake.calls if c.method == "setMyCommands"]
    assert menu and all("link" in str(c.params.get("commands")) for c in menu)
