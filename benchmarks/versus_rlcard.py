"""The outside check: `judge doudizhu-ai` at a level against RLCard's rule agents.

Not part of the test suite (RLCard is not a dependency). RLCard 1.2.0 from PyPI is an
sdist that needs only its source tree here (its rule agent imports numpy, which the
project has): `pip download --no-deps rlcard` and unpack it, then
`PYTHONPATH=$PWD:/path/to/rlcard-1.2.0 python benchmarks/versus_rlcard.py --deals 300`.

    python benchmarks/versus_rlcard.py [--deals 300] [--seed 100000] [--level strong]
        [--budget 1850] [--landlord seat0|bid] [--team-cards 24] [--losses 28]
        [--side both|landlord|farmers]

Duplicate deals (held out: seeds from 100000 on, none used to tune the AI). The landlord
is seat 0 of the random deal, as in RLCard's own game (no bidding: RLCard's rule agents
cannot bid; `--landlord seat0`, the default), or the planner's bidding for every seat
decides, as in benchmarks/arena.py (`--landlord bid`: strong hands become landlord, so
landlords win more). Each deal is then played three times: RLCard's
`DouDizhuRuleAgentV1` in every seat (the reference), the AI as landlord against two rule
farmers, and a rule landlord against two AI farmers. The AI answers through `judge_ai`
(what `python -m bot judge doudizhu-ai` runs), fed each seat's view as a request with
`"level"` and `"budget"`; an answer that is an error or not a legal action is counted and
replaced by the planner's. Prints one JSON line: win rates, illegal answers, and the CPU
time per AI decision (mean, p99, ms).

`--losses CARDS` (tuning: use training seeds, `--seed 1`) plays only the AI farmers and
logs each lost deal, one JSON line a deal: at every farmer decision with at most CARDS
cards left in all hands, every hand is laid open and solved with the farmers as one team
against the landlord as the planner plays him (`team.TeamSolver`), and the first
decision where the farmers could still win but the move played loses is named: which
farmer (the landlord next or the partner next), what was on the table (a lead, the
landlord's play, the partner's) and the move. A lost deal with no such decision was lost
before CARDS (or the solver ran out of nodes). The last line counts the kinds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.doudizhu import ai, search, team  # noqa: E402
from bot.games.doudizhu import moves as mv  # noqa: E402
from bot.games.doudizhu.actions import PASS  # noqa: E402
from bot.games.doudizhu.deal import rank_counts  # noqa: E402
from bot.games.doudizhu.options import DEFAULT_AI_BUDGET, RuleOptions  # noqa: E402
from bot.games.doudizhu.position import from_state  # noqa: E402
from bot.games.doudizhu.referee import judge_ai, position_request  # noqa: E402
from bot.games.doudizhu.state import DoudizhuState  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from arena import bid_out, percentile  # noqa: E402

ORDER = {ch: i for i, ch in enumerate("3456789TJQKA2BR")}


def _rule_agent() -> object:
    if "termcolor" not in sys.modules:  # RLCard's package import pulls in UNO's colours
        stub = types.ModuleType("termcolor")
        stub.colored = lambda text, *args, **kwargs: text  # type: ignore[attr-defined]
        sys.modules["termcolor"] = stub
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

    return DouDizhuRuleAgentV1()


def _rl(cards: str) -> str:
    return "".join(sorted(cards, key=ORDER.__getitem__))


def _ranks(shown: str) -> str:
    """Suited cards as the state keeps them (`"3s 3h"`) → rank characters."""
    return "".join(card[0] for card in shown.split())


def rule_action(agent: object, state: DoudizhuState, seat: int) -> str:
    """RLCard's rule agent's action, from its raw observation of our state."""
    legal = state.legal_actions(seat)
    by_cards = {_rl(a[5:]): a for a in legal if a.startswith("play ")}
    trace = [(who, _rl(_ranks(shown)) if shown else "pass") for who, shown in state.history]
    obs = {"trace": trace, "current_hand": _rl(_ranks(" ".join(state.hand(seat)))),
           "actions": list(by_cards) + (["pass"] if PASS in legal else []),
           "landlord": state.landlord, "self": seat}
    chosen = agent.step({"raw_obs": obs})  # type: ignore[attr-defined]
    return PASS if chosen == "pass" else by_cards[_rl(chosen)]


class ServiceAgent:
    """The AI through `judge_ai` at a level, counting bad answers and CPU time."""

    def __init__(self, level: str, budget: int) -> None:
        self.level, self.budget = level, budget
        self.cpu: list[float] = []
        self.illegal = 0

    def __call__(self, state: DoudizhuState, seat: int) -> str:
        """The service's action for `seat` (the planner's if the answer is bad)."""
        request = dict(position_request(state, seat), level=self.level, budget=self.budget)
        began = time.process_time()
        answer = judge_ai(json.loads(json.dumps(request)))
        self.cpu.append(time.process_time() - began)
        action = ("play " + answer["play"] if answer["play"] else PASS) \
            if "play" in answer else None
        if action not in state.legal_actions(seat):
            self.illegal += 1
            return ai.choose_action(state, seat)
        return action


def play(state: DoudizhuState, agents: dict[int, object], rule: object) -> DoudizhuState:
    """Play a bid-out deal to the end; an agent is the rule agent or a ServiceAgent."""
    while not state.is_over:
        seat = state.to_act()[0]
        agent = agents[seat]
        action = rule_action(rule, state, seat) if agent is rule else agent(state, seat)  # type: ignore[operator]
        state, _ = state.apply(seat, action)
    return state


def seat_zero_landlord(options: RuleOptions, seed: int) -> DoudizhuState:
    """The deal with seat 0 as landlord (it bids 3, the others pass), as RLCard deals."""
    state = DoudizhuState.new(options, seed)
    while state.landlord is None:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, "bid 3" if seat == 0 else PASS)
    return state


def run(deals: int, seed: int, level: str, budget: int,
        landlord_by: str = "seat0", side: str = "both") -> dict[str, object]:
    """The figures (one JSON object); `side` "landlord" or "farmers" plays only the AI
    there (tuning: half the time; the other rate and the reference are then 0)."""
    import numpy as np

    rule = _rule_agent()
    service = ServiceAgent(level, budget)
    options = RuleOptions(players=3)
    reference = landlord_wins = farmer_wins = 0
    for deal in range(deals):
        dealt = (seat_zero_landlord(options, seed + deal) if landlord_by == "seat0"
                 else bid_out(options, seed + deal, deal % 3))
        landlord = dealt.landlord
        assert landlord is not None
        np.random.seed(seed + deal)  # the rule agent's random answers
        random.seed(seed + deal)
        if side == "both":
            base = play(dealt, {s: rule for s in range(3)}, rule)
            reference += base.winner == "landlord"
        if side != "farmers":
            as_landlord = play(dealt, {s: service if s == landlord else rule
                                       for s in range(3)}, rule)
            landlord_wins += as_landlord.winner == "landlord"
        if side != "landlord":
            as_farmers = play(dealt, {s: rule if s == landlord else service
                                      for s in range(3)}, rule)
            farmer_wins += as_farmers.winner == "farmers"
    cpu = service.cpu
    return {"deals": deals, "seed": seed, "level": level, "budget": budget,
            "landlord": landlord_by, "team_cards": search.TEAM_CARDS,
            "rule_vs_rule_landlord_win_rate": round(reference / deals, 4),
            "landlord_win_rate": round(landlord_wins / deals, 4),
            "farmer_win_rate": round(farmer_wins / deals, 4),
            "illegal_answers": service.illegal, "decisions": len(cpu),
            "decision_cpu_mean_ms": round(1000 * sum(cpu) / max(1, len(cpu)), 3),
            "decision_cpu_p99_ms": round(1000 * percentile(cpu, 0.99), 3)}


LOSS_NODES = 20_000  # the open-hand solver's nodes per farmer decision in `losses`


def _solved(state: DoudizhuState, seat: int, action: str) -> tuple[bool | None, float | None]:
    """Open hands, the landlord as the planner: could the farmers win before `seat`'s
    action, and (+1/-1, None: out of nodes) after it."""
    landlord = state.landlord
    assert landlord is not None
    pos = from_state(state, seat)
    hands = tuple(tuple(rank_counts(state.hand(s))) for s in range(3))
    policy, _ = search._planner_policy({})
    solver = team.TeamSolver(landlord, budget=LOSS_NODES, landlord_policy=policy)
    passes = 0 if pos.to_beat_seat is None else (seat - pos.to_beat_seat) % 3 - 1
    before = solver.farmers_win(hands, seat, pos.to_beat, pos.to_beat_seat, passes)
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
    move = None if action == PASS else next(m for m in legal if str(m) == action[5:])
    after = search.solve(pos, {s: hands[s] for s in range(3) if s != seat}, move, solver)
    return before, after


def losses(deals: int, seed: int, level: str, budget: int, cards: int) -> None:
    """Log the deals the AI farmers lose (see the module's docstring), one JSON line each."""
    import numpy as np

    rule = _rule_agent()
    service = ServiceAgent(level, budget)
    kinds: dict[str, int] = {}
    for deal in range(deals):
        state = seat_zero_landlord(RuleOptions(players=3), seed + deal)
        landlord = state.landlord
        assert landlord is not None
        np.random.seed(seed + deal)
        random.seed(seed + deal)
        blunder: dict[str, object] | None = None
        while not state.is_over:
            seat = state.to_act()[0]
            if seat == landlord:
                action = rule_action(rule, state, seat)
            else:
                action = service(state, seat)
                left = [len(state.hand(s)) for s in range(3)]
                if blunder is None and sum(left) <= cards:
                    before, after = _solved(state, seat, action)
                    if before is True and after == -1.0:
                        table = state.table
                        on = "lead" if table is None else \
                            "landlord" if table[0] == landlord else "partner"
                        blunder = {"farmer": "landlord next" if (seat + 1) % 3 == landlord
                                   else "partner next", "on": on,
                                   "table": None if table is None else table[1],
                                   "played": action, "cards_left": left}
            state, _ = state.apply(seat, action)
        if state.winner == "farmers":
            continue
        kind = "before" if blunder is None else f"{blunder['on']}, {blunder['farmer']}"
        kinds[kind] = kinds.get(kind, 0) + 1
        print(json.dumps({"seed": seed + deal, "decided": blunder or f"before {cards} cards"},
                         ensure_ascii=False), flush=True)
    print(json.dumps({"deals": deals, "seed": seed, "lost": sum(kinds.values()),
                      "kinds": kinds}, ensure_ascii=False), flush=True)


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--level", choices=("easy", "normal", "strong"), default="strong")
    parser.add_argument("--budget", type=int, default=DEFAULT_AI_BUDGET)
    parser.add_argument("--landlord", choices=("seat0", "bid"), default="seat0")
    parser.add_argument("--side", choices=("both", "landlord", "farmers"), default="both",
                        help="play only the AI as landlord or as farmers (tuning)")
    parser.add_argument("--team-cards", type=int, default=search.TEAM_CARDS,
                        help="cards left that start the team endgame solver (0: never)")
    parser.add_argument("--losses", type=int, default=0, metavar="CARDS",
                        help="log the AI farmers' lost deals, solved open from CARDS cards")
    args = parser.parse_args()
    search.TEAM_CARDS = args.team_cards
    if args.losses:
        losses(args.deals, args.seed, args.level, args.budget, args.losses)
        return
    print(json.dumps(run(args.deals, args.seed, args.level, args.budget, args.landlord,
                         args.side)),
          flush=True)


if __name__ == "__main__":
    main()
