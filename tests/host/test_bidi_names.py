"""A name holding a direction mark (`Zed\u202e`) or written right-to-left never reorders the
chat line it is in: names reach the text isolated (FSI … PDI), without their overrides."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.i18n.bidi import FSI, PDI, isolate
from tests.host.conftest import PLACE, HostFactory, actor, ok, room

OVERRIDES = "\u202a\u202b\u202d\u202e"


def test_a_plain_name_stays_as_it_is_and_others_are_isolated() -> None:
    assert isolate("Player0") == "Player0" and isolate("王小明") == "王小明"
    assert isolate("Zed\u202e") == f"{FSI}Zed{PDI}"
    assert isolate("زيد") == f"{FSI}زيد{PDI}"
    assert isolate("a\u2069\u202eb") == f"{FSI}ab{PDI}"  # a PDI of its own cannot close ours


async def test_a_name_with_a_direction_mark_is_isolated_in_every_chat_line(
        make_host: HostFactory) -> None:
    host, recorder = await make_host()
    zed = cmd.Actor(actor(0).platform, "u0", "Zed\u202e", "en")
    await ok(host, cmd.NewRoom(zed, PLACE, game="doudizhu3"))
    await ok(host, cmd.AddAI(zed, PLACE))
    await ok(host, cmd.AddAI(zed, PLACE))
    await ok(host, cmd.Auto(zed, PLACE, on=True))
    await ok(host, cmd.Start(zed, PLACE))
    await host.quiesce()
    assert room(host).phase.value == "over"
    texts = recorder.group_texts()
    named = [text for text in texts if "Zed" in text]
    assert named, texts
    for text in named:
        assert not any(c in text for c in OVERRIDES), repr(text)
        assert text.count("Zed") == text.count(f"{FSI}Zed{PDI}"), repr(text)
