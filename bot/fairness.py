"""Provably fair deals (docs/fairness.md is the protocol, exact enough to check without this
code; docs/paiju_verify.py checks a hand with the standard library alone).

1. The **server seed** `s` of a hand (62 bits from the operating system's generator) is
   drawn one hand ahead: the room draws the next hand's when it opens and at every deal.
   Its **commitment** `sha256("<game id>:<s>")` (hex; the game id is `<room>-<hand>`) is
   shown from then on, before the players' seeds for that hand are final.
2. Each seated person may set a **player seed** (`settings seed=<text>`), any time before
   the deal; it stays theirs for the hands after until they change it.
3. At the deal, the **deal seed** that the game's shuffle uses mixes them:
   `int(sha256("<game id>:<s>:" + ":".join(sha256(seat seed) for each seat))[:15], 16)`,
   or `s` itself when no seat set one (and at a competition's duplicate deal, whose seed is
   the competition's own). The operator may draw `s` again and again before committing,
   but cannot know how any honest player's seed will stir the deal: grinding gets nowhere
   while one player sets a seed after seeing the commitment.
4. The server seed, the seeds and the commitment are revealed with the result and stored
   with the hand's record; `python -m bot verify` checks them, re-deals and replays.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any

SHORT = 16  # hex digits of a fingerprint: 64 bits, enough to compare by eye
SEED_BITS = 62  # a server seed's size (below 2**63: a signed 64-bit column holds it)
DEAL_HEX = 15  # hex digits of the mix that make the deal seed (60 bits)
PLAYER_SEED_LIMIT = 64  # characters of a player seed kept


def deal_commitment(game_id: str, seed: int) -> str:
    """The commitment to a hand's server seed: sha256 of "<game id>:<seed>", hex."""
    return hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()


def clean_player_seed(text: str) -> str:
    """A player seed as kept: spaces collapsed, at most PLAYER_SEED_LIMIT characters."""
    return " ".join(text.split())[:PLAYER_SEED_LIMIT]


def mixed_seed(game_id: str, server_seed: int, seeds: Sequence[str]) -> int:
    """The deal seed from the server seed and the seats' seeds (the server seed itself when
    no seat set one)."""
    if not any(seeds):
        return server_seed
    stirred = ":".join(hashlib.sha256(seed.encode()).hexdigest() for seed in seeds)
    digest = hashlib.sha256(f"{game_id}:{server_seed}:{stirred}".encode()).hexdigest()
    return int(digest[:DEAL_HEX], 16)


def fingerprint(commitment: str) -> str:
    """The commitment as the table shows it: its first SHORT hex digits (the full one is
    the table view's `commitment`; `sha256sum` prints the same digits first)."""
    return commitment[:SHORT]


def _legacy_fingerprint(commitment: str) -> str:
    """Before hex: the first 64 bits as 20 decimal digits (results posted until 2026-12)."""
    return f"{int(commitment[:SHORT], 16):020d}"


def matches(game_id: str, seed: int, commitment: str) -> bool:
    """Whether a revealed server seed is the one committed to: `commitment` is the hex
    digest or a prefix of at least SHORT digits (or the 20 decimal digits chat once showed)."""
    full = deal_commitment(game_id, seed)
    shown = commitment.replace(" ", "").strip().lower()
    if len(shown) == 20 and shown.isdigit():  # the chat's old decimal fingerprint
        return hmac.compare_digest(_legacy_fingerprint(full), shown)
    return len(shown) >= SHORT and hmac.compare_digest(full[:len(shown)], shown)


def record(game_id: str, server_seed: int, seeds: Sequence[str]) -> dict[str, Any]:
    """What a hand's record keeps of its fairness (the result's "fairness")."""
    return {"server_seed": server_seed, "seeds": list(seeds),
            "commitment": deal_commitment(game_id, server_seed),
            "deal_seed": mixed_seed(game_id, server_seed, seeds)}


def check_record(game_id: str, deal_seed: int, kept: Any) -> dict[str, bool]:
    """A stored fairness record checked: the commitment is the server seed's, and the deal
    seed the replay deals from is the mix of it and the seats' seeds."""
    if not isinstance(kept, dict) or type(kept.get("server_seed")) is not int \
            or not isinstance(kept.get("commitment"), str) \
            or not all(isinstance(s, str) for s in kept.get("seeds") or ()):
        return {"commitment_stored": False}
    server_seed, seeds = kept["server_seed"], list(kept.get("seeds") or ())
    return {"commitment_stored": True,
            "commitment_kept": hmac.compare_digest(
                deal_commitment(game_id, server_seed), kept["commitment"]),
            "deal_seed_mixed": mixed_seed(game_id, server_seed, seeds) == deal_seed}
