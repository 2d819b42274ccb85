"""斗地主's modes (癞子 / 天地癞子, 不洗牌, 超级加倍; RULES §2.1) in a Telegram group, through the
real client and the fake server, in English and in Chinese: the room is set by `/settings`,
filled with AI players and dealt; the wild rank is announced and shown on the table; 托管
plays the hand to its result; with 不洗牌 the next hand is dealt from the gathered cards."""

from __future__ import annotations

import pytest

from bot.host.views import Phase
from tests.adapters.telegram.harness import Players, Table

CASES = [
    ("en", "ddz", ("variant=laizi", "doubling=super"), "laizi",
     ("🃏 The wild card (癞子) is", "Wild card (癞子):")),
    ("zh", "ddz", ("玩法=天地癞子", "洗牌=关"), "tiandi_laizi", ("天癞子", "地癞子")),
    ("en", "ddz2", ("variant=tiandi_laizi", "shuffle=off"), "tiandi_laizi",
     ("Wild cards★: sky (天癞子)", "Earth wild card (地癞子)")),
    ("zh", "ddz2", ("玩法=癞子", "加倍=超级加倍"), "laizi", ("癞子是", "癞子:")),
]


@pytest.mark.parametrize(("lang", "game", "settings", "variant", "marks"), CASES)
async def test_a_hand_in_each_mode_plays_to_its_result(
        tg: Table, lang: str, game: str, settings: tuple[str, ...], variant: str,
        marks: tuple[str, ...]) -> None:
    fake = tg.fake
    group = fake.new_group(f"{variant} {lang}")
    person = fake.new_user("Alice" if lang == "en" else "阿丽", language_code=lang)
    fake.command(person, "new", game, chat=group)
    await tg.until(lambda: tg.shown_table(group))
    for setting in settings:
        fake.command(person, "settings", setting, chat=group)
    await tg.until(lambda: tg.room(group).options.get("variant") == variant)
    seats = 2 if game == "ddz2" else 3
    for count in range(2, seats + 1):
        await tg.press(person, tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=count: len(tg.room(group).seats) == s)
    await tg.press(person, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [person])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await players.everyone_auto()
    room = await players.finished(90)
    await tg.settle()
    # What the group saw: its messages and every table edit (a passing note rides one).
    shown = "\n".join(c.visible_text() for c in fake.calls if c.ok and c.chat_id == group.id)
    for mark in marks:
        assert mark in shown, mark
    assert room.last_result is not None
    outcome = room.last_result.get("outcome") or {}
    if "shuffle=off" in settings or "洗牌=关" in settings:
        # 不洗牌: the finished hand hands its cards on, gathered in order.
        assert len((outcome.get("carry") or {}).get("order", "").split()) == 54
    else:
        assert not outcome.get("carry")
