"""`/paiju link` on Discord: the code comes back ephemeral; typed back it is refused as the
same account; `/paiju unlink` without a link says so."""

from __future__ import annotations

import re

from bot.i18n import translate
from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord


async def test_link_answers_with_a_code_only_the_sender_sees(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    given = await paiju.slash("alice", "paiju link")
    assert given.ephemeral
    code = re.search(r"\b[A-Z2-9]{6}\b", given.content)
    assert code is not None and "/link" in given.content
    typed = await paiju.slash("alice", "paiju link", {"code": code.group(0)})
    assert typed.ephemeral and typed.content == translate("link.same_player", "en")
    parted = await paiju.slash("bob", "paiju unlink")
    assert parted.ephemeral and parted.content == translate("link.not_linked", "en")
