"""What a newcomer sees of a lobby and of the settings, through the real host."""

from __future__ import annotations

from bot.host import present
from tests.host.conftest import open_table


async def test_a_full_lobby_offers_no_join_or_add_ai_and_says_it_is_full(
        host_and_recorder) -> None:
    # Before: "Seated 3 of 3. Join, add AI players, then start." with Join and Add AI.
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    table = recorder.tables[-1]
    codes = [b.payload.rsplit(":", 1)[-1] for b in table.buttons]
    assert "!join" not in codes and "!ai" not in codes and "!start" in codes
    assert "All 3 seats are taken: ready to start." in table.text


async def test_rule_options_are_listed_by_name_and_only_where_they_apply(
        host_and_recorder) -> None:
    host, _ = host_and_recorder
    room = await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    en, zh = present.settings_text(room, "en"), present.settings_text(room, "zh")
    assert "doubling=off" in en and "bomb cap=none" in en and "bidding=points (叫分)" in en
    assert "加倍=关" in zh and "炸弹封顶=无" in zh
    assert "dummy_visible" not in en + zh and "open third hand" not in en


async def test_my_stats_after_tianji_speak_of_no_landlord(host_and_recorder) -> None:
    # Before: "/me" showed "landlord wins 0%" to someone who only played 田忌赛马.
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, actor, play_out

    host, _ = host_and_recorder
    await open_table(host, "tianji", people=1, ais=2)
    await play_out(host)
    reply = await host.handle(cmd.MyStats(actor(0), PLACE))
    assert reply.ok and "played 1, won " in reply.text and "landlord" not in reply.text
