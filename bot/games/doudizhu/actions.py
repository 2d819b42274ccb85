"""The 斗地主 action vocabulary: canonical strings, and forgiving reading of what players type.

Canonical actions (what game records, buttons, referees and logs use):
`bid 1` `bid 2` `bid 3` `pass` (bidding and play), `grab` `no-grab` (抢地主),
`double` `no-double` `super-double` (加倍, 超级加倍), `show` `no-show` (明牌),
`play <compact ranks>` (`play 33344`);
with wild cards `play <cards>=<reading>` (`play 5557=7775`: 癞子 5 as 7, RULES §2.1).
In grab bidding, calling the landlord (叫地主) is `bid 1`: the base of a grab game is 1.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum

from bot.cards import RANK_CHARS, Rank, format_ranks, parse_ranks
from bot.errors import CardParseError, IllegalAction


class Phase(StrEnum):
    """Where a hand is."""

    BIDDING = "bidding"  # 叫分 or 抢地主
    DOUBLING = "doubling"  # 加倍
    SHOWING = "showing"  # 明牌 before the first play
    PLAYING = "playing"
    OVER = "over"


LANDLORD = "landlord"  # the winning side's names in results
FARMERS = "farmers"

PASS = "pass"
LAPSE = "lapse"  # the forced bid left unmade: only a time-out plays it (bidding.lapse)
CALL = "bid 1"  # 叫地主 in grab bidding
GRAB = "grab"
NO_GRAB = "no-grab"
DOUBLE = "double"
NO_DOUBLE = "no-double"
SUPER_DOUBLE = "super-double"  # 超级加倍 (RULES §2.1)
SHOW = "show"
NO_SHOW = "no-show"

_WORDS: dict[str, str] = {
    # Said while bidding or playing: "pass" is the one word for 不叫 and 不出.
    "pass": PASS, "p": PASS, "no": PASS, "不出": PASS, "不要": PASS, "要不起": PASS,
    "过": PASS, "不叫": PASS, "pass bid": PASS,
    "grab": GRAB, "抢": GRAB, "抢地主": GRAB,
    "no-grab": NO_GRAB, "nograb": NO_GRAB, "no grab": NO_GRAB, "不抢": NO_GRAB,
    "double": DOUBLE, "加倍": DOUBLE, "x2": DOUBLE,
    "no-double": NO_DOUBLE, "nodouble": NO_DOUBLE, "no double": NO_DOUBLE,
    "不加倍": NO_DOUBLE,
    "super-double": SUPER_DOUBLE, "super double": SUPER_DOUBLE, "superdouble": SUPER_DOUBLE,
    "super": SUPER_DOUBLE, "超级加倍": SUPER_DOUBLE, "x4": SUPER_DOUBLE,
    "show": SHOW, "明牌": SHOW, "no-show": NO_SHOW, "noshow": NO_SHOW, "no show": NO_SHOW,
    "不明牌": NO_SHOW,
    "call": "bid 1", "叫地主": "bid 1", "叫": "bid 1",
}
# Chinese counting words players type for sets: 对A (AA), 一对3, 三个K (KKK), 四张9 (9999).
_SETS = re.compile(r"(?:一)?对(10|[2-9tjqka])|([三四])[个张](10|[2-9tjqka])")
JOKER_WORD = "王"  # one joker, whichever is held (the state reads it with the hand)


def _sets_spelt_out(text: str) -> str:
    def spelt(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(1) * 2
        return match.group(3) * (3 if match.group(2) == "三" else 4)

    return _SETS.sub(spelt, text)


_BID = re.compile(r"^(?:bid|叫)?\s*([123])\s*分?$")
_CN_DIGITS = str.maketrans({"一": "1", "二": "2", "两": "2", "三": "3"})


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).strip().lower()
    return re.sub(r"[\s_]+", " ", folded)


def canonical(text: str, phase: Phase) -> str:
    """The canonical spelling of an action typed in `phase`; raises IllegalAction if unread.

    Only the spelling is checked here, not whether the action is legal now. In the play
    phase, bare cards (`33344`, `3 3 3 4 4`, `王炸`) read as `play <cards>`.
    """
    folded = _fold(text)
    word = _WORDS.get(folded)
    if word is not None:
        return word
    bid = _BID.match(folded.translate(_CN_DIGITS))
    if bid and (phase is Phase.BIDDING or folded.startswith("bid")):
        return f"bid {bid.group(1)}"
    if phase is Phase.BIDDING:
        raise IllegalAction("ddz.err.unknown_action", action=text.strip())
    if phase is Phase.PLAYING:
        body = folded[5:] if folded.startswith("play ") else folded
        # With wild cards a play may name its reading: `play 5557=7775` (5557当7775, RULES
        # §2.1): the cards played, then the cards they stand for.
        for word in ("=", "当", "->"):
            if word in body:
                cards, reading = body.split(word, 1)
                if cards.strip() and reading.strip():
                    return (_play_cards(cards, text) + "="
                            + _play_cards(reading, text).removeprefix("play "))
        return _play_cards(body, text)
    raise IllegalAction("ddz.err.unknown_action", action=text.strip())


def _play_cards(body: str, text: str) -> str:
    cards = _sets_spelt_out(body.strip())
    try:
        ranks = parse_ranks(cards)
    except CardParseError as exc:
        raise IllegalAction(exc.key, **exc.params) from exc
    if not ranks:
        raise IllegalAction("ddz.err.unknown_action", action=text.strip())
    return "play " + format_ranks(ranks)


def ranks_of(text: str) -> list[Rank]:
    """Ranks from canonical compact text (`33344`, `BR`)."""
    return [Rank(RANK_CHARS.index(ch) + 3) for ch in text]
