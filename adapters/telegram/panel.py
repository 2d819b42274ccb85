"""The private panel: one player's hand and prompt as a Telegram message with buttons.

Free moves are built with adapter-private payloads ("~" codes, never sent to the host) that
carry the whole draft, so a panel needs no server-side state beyond the view it shows:
- `~t<ranks>`: the ranks toggled so far for a 斗地主 play ("~t334"); each rank button
  carries the draft it leads to, and Play carries the host action `play <ranks>`.
- `~g<digits>`: a 田忌赛马 arrangement in progress, one digit per card of the hand
  (0 none, 1 group A, 2 B, 3 C); Confirm carries `arrange A|BB|CCC` once every group is full.
Every payload also carries the room and the prompt's counter, so a stale draft is refused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.text import MAX_MESSAGE, clip, escape
from bot.cards import RANK_CHARS, Card, Rank, parse_cards
from bot.host.payload import encode_payload
from bot.host.views import Button, Choice, PrivateView
from bot.i18n import translate

RANK_DRAFT = "~t"
GROUP_DRAFT = "~g"
GROUP_NAMES = "ABC"
GROUP_SIZES = (1, 2, 3)  # A holds one card, B two, C three (RULES.md §3.1)
ROW = 8  # Telegram's most buttons in one row
CHOICES_PER_ROW = 4
SUGGESTIONS_PER_ROW = 3


class BadDraft(ValueError):
    """A "~" payload that does not fit the panel it was pressed on."""


@dataclass(frozen=True, slots=True)
class Draft:
    """What a player has built on their panel: the code kind and its value."""

    kind: str = ""  # "" | RANK_DRAFT | GROUP_DRAFT
    value: str = ""


def parse_draft(code: str, view: PrivateView) -> Draft:
    """Read a "~" code against the view it belongs to; BadDraft if it cannot be."""
    prompt = view.prompt
    build = prompt.build if prompt is not None else None
    if code.startswith(RANK_DRAFT) and build == "ranks":
        ranks = code[len(RANK_DRAFT):]
        if any(r not in RANK_CHARS for r in ranks) or Counter(ranks) - Counter(view.ranks):
            raise BadDraft(code)
        return Draft(RANK_DRAFT, ranks)
    if code.startswith(GROUP_DRAFT) and build == "groups":
        digits = code[len(GROUP_DRAFT):]
        if len(digits) != len(view.hand) or any(d not in "0123" for d in digits):
            raise BadDraft(code)
        if any(digits.count(str(g + 1)) > size for g, size in enumerate(GROUP_SIZES)):
            raise BadDraft(code)
        return Draft(GROUP_DRAFT, digits)
    raise BadDraft(code)


def _rank_label(char: str, lang: str) -> str:
    rank = Rank(RANK_CHARS.index(char) + 3)
    return Card(rank).pretty(lang) if rank.is_joker else rank.label


def _ranks_text(ranks: str, lang: str) -> str:
    return " ".join(_rank_label(c, lang) for c in ranks)


def _card_label(code: str, lang: str) -> str:
    try:
        return parse_cards(code)[0].pretty(lang)
    except Exception:  # a code the view gave us; show it as is rather than fail
        return code


def _toggled(selection: str, char: str, held: int) -> str:
    """The selection after pressing a rank: one more of it, or none once all are taken."""
    chosen = selection.count(char)
    rest = selection.replace(char, "")
    more = chosen + 1 if chosen < held else 0
    return "".join(sorted(rest + char * more, key=RANK_CHARS.index))


def _next_group(digits: str, index: int) -> str:
    """The card's next group in the cycle none → A → B → C → none, skipping full ones."""
    current = int(digits[index])
    for step in range(1, 5):
        group = (current + step) % 4
        if group == 0 or digits.count(str(group)) < GROUP_SIZES[group - 1]:
            return digits[:index] + str(group) + digits[index + 1:]
    return digits


def arrangement(view: PrivateView, digits: str) -> str | None:
    """`arrange A|BB|CCC` from a complete group draft, else None."""
    groups = ["".join(code for code, d in zip(view.hand, digits, strict=True) if d == str(g))
              for g in (1, 2, 3)]
    if any(digits.count(str(g + 1)) != size for g, size in enumerate(GROUP_SIZES)):
        return None
    return "arrange " + "|".join(groups)


def _button(label: str, payload: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=payload)


def _rows(buttons: list[InlineKeyboardButton], per_row: int) -> list[list[InlineKeyboardButton]]:
    return [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]


def _choice_buttons(choices: tuple[Choice, ...] | tuple[Button, ...]) -> list[InlineKeyboardButton]:
    return [_button(c.label, c.payload) for c in choices]


def _rank_rows(view: PrivateView, selection: str) -> list[list[InlineKeyboardButton]]:
    lang = view.lang
    held = Counter(view.ranks)
    toggles = []
    for char in sorted(held, key=RANK_CHARS.index):
        chosen = selection.count(char)
        label = _rank_label(char, lang)
        if chosen:
            label = f"✅{label}" + (f"×{chosen}" if held[char] > 1 else "")
        payload = encode_payload(view.room_id, view.counter,
                                 RANK_DRAFT + _toggled(selection, char, held[char]))
        toggles.append(_button(label, payload))
    rows = _rows(toggles, ROW)
    controls = []
    if selection:
        play = translate("telegram.button.play", lang, cards=_ranks_text(selection, lang))
        controls.append(_button(play, encode_payload(view.room_id, view.counter,
                                                     f"play {selection}")))
        controls.append(_button(translate("telegram.button.clear", lang),
                                encode_payload(view.room_id, view.counter, RANK_DRAFT)))
    if controls:
        rows.append(controls)
    return rows


def _group_rows(view: PrivateView, digits: str) -> list[list[InlineKeyboardButton]]:
    lang = view.lang
    cards = []
    for index, code in enumerate(view.hand):
        label = _card_label(code, lang)
        group = int(digits[index])
        if group:
            label = f"{GROUP_NAMES[group - 1]}·{label}"
        payload = encode_payload(view.room_id, view.counter,
                                 GROUP_DRAFT + _next_group(digits, index))
        cards.append(_button(label, payload))
    rows = _rows(cards, ROW)
    controls = []
    action = arrangement(view, digits)
    if action is not None:
        controls.append(_button(translate("telegram.button.confirm", lang),
                                encode_payload(view.room_id, view.counter, action)))
    if digits.strip("0"):
        controls.append(_button(translate("telegram.button.clear", lang),
                                encode_payload(view.room_id, view.counter,
                                               GROUP_DRAFT + "0" * len(view.hand))))
    if controls:
        rows.append(controls)
    return rows


def _draft_line(view: PrivateView, draft: Draft) -> str | None:
    lang = view.lang
    if draft.kind == RANK_DRAFT and draft.value:
        return translate("telegram.selected", lang, cards=_ranks_text(draft.value, lang))
    if draft.kind == GROUP_DRAFT and draft.value.strip("0"):
        groups = [" ".join(_card_label(code, lang) for code, d in
                           zip(view.hand, draft.value, strict=True) if d == str(g)) or "-"
                  for g in (1, 2, 3)]
        return translate("telegram.groups", lang, a=groups[0], b=groups[1], c=groups[2])
    return None


def render_panel(view: PrivateView, draft: Draft = Draft()) -> tuple[str, InlineKeyboardMarkup]:
    """The panel's HTML text and keyboard for a view and the player's draft."""
    prompt = view.prompt
    lines = [view.text]
    extra = _draft_line(view, draft)
    if extra:
        lines.append(extra)
    text = escape(clip("\n".join(lines), MAX_MESSAGE - 100))
    rows: list[list[InlineKeyboardButton]] = []
    if prompt is not None:
        per_row = SUGGESTIONS_PER_ROW if prompt.build == "ranks" else 1
        rows += _rows(_choice_buttons(prompt.suggestions), per_row)
        if prompt.build == "ranks":
            rows += _rank_rows(view, draft.value if draft.kind == RANK_DRAFT else "")
        elif prompt.build == "groups":
            digits = draft.value if draft.kind == GROUP_DRAFT else "0" * len(view.hand)
            rows += _group_rows(view, digits)
        rows += _rows(_choice_buttons(prompt.choices), CHOICES_PER_ROW)
    rows += _rows(_choice_buttons(view.buttons), CHOICES_PER_ROW)
    return text, InlineKeyboardMarkup(rows)
