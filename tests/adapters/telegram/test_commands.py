"""The informational commands in a group: answered as replies to the asker, in their
language, by slash command and by Chinese word; the examples in the "/" menu work."""

from __future__ import annotations

from bot.games import registry
from bot.i18n import translate
from tests.adapters.telegram.harness import Table, answer_to
from tests.adapters.telegram.test_doudizhu import open_table


async def test_referee_rules_stats_and_help_answer_in_the_group(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Questions")
    fake.set_member_status(group, fake.bot, "administrator")  # hears Chinese plain text
    ann, bo = fake.new_user("Ann"), fake.new_user("Bo", language_code="zh-hans")
    for lang, user in (("en", ann), ("zh", bo)):
        # The example the command menu shows is one the referee takes.
        example = translate("telegram.cmd.judge", lang).split("/judge ", 1)[1]
        assert await answer_to(tg, group, fake.user_says(user, f"/judge {example}",
                                                         chat=group)) == translate(
            "host.judge.beats", lang, first="66677", second="33344")
    assert "✅" in await answer_to(tg, group, fake.user_says(bo, "裁判 2 管 A", chat=group))
    rules = await answer_to(tg, group, fake.command(ann, "rules", "tianji", chat=group))
    # The rules, then the timers as this bot runs them (60 s to arrange at 田忌赛马).
    assert rules.startswith(translate("host.rules.tianji", "en") + "\n• Timers here: 60 s")
    zh = await answer_to(tg, group, fake.user_says(bo, "规则", chat=group))
    assert zh.startswith(translate("host.rules.doudizhu3", "zh") + "\n• 本桌限时:叫分 15 秒、出牌 30 秒")
    assert "Ann" in await answer_to(tg, group, fake.command(ann, "me", chat=group))
    helped = await answer_to(tg, group, fake.command(bo, "help", chat=group))
    assert helped.startswith(translate("host.help", "zh").split("{games}")[0])
    assert all(record.display_name("zh") in helped for record in registry.modules())


async def test_an_anonymous_admin_is_told_why_their_command_does_nothing(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Anonymous")
    fake.set_member_status(group, fake.bot, "administrator")  # hears all, chatter too
    said = fake.anonymous_admin_says(group, "/new ddz")
    answer = await answer_to(tg, group, said)
    assert translate("telegram.anonymous", "en") in answer
    assert translate("telegram.anonymous", "zh") in answer
    mark = fake.mark()
    fake.anonymous_admin_says(group, "加入")  # a plain word from them: no lecture
    fake.anonymous_admin_says(group, "hello everyone")
    await tg.settle()
    assert not [c for c in fake.calls[mark:] if c.method == "sendMessage"]
    assert tg.adapter is not None and not tg.adapter.tables  # no room was opened


async def test_a_seated_player_sets_their_own_seed_with_seed(tg: Table) -> None:
    """`/seed <text>` in the group: the seat's own seed, mixed into the deals
    from the next hand, and the reply names that hand's committed server seed."""
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    ann = next(iter(players.by_id.values()))
    mark = tg.fake.mark()
    tg.fake.command(ann, "seed", "lucky", "dragon", chat=players.chat)
    await tg.until(lambda: players.room().seats[0].seed == "lucky dragon")
    reply = await tg.fake.wait_for(method="sendMessage", chat_id=players.chat.id, since=mark)
    room = players.room()
    assert "lucky dragon" in reply.visible_text() and room.next_game_id() in reply.visible_text()
    tg.fake.command(ann, "seed", chat=players.chat)  # no text: shows it again
    shown = await tg.fake.wait_for(method="sendMessage", chat_id=players.chat.id,
                                   since=len(tg.fake.calls))
    assert "lucky dragon" in shown.visible_text()
