"""Do the ratings predict? Simulated play of players of known strength, booked through the
real storage (settlement, role standings, ratings on a SQLite file), prints one JSON line:

- `calibration`: one against two (斗地主's sides), 12 players of known strength (normal,
  sd 150 points) and a landlord who wins 40 % between equal players; the model's predicted
  chance for the landlord, before each hand, against what happened, by decile of the
  prediction (after the first `burn_in` hands): [predicted, observed, hands], and the
  largest gap in points.
- `equal_players`: 12 players of equal strength, the same play: the mean rating (its mean,
  the estimate) as landlord and as farmer, and one standard error of their difference.
- `free_for_all`: four equal players, everyone for themselves, one winner a hand (a toy
  game declaring free-for-all): the spread of their means after 36 hands each.
- `levels`: three strengths 150 points apart (as the naive, planner and strong AIs are
  told apart) in each role, after at most 300 hands each: whether their means are ordered.
- `newcomer`: what a newcomer shows before a hand and after a first loss.
- `ai_levels`: the real AIs (`--ai-hands` hands each, 300 by default; 0 skips it): in every
  game whose options name an `ai_level`, one person per level (easy = the naive AI, normal
  = the planner, strong = the search) plays the others, seats rotating, each hand dealt and
  played by the engine and booked as the host books it; each level's rating (its mean) in
  each role, and whether easy < normal < strong in every role.

    python benchmarks/ratings.py [--hands 20000] [--seed 1] [--ai-hands 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import registry  # noqa: E402
from bot.host.handlers.settle import sides_of  # noqa: E402
from storage import Storage, ratings  # noqa: E402
from storage.records import GameStart, Outcome, RatedSeat, Settlement  # noqa: E402

ROLES = ["landlord", "farmer", "farmer"]
LANDLORD_EDGE = 400 * math.log10(0.4 / 0.6)  # equal players: the landlord wins 40 %


def chance(landlord: float, farmers: list[float]) -> float:
    """The true chance the landlord wins, by the players' known strengths."""
    return ratings.expected(landlord - sum(farmers) / 2 + LANDLORD_EDGE)


async def book(storage: Storage, game_id: str, game: str, seats: list[int],
               roles: list[str | None], scores: list[int], sides: list[int]) -> None:
    """One hand booked as the host books it."""
    start = GameStart(game_id, "room", None, game, {}, 1, list(seats), 1, "points", 0.0)
    await storage.save_room("room", {}, game_start=start)
    deltas: dict[int, int] = {}
    for player, score in zip(seats, scores, strict=True):
        deltas[player] = deltas.get(player, 0) + score
    outcomes = [Outcome(p, s, roles[s], scores[s] > 0, scores[s]) for s, p in enumerate(seats)]
    rated = tuple(RatedSeat(p, roles[s], scores[s], True, side=sides[s])
                  for s, p in enumerate(seats))
    await storage.save_room("room", {}, settlement=Settlement(
        game_id, "points", deltas, {}, outcomes, float(len(game_id)), seats=rated))


async def one_against_two(path: Path, strengths: list[float], hands: int, rng: random.Random,
                          prefix: str) -> tuple[list[tuple[float, bool]], Storage, list[int]]:
    """Play `hands` hands of three of the players; (predicted, landlord won) per hand."""
    storage = await Storage.open(path)
    people = [await storage.player("bench", f"{prefix}{k}", f"{prefix}{k}")
              for k in range(len(strengths))]
    seen: list[tuple[float, bool]] = []
    conn = sqlite3.connect(path)
    for hand in range(hands):
        picked = rng.sample(range(len(people)), 3)
        seats = [people[k] for k in picked]
        predicted = ratings.predicted(conn, "doudizhu3", [
            RatedSeat(p, role, 0, True, side=int(s > 0))
            for s, (p, role) in enumerate(zip(seats, ROLES, strict=True))])[0]
        won = rng.random() < chance(strengths[picked[0]], [strengths[k] for k in picked[1:]])
        conn.commit()  # end the read, so the booking may write
        await book(storage, f"{prefix}-{hand}", "doudizhu3", seats, ROLES,
                   [2, -1, -1] if won else [-2, 1, 1], [0, 1, 1])
        seen.append((predicted, won))
    conn.close()
    return seen, storage, people


def deciles(seen: list[tuple[float, bool]]) -> list[list[float]]:
    """[mean predicted, observed rate, hands] for each tenth of the hands by prediction."""
    ordered = sorted(seen)
    size = len(ordered) // 10
    out = []
    for k in range(10):
        part = ordered[k * size:(k + 1) * size if k < 9 else len(ordered)]
        out.append([round(statistics.fmean(p for p, _ in part), 4),
                    round(statistics.fmean(w for _, w in part), 4), len(part)])
    return out


async def role_means(storage: Storage, people: list[int]) -> dict[str, list[float]]:
    means: dict[str, list[float]] = {"landlord": [], "farmer": []}
    for person in people:
        for rating in (await storage.stats(person)).ratings:
            means[rating.role].append(rating.mu)
    return means


async def run(hands: int, seed: int, folder: Path) -> dict[str, object]:
    rng = random.Random(seed)
    strengths = [rng.gauss(0, 150) for _ in range(12)]
    burn_in = min(hands // 4, 1000)
    seen, storage, _ = await one_against_two(folder / "known.sqlite3", strengths, hands, rng,
                                             "k")
    await storage.close()
    table = deciles(seen[burn_in:])
    gap = max(abs(p - o) for p, o, _ in table) * 100

    _, storage, people = await one_against_two(folder / "equal.sqlite3", [0.0] * 12, hands,
                                               rng, "e")
    means = await role_means(storage, people)
    await storage.close()
    landlord, farmer = (statistics.fmean(means[r]) for r in ("landlord", "farmer"))
    error = math.sqrt(statistics.variance(means["landlord"]) / len(means["landlord"])
                      + statistics.variance(means["farmer"]) / len(means["farmer"]))

    storage = await Storage.open(folder / "ffa.sqlite3")
    four = [await storage.player("bench", f"f{k}", f"f{k}") for k in range(4)]
    for hand in range(36 * 4):
        scores = [-1] * 4
        scores[rng.randrange(4)] = 3
        await book(storage, f"f-{hand}", "toy", four, [None] * 4, scores, [0, 1, 2, 3])
    ffa = [(await storage.stats(p)).ratings[0].mu for p in four]
    await storage.close()

    level_strength = [-150.0, 0.0, 150.0] * 4  # naive, planner, strong: four of each
    _, storage, people = await one_against_two(folder / "levels.sqlite3", level_strength,
                                               min(hands, 1200), rng, "l")
    ordered = {}
    for role in ("landlord", "farmer"):
        by_level = [[r.mu for r in (await storage.stats(people[k])).ratings if r.role == role]
                    for k in range(12)]
        level_means = [statistics.fmean(m for k in range(level, 12, 3) for m in by_level[k])
                       for level in range(3)]
        ordered[role] = {"means": [round(m) for m in level_means],
                         "ordered": level_means[0] < level_means[1] < level_means[2]}
    await storage.close()

    storage = await Storage.open(folder / "new.sqlite3")
    trio = [await storage.player("bench", f"n{k}", f"n{k}") for k in range(3)]
    await book(storage, "n-0", "doudizhu3", trio, ROLES, [2, -1, -1], [0, 1, 1])
    after_loss = (await storage.stats(trio[1])).ratings[0].value
    await storage.close()
    return {
        "hands": hands, "burn_in": burn_in, "calibration": table,
        "max_decile_gap_points": round(gap, 2),
        "equal_players": {"landlord_mean": round(landlord, 1), "farmer_mean": round(farmer, 1),
                          "difference": round(landlord - farmer, 1),
                          "standard_error": round(error, 1),
                          "within_one_se": abs(landlord - farmer) <= error},
        "free_for_all": {"means": [round(m, 1) for m in ffa],
                         "spread": round(max(ffa) - min(ffa), 1)},
        "levels": ordered,
        "newcomer": {"shown_before": ratings.shown(ratings.MU, ratings.SIGMA),
                     "shown_after_a_first_loss": round(after_loss, 1)},
    }


LEVELS = ("easy", "normal", "strong")  # the naive AI, the planner, the search


def as_level(spec: object, state: object, level: str) -> object:
    """The state as an AI of `level` reads it (the `ai_level` option), as the host's tests do."""
    data = state.to_dict()  # type: ignore[attr-defined]
    data["options"] = {**data["options"], "ai_level": level}
    return spec.state_from_dict(data)  # type: ignore[attr-defined]


async def ai_levels(folder: Path, hands: int, seed: int) -> dict[str, object]:
    """The three AI levels rated against each other in every game that has levels."""
    out: dict[str, object] = {}
    for game in registry.names():
        spec = registry.spec(game)
        options = spec.default_options()
        if "ai_level" not in options:
            continue
        seats = max(spec.min_players, min(spec.max_players, 3))
        storage = await Storage.open(folder / f"ai-{game}.sqlite3")
        people = [await storage.player("bench", f"{game}-{level}", level) for level in LEVELS]
        played = [0, 0, 0]
        number = 0
        while min(played) < hands:
            # seats rotate over the levels (two-seat games: each pair, both ways round)
            order = [(number + k) % 3 for k in range(3)]
            if seats == 2:
                order = order[:2] if number % 2 == 0 else order[1::-1]
            order = order[:seats]
            state = spec.new_game(seats, options, seed * 100_003 + number)
            rng = random.Random(f"{seed}:{game}:{number}")
            while not state.is_over:
                seat = state.to_act()[0]
                action = spec.ai_action(as_level(spec, state, LEVELS[order[seat]]), seat, rng)
                state = spec.step(state, seat, action).state
            outcome = spec.outcome(state)
            await book(storage, f"{game}-{number}", game, [people[k] for k in order],
                       list(outcome.roles), list(outcome.scores),
                       sides_of(game, tuple(outcome.scores)))
            for k in order:
                played[k] += 1
            number += 1
        roles: dict[str, dict[str, object]] = {}
        for k, person in enumerate(people):
            for rating in (await storage.stats(person)).ratings:
                entry = roles.setdefault(rating.role or "-", {"means": [0.0] * 3,
                                                              "hands": [0] * 3})
                entry["means"][k] = round(rating.mu)  # type: ignore[index]
                entry["hands"][k] = rating.games  # type: ignore[index]
        for entry in roles.values():
            means = entry["means"]
            entry["ordered"] = means[0] < means[1] < means[2]  # type: ignore[index,operator]
        await storage.close()
        out[game] = {"hands_each": hands, "tables": number, "roles": roles,
                     "ordered": all(e["ordered"] for e in roles.values())}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai-hands", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(run(args.hands, args.seed, Path(folder)))
        if args.ai_hands > 0:
            result["ai_levels"] = asyncio.run(ai_levels(Path(folder), args.ai_hands, args.seed))
        print(json.dumps(result))


if __name__ == "__main__":
    main()
