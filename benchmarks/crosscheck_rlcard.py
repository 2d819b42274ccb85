"""Cross-check the move engine against RLCard's Dou Dizhu on random hands.

Not part of the test suite (RLCard is not a dependency). Install it anywhere, e.g.
`pip install --no-deps --target /tmp/ddzbench rlcard` (it needs numpy), then
`PYTHONPATH=/tmp/ddzbench python benchmarks/crosscheck_rlcard.py --hands 20000`.
Prints one JSON line with the mismatch counts (`"skipped": true` if RLCard is missing).

Compared: the set of leads (RLCard's `DoudizhuJudger.playable_cards_from_hand`) and the set
of answers to a move drawn from another hand's leads (RLCard's `get_gt_cards` logic over its
action tables, pass excluded). RLCard's kicker rules are RULES §1.1's, so no deviation is
expected; its tables have one reading per card set, as ours do.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import types


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


def main() -> int:
    """Run the comparison and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    loaded = _load_rlcard()
    if loaded is None:
        print(json.dumps({"skipped": True, "reason": "rlcard not installed"}))
        return 0
    judger, utils = loaded
    from bot.cards import RANK_CHARS
    from bot.games.doudizhu.moves import legal_moves, parse_hand, parse_move

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
        theirs = set(judger.playable_cards_from_hand(hand))  # type: ignore[attr-defined]
        if ours != theirs:
            lead_bad += 1
            examples.append(f"lead {hand}: +{sorted(ours - theirs)[:3]} "
                            f"-{sorted(theirs - ours)[:3]}")
        for target in rng.sample(sorted(judger.playable_cards_from_hand(other)), 3):  # type: ignore[attr-defined]
            answers += 1
            ours_a = {str(m) for m in legal_moves(parse_hand(hand), parse_move(target))}
            theirs_a = _rl_answers(utils, hand, target)
            if ours_a != theirs_a:
                answer_bad += 1
                examples.append(f"answer {hand} to {target}: +{sorted(ours_a - theirs_a)[:3]} "
                                f"-{sorted(theirs_a - ours_a)[:3]}")
    print(json.dumps({"skipped": False, "hands": args.hands, "answers": answers,
                      "lead_mismatches": lead_bad, "answer_mismatches": answer_bad,
                      "mismatches": lead_bad + answer_bad, "examples": examples[:5]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
