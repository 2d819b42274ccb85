"""The private panel: one player's hand and prompt as a Telegram message with buttons.

Free moves are built with draft codes (`adapters.common.drafts`: `~t<ranks>` for a 斗地主
play, `~g<digits>` for a 田忌赛马 arrangement) carried whole in each button's payload, so a
panel keeps no state beyond the view it shows; Play and Confirm carry the host action
itself. Every payload also carries the room and the prompt's counter (stale drafts are
refused) and fits Telegram's 64 bytes.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from adapters.common.drafts import (
    GROUP_DRAFT,
    GROUP_NAMES,
    RANK_DRAFT,
    Draft,
    arrangement,
    card_label,
    empty_groups,
    group_cards,
    held_ranks,
    next_group,
    rank_label,
    ranks_text,
    toggled,
)
from adapters.telegram.text import MAX_MESSAGE, clip, escape
from bot.cards import RANK_CHARS
from bot.host.payload import encode_payload
from bot.host.views import Button, Choice, PrivateView
from bot.i18n import translate

ROW = 8  # Telegram's most buttons in one row
CHOICES_PER_ROW = 4
SUGGESTIONS_PER_ROW = 3


def _button(label: str, payload: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=payload)


def _rows(buttons: list[InlineKeyboardButton], per_row: int) -> list[list[InlineKeyboardButton]]:
    return [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]


def _choice_buttons(choices: tuple[Choice, ...] | tuple[Button, ...]) -> list[InlineKeyboardButton]:
    return [_button(c.label, c.payload) for c in choices]


def _rank_rows(view: PrivateView, selection: str,
               refusal: str | None) -> list[list[InlineKeyboardButton]]:
    lang = view.lang
    held = held_ranks(view)
    toggles = []
    for char in sorted(held, key=RANK_CHARS.index):
        chosen = selection.count(char)
        label = rank_label(char, lang)
        if chosen:
            label = f"✅{label}" + (f"×{chosen}" if held[char] > 1 else "")
        payload = encode_payload(view.room_id, view.counter,
                                 RANK_DRAFT + toggled(selection, char, held[char]))
        toggles.append(_button(label, payload))
    rows = _rows(toggles, ROW)
    controls = []
    if selection and refusal is None:  # Play only for a selection the host would take
        play = translate("telegram.button.play", lang, cards=ranks_text(selection, lang))
        controls.append(_button(play, encode_payload(view.room_id, view.counter,
                                                     f"play {selection}")))
    if selection:
        controls.append(_button(translate("telegram.button.clear", lang),
                                encode_payload(view.room_id, view.counter, RANK_DRAFT)))
    if controls:
        rows.append(controls)
    return rows


def _group_rows(view: PrivateView, digits: str) -> list[list[InlineKeyboardButton]]:
    lang = view.lang
    cards = []
    for index, code in enumerate(view.hand):
        label = card_label(code, lang)
        group = int(digits[index])
        if group:
            label = f"{GROUP_NAMES[group - 1]}·{label}"
        payload = encode_payload(view.room_id, view.counter,
                                 GROUP_DRAFT + next_group(digits, index))
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
                                               GROUP_DRAFT + empty_groups(view))))
    if controls:
        rows.append(controls)
    return rows


def _draft_line(view: PrivateView, draft: Draft, refusal: str | None) -> str | None:
    lang = view.lang
    if draft.kind == RANK_DRAFT and draft.value and refusal is not None:
        return translate("telegram.selected_refused", lang,
                         cards=ranks_text(draft.value, lang), reason=refusal)
    if draft.kind == RANK_DRAFT and draft.value:
        return translate("telegram.selected", lang, cards=ranks_text(draft.value, lang))
    if draft.kind == GROUP_DRAFT and draft.value.strip("0"):
        groups = [" ".join(card_label(code, lang) for code in cards) or "-"
                  for cards in group_cards(view, draft.value)]
        return translate("telegram.groups", lang, a=groups[0], b=groups[1], c=groups[2])
    return None


def render_panel(view: PrivateView, draft: Draft | None = None,
                 refusal: str | None = None, play_url: str | None = None,
                 choices: tuple[Choice, ...] = ()) -> tuple[str, InlineKeyboardMarkup]:
    """The panel's HTML text and keyboard for a view and the player's draft; `refusal` is
    why the host would not take the drafted play (then no Play button, the reason instead).
    `play_url`: the table's Mini App (the play page), offered as a `web_app` button last;
    the buttons above stay the way to play without it. `choices`: the ways the refused
    draft can be played when the host asks which (a 癞子 play's readings), a button each."""
    draft = draft or Draft()
    prompt = view.prompt
    lines = [view.text]
    extra = _draft_line(view, draft, refusal)
    if extra:
        lines.append(extra)
    text = escape(clip("\n".join(lines), MAX_MESSAGE - 100))
    rows: list[list[InlineKeyboardButton]] = []
    if prompt is not None:
        per_row = SUGGESTIONS_PER_ROW if prompt.build == "ranks" else 1
        suggestions = _choice_buttons(prompt.suggestions)
        if prompt.build == "ranks":
            # A suggestion plays at once, a rank toggle only selects: "▶ 8" is never "8".
            suggestions = [_button(translate("telegram.button.suggested", view.lang,
                                             cards=c.label), c.payload)
                           for c in prompt.suggestions]
        rows += _rows(suggestions, per_row)
        if prompt.build == "ranks":
            rows += _rank_rows(view, draft.value if draft.kind == RANK_DRAFT else "", refusal)
            if refusal is not None and draft.kind == RANK_DRAFT and draft.value:
                rows += [[_button(translate("telegram.button.play", view.lang,
                                            cards=choice.label), choice.payload)]
                         for choice in choices]
        elif prompt.build == "groups":
            digits = draft.value if draft.kind == GROUP_DRAFT else empty_groups(view)
            rows += _group_rows(view, digits)
        rows += _rows(_choice_buttons(prompt.choices), CHOICES_PER_ROW)
    buttons = _choice_buttons(view.buttons)
    if view.hand and any(b.payload.endswith(":!hint") for b in view.buttons):  # in play
        # ⇅ the hand's text big→small (the apps' way) ⇄ small→big, for this player
        buttons.append(_button(translate("telegram.button.sort", view.lang),
                               encode_payload(view.room_id, view.counter, "!sort")))
    rows += _rows(buttons, CHOICES_PER_ROW)
    if play_url:
        rows.append([InlineKeyboardButton(translate("web.link.play", view.lang),
                                          web_app=WebAppInfo(play_url))])
    return text, InlineKeyboardMarkup(rows)
