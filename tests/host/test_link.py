"""`/link` through the host: a code only where only the sender reads it, then one wallet."""

from __future__ import annotations

import re

from bot.host import commands as cmd
from bot.host.views import Place
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table

ANN_DISCORD = cmd.Actor("discord", "42", "Ann")
ANN_TELEGRAM = cmd.Actor("telegram", "7", "Ann T", "zh")
DM = Place("telegram", "7")


async def _code(host, who: cmd.Actor) -> str:  # type: ignore[no-untyped-def]
    reply = await host.handle(cmd.Link(who, None, private=True))
    assert reply.ok and reply.key == "link.code"
    return re.search(r"\b[A-Z2-9]{6}\b", reply.text).group(0)  # type: ignore[union-attr]


async def test_a_code_from_one_platform_typed_on_the_other_makes_one_wallet(
    make_host: HostFactory,
) -> None:
    host, _ = await make_host()
    refused = await host.handle(cmd.Link(ANN_DISCORD, PLACE, private=False))
    assert not refused.ok and refused.key == "link.not_private"
    code = await _code(host, ANN_DISCORD)
    linked = await host.handle(cmd.Link(ANN_TELEGRAM, DM, code=code.lower(), private=True))
    assert linked.ok and "Ann (discord)" in linked.text and "1000" in linked.text
    assert await host.player_id(ANN_TELEGRAM) == await host.player_id(ANN_DISCORD)
    stats = await host.handle(cmd.MyStats(ANN_TELEGRAM, DM))
    assert "2000" in stats.text
    again = await host.handle(cmd.Link(ANN_TELEGRAM, DM, code=code, private=True))
    assert not again.ok and again.key == "link.bad_code"
    parted = await host.handle(cmd.Unlink(ANN_TELEGRAM, DM))
    assert parted.ok and parted.key == "link.parted"
    assert await host.player_id(ANN_TELEGRAM) != await host.player_id(ANN_DISCORD)
    assert await host.store.books_balanced()


async def test_nobody_links_while_seated(make_host: HostFactory) -> None:
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=2, ais=1)
    seated = actor(0)
    reply = await host.handle(cmd.Link(seated, None, private=True))
    assert not reply.ok and reply.key == "link.seated"
    await ok(host, cmd.Link(ANN_DISCORD, None, private=True))
