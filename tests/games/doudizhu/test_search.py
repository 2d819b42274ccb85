"""The strong AI (ai_level=strong): reading the cards, the search, and the AI levels."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu import ai, appraise, inference, levels, plan, search
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import CALL, GRAB, NO_GRAB, PASS, Phase
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.inference import DUMMY, Bid, cheap_answer, controls
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.position import FULL, Position, from_state
from bot.games.doudizhu.spec import DOUDIZHU3
from bot.games.doudizhu.state import DoudizhuState

from .deals import make
from .test_random_games import sample_options


def with_level(options: RuleOptions, level: str, budget: int = 200) -> RuleOptions:
    return dataclasses.replace(options, ai_level=level, ai_budget=budget)


def midgame(seed: int, options: RuleOptions, plays: int = 12) -> DoudizhuState:
    """A play-phase state a few plays in (the planner playing every seat)."""
    state = DoudizhuState.new(options, seed)
    while not state.is_over and (state.phase is not Phase.PLAYING or len(state.history) < plays):
        (seat,) = state.to_act()
        state, _ = state.apply(seat, ai.choose_action(state, seat))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_deals_of_the_unseen_cards_fit_everything_the_seat_knows(seed: int) -> None:
    options = sample_options(random.Random(seed))
    state = midgame(seed, options)
    if state.is_over:
        return
    (seat,) = state.to_act()
    pos = from_state(state, seat)
    know = levels.knowledge_from_state(state, seat, pos)
    truth = {s: tuple(rank_counts(state.hand(s))) for s in range(state.players) if s != seat}
    if DUMMY in know.holders:
        truth[DUMMY] = tuple(rank_counts(state.hands[state.dummy_index]))  # type: ignore[index]
    rng = random.Random(seed)
    for _ in range(20):
        hands = know.deal(rng)
        assert set(hands) == set(truth)
        for holder, hand in hands.items():
            assert sum(hand) == sum(truth[holder])
            pinned = know.pinned[know.holders.index(holder)]
            assert all(h >= p for h, p in zip(hand, pinned, strict=True))
        together = [sum(h[i] for h in hands.values()) for i in range(15)]
        assert tuple(together) == know.unseen
        assert all(n <= FULL[i] for i, n in enumerate(together))
    # What is pinned is true of the real hands: the landlord's unplayed bottom cards.
    for holder, pinned in zip(know.holders, know.pinned, strict=True):
        assert all(t >= p for t, p in zip(truth[holder], pinned, strict=True))


def test_a_farmer_knows_the_landlord_still_holds_the_bottom_it_has_not_played() -> None:
    state = midgame(3, RuleOptions(), plays=0)
    landlord = state.landlord
    assert landlord is not None
    seat = (landlord + 1) % 3
    pos = from_state(state, seat)
    know = levels.knowledge_from_state(state, seat, pos)
    pinned = know.pinned[know.holders.index(landlord)]
    assert pinned == tuple(rank_counts(state.bottom))


def test_a_pass_on_a_single_it_could_beat_cheaply_counts_against_a_hand() -> None:
    single_five = tuple(1 if i == 2 else 0 for i in range(15))
    holds_a_nine = tuple(1 if i == 6 else 0 for i in range(15))
    only_a_pair = tuple(2 if i == 6 else 0 for i in range(15))
    assert cheap_answer(holds_a_nine, single_five)
    assert not cheap_answer(only_a_pair, single_five)  # it would break the pair


@pytest.mark.parametrize("seed", range(6))
def test_strong_games_are_legal_deterministic_and_finish_under_every_option(seed: int) -> None:
    options = with_level(sample_options(random.Random(seed)), "strong")

    def game() -> tuple[str, ...]:
        state = DoudizhuState.new(options, seed)
        while not state.is_over:
            (seat,) = state.to_act()
            action = levels.choose_action(state, seat, random.Random(seed))
            assert action in state.legal_actions(seat)
            state, _ = state.apply(seat, action)
        assert sum(state.scores()) == 0
        return state.actions

    assert game() == game()


def test_with_no_budget_the_strong_ai_plays_as_the_planner() -> None:
    state = DoudizhuState.new(with_level(RuleOptions(), "strong", budget=0), 5)
    while not state.is_over:
        (seat,) = state.to_act()
        action = levels.choose_action(state, seat)
        assert action == ai.choose_action(state, seat)
        state, _ = state.apply(seat, action)


def test_the_search_weighs_the_planners_move_and_others_over_the_same_deals() -> None:
    state = midgame(11, RuleOptions(), plays=20)
    (seat,) = state.to_act()
    pos = from_state(state, seat)
    know = levels.knowledge_from_state(state, seat, pos)
    legal = state.legal_moves(seat)
    plain = ai.decide(pos).move
    moves = search.candidates(pos, legal, plain)
    assert moves[0] == plain and len(moves) == len(set(moves)) >= 2
    assert all(m is None or m in legal for m in moves)
    weighed = search.weigh(pos, know, moves, 5000, 1)
    assert weighed is not None
    assert weighed[0].value == 0.0  # the planner's move is the yardstick
    assert all(w.value > float("-inf") for w in weighed[1:2])  # a rival was weighed
    assert weighed == search.weigh(pos, know, moves, 5000, 1)


def test_a_win_by_force_is_played_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The planner's control lead (every planned play but the last unbeatable) wins by
    # force: the strong AI plays it without weighing the others.
    def no_search(*args: object) -> None:
        raise AssertionError("searched a win by force")

    monkeypatch.setattr(search, "weigh", no_search)
    found = 0
    for seed in range(40):
        state = DoudizhuState.new(RuleOptions(), seed)
        while not state.is_over:
            (seat,) = state.to_act()
            if state.phase is Phase.PLAYING:
                pos = from_state(state, seat)
                plain = ai.decide(pos)
                legal = state.legal_moves(seat)
                if plain.reason == "ddz.why.control" and len(
                        search.candidates(pos, legal, plain.move)) >= 2:
                    know = levels.knowledge_from_state(state, seat, pos)
                    assert search.choose(pos, know, 5000) == plain
                    found += 1
            state, _ = state.apply(seat, ai.choose_action(state, seat))
    assert found >= 5


def test_easy_tables_play_the_smallest_move_and_never_pass_when_they_can_play() -> None:
    state = midgame(2, with_level(RuleOptions(), "easy"), plays=0)
    while not state.is_over:
        (seat,) = state.to_act()
        action = levels.choose_action(state, seat)
        moves = state.legal_moves(seat)
        assert (action == PASS) == (not moves)
        state, _ = state.apply(seat, action)


def test_ai_level_and_budget_are_checked_room_settings() -> None:
    assert DOUDIZHU3.default_options()["ai_level"] == "normal"
    assert DOUDIZHU3.validate_options({"ai_level": "strong"})["ai_level"] == "strong"
    for bad in ({"ai_level": "genius"}, {"ai_budget": -1}, {"ai_budget": "many"},
                {"ai_budget": True}):
        with pytest.raises(IllegalAction):
            DOUDIZHU3.validate_options(bad)


def test_strong_hints_lead_with_the_strong_choice_and_never_with_a_needless_pass() -> None:
    options = with_level(RuleOptions(), "strong", budget=600)
    for seed in range(2):
        state = DoudizhuState.new(options, seed)
        while not state.is_over:
            (seat,) = state.to_act()
            if state.phase is Phase.PLAYING:
                hints = DOUDIZHU3.hints(state, seat)
                chosen = levels.choose_action(state, seat)
                planner = ai.hints(state, seat)
                assert set(hints) == set(planner)
                if chosen != PASS and chosen in planner and not levels.breaks_bomb(
                        tuple(rank_counts(state.hand(seat))), chosen):
                    assert hints[0] == chosen
                if planner[0] != PASS:
                    assert hints[0] != PASS
            state, _ = state.apply(seat, ai.choose_action(state, seat))


def test_the_play_outs_rate_a_monster_hand_a_win_and_junk_a_loss() -> None:
    monster = make("BR2222AAAKKKQQJJT", "3456789TJQK345678", ai_level="strong")
    junk = make("3345679TJQ3468TQK", "BR2222AAAKKKQQJJT", ai_level="strong",
                ai_budget=1200)
    assert appraise.side_value(monster, 0, 1200) > appraise.CLEAR
    assert appraise.side_value(junk, 0, 1200) < -appraise.CLEAR
    assert levels.choose_action(junk, 0) == PASS
    assert appraise.side_value(junk, 0, 0) is None  # no budget: the planner alone


def test_the_bidding_reads_as_strength_and_the_samples_follow_it() -> None:
    state = DoudizhuState.new(RuleOptions(), 5)
    first = state.to_act()[0]
    for action in (PASS, PASS, "bid 3"):
        (seat,) = state.to_act()
        state, _ = state.apply(seat, action)
    landlord = state.landlord
    assert landlord == (first + 2) % 3 and state.phase is Phase.PLAYING
    low, mid, high = ai.BID_STRENGTH[3]
    inf = float("inf")
    assert levels.bid_ranges(state) == (
        Bid(first, -inf, low), Bid((first + 1) % 3, -inf, low), Bid(landlord, high, inf))
    grab = state.evolve(options=dataclasses.replace(state.options, bidding="grab"),
                        auction=((0, CALL), (1, NO_GRAB), (2, GRAB)))
    assert levels.bid_ranges(grab) == (Bid(0, low, inf), Bid(1, -inf, mid), Bid(2, mid, inf))
    # A farmer's samples give the landlord who bid 3 more control cards than blind deals.
    seat = first  # a farmer: its own bid is no news to it
    pos = from_state(state, seat)
    know = levels.knowledge_from_state(state, seat, pos)
    assert know.bids == (Bid((first + 1) % 3, -inf, low), Bid(landlord, high, inf))
    rng = random.Random(0)
    blind = sum(controls(know.deal(rng)[landlord]) for _ in range(100))
    read = sum(controls(know.sample(rng)[landlord]) for _ in range(100))
    assert read > blind + 100
    assert all(sum(h) == sum(t) for h, t in zip(know.sample(rng).values(),
                                                  know.deal(rng).values(), strict=True))


def test_the_score_only_plan_search_scores_every_hand_as_the_full_plan() -> None:
    rng = random.Random(7)
    deck = [i for i in range(15) for _ in range(FULL[i])]
    for _ in range(300):
        rng.shuffle(deck)
        counts = [0] * 15
        for i in deck[:rng.randint(1, 20)]:
            counts[i] += 1
        assert plan._score(tuple(counts)) == plan._plan(tuple(counts)).score


@pytest.mark.parametrize("seed", range(4))
def test_the_true_hands_fit_every_decision_seen_when_the_seats_play_as_the_planner(
        seed: int) -> None:
    state = DoudizhuState.new(RuleOptions(), seed)
    read = 0
    while not state.is_over:
        (seat,) = state.to_act()
        if state.phase is Phase.PLAYING:
            moves = levels.history_moves(state)
            assert len(moves) == len(state.history)
            if state.history and state.history[-1][1]:
                assert moves[-1].move == state.table_move()  # the reading the engine gave it
            pos = from_state(state, seat)
            know = levels.knowledge_from_state(state, seat, pos)
            assert all(seen.seat != seat for seen in know.decisions)
            assert len(know.decisions) <= 2 * inference.DECISIONS_READ
            truth = {s: tuple(rank_counts(state.hand(s))) for s in range(3) if s != seat}
            assert know.fit(truth) == 1.0
            read += len(know.decisions)
        state, _ = state.apply(seat, ai.choose_action(state, seat))
    assert read > 0


def test_deals_on_which_the_planner_would_have_played_otherwise_are_drawn_less() -> None:
    state = midgame(4, RuleOptions(), plays=9)
    (seat,) = state.to_act()
    pos = from_state(state, seat)
    know = levels.knowledge_from_state(state, seat, pos)
    assert know.decisions
    rng = random.Random(1)
    blind = [know.fit(know.deal(rng)) for _ in range(60)]
    drawn = [know.fit(know.sample(rng)) for _ in range(60)]
    assert min(blind) < 1.0  # a random deal often contradicts what was seen
    assert all(f in {inference.DECISION_LIKELIHOOD ** k for k in range(9)} for f in blind)
    assert sum(drawn) > sum(blind) + 5
    # Two players, or no decision read: the deals are drawn as before.
    two = midgame(4, RuleOptions(players=2), plays=6)
    if not two.is_over:
        (other,) = two.to_act()
        assert not levels.knowledge_from_state(two, other, from_state(two, other)).decisions


def test_a_two_player_landlord_forbidden_every_lead_by_a_guessed_deal_still_plays() -> None:
    # A search's guessed deal can give the landlord three 2s after a real single 2: judged
    # on all four, the prohibitions forbid every play of the three left.
    constraints = mv.Constraints.for_two_player_landlord(mv.parse_hand("2222"))
    hand = mv.parse_hand("222").counts
    assert not mv.legal_moves(mv.Hand(hand), None, constraints)
    pos = Position(players=2, seat=0, landlord=0, hand=hand, cards_left=(3, 5), to_beat=None,
                   to_beat_seat=None, threat=mv.parse_hand("34567").counts,
                   constraints=constraints)
    assert ai.decide(pos, exact=False).move is not None


def _position(hand: str, table: str | None, by: int | None) -> Position:
    counts = mv.parse_hand(hand).counts
    to_beat = None if table is None else mv.classify(mv.parse_hand(table).ranks())[0]
    return Position(players=3, seat=1, landlord=0, hand=counts,
                    cards_left=(20, sum(counts), 17), to_beat=to_beat, to_beat_seat=by,
                    threat=tuple(f - c for f, c in zip(FULL, counts, strict=True)))


def test_a_naive_player_beats_with_the_lowest_play_of_the_kind_and_leads_its_lowest_card(
        ) -> None:
    # On the partner's 5 the planner lets it stand; the naive player beats it, with the 6
    # of its pair (the lowest single that beats).
    over = _position("3445566789TTJQ", "5", 2)
    assert ai.decide(over, exact=False).move is None
    assert str(ai.naive(over).move) == "6"
    # It leads every card of its lowest rank, without kickers, in the longest chain that
    # starts there if there is one.
    assert str(ai.naive(_position("3334567899TJQKA", None, None)).move) == "333"
    assert str(ai.naive(_position("345678899TTJQK", None, None)).move) == "3456789TJQK"
    # Its hand split as simple rule bots split one: triples first, then whole runs of
    # five or more of what is left, then pairs and singles; it leads the part that
    # holds its lowest card.
    assert str(ai.naive(_position("33445578899", None, None)).move) == "33"
    assert str(ai.naive(_position("34555678", None, None)).move) == "3"
    assert str(ai.naive(_position("3344556677K", None, None)).move) == "34567"
    # It goes out when the play it makes anyway empties its hand, not otherwise: its
    # lowest triple goes first without the kicker that would finish.
    assert str(ai.naive(_position("99", "55", 0)).move) == "99"
    assert str(ai.naive(_position("3334", None, None)).move) == "333"
    assert str(ai.naive(_position("334455", None, None)).move) == "33"


def _naive_share(landlord_naive: bool, seed: int) -> float:
    """At a farmer's decision a few plays in (the landlord naive or the planner), how often
    the farmer's deals guess the landlord naive."""
    state = DoudizhuState.new(RuleOptions(), seed)
    while not state.is_over and (state.phase is not Phase.PLAYING or len(state.history) < 10
                                 or state.to_act()[0] == state.landlord):
        (seat,) = state.to_act()
        if state.phase is Phase.PLAYING and seat == state.landlord and landlord_naive:
            move = ai.naive(from_state(state, seat)).move
            action = PASS if move is None else "play " + str(move)
        else:
            action = ai.choose_action(state, seat)
        state, _ = state.apply(seat, action)
    (seat,) = state.to_act()
    know = levels.knowledge_from_state(state, seat, from_state(state, seat))
    assert know.styled == (state.landlord,)
    rng = random.Random(seed)
    return sum(state.landlord in know.styles(rng)[1] for _ in range(200)) / 200


def test_the_farmers_guess_how_the_landlord_plays_from_his_decisions() -> None:
    naive = [_naive_share(True, seed) for seed in range(6)]
    planner = [_naive_share(False, seed) for seed in range(6)]
    assert sum(naive) / 6 > inference.LANDLORD_NAIVE_PRIOR > sum(planner) / 6
    # The landlord guesses his farmers' ways too (what they do with each other's plays
    # tells them apart: `test_a_farmer_who_beats_his_partner_is_guessed_naive`).
    state = midgame(4, RuleOptions(), plays=9)
    landlord = state.landlord
    assert landlord is not None
    know = levels.knowledge_from_state(state, landlord, from_state(state, landlord))
    assert know.styled == tuple(s for s in range(3) if s != landlord)


def _history(plays: list[tuple[int, str]]) -> list[tuple[int, tuple[int, ...]]]:
    """(seat, ranks; "" a pass) as the history of cards played."""
    return [(who, mv.parse_hand(cards).counts if cards else (0,) * 15) for who, cards in plays]


def _priors(plays: list[tuple[int, str]], seat: int = 0) -> tuple[float, ...]:
    """The style priors seat `seat` reads from plays (seat, ranks; "" a pass); seat 0 is
    the landlord."""
    history = _history(plays)
    hand = mv.parse_hand("3456789TJQKA2").counts
    pos = Position(players=3, seat=seat, landlord=0, hand=hand, cards_left=(13, 17, 17),
                   to_beat=None, to_beat_seat=None,
                   threat=tuple(f - c for f, c in zip(FULL, hand, strict=True)))
    moves = levels.reading.history_moves(3, history)
    return inference.style_priors(pos, history, moves)


def test_a_farmer_who_beats_his_partner_is_guessed_naive() -> None:
    # Seat 2 beats his partner's 4 (the planner lets it stand): likely naive. Seat 1 has
    # only beaten the landlord: nothing said.
    priors = _priors([(0, "3"), (1, "4"), (2, "5"), (0, "6"), (1, ""), (2, "")])
    assert priors[2] > 0.9 and priors[1] == inference.NAIVE_PRIOR
    # Seat 2 lets his partner's 4 stand (a naive player would have beaten it): less likely
    # naive; so is seat 1, who led a triple with a kicker (a naive player never does).
    priors = _priors([(0, "3"), (1, "4"), (2, ""), (0, "6"), (1, ""), (2, ""),
                      (0, "77"), (1, "99"), (2, ""), (0, ""), (1, "TTT5")])
    assert priors[2] < inference.NAIVE_PRIOR and priors[1] < 0.1
    # The landlord, of whom nothing tells here, keeps his own prior (higher: less of what
    # he does tells).
    assert priors[0] == inference.LANDLORD_NAIVE_PRIOR > inference.NAIVE_PRIOR


def test_decisions_the_later_plays_show_a_naive_player_would_not_make_speak_against_it(
        ) -> None:
    # The landlord leads a 9 and later plays a 4 he held then (a naive player leads its
    # lowest card); seat 1 passes on the landlord's 9 and later plays a king he held then
    # (a naive player beats a single whenever it can); seat 2 beats the 9 with an ace
    # while holding the jack it plays later (a naive player beats with its lowest).
    priors = _priors([(0, "9"), (1, ""), (2, "A"), (0, ""), (1, ""), (2, "J"), (0, "Q"),
                      (1, "K"), (2, ""), (0, ""), (1, "3"), (2, ""), (0, "4")])
    assert all(p < 0.15 for p in priors)
    # The same plays without what came later: nothing said.
    priors = _priors([(0, "9"), (1, ""), (2, "A")])
    assert priors == (inference.LANDLORD_NAIVE_PRIOR,) + (inference.NAIVE_PRIOR,) * 2


def _naive_follow(seat: int, hand: str, table: str, by: int, landlord_left: int = 20,
                  ) -> mv.Move | None:
    counts = mv.parse_hand(hand).counts
    left = [17, 17, 17]
    left[0], left[seat] = landlord_left, sum(counts)
    to_beat = mv.classify(mv.parse_hand(table).ranks())[0]
    pos = Position(players=3, seat=seat, landlord=0, hand=counts, cards_left=tuple(left),
                   to_beat=to_beat, to_beat_seat=by,
                   threat=tuple(f - c for f, c in zip(FULL, counts, strict=True)))
    return ai.naive(pos).move


def test_a_naive_player_with_nothing_of_the_kind_passes_or_bombs_as_simple_bots_do() -> None:
    # The farmer after his partner lets the landlord's pair go, even with the rocket and
    # the landlord down to three cards (the planner plays the rocket there).
    assert _naive_follow(2, "345678TJQBR", "66", 0, landlord_left=3) is None
    # The landlord with nothing of the kind passes or bombs, as if at random: over a few
    # hands both (the planner, far from the end, always passes there).
    picks = {_naive_follow(0, f"34{x}TJQKBR", "56789", 2) is None for x in "3456"}
    assert picks == {True, False}


def test_a_naive_guess_deals_the_seat_only_hands_its_every_decision_fits() -> None:
    # The landlord led a 4 (a naive player leads its lowest card, all of its rank) and
    # passed on seat 1's ace (a naive player beats a single whenever it can): guessed
    # naive, he holds no 3, no 4, no 2 and no joker, in every deal; else anything.
    plays = [(0, "4"), (1, "A"), (2, ""), (0, "")]
    history = _history(plays)
    hand = mv.parse_hand("356789TJQKKA22BR").counts
    pos = Position(players=3, seat=1, landlord=0, hand=hand, cards_left=(19, 16, 17),
                   to_beat=None, to_beat_seat=None,
                   threat=tuple(f - c - p for f, c, p in zip(
                       FULL, hand, mv.parse_hand("4A").counts, strict=True)))
    moves = levels.reading.history_moves(3, history)
    know = inference.knowledge(pos, [mv.parse_hand(c).counts if c else (0,) * 15
                                     for c in ("4", "A", "")], None, (1, 1, 0), history,
                               moves=moves)
    assert know.caps[0] == (0, 0) + (4,) * 10 + (0, 0, 0)
    rng = random.Random(3)
    guessed = seen_low = 0
    for _ in range(200):
        hidden, naive, _ = know.styles(rng)
        assert sum(hidden[0]) == 19 and sum(hidden[2]) == 17
        if 0 in naive:
            guessed += 1
            assert not any(hidden[0][:2]) and not any(hidden[0][12:])
        else:
            seen_low += any(hidden[0][:2]) or any(hidden[0][12:])
    assert guessed > 100 and seen_low > 0
    # Decisions no naive hand of his size fits (a pass on a 5: nothing above it in 19
    # cards): he is not guessed naive.
    plays = [(0, "3"), (1, "5"), (2, ""), (0, "")]
    history = _history(plays)
    hand = mv.parse_hand("46789TJQKKA22BR").counts
    pos = dataclasses.replace(pos, hand=hand, threat=tuple(f - c - p for f, c, p in zip(
        FULL, hand, mv.parse_hand("35").counts, strict=True)))
    know = inference.knowledge(pos, [mv.parse_hand(c).counts if c else (0,) * 15
                                     for c in ("3", "5", "")], None, (1, 1, 0), history,
                               moves=levels.reading.history_moves(3, history))
    assert not any(0 in know.styles(rng)[1] for _ in range(50))


def _naive_landlord_deals(seed: int) -> tuple[int, int]:
    """Over a deal whose landlord plays naive (the farmers as the planner), at each
    farmer's decision: the true hands fit every lead and answer of the kind the landlord
    made, read as naive; and of the deals drawn with him guessed naive, how many
    (drawn, fitting all of them)."""
    state = DoudizhuState.new(RuleOptions(), seed)
    drawn = fitting = 0
    while not state.is_over:
        (seat,) = state.to_act()
        landlord = state.landlord
        if state.phase is Phase.PLAYING and landlord is not None:
            pos = from_state(state, seat)
            if seat == landlord:
                move = ai.naive(pos).move
                state, _ = state.apply(seat, PASS if move is None else "play " + str(move))
                continue
            know = levels.knowledge_from_state(state, seat, pos)
            truth = {s: tuple(rank_counts(state.hand(s))) for s in range(3) if s != seat}
            assert know.fit_costed(truth, 0.0, frozenset({landlord}))[0] == 1.0
            record = [seen for seen in know.naive_record if seen.seat == landlord]
            rng = random.Random(seed)
            for _ in range(10):
                hidden, naive, _ = know.styles(rng)
                if landlord not in naive:
                    continue
                drawn += 1
                fitting += all(_naive_made(seen, hidden[landlord]) for seen in record)
        state, _ = state.apply(seat, ai.choose_action(state, seat))
    return drawn, fitting


def _naive_made(seen: inference.Seen, hand_now: tuple[int, ...]) -> bool:
    hand = tuple(a + b for a, b in zip(hand_now, seen.after, strict=True))
    pos = Position(players=3, seat=seen.seat, landlord=seen.seat, hand=hand,
                   cards_left=seen.cards_left, to_beat=seen.to_beat,
                   to_beat_seat=seen.to_beat_seat,
                   threat=tuple(o - h for o, h in zip(seen.outs, hand, strict=True)))
    return ai.naive(pos).move == seen.move


def test_a_landlord_guessed_naive_is_dealt_hands_all_his_leads_and_answers_fit() -> None:
    # Not only his last decisions: every lead (its lowest card, split as simple bots
    # split a hand) and every answer of the kind (the lowest that beats) he made.
    counts = [_naive_landlord_deals(seed) for seed in range(4)]
    drawn = sum(d for d, _ in counts)
    assert drawn > 100
    assert sum(f for _, f in counts) > 0.9 * drawn


def test_a_farmer_whose_every_deal_is_lost_solves_them_with_his_partner() -> None:
    # The landlord, next, holds K A (both known): any single lets him win the trick and
    # go out, and the planner's rollouts (its partner lets a farmer's play stand) lose every
    # deal whatever seat 2 leads. Solved with the partner (377888TTJJQQ) as a team, the
    # straight 34567 wins: a line the landlord cannot answer.
    counts = [mv.parse_hand(t).counts for t in ("KA", "377888TTJJQQ", "3345667TTKK")]
    unseen = tuple(a + b for a, b in zip(counts[0], counts[1], strict=True))
    pos = Position(players=3, seat=2, landlord=0, hand=counts[2], cards_left=(2, 12, 11),
                   to_beat=None, to_beat_seat=None, threat=unseen)
    know = inference.Knowledge(seat=2, players=3, landlord=0, unseen=unseen, holders=(0, 1),
                               sizes=(2, 12), pinned=(counts[0], (0,) * 15), plays=(5, 5, 5))
    assert str(ai.decide(pos).move) == "3"
    assert search.choose(pos, know).move not in (None, ai.decide(pos).move)
    assert str(search.choose(pos, know).move) == "34567"
