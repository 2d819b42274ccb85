"""Drafts: a free move a player builds on a private panel, carried whole in button payloads.

A panel needs no server-side state: every toggle's payload holds the draft it leads to, so
a press only re-renders the panel with that draft (and survives a restart). Codes (the
"~" adapter codes of `bot.host.payload`, never sent to the host):
- `~t<ranks>`: the ranks toggled so far for a 斗地主 play ("~t334"), in play order;
  pressing a rank takes one more of it, or none once all held are taken.
- `~g<digits>`: a 田忌赛马 arrangement in progress, one digit per card of the hand
  (0 none, 1 group A, 2 B, 3 C); complete when A has 1 card, B 2 and C 3.
Telegram (64-byte payloads) and Discord (100-character custom ids) share this grammar.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.cards import RANK_CHARS, Card, Rank, parse_cards
from bot.host.views import PrivateView

RANK_DRAFT = "~t"
GROUP_DRAFT = "~g"
GROUP_NAMES = "ABC"
GROUP_SIZES = (1, 2, 3)  # A holds one card, B two, C three (RULES.md §3.1)


class BadDraft(ValueError):
    """A "~" code that does not fit the panel (hand, prompt) it was pressed on."""


@dataclass(frozen=True, slots=True)
class Draft:
    """What a player has built on their panel: the code kind and its value."""

    kind: str = ""  # "" | RANK_DRAFT | GROUP_DRAFT
    value: str = ""

    @property
    def code(self) -> str:
        """The adapter code that carries this draft."""
        return self.kind + self.value


def parse_draft(code: str, view: PrivateView) -> Draft:
    """Read a draft code against the view it belongs to; BadDraft if it cannot be."""
    build = view.prompt.build if view.prompt is not None else None
    if code.startswith(RANK_DRAFT) and build == "ranks":
        ranks = code[len(RANK_DRAFT):]
        if any(r not in RANK_CHARS for r in ranks) or Counter(ranks) - Counter(view.ranks):
            raise BadDraft(code)
        return Draft(RANK_DRAFT, ordered_ranks(ranks))
    if code.startswith(GROUP_DRAFT) and build == "groups":
        digits = code[len(GROUP_DRAFT):]
        if len(digits) != len(view.hand) or any(d not in "0123" for d in digits):
            raise BadDraft(code)
        if any(digits.count(str(g + 1)) > size for g, size in enumerate(GROUP_SIZES)):
            raise BadDraft(code)
        return Draft(GROUP_DRAFT, digits)
    raise BadDraft(code)


def ordered_ranks(ranks: str) -> str:
    """Compact ranks in play order (3 … A 2 B R)."""
    return "".join(sorted(ranks, key=RANK_CHARS.index))


def rank_label(char: str, lang: str) -> str:
    """One rank as players read it ("T" → "10", "B" → the small joker)."""
    rank = Rank(RANK_CHARS.index(char) + 3)
    return Card(rank).pretty(lang) if rank.is_joker else rank.label


def ranks_text(ranks: str, lang: str) -> str:
    """Compact ranks as players read them, space separated."""
    return " ".join(rank_label(c, lang) for c in ranks)


def card_label(code: str, lang: str) -> str:
    """One card code ("Qh") as players read it ("♥Q")."""
    try:
        return parse_cards(code)[0].pretty(lang)
    except Exception:  # a code the host gave us; show it as is rather than fail a panel
        return code


def toggled(selection: str, char: str, held: int) -> str:
    """The selection after pressing a rank: one more of it, or none once all are taken."""
    chosen = selection.count(char)
    rest = selection.replace(char, "")
    more = chosen + 1 if chosen < held else 0
    return ordered_ranks(rest + char * more)


def held_ranks(view: PrivateView) -> Counter[str]:
    """How many of each rank the hand holds."""
    return Counter(view.ranks)


def next_group(digits: str, index: int) -> str:
    """The card's next group in the cycle none → A → B → C → none, skipping full ones."""
    current = int(digits[index])
    for step in range(1, 5):
        group = (current + step) % 4
        if group == 0 or digits.count(str(group)) < GROUP_SIZES[group - 1]:
            return digits[:index] + str(group) + digits[index + 1:]
    return digits


def arrangement(view: PrivateView, digits: str) -> str | None:
    """`arrange A|BB|CCC` from a complete group draft, else None."""
    if any(digits.count(str(g + 1)) != size for g, size in enumerate(GROUP_SIZES)):
        return None
    groups = ["".join(code for code, d in zip(view.hand, digits, strict=True) if d == str(g))
              for g in (1, 2, 3)]
    return "arrange " + "|".join(groups)


def group_cards(view: PrivateView, digits: str) -> list[list[str]]:
    """The card codes in groups A, B and C of a draft."""
    return [[code for code, d in zip(view.hand, digits, strict=True) if d == str(g)]
            for g in (1, 2, 3)]


def digits_of(view: PrivateView, action: str) -> str | None:
    """The group draft of an `arrange A|BB|CCC` action on this hand (None if it does not fit)."""
    parts = action.removeprefix("arrange ").split("|")
    if len(parts) != len(GROUP_SIZES):
        return None
    digits = ["0"] * len(view.hand)
    for group, part in enumerate(parts, start=1):
        for code in (part[i:i + 2] for i in range(0, len(part), 2)):
            if code not in view.hand:
                return None
            digits[view.hand.index(code)] = str(group)
    return "".join(digits)


def empty_groups(view: PrivateView) -> str:
    """The group draft with no card placed."""
    return "0" * len(view.hand)
