"""斗地主's modes (癞子 / 天地癞子, 不洗牌, 超级加倍; RULES §2.1) through Discord, in English and in
Chinese: `/paiju settings` sets the room, AI seats fill it, the person bids and plays a turn
from the panel (a suggestion names its reading when a wild card stands in), then 托管 plays
the hand to its result; the wild rank is announced and stays on the table."""

from __future__ import annotations

import pytest

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import play_suggested, prompt_of
from tests.fakes.discord import FakeDiscord

LOCALES = {"en": "en-US", "zh": "zh-CN"}
CASES = [
    ("en", "doudizhu3", "variant=laizi doubling=super", "laizi",
     ("🃏 The wild card (癞子) is", "Wild card (癞子):")),
    ("zh", "doudizhu3", "玩法=天地癞子 洗牌=关", "tiandi_laizi", ("地癞子", "天癞子:")),
    ("en", "doudizhu2", "variant=tiandi_laizi", "tiandi_laizi",
     ("Earth wild card (地癞子)", "Wild cards★")),
    ("zh", "doudizhu2", "玩法=癞子 加倍=超级加倍", "laizi", ("癞子是", "癞子:")),
]


@pytest.mark.parametrize(("lang", "game", "changes", "variant", "marks"), CASES)
async def test_a_hand_in_each_mode_plays_to_its_result(
        paiju: Paiju, fake_discord: FakeDiscord, lang: str, game: str, changes: str,
        variant: str, marks: tuple[str, ...]) -> None:
    paiju.locale = LOCALES[lang]
    await paiju.slash("alice", "paiju new", {"game": game})
    await paiju.slash("alice", "paiju settings", {"changes": changes})
    assert paiju.room.options["variant"] == variant
    for _ in range(1 if game == "doudizhu2" else 2):
        await paiju.press("alice", await paiju.table(), code="!ai")
    await paiju.press("alice", await paiju.table(), code="!start")
    assert paiju.room.phase is Phase.PLAYING
    # Alice answers her prompts from the panel until her first play, then goes 托管.
    played = False
    for _ in range(40):
        if paiju.room.phase is not Phase.PLAYING or played:
            break
        if "alice" not in paiju.to_act():
            await paiju.settle()
            continue
        panel = await paiju.open_hand("alice")
        prompt = prompt_of(paiju, "alice")
        if prompt.suggestions and "~s" in codes(panel):
            await play_suggested(paiju, "alice", panel)
            played = True
        elif prompt.choices:
            await paiju.press("alice", panel, code=prompt.choices[0].action)
        else:
            break
    if paiju.room.phase is Phase.PLAYING:
        await paiju.slash("alice", "paiju auto", {"on": True})
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER
    said = "\n".join(m.content for m in fake_discord.messages_in(fake_discord.channel))
    table = await paiju.table()
    shown = said + "\n" + "\n".join(str(v.get("content") or "") for v in table.versions)
    for mark in marks:
        assert mark in shown, mark
    assert paiju.room.last_result is not None
