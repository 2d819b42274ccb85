"""What a newcomer sees of a lobby and of the settings, through the real host."""

from __future__ import annotations

import re

from bot.host.presentation import present
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


def test_plays_read_as_players_write_them() -> None:
    # Before: rank order, "4 4 Q Q Q" for QQQ44 and "3 5 5 5" for 5553.
    from bot.games.doudizhu.text import DoudizhuText, play_order

    assert play_order("44QQQ") == "QQQ44" and play_order("3555") == "5553"
    assert play_order("34567") == "34567" and play_order("33344456") == "33344456"
    assert play_order("2222BR") == "2222BR"
    text = DoudizhuText()
    assert text.action_text("play 44QQQ", "en") == "Q Q Q 4 4"
    from dataclasses import replace

    from bot.games.doudizhu.options import RuleOptions
    from bot.games.doudizhu.state import DoudizhuState
    from bot.games.doudizhu.views import Trick

    public = replace(DoudizhuState.new(RuleOptions(), 0).public(), phase="playing",
                     trick=Trick(1, "3555", "triple_single"))
    lines = text.table_lines(public, ["A", "B", "C"], "zh")
    assert "B 出了 5 5 5 3(三带一)" in lines


def test_the_face_up_card_is_called_翻牌_and_its_holder_named() -> None:
    # Before: "明牌" named the face-up card, showing one's hand and the two-player third hand.
    from bot.games.doudizhu.options import RuleOptions
    from bot.games.doudizhu.state import DoudizhuState
    from bot.games.doudizhu.text import DoudizhuText

    for seed in range(20):
        state = DoudizhuState.new(RuleOptions(), seed)
        view = state.public()
        holder = view.face_up_holder
        assert holder is None or state.face_up in state.hands[holder]
        if holder is not None and holder == view.first_bidder:
            lines = DoudizhuText().table_lines(view, ["Ann", "Bob", "Cy"], "zh")
            name = ["Ann", "Bob", "Cy"][holder]
            assert any(line.startswith("翻牌:") and f"在 {name} 手中,{name} 先叫" in line
                       for line in lines)
            assert not any("明牌" in line for line in lines)
            return
    raise AssertionError("no deal with the face-up card in a hand")


async def test_judge_reads_two_moves_separated_by_a_space(host_and_recorder) -> None:
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, actor

    host, _ = host_and_recorder
    reply = await host.handle(cmd.Judge(actor(0), PLACE, text="33344 66677", game="doudizhu3"))
    assert reply.ok and reply.text == "✅ 66677 beats 33344"
    one = await host.handle(cmd.Judge(actor(0), PLACE, text="10 J Q K A", game="doudizhu3"))
    assert one.ok and "straight" in one.text


def test_each_seat_shows_its_last_word_in_the_trick_being_played() -> None:
    from bot.games.doudizhu.text import DoudizhuText
    from tests.games.doudizhu.deals import make, run

    # Seat 0 is the landlord and leads; one trick is done, then 44 / pass / KK.
    state = run(make("3AAA44", None, "KK"), "bid 3", "play 3", "pass", "pass")
    public = state.public()
    assert [seat.said for seat in public.seats] == [None, None, None]  # a new trick
    public = run(state, "play 44", "pass", "play KK").public()
    assert [seat.said for seat in public.seats] == ["44", "", "KK"]  # the engine says
    text = DoudizhuText()
    assert text.seat_info(public, 0, "en").status == "· 4 4"
    assert text.seat_info(public, 1, "zh").status == "· 不出"


async def test_the_card_counter_is_a_room_setting_shown_with_each_hand(
        host_and_recorder) -> None:
    # Before: the 记牌器 existed in the engine (counter.py) but no screen showed it.
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, actor, ok, room

    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    assert "Card counter (记牌器): off" in present.settings_text(room(host), "en")
    await ok(host, cmd.RoomSettings(actor(0, "zh"), PLACE, changes={"记牌器": "开"}))
    assert room(host).card_counter is True
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    view = present.private_view(host, room(host), 0, lang="zh")
    line = next(x for x in view.text.splitlines() if x.startswith("记牌器:"))
    # Out of my sight: the deck but my own cards and those played (the engine's counter).
    from bot.games.doudizhu.counter import out_of_sight

    counts = [int(part.rsplit("×", 1)[1]) for part in line.removeprefix("记牌器:").split()]
    unseen = out_of_sight(room(host).state, 0)
    assert counts == [unseen[rank] for rank in sorted(unseen, reverse=True)]
    assert sum(counts) <= 54 - len(view.hand)


async def test_every_setting_name_shown_can_be_typed_back_as_shown(host_and_recorder) -> None:
    # Before: English names with spaces ("bomb cap=none", "first bidder=face-up card") were
    # shown but `settings bomb cap=3` was read as the words "bomb" and "cap=3" and refused.
    from adapters.common import intents
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, actor

    host, _ = host_and_recorder
    room = await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    for game in ("doudizhu3", "doudizhu2", "tianji-duel"):
        if game != "doudizhu3":
            if len(room.seats) == 3:
                assert (await host.handle(cmd.RemoveAI(actor(0), PLACE))).ok
            reply = await host.handle(cmd.RoomSettings(actor(0), PLACE, changes={"game": game}))
            assert reply.ok, reply.text
        room = host.rooms[room.room_id]
        for lang in ("en", "zh"):
            rules = present.settings_text(room, lang).splitlines()[3].split(":", 1)[1]
            shown = rules.split(present.t("host.list_sep", lang))
            assert shown and all("=" in pair for pair in shown), rules
            assert "_" not in rules, rules  # names as people read them, never snake_case
            assert lang == "en" or not re.findall(r"[a-z]{3,}", rules), rules
            typed = " ".join(shown)  # every rule at once, as shown
            command = intents.command("settings", actor(0, lang), PLACE, tuple(typed.split()))
            assert isinstance(command, cmd.RoomSettings) and len(command.changes) == len(shown)
            reply = await host.handle(command)
            assert reply.ok, (typed, reply.text)
    words = tuple("game=doudizhu2 bomb cap=3 first bidder=in turn".split())
    changed = await host.handle(intents.command("settings", actor(0), PLACE, words))
    assert changed.ok, changed.text
    room = host.rooms[changed.room_id]
    assert room.options["bomb_cap"] == 3 and room.options["first_bidder"] == "rotate"
    assert "bomb cap=3" in present.settings_text(room, "en")
    assert "语言:英文(en)" in present.settings_text(room, "zh")
    back = await host.handle(intents.command("settings", actor(0, "zh"), PLACE, ("语言=中文(zh)",)))
    assert back.ok and host.rooms[room.room_id].lang == "zh", back.text
