"""Names inside text: a name written right-to-left, or holding a direction mark (`Zed\u202e`),
must not reorder the words around it. `isolate` drops the name's explicit direction
controls (which could escape or close an isolate) and wraps what remains in FSI … PDI
(Unicode isolates, the plain-text <bdi>) when it holds anything with a direction of its own.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

FSI, PDI = "\u2068", "\u2069"
# LRE RLE PDF LRO RLO and LRI RLI FSI PDI: explicit embeddings, overrides and isolates.
CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Bidi classes that can move the text around them: strong right-to-left, Arabic numbers,
# and the marks (LRM, RLM, ALM) that survive cleaning.
_MOVING = frozenset(("R", "AL", "AN", "RLE", "LRE", "RLO", "LRO", "PDF", "RLI", "LRI",
                     "FSI", "PDI"))
_MARKS = frozenset("\u200e\u200f\u061c")
NAMES_KEPT = 16384  # isolated names remembered: every view names its seats, every time


def clean(name: str) -> str:
    """The name without explicit direction controls (embeddings, overrides, isolates)."""
    return "".join(c for c in name if c not in CONTROLS)


def needs_isolating(name: str) -> bool:
    """True when the name could reorder the text around it."""
    return any(c in _MARKS or unicodedata.bidirectional(c) in _MOVING for c in name)


@lru_cache(maxsize=NAMES_KEPT)
def isolate(name: str) -> str:
    """The name, cleaned, and wrapped in FSI … PDI when it has a direction of its own
    (a plain left-to-right name stays as it is)."""
    cleaned = clean(name)
    return f"{FSI}{cleaned}{PDI}" if needs_isolating(name) else cleaned
