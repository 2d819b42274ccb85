"""Cards, decks, seeded shuffles, and forgiving parsing of what players type.

Two notations:
- compact (tests, logs, the referee): ranks `3456789TJQKA2`, jokers `B` (small, black) and
  `R` (big, red), suits `s h c d` after the rank: `Ts`, `Ah`, `B`.
- pretty (chat): `♠10 ♥J 🃏B`.

Rank values follow Dou Dizhu's play order (3 lowest … 2, small joker, big joker); games with
another order (田忌赛马: A high, 2 low) map ranks themselves.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from bot.errors import CardParseError


class Rank(IntEnum):
    """Card ranks, valued in Dou Dizhu play order."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    BLACK_JOKER = 16  # 小王
    RED_JOKER = 17  # 大王

    @property
    def char(self) -> str:
        """The one-character compact symbol (`T` for ten, `B`/`R` for jokers)."""
        return RANK_CHARS[self - 3]

    @property
    def label(self) -> str:
        """The face as players write it (`10` for ten)."""
        return "10" if self is Rank.TEN else self.char

    @property
    def is_joker(self) -> bool:
        """True for both jokers."""
        return self >= Rank.BLACK_JOKER


RANK_CHARS = "3456789TJQKA2BR"
"""Compact rank symbols, in play order: index = rank value − 3."""


class Suit(IntEnum):
    """Suits, valued so that ♠ > ♥ > ♣ > ♦ wherever suits rank."""

    DIAMONDS = 0
    CLUBS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The compact letter: s h c d."""
        return "dchs"[self]

    @property
    def symbol(self) -> str:
        """The pretty symbol: ♠ ♥ ♣ ♦."""
        return "♦♣♥♠"[self]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card; jokers have no suit."""

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank.is_joker != (self.suit is None):
            raise ValueError(f"a {'joker' if self.rank.is_joker else 'plain card'} "
                             f"{'has no' if self.rank.is_joker else 'needs a'} suit")

    @property
    def code(self) -> str:
        """Compact notation: `Ts`, `B`."""
        return self.rank.char if self.suit is None else self.rank.char + self.suit.char

    def pretty(self, lang: str = "en") -> str:
        """Chat text: `♠10`, `Small Joker` (`小王`/`大王` in Chinese): never a code."""
        if self.suit is None:
            small = self.rank is Rank.BLACK_JOKER
            if lang.startswith("zh"):
                return "小王" if small else "大王"
            # One card, one word (a hand's line is split on spaces): a no-break space.
            return "Small\u00a0Joker" if small else "Big\u00a0Joker"
        return self.suit.symbol + self.rank.label

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


PLAIN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)
JOKERS = (Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER))


_DECK52 = tuple(Card(rank, suit) for rank in PLAIN_RANKS for suit in Suit)
_DECK54 = _DECK52 + JOKERS  # cards are frozen: every deck shares the same 54


def deck52() -> list[Card]:
    """The 52 plain cards in a fixed order (by rank, then suit)."""
    return list(_DECK52)


def deck54() -> list[Card]:
    """The 52 plain cards and both jokers, in a fixed order."""
    return list(_DECK54)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of `cards`, driven only by the given generator."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def sort_cards(cards: Iterable[Card], descending: bool = False) -> list[Card]:
    """Cards in play order (rank, then suit)."""
    return sorted(cards, key=lambda c: (c.rank, -1 if c.suit is None else c.suit),
                  reverse=descending)


def is_wild_code(code: str, wilds: str) -> bool:
    """True for a card (compact code, `Ts`) of one of the wild ranks `wilds` (compact rank
    characters, 癞子: `"7"`, `"7K"`); a joker (`B`, `R`) or no card is never wild."""
    return len(code) == 2 and code[0] in wilds


def format_compact(cards: Iterable[Card], sep: str = " ") -> str:
    """Compact notation with suits: `3s 3h Ts B`."""
    return sep.join(c.code for c in cards)


def format_ranks(ranks: Iterable[Rank | Card]) -> str:
    """Compact notation without suits, sorted in play order: `33TB`."""
    values = sorted(r.rank if isinstance(r, Card) else r for r in ranks)
    return "".join(r.char for r in values)


def format_pretty(cards: Iterable[Card], lang: str = "en") -> str:
    """Chat text: `♠10 ♥J 🃏B`."""
    return " ".join(c.pretty(lang) for c in cards)


# ---------------------------------------------------------------------------------------
# Parsing. Forgiving (case, full-width forms, spaces or none, `10` or `T`, Chinese names for
# the jokers) and exact (every character must be read; the error names the token).

_WORDS: dict[str, tuple[Rank, ...]] = {
    # Longest first at each position, so "rocket" wins over "r".
    "rocket": (Rank.BLACK_JOKER, Rank.RED_JOKER),
    "王炸": (Rank.BLACK_JOKER, Rank.RED_JOKER),
    "火箭": (Rank.BLACK_JOKER, Rank.RED_JOKER),
    "双王": (Rank.BLACK_JOKER, Rank.RED_JOKER),
    "大王": (Rank.RED_JOKER,),
    "小王": (Rank.BLACK_JOKER,),
    "small joker": (Rank.BLACK_JOKER,),  # as the English table writes them
    "big joker": (Rank.RED_JOKER,),
    "bigjoker": (Rank.RED_JOKER,),
    "smalljoker": (Rank.BLACK_JOKER,),
    "10": (Rank.TEN,),
}
_RANK_LETTERS: dict[str, Rank] = {c.lower(): Rank(i + 3) for i, c in enumerate(RANK_CHARS)}
_SUIT_CHARS: dict[str, Suit] = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "c": Suit.CLUBS, "d": Suit.DIAMONDS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS,
    "黑桃": Suit.SPADES, "红桃": Suit.HEARTS, "梅花": Suit.CLUBS, "方块": Suit.DIAMONDS,
}
_SEPARATORS = set(" \t\r\n,，、;；/|+")


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "rank" or "suit"
    value: tuple[Rank, ...] | Suit
    text: str
    start: int
    end: int


def _normalise(text: str) -> str:
    # NFKC folds full-width letters and digits (ＪＱＫ, １０) into ASCII.
    folded = unicodedata.normalize("NFKC", text)
    # Emoji variation selectors and the joker glyph that may precede B/R.
    return folded.replace("\ufe0f", "").replace("🃏", "")


def _tokenise(original: str) -> list[_Token]:
    # Match on a lower-cased copy (same length) and quote the player's own spelling.
    text = original.lower()
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        for word, ranks in _WORDS.items():
            if text.startswith(word, i):
                tokens.append(_Token("rank", ranks, original[i:i + len(word)], i, i + len(word)))
                i += len(word)
                break
        else:
            two = text[i:i + 2]
            if two in _SUIT_CHARS:
                tokens.append(_Token("suit", _SUIT_CHARS[two], original[i:i + 2], i, i + 2))
                i += 2
            elif ch in _SUIT_CHARS:
                tokens.append(_Token("suit", _SUIT_CHARS[ch], original[i], i, i + 1))
                i += 1
            elif ch in _RANK_LETTERS:
                tokens.append(_Token("rank", (_RANK_LETTERS[ch],), original[i], i, i + 1))
                i += 1
            elif ch in "01":
                raise CardParseError("cards.bad_ten", token=original[i:i + 2])
            else:
                raise CardParseError("cards.unknown_token", token=original[i], position=i + 1)
    return tokens


def _pair_suits(tokens: list[_Token]) -> list[tuple[Rank, Suit | None]]:
    """Attach each suit to the rank it touches: after it (`Ts`) or before it (`♠10`)."""
    cards: list[tuple[Rank, Suit | None]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        touching = nxt is not None and nxt.start == tok.end
        if tok.kind == "suit":
            if not touching or nxt.kind != "rank" or len(nxt.value) != 1:
                raise CardParseError("cards.suit_without_rank", token=tok.text)
            cards.append(_suited(nxt.value[0], tok.value, tok.text + nxt.text))
            i += 2
            continue
        if touching and nxt.kind == "suit" and len(tok.value) == 1:
            after = tokens[i + 2] if i + 2 < len(tokens) else None
            # A suit symbol between two ranks ("10♠J") is the prefix of the next one; the
            # letters s/h/c/d always follow their rank ("tsjh" is Ts Jh).
            binds_forward = (after is not None and after.kind == "rank"
                             and after.start == nxt.end and nxt.text.lower() not in "shcd")
            if not binds_forward:
                cards.append(_suited(tok.value[0], nxt.value, tok.text + nxt.text))
                i += 2
                continue
        cards.extend((rank, None) for rank in tok.value)
        i += 1
    return cards


def _suited(rank: Rank, suit: Suit, text: str) -> tuple[Rank, Suit]:
    if rank.is_joker:
        raise CardParseError("cards.joker_has_no_suit", token=text)
    return rank, suit


def parse_ranks(text: str) -> list[Rank]:
    """Read ranks from player text (`33344`, `10 10 J`, `jqka`, `王炸`); suits are ignored.

    Raises CardParseError naming the token it cannot read; empty text gives [].
    """
    return [rank for rank, _ in _pair_suits(_tokenise(_normalise(text)))]


def parse_loose(text: str) -> list[tuple[Rank, Suit | None]]:
    """Read cards whose suit may be missing (`A 7s 黑桃3`): (rank, suit or None) each."""
    return _pair_suits(_tokenise(_normalise(text)))


def parse_cards(text: str) -> list[Card]:
    """Read suited cards (`Ts 9h`, `♠10 ♥J`, `B`); every plain card needs its suit.

    Raises CardParseError naming the token it cannot read or a card given twice.
    """
    cards: list[Card] = []
    seen: set[Card] = set()
    for rank, suit in _pair_suits(_tokenise(_normalise(text))):
        if suit is None and not rank.is_joker:
            raise CardParseError("cards.missing_suit", token=rank.label)
        card = Card(rank, suit)
        cards.append(card)
        if card in seen:
            raise CardParseError("cards.duplicate", card=card.code)
        seen.add(card)
    return cards


def parse_card(text: str) -> Card:
    """Read exactly one suited card."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardParseError("cards.expected_one", text=text.strip())
    return cards[0]
