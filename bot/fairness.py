"""Committed deals: every hand's seed is fixed, and its SHA-256 shown on the table, before
the first card is dealt; the seed is revealed with the result, so anyone can check that the
deal came from it and that it did not change during play (`python -m bot verify`, the
replay page). Competitions' draws use the same hash of their seed (bot.tournament.draw).

The commitment is `sha256("<game id>:<seed>")` in hex: the game id binds the seed to one
hand, so a revealed seed cannot be passed off as another hand's. Seeds come from the
operating system's generator (`random.SystemRandom`), so revealed seeds tell nothing of the
next ones.
"""

from __future__ import annotations

import hashlib
import hmac

SHORT = 16  # hex digits of a fingerprint: 64 bits, enough to compare by eye


def deal_commitment(game_id: str, seed: int) -> str:
    """The commitment to a hand's seed: sha256 of "<game id>:<seed>", hex."""
    return hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()


def fingerprint(commitment: str) -> str:
    """The commitment as people read it in chat: its first 64 bits as 20 decimal digits in
    groups of four (no letters, so no word of any language and nothing like a card code)."""
    digits = f"{int(commitment[:SHORT], 16):020d}"
    return " ".join(digits[i:i + 4] for i in range(0, 20, 4))


def matches(game_id: str, seed: int, commitment: str) -> bool:
    """Whether a revealed seed is the one committed to: `commitment` is the hex digest (or
    a prefix of at least SHORT digits) or the fingerprint shown in chat."""
    full = deal_commitment(game_id, seed)
    shown = commitment.strip().lower()
    if shown.replace(" ", "").isdigit():  # the chat's fingerprint
        return hmac.compare_digest(fingerprint(full).replace(" ", ""), shown.replace(" ", ""))
    return len(shown) >= SHORT and hmac.compare_digest(full[:len(shown)], shown)
