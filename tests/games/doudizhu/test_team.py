"""The team endgame solver (issue 39): three hands known, the farmers playing as one."""

from __future__ import annotations

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu import search, team
from bot.games.doudizhu.position import Counts, Position


def counts(text: str) -> Counts:
    return mv.parse_hand(text).counts


def farmer_position(hand: str, landlord: str, partner: str, to_beat: str = "",
                    by: int | None = None) -> Position:
    """Seat 2 (a farmer) to play; the landlord is seat 0 (next), the partner seat 1."""
    threat = tuple(a + b for a, b in zip(counts(landlord), counts(partner), strict=True))
    return Position(players=3, seat=2, landlord=0, hand=counts(hand),
                    cards_left=(len(landlord), len(partner), len(hand)),
                    to_beat=mv.parse_move(to_beat) if to_beat else None, to_beat_seat=by,
                    threat=threat)


def results(pos: Position, landlord: str, partner: str) -> dict[str, float | None]:
    hidden = {0: counts(landlord), 1: counts(partner)}
    legal: list[mv.Move | None] = [*mv.legal_moves(mv.Hand(pos.hand), pos.to_beat)]
    if pos.to_beat is not None:
        legal.append(None)
    return {"" if m is None else str(m): search.solve(pos, hidden, m, team.TeamSolver(0))
            for m in legal}


def test_a_farmer_never_leads_the_single_the_landlords_last_card_beats() -> None:
    found = results(farmer_position("446", "5", "3"), "5", "3")
    assert found == {"4": -1.0, "6": 1.0, "44": 1.0}


def test_a_farmer_lets_the_partners_winning_trick_through() -> None:
    # The partner's pair of kings holds and its last card follows; taking the trick with
    # the aces would leave the farmer leading a low single the landlord beats, then out.
    pos = farmer_position("AA63", "J9", "4", to_beat="KK", by=1)
    assert results(pos, "J9", "4") == {"AA": -1.0, "": 1.0}


def test_the_solver_gives_up_past_its_budget() -> None:
    solver = team.TeamSolver(landlord=0, budget=3)
    hands = (counts("3355779JQK"), counts("4466889TJQ"), counts("3456789TJQ"))
    assert solver.farmers_win(hands, 1, None, None, 0) is None


def test_the_farmers_win_when_the_one_to_move_goes_out() -> None:
    solver = team.TeamSolver(landlord=0)
    assert solver.farmers_win((counts("33"), counts("55"), counts("4")), 1, None, None, 0)
    assert not solver.farmers_win((counts("33"), counts("55"), counts("4")), 0, None, None, 0)


def test_a_landlord_given_a_policy_plays_by_it_instead_of_his_best_reply() -> None:
    hands = (counts("6"), counts("3"), counts("34"))
    assert team.TeamSolver(landlord=0).farmers_win(hands, 2, None, None, 0) is False

    def always_passes(seat: int, hands: tuple[Counts, ...], table: mv.Move | None,
                      by: int | None) -> mv.Move | None:
        return None if table is not None else mv.legal_moves(mv.Hand(hands[seat]))[0]

    solver = team.TeamSolver(landlord=0, landlord_policy=always_passes)
    assert solver.farmers_win(hands, 2, None, None, 0) is True
