"""Each preset (RULES §5; bot.tournament.presets) run as a whole competition, sign-up to the
final places, with the places and points the sheet's words give (the pure logic; the host
and storage run them in test_service_presets)."""

from __future__ import annotations

import json

import pytest

from bot.errors import PaijuError
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.config import parse_settings
from bot.tournament.presets import PRESETS
from bot.tournament.scoring import HandSummary, hand_points
from bot.tournament.table import PLAYING

T0 = 1_000_000.0


def reload(cup: Competition) -> Competition:
    return Competition.from_dict(json.loads(json.dumps(cup.to_dict())))


def new_cup(players: int, seed: str = "preset-seed", **settings: str) -> Competition:
    config = parse_settings({"window": "0", **settings}, T0)
    cup = Competition(1, "Sheet cup", config, seed, T0)
    for number in range(1, players + 1):
        cup.sign_up(100 + number, f"u{number}", f"P{number}", "en", T0)
    cup.close_signup(T0)
    return reload(cup)


def landlord_wins(seats: list[int], landlord: int, points: int = 1) -> list[int]:
    """A zero-sum hand the landlord (an entrant number) wins at `points` a farmer."""
    return [2 * points if n == landlord else -points for n in seats]


def breaks_ties(table, hand: int) -> bool:
    """A hand played only to break a tie after the final (RULES §4: extra hands at the final
    table, or a final's play-off table)."""
    return table.goal in ("order", "none") and (
        table.hands is not None and hand >= table.hands or "p" in table.key)


def tie_break(table, hand: int) -> list[int]:
    """The tied players (not the fillers) win the tie-break hands in turn, so that a tie
    made by a pick that treats them alike (the lowest number wins) ends."""
    players = [n for n in table.seats if n not in table.fillers]
    return landlord_wins(table.seats, players[hand % len(players)])


def play_tables(cup: Competition, pick, now: float) -> Competition:
    """Play the current stage's due hands (the hand's scores from pick(table, hand)) until
    the next stage is drawn or the competition ends; a final's tie-break hands by
    `tie_break`."""
    stages = len(cup.stages)
    while cup.live_tables() and len(cup.stages) == stages:
        table = next(t for t in cup.live_tables() if t.status == PLAYING)
        hand = table.played + table.extra_played
        scores = tie_break(table, hand) if cup.stage.final and breaks_ties(table, hand) \
            else pick(table, hand)
        cup.record_hand(table.key, f"{table.key}-{hand}", scores, now)
        cup = reload(cup)
        now += 1
    return cup


def test_every_preset_is_listed_with_its_sheet_and_valid() -> None:
    for name, preset in PRESETS.items():
        config = parse_settings({"preset": name}, T0)
        assert config.preset == name and preset.sheet
    with pytest.raises(PaijuError) as bad:
        parse_settings({"preset": "nonesuch"}, T0)
    assert bad.value.key == "cup.err.bad_preset"
    # What is typed after the preset overrides it.
    assert parse_settings({"preset": "knockout", "hands": "4"}, T0).hands == 4


def test_three_rounds_a_final_of_eighteen_hands_in_two_halves_redrawn() -> None:
    # 第一、二轮为9局制，每组积分最高者和轮空者晋级；第三轮为18局制分上下两个回合，两个回合均抽签
    # 分组，每个回合9局，总积分将决定名次. 54 players: 18 tables, then 6 tables, then a final of 6
    # at two tables a half.
    cup = new_cup(54, preset="three_rounds")
    assert cup.config.hands == 9 and cup.config.hands_for(True) == 9
    assert len(cup.stage.tables) == 18 and all(t.hands == 9 for t in cup.stage.tables)

    def lowest_wins(table, hand):  # the lowest sign-up number wins every hand, +2 a hand
        return landlord_wins(table.seats, min(table.seats))

    cup = play_tables(cup, lowest_wins, T0 + 10)  # round 1
    assert len(cup.stages) == 2 and len(cup.stage.tables) == 6 and not cup.stage.final
    round_two = sorted(min(t.seats) for t in cup.stages[0].tables)
    assert cup.stage.players == round_two
    cup = play_tables(cup, lowest_wins, T0 + 100)  # round 2
    final = cup.stage
    assert final.final and final.leg == 1 and final.legs == 2 and len(final.tables) == 2
    finalists = sorted(min(t.seats) for t in cup.stages[1].tables)
    assert final.players == finalists and all(t.hands == 9 for t in final.tables)
    first_half = [list(t.seats) for t in final.tables]

    # First half: the lowest number at each table wins every hand (+18, the others −9).
    cup = play_tables(cup, lowest_wins, T0 + 200)
    second = cup.stage
    assert second.leg == 2 and second.number == 4 and len(second.tables) == 2
    assert [list(t.seats) for t in second.tables] != first_half  # drawn again by lot
    half_one = {n: cup.stages[2].total(n) for n in finalists}
    assert sorted(half_one.values()) == [-9, -9, -9, -9, 18, 18]

    # Second half: the highest number at each table wins every hand.
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, max(t.seats)), T0 + 300)
    assert cup.phase == FINISHED
    totals = {n: cup.stage.total(n) for n in finalists}
    tied = [n for n in finalists if totals[n] == max(totals.values())]
    first = [n for place, n in cup.places if place == 1]
    assert len(tied) > 1 and len(first) == 1 and first[0] in tied
    # RULES §4 "ties after the final are broken by extra hands": the tie for first was
    # played off (tie_hands a round), not shared.
    assert cup.stage.playoffs and cup.stage.playoffs[0].members == sorted(tied)
    # Below first, places follow the totals (总积分将决定名次), and equal totals are played
    # off too (the sheet has no 并列): every place is held once.
    rest = [(place, n) for place, n in cup.places if place > 1]
    for (place, number), (other_place, other) in zip(rest, rest[1:], strict=False):
        assert totals[number] >= totals[other] and place < other_place


def test_knockout_best_nine_then_three_and_a_shared_second() -> None:
    # 每组共打十局…分数最高的9人进入复赛 … 分数最高的3人进入决赛 … 如后两人分数相同，则并列第二名.
    cup = new_cup(27, preset="knockout")
    assert cup.config.options["first_bidder"] == "rotate"
    assert cup.config.hands == 10 and len(cup.stage.tables) == 9

    def lowest_wins(table, hand):
        return landlord_wins(table.seats, min(table.seats))

    cup = play_tables(cup, lowest_wins, T0 + 10)
    assert len(cup.stage.players) == 9  # the best nine by score (+20 each)
    cup = play_tables(cup, lowest_wins, T0 + 100)
    final = cup.stage
    assert final.final and len(final.players) == 3
    top = min(final.players)

    # The final: `top` wins 6 hands, the others one each on alternate hands... then level.
    others = [n for n in final.players if n != top]

    def final_hands(table, hand):
        return landlord_wins(table.seats, top if hand < 6 else others[hand % 2])

    cup = play_tables(cup, final_hands, T0 + 200)
    # top: 6×2 − 4 = +8; each other: −6 + 2×2 − 2 = −4: level, 并列第二名.
    assert cup.places == [(1, top), (2, others[0]), (2, others[1])] or cup.places == [
        (1, top), (2, others[1]), (2, others[0])]
    assert cup.stage.tables[0].scores == [8 if n == top else -4 for n in cup.stage.tables[0].seats]


def test_qq_rounds_base_thirty_and_ties_by_the_earlier_round() -> None:
    # 每人基础积分30分…积分相同者，则再进行五局加赛 (round 1); 复赛…若积分相同，则按初赛积分高者晋级;
    # 决赛…若有积分相同，则按复赛积分高者名次列前.
    cup = new_cup(9, preset="qq_rounds")
    assert all(t.scores == [30, 30, 30] for t in cup.stage.tables)
    # Round 1: at table 1 two players tie on top: five extra hands decide; elsewhere the
    # lowest number wins every hand.
    t1 = cup.stage.tables[0]
    a, b, c = t1.seats

    def round_one(table, hand):
        if table.key == cup.stage.tables[2].key and hand == 9:  # its winner ends on 47
            return landlord_wins(table.seats, max(table.seats))
        if table.key != t1.key:  # the lowest number wins every hand: 50
            return landlord_wins(table.seats, min(table.seats))
        if hand < 10:  # a and b each win five: level on 35 − … = both +5
            return landlord_wins(table.seats, a if hand % 2 == 0 else b)
        return landlord_wins(table.seats, b)  # the extra hands

    cup = play_tables(cup, round_one, T0 + 10)
    first = cup.stages[0]
    assert sorted(first.tables[0].scores) == [20, 35, 35]
    assert first.tables[0].extra_played == 5 and first.tables[0].advancers() == [b]
    # Round 2 (the final: three players): everyone wins the same — ties by round 1's score.
    final = cup.stage
    assert final.final and final.tables[0].scores == [30, 30, 30]
    earlier = {n: first.stage_score(n) for n in final.players}
    seats = final.tables[0].seats
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, seats[h % 3]) if h < 9
                      else [0, 0, 0], T0 + 100)
    assert cup.phase == FINISHED
    # 9 hands, three each: all level on 30; places by round 1's score, no extra hands.
    assert cup.stage.tables[0].extra_played == 0
    order = sorted(final.players, key=lambda n: -earlier[n])
    assert [n for _, n in cup.places] == order
    assert len({p for p, _ in cup.places}) == len(set(earlier.values()))


def test_wins_ranks_by_hands_won() -> None:
    # 比赛的胜负结果根据每个参赛者获得的胜利局数来决定.
    cup = new_cup(3, preset="wins")
    seats = cup.stage.tables[0].seats
    summary = HandSummary(alone=0, alone_won=True, bombs=(1, 0, 0), rockets=(0, 0, 0),
                          cards_left=(0, 5, 2))
    # Any hand: a winner scores 1, a loser 0, whatever the stake or bombs.
    assert hand_points([-16, 8, 8], summary, win_points=False, event_bonus=False,
                       scoring="wins") == [1, 0, 0]
    wins = [seats[0]] * 4 + [seats[1]] * 5

    def won(table, hand):
        winner = wins[hand] if hand < len(wins) else seats[1]
        return [1 if n == winner else 0 for n in table.seats]

    cup = play_tables(cup, won, T0 + 10)
    assert cup.stage.tables[0].scores == [4, 5, 0]
    assert cup.places == [(1, seats[1]), (2, seats[0]), (3, seats[2])]


def test_activity_scores_the_sheets_points_alone() -> None:
    # 4.1: 打出炸弹 +5, 打死火箭 +10, 胜利方剩余手牌数<6 +2, <3 +3, 地主获胜 +1, 农民获胜 +2.
    farmers_win = HandSummary(alone=0, alone_won=False, bombs=(1, 1, 0),
                              rockets=(0, 0, 1), cards_left=(4, 0, 2))
    # Seat 1 went out (farmer, +2, its bomb +5); seat 2 (farmer, +2, rocket +10, left with
    # 2 cards: +3); the landlord's bomb +5 — the zero-sum score underneath is ignored.
    assert hand_points([-8, 4, 4], farmers_win, win_points=False, event_bonus=False,
                       scoring="activity") == [5, 7, 15]
    cup = new_cup(3, preset="activity", hands="2")
    seats = cup.stage.tables[0].seats
    cup = play_tables(cup, lambda t, h: [1 if n == seats[0] else 0 for n in t.seats]
                      if h < 2 else [3 if n == seats[0] else 0 for n in t.seats], T0 + 10)
    assert cup.places[0] == (1, seats[0])


def test_round_robin_final_of_nine_every_pair_meets_once_and_merit_places() -> None:
    # 决赛：采用单循环赛制，积分最高者为冠军; 优秀奖若干 (three here).
    cup = new_cup(18, preset="round_robin", quotas="9")
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, min(t.seats)), T0 + 10)
    final = cup.stage
    assert final.final and final.legs == 4 and len(final.players) == 9
    met: dict[frozenset[int], int] = {}
    now = T0 + 100
    while cup.phase != FINISHED:
        stage = cup.stage
        assert len(stage.tables) == 3 and not stage.byes  # everyone plays every leg
        for table in stage.tables:
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, min(t.seats)), now)
        now += 100
    assert len(met) == 36 and set(met.values()) == {1}
    # win_points: the lowest number at each table wins every hand as landlord (2 a hand).
    totals = {n: cup.stage.total(n) for n in final.players}
    assert cup.places[0] == (1, min(final.players)) and totals[min(final.players)] == 4 * 9 * 2
    # 优秀奖: the next three below the places, by their last stage's score.
    # Nine are level on −10 in stage 1: the seeded lot picks three of them.
    assert len(cup.merits) == 3 and not set(cup.merits) & set(final.players)
    assert all(cup.eliminated[n] == 1 for n in cup.merits)


def test_timed_rounds_fifteen_twenty_twenty_five_minutes() -> None:
    # 第一轮…15分钟…第二轮：半决赛，游戏时间设定20分钟…决赛：游戏时间为25分钟.
    cup = new_cup(9, preset="timed_rounds")
    assert all(t.ends_at == T0 + 15 * 60 for t in cup.stage.tables)
    assert all(t.hands is None for t in cup.stage.tables)
    now = T0 + 15 * 60  # each table's hand in progress at the time is its last
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, min(t.seats)), now)
    final = cup.stage
    # Nine players: round two is already the last table, the final: 25 minutes.
    assert final.final and final.tables[0].ends_at == now + 25 * 60 + 2
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, min(t.seats)),
                      now + 26 * 60)
    assert cup.phase == FINISHED and cup.places[0] == (1, min(final.players))


def test_three_hands_a_table_with_the_sheets_bidding_rules() -> None:
    # 每三个人一组(抽签决定分组),每组打三局; 前两家不叫第三家叫分不得少于2分; 庄家连续…扣4分.
    cup = new_cup(3, preset="three_hands")
    options = cup.config.options
    assert options == {"last_bidder_min_two": True, "no_bid_penalty": True,
                       "first_bidder": "rotate"}
    table = cup.stage.tables[0]
    assert table.hands == 3
    cup = play_tables(cup, lambda t, h: landlord_wins(t.seats, t.seats[h % 3], h + 1), T0)
    # Hands at 1, 2, 3 points a farmer: seat 0 +2 −2 −3, seat 1 −1 +4 −3, seat 2 −1 −2 +6.
    assert cup.stage.tables[0].scores == [-3, 0, 3]
    seats = cup.stage.tables[0].seats
    assert cup.places == [(1, seats[2]), (2, seats[1]), (3, seats[0])]


def play_to_the_end(cup: Competition, pick) -> Competition:
    now = T0 + 10
    while cup.phase != FINISHED:
        cup = play_tables(cup, pick, now)
        now += 1000
    return cup


def final_tables(cup: Competition) -> list:
    return [t for s in cup.stages if s.final for t in s.tables]


@pytest.mark.parametrize("players", [12, 21, 36])
def test_single_round_robin_final_every_pair_once_and_equal_hands(players: int) -> None:
    # 决赛：采用单循环赛制 (单循环: every pair once). Every finalist plays as many final
    # hands as every other, and no pair meets twice (12 entrants once gave one finalist 27
    # final hands against 18; 21 gave 54 against 27 and a pair meeting 4 times).
    cup = play_to_the_end(new_cup(players, preset="round_robin", hands="2"),
                          lambda t, h: landlord_wins(t.seats, min(t.seats)))
    finalists = cup.stage.players
    assert len(finalists) in (3, 7, 9)
    hands = {n: sum(t.played for t in final_tables(cup) if n in t.seats) for n in finalists}
    assert len(set(hands.values())) == 1
    met: dict[frozenset, int] = {}
    for table in final_tables(cup):
        for a in table.seats:
            for b in table.seats:
                if a < b:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert len(met) == len(finalists) * (len(finalists) - 1) // 2 and set(met.values()) == {1}


def test_a_round_robin_final_that_cannot_be_single_is_refused_with_the_reason() -> None:
    # A setting that cannot be honoured is refused, never silently changed.
    for settings, key in (({"final": "round_robin", "final_size": "9"},
                           "cup.err.round_robin_format"),
                          ({"preset": "round_robin", "quotas": "4"},
                           "cup.err.round_robin_size")):
        with pytest.raises(PaijuError) as refused:
            parse_settings(settings, T0)
        assert refused.value.key == key


def test_final_halves_are_both_drawn_by_lot_and_the_sit_out_rotates() -> None:
    # 第三轮为18局制分上下两个回合，两个回合均抽签分组 with byes rotating (RULES §5): with 36
    # entrants (seed "c") one finalist once sat out both halves and still took 3rd.
    cup = play_to_the_end(new_cup(36, seed="c", preset="three_rounds"),
                          lambda t, h: landlord_wins(t.seats, min(t.seats)))
    halves = [s for s in cup.stages if s.final and s.leg]
    assert len(halves) == 2 and halves[0].byes
    assert not set(halves[0].byes) & set(halves[1].byes)


def test_final_hands_that_do_not_split_into_the_halves_are_refused() -> None:
    # 18局制分上下两个回合…每个回合9局: 9 would play 8 hands, 1 would play none.
    for hands in ("9", "1"):
        with pytest.raises(PaijuError) as refused:
            parse_settings({"preset": "three_rounds", "final_hands": hands}, T0)
        assert refused.value.key == "cup.err.halves_split"
    assert parse_settings({"preset": "three_rounds", "final_hands": "12"}, T0).hands_for(True) == 6


def test_a_bye_in_the_earlier_stage_counts_as_the_base_not_zero() -> None:
    # 决赛…若有积分相同，则按复赛积分高者名次列前 with 每人基础积分30分: a player who had a bye in
    # the stage before neither won nor lost there; counting 0 against 30s lost every tie.
    cup = new_cup(7, preset="qq_rounds")
    bye = cup.stage.byes[0]
    def level_then_lowest(table, hand):  # level after the regulation hands, then extra
        return [0] * len(table.seats) if hand < table.hands else \
            landlord_wins(table.seats, min(table.seats))

    cup = play_tables(cup, level_then_lowest, T0 + 10)
    assert cup.stage.final
    final = cup.stage.tables[0]
    assert bye in final.seats
    assert final.earlier == [30, 30, 30]


def test_every_competition_text_has_a_named_preset_as_written() -> None:
    # RULES §5 "Every competition text in the sheets must be runnable as written, as a named
    # preset": 30分/30分钟为一局，先得30分者或时间到分数最多者胜出;
    # 每人发给15颗豆子…规定时间内(一小时); 每组打完十局为一个小节…若成绩相同可加赛一局.
    first_to = parse_settings({"preset": "first_to_30"}, T0)
    assert (first_to.scoring, first_to.target, first_to.time_limit) == ("first_to", 30, 1800)
    assert first_to.tie_hands == 1 and first_to.final_ties == "share"
    beans = parse_settings({"preset": "beans_hour"}, T0)
    assert (beans.scoring, beans.beans, beans.time_limit) == ("beans", 15, 3600)
    ten = parse_settings({"preset": "ten_hands"}, T0)
    assert ten.hands == 10 and ten.tie_hands == 1 and ten.advance == 1
    assert ten.options == {"last_bidder_min_two": True, "no_bid_penalty": True,
                           "first_bidder": "face_up_once"}  # 首局先翻出一张明牌


@pytest.mark.parametrize("settings", [{"preset": "qq_rounds"}, {"stages": "3", "hands": "9"}])
def test_a_finalist_who_plays_no_final_hand_places_after_all_who_played(settings) -> None:
    # 决赛…每队十局比赛后按积分多赛决出本次比赛名次 (篇二): the final's places are played for. With
    # 36 entrants four reach a one-table final: the one who sat it out was placed 2nd on the
    # base 30 (qq_rounds), or shared 2nd on 0 (the free format), though nobody could lose to
    # them.
    cup = play_to_the_end(new_cup(36, **settings),
                          lambda t, h: landlord_wins(t.seats, min(t.seats)))
    final = [s for s in cup.stages if s.final]
    played = {n for s in final for t in s.tables for n in t.seats}
    sitters = [n for n in cup.stage.players if n not in played]
    assert len(cup.stage.players) == 4 and len(sitters) == 1
    places = dict((n, p) for p, n in cup.places)
    assert places[sitters[0]] == 4
    assert all(places[n] < 4 for n in played)


def _final_then_extra(seats_first, final_pick):
    """A pick: `final_pick` for the final's regulation hands, then the highest number wins
    every extra hand (so any tie is broken by one)."""
    def pick(table, hand):
        if hand >= table.hands or "p" in table.key:  # extra hands, play-off tables
            return landlord_wins(table.seats, max(table.seats))
        return final_pick(table, hand) if table.key.startswith(seats_first) else \
            landlord_wins(table.seats, min(table.seats))
    return pick


def test_ten_hands_plays_off_a_tie_for_second_the_sheet_never_shares() -> None:
    # 十局 sheet: "若成绩相同可加赛一局决定获胜方", and no 并列第二名 (RULES §4: ties after the final
    # are broken by extra hands). A final of [-35, 70, -35] placed (1,·),(2,·),(2,·).
    cup = play_to_the_end(new_cup(6, preset="ten_hands"), _final_then_extra(
        "s2", lambda t, h: landlord_wins(t.seats, t.seats[1])))  # [-10, 20, -10]
    final = [s for s in cup.stages if s.final][0].tables[0]
    assert sorted(final.scores) != sorted(set(final.scores))  # a tie in regulation
    assert final.extra_played >= 1
    assert sorted(p for p, _ in cup.places) == [1, 2, 3]


def test_three_hands_plays_off_a_tie_for_second_at_the_final() -> None:
    # 篇三 (three_hands) has no 并列: with 12 entrants the final placed (2,2),(2,7).
    def lowest_wins(table, hand):  # the runners-up's play-off: the highest number wins
        return landlord_wins(table.seats, (max if "p" in table.key else min)(table.seats))

    cup = play_to_the_end(new_cup(12, preset="three_hands"), lowest_wins)
    final = cup.stage.tables[0]
    assert cup.stage.final and sorted(final.scores) == [-3, -3, 6] and final.extra_played
    assert sorted(p for p, _ in cup.places) == [1, 2, 3]


def test_a_final_in_legs_plays_off_a_tie_below_first() -> None:
    # stages=3 with 36 entrants: a final of 4 in one leg (one sits out); the two level
    # below first once shared 2nd.
    cup = play_to_the_end(new_cup(36, stages="3", hands="3"),
                          lambda t, h: landlord_wins(t.seats, min(t.seats)))
    final = cup.stage
    assert final.final and final.leg and final.playoffs
    assert final.playoffs[0].members != sorted(final.players)  # not for first
    assert sorted(p for p, _ in cup.places) == [1, 2, 3, 4]


def test_the_sheets_that_say_bing_lie_di_er_still_share() -> None:
    assert PRESETS["knockout"].settings and dict(PRESETS["knockout"].settings)[
        "final_ties"] == "share"
    assert parse_settings({"preset": "ten_hands"}, T0).final_ties == "play"
    assert parse_settings({}, T0).final_ties == "play"
