"""Cross-check the move engine against RLCard's and DouZero's Dou Dizhu on random hands.

Not part of the test suite (neither is a dependency). Install them anywhere, e.g.
`pip install --no-deps --target /tmp/ddzbench rlcard douzero` (RLCard needs numpy), then
`PYTHONPATH=/tmp/ddzbench python benchmarks/crosscheck_rlcard.py --hands 20000`.
Prints one JSON line with the mismatch counts per engine (null for an engine that is
missing; `"skipped": true` if both are).

Compared: the set of leads (RLCard's `DoudizhuJudger.playable_cards_from_hand`, DouZero's
`MovesGener.gen_moves`) and the set of answers to a move drawn from another hand's leads
(RLCard's `get_gt_cards` logic over its action tables; DouZero's answer path as timed in
benchmarks/moves.py), pass excluded. RLCard's kicker rules are RULES §1.1's, so no deviation
is expected; DouZero's known deviations are discounted as `_DouZeroCheck` explains.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import types
from pathlib import Path


def _load_rlcard() -> tuple[object, object] | None:
    if "termcolor" not in sys.modules:  # RLCard's package import pulls in UNO's colours
        try:
            import termcolor  # noqa: F401
        except ImportError:
            stub = types.ModuleType("termcolor")
            stub.colored = lambda text, *args, **kwargs: text  # type: ignore[attr-defined]
            sys.modules["termcolor"] = stub
    try:
        from rlcard.games.doudizhu import utils
        from rlcard.games.doudizhu.judger import DoudizhuJudger
    except ImportError:
        return None
    return DoudizhuJudger, utils


def _rl_answers(utils: object, hand: str, target: str) -> set[str]:
    """RLCard's get_gt_cards without its player objects (same tables, same test)."""
    found: set[str] = set()
    type_dict: dict[str, str] = {}
    for card_type, weight in utils.CARD_TYPE[0][target]:  # type: ignore[attr-defined]
        type_dict.setdefault(card_type, weight)
    if "rocket" in type_dict:
        return found
    type_dict["rocket"] = "-1"
    type_dict.setdefault("bomb", "-1")
    for card_type, weight in type_dict.items():
        for can_weight, cards_list in utils.TYPE_CARD[card_type].items():  # type: ignore[attr-defined]
            if int(can_weight) > int(weight):
                found.update(c for c in cards_list if utils.contains_cards(hand, c))  # type: ignore[attr-defined]
    return found


def _load_douzero() -> tuple[object, object] | None:
    """DouZero's lead generator and answer function (the one benchmarks/moves.py times)."""
    path = Path(__file__).with_name("moves.py")
    spec = importlib.util.spec_from_file_location("_bench_moves", path)
    if spec is None or spec.loader is None:
        return None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    loaded = bench._douzero()
    if loaded is None:
        return None
    (leads, answers), detect = loaded
    return leads, (lambda hand, move: answers(hand, move, detect(list(move))))


_DZ = {ch: v for ch, v in zip("3456789TJQKA2BR", [*range(3, 15), 17, 20, 30], strict=True)}
_DZ_CHAR = {v: ch for ch, v in _DZ.items()}


def _has_triple_wings(move: object) -> bool:
    from collections import Counter

    from bot.games.doudizhu.moves import MoveType
    return (move.type is MoveType.PLANE_SINGLES  # type: ignore[attr-defined]
            and 3 in Counter(move.kickers).values())  # type: ignore[attr-defined]


class _DouZeroCheck:
    """Compare with DouZero, discounting its known deviations from RULES §1.1.

    DouZero lets both jokers, a four of a kind or a triple beside the chain be kickers:
    its extra moves that classify as no move (or as a longer chain, which we list) are
    dropped before comparing. It compares planes by the highest triple, kickers included:
    answers that differ only where a plane with triple wings is involved are counted as
    `known_deviations`, not mismatches.
    """

    def __init__(self, leads: object, answers: object) -> None:
        self.leads, self.answers = leads, answers
        self.lead_bad = self.answer_bad = self.known = self.dropped = 0
        self.examples: list[str] = []

    def _ours(self, dz_moves: list[list[int]], to_beat: object = None) -> set[str]:
        from bot.games.doudizhu.moves import classify, parse_hand
        kept = set()
        for cards in dz_moves:
            if not cards:
                continue  # pass
            text = "".join(_DZ_CHAR[v] for v in sorted(cards))
            readings = classify(parse_hand(text).ranks())
            if readings and (to_beat is None or any(m.beats(to_beat) for m in readings)):
                kept.add(text)
            else:
                self.dropped += 1
        return kept

    def check_leads(self, hand: str, ours: set[str]) -> None:
        """One hand's leads."""
        theirs = self._ours(self.leads(sorted(_DZ[ch] for ch in hand)))  # type: ignore[operator]
        if ours != theirs:
            self.lead_bad += 1
            self.examples.append(f"douzero lead {hand}: +{sorted(ours - theirs)[:3]} "
                                 f"-{sorted(theirs - ours)[:3]}")

    def check_answers(self, hand: str, target: object, ours_a: list[object]) -> None:
        """One hand's answers to `target`."""
        dz_hand = sorted(_DZ[ch] for ch in hand)
        dz_target = sorted(_DZ[ch] for ch in str(target))
        theirs_a = self._ours(self.answers(dz_hand, dz_target), target)  # type: ignore[operator]
        mine = {str(m): m for m in ours_a}
        if set(mine) != theirs_a:
            from bot.games.doudizhu.moves import parse_move
            differing = [mine[t] if t in mine else parse_move(t) for t in set(mine) ^ theirs_a]
            if _has_triple_wings(target) or any(_has_triple_wings(m) for m in differing):
                self.known += 1
            else:
                self.answer_bad += 1
                self.examples.append(f"douzero answer {hand} to {target}: "
                                     f"{sorted(map(str, differing))[:3]}")

    def report(self) -> dict[str, object]:
        """The JSON-ready counts."""
        return {"lead_mismatches": self.lead_bad, "answer_mismatches": self.answer_bad,
                "known_deviations": self.known, "dropped_non_moves": self.dropped,
                "examples": self.examples[:5]}


def main() -> int:
    """Run the comparisons and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    loaded = _load_rlcard()
    douzero = _load_douzero()
    if loaded is None and douzero is None:
        print(json.dumps({"skipped": True, "reason": "neither rlcard nor douzero installed"}))
        return 0
    from bot.cards import RANK_CHARS
    from bot.games.doudizhu.moves import legal_moves, parse_hand

    dz = _DouZeroCheck(*douzero) if douzero is not None else None
    rng = random.Random(args.seed)
    deck = [ch for ch in RANK_CHARS[:13] for _ in range(4)] + ["B", "R"]
    lead_bad = answer_bad = answers = 0
    examples: list[str] = []
    for _ in range(args.hands):
        rng.shuffle(deck)
        size = rng.choice((20, 20, 17, rng.randint(1, 20)))
        hand = "".join(sorted(deck[:size], key=RANK_CHARS.index))
        other = "".join(sorted(deck[size:size + 20], key=RANK_CHARS.index))
        ours = {str(m) for m in legal_moves(parse_hand(hand))}
        targets = rng.sample(legal_moves(parse_hand(other)), 3)
        if dz is not None:
            dz.check_leads(hand, ours)
        for target in targets:
            answers += 1
            ours_a = legal_moves(parse_hand(hand), target)
            if dz is not None:
                dz.check_answers(hand, target, ours_a)
            if loaded is None:
                continue
            theirs_a = _rl_answers(loaded[1], hand, str(target))
            mine = {str(m) for m in ours_a}
            if mine != theirs_a:
                answer_bad += 1
                examples.append(f"answer {hand} to {target}: +{sorted(mine - theirs_a)[:3]} "
                                f"-{sorted(theirs_a - mine)[:3]}")
        if loaded is not None:
            theirs = set(loaded[0].playable_cards_from_hand(hand))  # type: ignore[attr-defined]
            if ours != theirs:
                lead_bad += 1
                examples.append(f"lead {hand}: +{sorted(ours - theirs)[:3]} "
                                f"-{sorted(theirs - ours)[:3]}")
    rl = None if loaded is None else {"lead_mismatches": lead_bad,
                                      "answer_mismatches": answer_bad, "examples": examples[:5]}
    dz_report = None if dz is None else dz.report()
    total = sum(r["lead_mismatches"] + r["answer_mismatches"]  # type: ignore[operator]
                for r in (rl, dz_report) if r is not None)
    print(json.dumps({"skipped": False, "hands": args.hands, "answers": answers,
                      "mismatches": total, "rlcard": rl, "douzero": dz_report}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
