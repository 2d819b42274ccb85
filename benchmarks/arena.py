"""Arena: the 斗地主 AI against the baselines, or against itself through the AI service.

    python benchmarks/arena.py [--deals 2000] [--players 3] [--seed 0]
    python benchmarks/arena.py --mode service [--deals 200]
    python benchmarks/arena.py --mode strong [--deals 2000] [--budget 1850] [--first 0]
        [--players 2|3|both] [--dummy shown|hidden] [--team-cards 12]

Baselines mode (duplicate format, as DouZero's evaluation): each seeded deal is bid out by
the AI's bidding for every seat (the dealer, and so the first bidder when the face-up card
is in the bottom, rotates with the deal number; the landlord's seat follows the cards).
The play is then done twice on the same cards: the AI as landlord against two baseline
farmers, and the baseline as landlord against two AI farmers. Reported per baseline: win
rate as landlord, win rate as the farmer team, mean AI score per deal (both games, stake
1); and the time of every AI decision (mean and p99, in ms).

Service mode: the AI plays every seat of each deal twice, once in process and once through
`judge_ai` (the `python -m bot judge doudizhu-ai` decision function, fed each seat's view
as a request), and reports whether the two games are identical, with the service's
decision time.

Strong mode (the new AI, ai_level=strong, against today's planner, ai_level=normal), the
same duplicate deals: each deal, bid out as above, is played three times — today's AI in
every seat (the reference), the strong AI as landlord against two of today's farmers, and
today's landlord against two strong farmers. Reported: the landlord's win rate in the
reference games; the strong AI's and today's win rates as landlord and as the farmer team
when they meet; the head-to-head margin (the strong AI's win rate in a role minus today's
in the same role, on the same deals: in this format one number for both roles); each
role's gain over the reference games; mean scores; and the strong AI's decision
time: wall clock (mean, p99, max) and CPU time of this process (mean, p99), the latter
being what a shared machine does not inflate (the hand sampling is inside it). With
`--players both` the three-player figures and the two-player ones (`"two_player"`, the dummy
shown or hidden as `--dummy` says) come in one line; `--team-cards N` sets how few cards
left in all hands start the team endgame solver (`search.TEAM_CARDS`; 0: never), to measure
what it gains.

Prints exactly one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.doudizhu import ai, levels, search  # noqa: E402
from bot.games.doudizhu.actions import Phase  # noqa: E402
from bot.games.doudizhu.baselines import greedy_action, random_action  # noqa: E402
from bot.games.doudizhu.options import DEFAULT_AI_BUDGET, RuleOptions  # noqa: E402
from bot.games.doudizhu.referee import judge_ai, position_request  # noqa: E402
from bot.games.doudizhu.state import DoudizhuState  # noqa: E402

Agent = Callable[[DoudizhuState, int, random.Random], str]
BASELINES: dict[str, Agent] = {"random": random_action, "greedy": greedy_action}


def bid_out(options: RuleOptions, seed: int, dealer: int) -> DoudizhuState:
    """The deal after the AI's bidding for every seat (redeals included)."""
    state = DoudizhuState.new(options, seed, dealer)
    while state.phase is Phase.BIDDING:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, ai.choose_action(state, seat))
    return state


def play_out(state: DoudizhuState, agents: dict[int, Agent], rng: random.Random,
             timings: list[float]) -> DoudizhuState:
    """Play to the end; AI decision times (seconds) go to `timings`."""
    while not state.is_over:
        seat = state.to_act()[0]
        agent = agents[seat]
        start = time.perf_counter()
        action = agent(state, seat, rng)
        if agent is ai_agent:
            timings.append(time.perf_counter() - start)
        state, _ = state.apply(seat, action)
    return state


def ai_agent(state: DoudizhuState, seat: int, rng: random.Random) -> str:
    """The AI as an arena agent."""
    return ai.choose_action(state, seat, rng)


def service_agent(state: DoudizhuState, seat: int, rng: random.Random) -> str:
    """The AI through the service's decision function (the seat's view as a request)."""
    answer = judge_ai(position_request(state, seat))
    if "error" in answer:
        raise RuntimeError(answer["error"])
    if "bid" in answer:
        return f"bid {answer['bid']}" if answer["bid"] else "pass"
    return "play " + answer["play"] if answer["play"] else "pass"


def percentile(values: list[float], q: float) -> float:
    """The q-quantile of `values` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def versus(baseline: Agent, deals: int, players: int, seed: int,
           timings: list[float]) -> dict[str, float]:
    """Win rates and mean score of the AI against one baseline, duplicate format."""
    options = RuleOptions(players=players)
    landlord_wins = farmer_wins = 0
    score = 0
    for deal in range(deals):
        dealt = bid_out(options, seed + deal, deal % players)
        landlord = dealt.landlord
        assert landlord is not None
        rng = random.Random(seed + deal)
        seats = range(players)
        as_landlord = play_out(dealt, {s: ai_agent if s == landlord else baseline
                                       for s in seats}, rng, timings)
        as_farmers = play_out(dealt, {s: baseline if s == landlord else ai_agent
                                      for s in seats}, rng, timings)
        landlord_wins += as_landlord.winner == "landlord"
        farmer_wins += as_farmers.winner == "farmers"
        score += as_landlord.scores()[landlord]
        score -= as_farmers.scores()[landlord]
    return {"landlord_win_rate": round(landlord_wins / deals, 4),
            "farmer_win_rate": round(farmer_wins / deals, 4),
            "mean_score_per_deal": round(score / deals, 3)}


def run_baselines(deals: int, players: int, seed: int) -> dict[str, object]:
    """The baselines mode's figures."""
    timings: list[float] = []
    result: dict[str, object] = {"mode": "baselines", "deals": deals, "players": players}
    for name, baseline in BASELINES.items():
        result[f"vs_{name}"] = versus(baseline, deals, players, seed, timings)
    result["decisions"] = len(timings)
    result["decision_mean_ms"] = round(1000 * sum(timings) / max(1, len(timings)), 3)
    result["decision_p99_ms"] = round(1000 * percentile(timings, 0.99), 3)
    return result


def run_service(deals: int, players: int, seed: int) -> dict[str, object]:
    """The service mode's figures: in-process and service games must be identical."""
    options = RuleOptions(players=players)
    identical = 0
    timings: list[float] = []
    for deal in range(deals):
        start = DoudizhuState.new(options, seed + deal, deal % players)
        games = []
        for agent in (ai_agent, service_agent):
            state = start
            while not state.is_over:
                seat = state.to_act()[0]
                began = time.perf_counter()
                action = agent(state, seat, random.Random(0))
                if agent is service_agent:
                    timings.append(time.perf_counter() - began)
                state, _ = state.apply(seat, action)
            games.append(state.actions)
        identical += games[0] == games[1]
    return {"mode": "service", "deals": deals, "players": players,
            "identical_games": identical, "all_identical": identical == deals,
            "decisions": len(timings),
            "decision_mean_ms": round(1000 * sum(timings) / max(1, len(timings)), 3),
            "decision_p99_ms": round(1000 * percentile(timings, 0.99), 3)}


def strong_agent(budget: int) -> Agent:
    """The strong AI (ai_level=strong) with `budget` as an arena agent."""

    def agent(state: DoudizhuState, seat: int, rng: random.Random) -> str:
        return levels.choose_action(state.evolve(options=_strong(state.options, budget)), seat,
                                    rng)

    return agent


def _strong(options: RuleOptions, budget: int) -> RuleOptions:
    return RuleOptions.from_dict({**options.to_dict(), "ai_level": "strong",
                                  "ai_budget": budget})


def run_strong(deals: int, players: int, seed: int, budget: int = DEFAULT_AI_BUDGET,
               first: int = 0, dummy_visible: bool = True) -> dict[str, object]:
    """The strong mode's figures."""
    options = RuleOptions(players=players, dummy_visible=dummy_visible)
    strong = strong_agent(budget)
    wall: list[float] = []
    cpu: list[float] = []
    reference = landlord_wins = farmer_wins = 0
    reference_score = landlord_score = farmer_score = 0

    def timed(state: DoudizhuState, seat: int, rng: random.Random) -> str:
        began, began_cpu = time.perf_counter(), time.process_time()
        action = strong(state, seat, rng)
        wall.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
        return action

    for deal in range(first, first + deals):
        dealt = bid_out(options, seed + deal, deal % players)
        landlord = dealt.landlord
        assert landlord is not None
        seats = range(players)
        rng = random.Random(seed + deal)
        base = play_out(dealt, {s: ai_agent for s in seats}, rng, [])
        as_landlord = play_out(dealt, {s: timed if s == landlord else ai_agent
                                       for s in seats}, rng, [])
        as_farmers = play_out(dealt, {s: ai_agent if s == landlord else timed
                                      for s in seats}, rng, [])
        reference += base.winner == "landlord"
        landlord_wins += as_landlord.winner == "landlord"
        farmer_wins += as_farmers.winner == "farmers"
        reference_score += base.scores()[landlord]
        landlord_score += as_landlord.scores()[landlord]
        farmer_score -= as_farmers.scores()[landlord]
    return {
        "mode": "strong", "deals": deals, "first": first, "players": players,
        "budget": budget, "team_cards": search.TEAM_CARDS,
        **({"dummy": "shown" if dummy_visible else "hidden"} if players == 2 else {}),
        "reference_landlord_win_rate": round(reference / deals, 4),
        "strong_landlord_win_rate": round(landlord_wins / deals, 4),
        "strong_farmer_win_rate": round(farmer_wins / deals, 4),
        "today_landlord_win_rate": round(1 - farmer_wins / deals, 4),
        "today_farmer_win_rate": round(1 - landlord_wins / deals, 4),
        # Head to head on the same deals: the strong AI's win rate in a role minus today's
        # in that role (the same number for both roles in the duplicate format).
        "head_to_head_points": round(100 * (landlord_wins + farmer_wins - deals) / deals, 2),
        # Against the reference games (today's AI everywhere), role by role.
        "landlord_gain_points": round(100 * (landlord_wins - reference) / deals, 2),
        "farmer_gain_points": round(100 * (farmer_wins - (deals - reference)) / deals, 2),
        "reference_landlord_score": round(reference_score / deals, 3),
        "strong_landlord_score": round(landlord_score / deals, 3),
        "strong_farmers_score": round(farmer_score / deals, 3),
        "decisions": len(wall),
        "decision_mean_ms": round(1000 * sum(wall) / max(1, len(wall)), 3),
        "decision_p99_ms": round(1000 * percentile(wall, 0.99), 3),
        "decision_max_ms": round(1000 * max(wall, default=0.0), 3),
        "decision_cpu_mean_ms": round(1000 * sum(cpu) / max(1, len(cpu)), 3),
        "decision_cpu_p99_ms": round(1000 * percentile(cpu, 0.99), 3),
    }


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("baselines", "service", "strong"),
                        default="baselines")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", choices=("2", "3", "both"), default="3")
    parser.add_argument("--dummy", choices=("shown", "hidden"), default="shown",
                        help="two players: the dummy hand shown (明牌) or hidden (暗牌)")
    parser.add_argument("--team-cards", type=int, default=search.TEAM_CARDS,
                        help="strong mode: cards left that start the team endgame solver")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=DEFAULT_AI_BUDGET,
                        help="strong mode: the strong AI's ai_budget")
    parser.add_argument("--first", type=int, default=0,
                        help="strong mode: the first deal number (to split a long run)")
    args = parser.parse_args()
    search.TEAM_CARDS = args.team_cards
    players = 3 if args.players == "both" else int(args.players)
    visible = args.dummy == "shown"
    if args.mode == "strong":
        result = run_strong(args.deals, players, args.seed, args.budget, args.first, visible)
        if args.players == "both":
            result["two_player"] = run_strong(args.deals, 2, args.seed, args.budget,
                                              args.first, visible)
    else:
        run = run_baselines if args.mode == "baselines" else run_service
        result = run(args.deals, players, args.seed)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
