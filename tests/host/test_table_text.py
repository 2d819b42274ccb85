"""What the 斗地主 table and hints say: who passed, 报牌 marks, the auction's words; card text."""

from __future__ import annotations

import random

from bot.cards import deck54, parse_cards
from bot.host import commands as cmd
from bot.host.presentation import present
from bot.host.presentation.render import pretty_cards
from bot.i18n import translate
from tests.host.conftest import PLACE, actor, ok, open_table, room


def person_at(host, seat: int) -> cmd.Actor:
    return actor(int(room(host).seats[seat].user_id[1:]))


async def test_the_table_names_who_passed_on_the_last_play(host_and_recorder) -> None:
    # Before: "1 pass(es) since", and nobody could tell who had passed.
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    await ok(host, cmd.Act(person_at(host, room(host).to_act()[0]), PLACE, text="bid 3"))
    landlord = room(host).to_act()[0]
    lowest = room(host).state.private_view(landlord)["ranks"][0]
    await ok(host, cmd.Act(person_at(host, landlord), PLACE, text=lowest))
    follower = room(host).to_act()[0]
    await ok(host, cmd.Act(person_at(host, follower), PLACE, text="pass"))
    text = recorder.tables[-1].text
    name = room(host).seats[follower].name
    assert f"{name} passed" in text and "pass(es)" not in text
    zh = (await host.handle(cmd.Table(actor(0, "zh"), PLACE))).text
    assert f"{name} 不出" in zh


async def test_a_seat_with_three_cards_or_fewer_is_marked_on_the_table(
        host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    await ok(host, cmd.Act(person_at(host, room(host).to_act()[0]), PLACE, text="bid 3"))
    for _ in range(200):
        current = room(host)
        seat = current.to_act()[0]
        left = current.state.public_view()["seats"][seat]["cards"]
        hints = current.spec.hints(current.state, seat)
        await ok(host, cmd.Act(person_at(host, seat), PLACE, text=hints[0]))
        after = room(host).state.public_view()["seats"][seat]["cards"]
        if after < left and 0 < after <= 3:
            line = recorder.tables[-1].seats[seat].text
            assert f"🂠{after} 🚨" in line  # then its last word in this trick
            return
    raise AssertionError("no seat came down to three cards")


async def test_a_hint_in_the_auction_says_no_bid_not_pass(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    bidder = person_at(host, room(host).to_act()[0])
    texts = [(await host.handle(cmd.Hint(bidder, PLACE))).text for _ in range(4)]
    assert any(translate("host.ddz.label.no_bid", "en") in text for text in texts), texts
    assert not any(translate("host.ddz.label.pass", "en") in text for text in texts), texts


async def test_the_referee_names_ranks_as_players_read_them(host_and_recorder) -> None:
    # Before: "BR: rocket (rank R)", "TJQKA: straight (rank A)", and "judge >" said
    # "no cards to play" instead of how to ask.
    host, _ = host_and_recorder
    rocket = await host.handle(cmd.Judge(actor(0), game="doudizhu3", text="大王小王"))
    assert rocket.ok and "rank R" not in rocket.text and "Big\u00a0Joker" in rocket.text
    assert "大王" in (await host.handle(cmd.Judge(actor(0, "zh"), game="doudizhu3",
                                                 text="BR"))).text
    straight = await host.handle(cmd.Judge(actor(0), game="doudizhu3", text="tjqka"))
    assert straight.text.startswith("10JQKA:") and "straight" in straight.text
    assert "rank 10" in (await host.handle(cmd.Judge(actor(0), game="doudizhu3",
                                                    text="TTT"))).text
    for text in (">", "33 >", "> 44"):
        reply = await host.handle(cmd.Judge(actor(0), game="doudizhu3", text=text))
        assert not reply.ok and reply.key == "host.judge.usage", text


async def test_settings_take_chinese_words_and_show_options_as_typed(host_and_recorder) -> None:
    # Before: 设置 底注=50 was an unknown rule option, and the settings read
    # "bomb_cap=None, doubling=False" (Python's words, in both languages).
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    reply = await host.handle(cmd.RoomSettings(actor(0, "zh"), PLACE,
                                               changes={"底注": "50", "模式": "积分",
                                                        "doubling": "开"}))
    assert reply.ok, reply.text
    assert room(host).stake == 50 and room(host).mode == "points"
    assert room(host).options["doubling"] is True
    # Options by their name in the reader's language (issue 14: no raw snake_case).
    assert "加倍=开" in reply.text and "炸弹封顶=无" in reply.text
    shown = (await host.handle(cmd.RoomSettings(actor(0), PLACE))).text
    assert "doubling=on" in shown and "None" not in shown and "True" not in shown
    assert "bomb_cap" not in shown and "bomb cap=none" in shown
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"doubling": "off",
                                                              "语言": "英文"}))
    assert room(host).options["doubling"] is False and room(host).lang == "en"


async def test_a_result_cut_by_the_bean_floor_says_so(make_host) -> None:
    # A player with 50 beans at stake 50 who loses at base 2 or more pays only the 50 they
    # hold; before, the result said "-50" with nothing to tell why the score was not paid.
    from bot.host.views import Phase

    for seed in range(1, 40):
        host, recorder = await make_host(seed=seed, starting_grant=50, daily_relief=0,
                                         stake=50)
        await open_table(host, "doudizhu3", people=1, ais=2)
        for _ in range(200):
            await host.quiesce()
            current = room(host)
            if current.phase is not Phase.PLAYING:
                break
            legal = current.state.legal_actions(0)
            bad = "bid 3" if "bid 3" in legal else "pass" if "pass" in legal else legal[0]
            await ok(host, cmd.Act(actor(0), PLACE, text=bad))
        result = room(host).last_result
        me = result["seats"][0]
        if me["final"] != me["score"] * 50:
            assert me["final"] == -50
            # The result is its own note (once), with the whole formula of each line.
            text = next(n.text for n in reversed(recorder.notes) if n.kind == "host.result")
            full = -me["score"] * 50
            base = room(host).state.public_view()["base"]
            line = next(x for x in text.splitlines() if x.startswith("Player0: "))
            assert line.startswith(f"Player0: -50 beans (stake 50 × base {base} × multiplier")
            assert line.endswith(f" = {full}; the bean floor cuts it to 50: nobody pays more "
                                 "beans than they hold)")
            assert "bean floor" not in recorder.tables[-1].text
            return
        await ok(host, cmd.CloseRoom(actor(0), PLACE))
    raise AssertionError("no deal lost past the bean floor")


async def test_two_player_result_speaks_of_one_farmer(make_host) -> None:
    from tests.host.conftest import play_out

    for seed in range(1, 30):
        host, recorder = await make_host(seed=seed)
        await open_table(host, "doudizhu2", people=2)
        await play_out(host)
        if room(host).state.public_view()["result"]["winner"] != "landlord":
            text = next(n.text for n in reversed(recorder.notes) if n.kind == "host.result")
            assert "The farmer beats the landlord" in text and "farmers" not in text
            return
        await ok(host, cmd.CloseRoom(actor(0), PLACE))
    raise AssertionError("the farmer never won")


async def test_chinese_lists_use_the_chinese_enumeration_comma(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    for _ in range(2):
        await ok(host, cmd.Act(person_at(host, room(host).to_act()[0]), PLACE, text="pass"))
    zh = (await host.handle(cmd.Table(actor(0, "zh"), PLACE))).text
    auction = next(line for line in zh.splitlines() if line.startswith("叫分:"))
    assert auction.count("不叫") == 2 and "不叫、" in auction and ", " not in auction
    en = (await host.handle(cmd.Table(actor(0), PLACE))).text
    assert "No bid, " in en


def test_card_text_reads_the_same_on_the_fast_path_and_the_parser() -> None:
    # Engines' compact codes take a table lookup; anything else still goes through the
    # parser: both give the same text, in both languages.
    rng = random.Random(5)
    for lang in ("en", "zh"):
        for _ in range(300):
            cards = rng.sample(deck54(), rng.randint(1, 10))
            text = " ".join(card.code for card in cards)
            assert pretty_cards(text, lang) == " ".join(c.pretty(lang) for c in parse_cards(text))
        assert pretty_cards("♠10 ♥J", lang) == "♠10 ♥J"
        assert pretty_cards("not cards", lang) == "not cards"


async def test_the_tables_of_one_state_share_its_public_dict_worked_out_once(make_host) -> None:
    # Every change draws the table: the engine's public view as a dict is the same for every
    # table (and language) of one state, so it is built once, not at each drawing.
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=3)
    current = room(host)
    first = present.table_view(host, current)
    again = present.table_view(host, current, lang="zh")
    assert first.public and first.public is again.public
    assert first.public == current.state.public().to_dict()
