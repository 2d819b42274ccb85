#!/usr/bin/env python3
"""Check a paiju hand without paiju: the commitment, the deal seed and every deal.

Usage:
    python -m bot verify <game-id> --export > hand.json     (on the bot's machine, or ask
                                                             its operator for the file)
    python docs/paiju_verify.py hand.json

Reads one hand's record (format "paiju-hand/1") and re-derives, from docs/fairness.md alone
and with nothing but Python's standard library:
  - the commitment sha256("<game id>:<server seed>") — compare it with what the table showed;
  - the deal seed, from the server seed and the players' seeds;
  - every deal of the hand (redeals and a match's later hands included): each seat's cards,
    the bottom or kitty, the face-up card, the wild ranks (癞子), 天机's salts;
  - for a hand dealt from the last hand's cards (不洗牌): that order, from the last hand.
Prints one JSON line; exits 0 when every check holds, 1 otherwise.

The generator is the Mersenne Twister MT19937 with CPython's seeding (Python's
`random.Random`); this file carries its own implementation of both, written from
docs/fairness.md, so it does not even trust the interpreter's `random` (`--cpython` uses
that instead: the two must agree).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import MutableSequence
from typing import Any


class MT19937:
    """Python's `random.Random(seed)` (docs/fairness.md, "The generator"): the Mersenne
    Twister seeded by init_by_array with the seed's 32-bit words, least significant first;
    a text seed is first the big-endian integer of its UTF-8 bytes followed by their
    SHA-512 digest."""

    N, M = 624, 397

    def __init__(self, seed: int | str) -> None:
        if isinstance(seed, str):
            data = seed.encode()
            seed = int.from_bytes(data + hashlib.sha512(data).digest(), "big")
        number, key = abs(seed), []
        while True:
            key.append(number & 0xFFFFFFFF)
            number >>= 32
            if not number:
                break
        self._init_by_array(key)

    def _init_genrand(self, s: int) -> None:
        mt = [s & 0xFFFFFFFF]
        for i in range(1, self.N):
            mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
        self.mt, self.index = mt, self.N

    def _init_by_array(self, key: list[int]) -> None:
        self._init_genrand(19650218)
        mt, n = self.mt, self.N
        i, j = 1, 0
        for _ in range(max(n, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) \
                & 0xFFFFFFFF
            i, j = i + 1, j + 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(n - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
        mt[0] = 0x80000000

    def _twist(self) -> None:
        mt, n = self.mt, self.N
        for k in range(n):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % n] & 0x7FFFFFFF)
            mt[k] = mt[(k + self.M) % n] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.index = 0

    def uint32(self) -> int:
        """The next 32-bit output (tempered)."""
        if self.index >= self.N:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def getrandbits(self, k: int) -> int:
        """k bits: one output's top k bits (k ≤ 32), else 32-bit words least significant
        first, the last one's top bits only."""
        if k <= 32:
            return self.uint32() >> (32 - k)
        value, shift = 0, 0
        while k > 0:
            word = self.uint32()
            if k < 32:
                word >>= 32 - k
            value |= word << shift
            shift, k = shift + 32, k - 32
        return value

    def randbelow(self, n: int) -> int:
        """0 ≤ r < n: getrandbits(n.bit_length()) until it is below n."""
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start: int, stop: int | None = None) -> int:
        """start + randbelow(stop - start) (randrange(n): randbelow(n))."""
        if stop is None:
            return self.randbelow(start)
        return start + self.randbelow(stop - start)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates from the end: for i = len−1 … 1, swap i with randbelow(i + 1)."""
        for i in reversed(range(1, len(items))):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


GENERATOR: Any = MT19937


RANKS = "3456789TJQKA2"  # play order of 斗地主 and 田忌; index = wild rank number
DECK54 = [rank + suit for rank in RANKS for suit in "dchs"] + ["B", "R"]
DECK52 = DECK54[:52]
SUITS_108 = "shcd"


def deck108() -> list[str]:
    """打棒子's two decks: by suit (s h c d), ranks 2…A, then the jokers; twice."""
    one = [rank + suit for suit in SUITS_108 for rank in "23456789TJQKA"] + ["B", "R"]
    return one + one


def commitment(game_id: str, server_seed: int) -> str:
    """sha256 of "<game id>:<server seed>" as 64 hex digits."""
    return hashlib.sha256(f"{game_id}:{server_seed}".encode()).hexdigest()


def deal_seed(game_id: str, server_seed: int, seeds: list[str]) -> int:
    """The server seed when no seat set a seed; else the first 15 hex digits of
    sha256("<game id>:<server seed>:" + ":".join(sha256(seat seed) hex for each seat))."""
    if not any(seeds):
        return server_seed
    stirred = ":".join(hashlib.sha256(s.encode()).hexdigest() for s in seeds)
    return int(hashlib.sha256(f"{game_id}:{server_seed}:{stirred}".encode()).hexdigest()[:15],
               16)


# -- 斗地主 (doudizhu3, doudizhu2) -----------------------------------------------------------

def ddz_shuffled(seed: int, deal: int) -> dict[str, Any]:
    """Deal number `deal` (0, then one more per all-pass redeal): shuffle DECK54 with
    Random(seed) (deal 0) or Random("<seed>/<deal>"), draw the face-up card from the same
    generator; hands are positions 0–16, 17–33, 34–50, the bottom 51–53."""
    rng = GENERATOR(seed if deal == 0 else f"{seed}/{deal}")
    codes = list(DECK54)
    rng.shuffle(codes)
    face_up = codes[rng.randrange(54)]
    return {"hands": [codes[0:17], codes[17:34], codes[34:51]], "rest": codes[51:],
            "face_up": face_up}


def ddz_gathered(seed: int, order: list[str]) -> dict[str, Any]:
    """不洗牌: the gathered order cut at Random("<seed>/gathered").randrange(1, 54), dealt in
    packets of 4 to seats 0, 1, 2 four times, then 1 card each; the last 3 are the bottom;
    then the face-up card from the same generator (a position in the cut deck)."""
    rng = GENERATOR(f"{seed}/gathered")
    cut = rng.randrange(1, 54)
    codes = order[cut:] + order[:cut]
    hands: list[list[str]] = [[], [], []]
    at = 0
    for _ in range(4):
        for seat in range(3):
            hands[seat] += codes[at:at + 4]
            at += 4
    for seat in range(3):
        hands[seat].append(codes[at])
        at += 1
    face_up = codes[rng.randrange(54)]
    return {"hands": hands, "rest": codes[at:], "face_up": face_up}


def ddz_wild(seed: int, deal: int, which: str, other: int | None = None) -> int:
    """A wild rank (index into RANKS): Random("<seed>/<deal>/wild/<which>"), `which` being
    "tian" (天癞子, at the deal), "di" (地癞子, once the bottom is taken, never the 天癞子's
    rank) or "laizi" (the one 癞子 of the laizi variant, once the bottom is taken)."""
    rng = GENERATOR(f"{seed}/{deal}/wild/{which}")
    ranks = [i for i in range(13) if i != other]
    return ranks[rng.randrange(len(ranks))]


def gathered_from(final: dict[str, Any]) -> list[str]:
    """不洗牌: a finished hand's cards in order — every card played, in the order played,
    then each dealt hand's cards left (hand 0, 1, 2), as its record's end shows them."""
    played = [code for _, shown in final["history"] if shown for code in shown.split()]
    return played + [code for hand in final["hands"] for code in hand.split()]


def check_ddz(seed: int, record: dict[str, Any]) -> tuple[list[Any], dict[str, bool]]:
    variant = (record["deals"][0].get("options") or {}).get("variant", "classic")
    derived, checks = [], {}
    for state in record["deals"]:
        order = state.get("gathered") or ""
        deal = state["deal"]
        dealt = ddz_gathered(seed, order.split()) if deal == 0 and order \
            else ddz_shuffled(seed, deal)
        derived.append(dealt)
        same = [sorted(h) for h in dealt["hands"]] == \
            [sorted(h.split()) for h in state["hands"]] \
            and sorted(dealt["rest"]) == sorted(state["bottom"].split()) \
            and dealt["face_up"] == state["face_up"]
        if variant == "tiandi_laizi":
            same = same and state["wilds"][:1] == [ddz_wild(seed, deal, "tian")]
        checks.setdefault("deals", True)
        checks["deals"] = checks["deals"] and same
    final = record["final"]
    if variant != "classic" and final.get("landlord") is not None:
        deal = final["deal"]
        if variant == "laizi":
            wilds = [ddz_wild(seed, deal, "laizi")]
        else:
            tian = ddz_wild(seed, deal, "tian")
            wilds = [tian, ddz_wild(seed, deal, "di", tian)]
        checks["wilds"] = final["wilds"] == wilds
    if record["deals"][0].get("gathered"):
        previous = record.get("previous_final")
        order = record["deals"][0]["gathered"].split()
        checks["order"] = previous is not None and gathered_from(previous) == order \
            and (record.get("dealt_with") or {}).get("order", "").split() == order
    return derived, checks


# -- 打棒子 (dabangzi) ------------------------------------------------------------------------

def check_dabangzi(seed: int, record: dict[str, Any]) -> tuple[list[Any], dict[str, bool]]:
    """Each deal: deck108() shuffled with Random("dabangzi:<seed>:<hand number>:<attempt>");
    cards 0–99 go one at a time round the table from the seat that starts (the dealer, or
    before a match's first dealer is known the seat that starts the grab), the last 8 are
    the kitty in that order."""
    derived, same = [], True
    for state in record["deals"]:
        cards = deck108()
        GENERATOR(f"dabangzi:{seed}:{state['number']}:{state['attempt']}").shuffle(cards)
        start = state["first"] if state["dealer"] is None else state["dealer"]
        hands: list[list[str]] = [[], [], [], []]
        for i, code in enumerate(cards[:100]):
            hands[(start + i) % 4].append(code)
        derived.append({"hands": hands, "rest": cards[100:]})
        same = same and [sorted(h) for h in hands] == [sorted(h) for h in state["hands"]] \
            and cards[100:] == list(state["kitty"])
    return derived, {"deals": same}


# -- 田忌赛马 (tianji, tianji-duel) -----------------------------------------------------------

def check_tianji(seed: int, record: dict[str, Any]) -> tuple[list[Any], dict[str, bool]]:
    """DECK52 shuffled with Random(seed): 6 cards a seat (positions 6p…6p+5), then from the
    same generator a 128-bit salt a seat (getrandbits(128), 32 hex digits)."""
    state = record["deals"][0]
    rng = GENERATOR(seed)
    deck = list(DECK52)
    rng.shuffle(deck)
    players = record["players"]
    hands = [deck[6 * p:6 * p + 6] for p in range(players)]
    salts = [f"{rng.getrandbits(128):032x}" for _ in range(players)]
    same = [sorted(h) for h in hands] == [sorted(h.split()) for h in state["hands"]] \
        and salts == state["salts"]
    return [{"hands": hands, "salts": salts}], {"deals": same}


def check_tianji_duel(seed: int, record: dict[str, Any]) -> tuple[list[Any], dict[str, bool]]:
    """DECK52 shuffled with Random(seed): seat 0 the first `duel_hand` cards (3, or 5),
    seat 1 the next as many."""
    state = record["deals"][0]
    size = int((record.get("options") or {}).get("duel_hand", 3))
    deck = list(DECK52)
    GENERATOR(seed).shuffle(deck)
    hands = [deck[:size], deck[size:2 * size]]
    same = [sorted(h) for h in hands] == [sorted(h.split()) for h in state["dealt"]]
    return [{"hands": hands}], {"deals": same}


CHECKS = {"doudizhu3": check_ddz, "doudizhu2": check_ddz, "dabangzi": check_dabangzi,
          "tianji": check_tianji, "tianji-duel": check_tianji_duel}


def verify(record: dict[str, Any]) -> dict[str, Any]:
    """Every check of one exported hand."""
    if record.get("format") != "paiju-hand/1":
        raise ValueError("not a paiju-hand/1 record")
    game_id, server_seed = record["game_id"], int(record["server_seed"])
    seeds = list(record.get("seeds") or [])
    mixed = deal_seed(game_id, server_seed, seeds)
    report: dict[str, Any] = {
        "game_id": game_id, "game": record["game"],
        "commitment": commitment(game_id, server_seed),
        "commitment_ok": commitment(game_id, server_seed) == record["commitment"],
        "deal_seed": mixed, "deal_seed_ok": mixed == record["deal_seed"]}
    check = CHECKS.get(record["game"])
    if check is None or not record.get("deals"):
        report["deals_ok"] = False
    else:
        derived, checks = check(mixed, record)
        report.update({f"{name}_ok": value for name, value in checks.items()})
        report["derived"] = derived
    report["ok"] = all(v for k, v in report.items() if k.endswith("_ok"))
    return report


def main(argv: list[str]) -> int:
    global GENERATOR
    if "--cpython" in argv:  # the interpreter's own generator instead of MT19937 above
        GENERATOR = random.Random
        argv = [a for a in argv if a != "--cpython"]
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python paiju_verify.py [--cpython] hand.json   (- reads standard "
              "input)",
              file=sys.stderr)
        return 2
    with (sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")) as source:
        report = verify(json.load(source))
    print(json.dumps(report, ensure_ascii=False))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
