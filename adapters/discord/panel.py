"""The private panel: one player's hand and prompt as an ephemeral message with components.

Layout within Discord's 5 rows × 5 buttons:
- 斗地主 play: [suggested moves ▾] / up to three rows of rank toggles / Play · Pass · Hint ·
  Clear · Auto. Each toggle carries the draft it leads to (`adapters.common.drafts`); Hint
  (`~h<n>`) loads the n-th suggestion into the draft; Play carries `play <ranks>`. When the
  host asked which way the drafted play is meant (its refusal's choices: a 癞子 play read
  several ways), the first row offers one ▶ button per way (a select past five) in place
  of the suggestions, and the plain Play goes: the way is not in doubt once pressed.
- 田忌赛马: [suggested arrangements ▾] / the six cards (each press moves the card to the
  next group A → B → C → none) / Arrange · Use suggested · Clear · Auto.
- anything else (bids, doubling, 明牌, the duel): the choices as buttons, then the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from adapters.common.drafts import (
    GROUP_DRAFT,
    GROUP_NAMES,
    RANK_DRAFT,
    BadDraft,
    Draft,
    arrangement,
    card_label,
    digits_of,
    empty_groups,
    group_cards,
    held_ranks,
    next_group,
    parse_draft,
    rank_label,
    ranks_text,
    toggled,
)
from adapters.discord.components import (
    PER_ROW,
    ROWS,
    SUGGEST,
    PressButton,
    SuggestionSelect,
    clip,
    grid,
)
from bot.cards import RANK_CHARS
from bot.errors import PaijuError
from bot.host.payload import decode_payload, encode_payload
from bot.host.views import Button, Choice, PrivateView
from bot.i18n import translate
from bot.settings import Settings
from bot.web.links import links_from_settings

HINT = "~h"  # ~h<n>: load suggestion n into the draft
CLEAR = "~c"  # an empty draft (its own code: a toggle may also lead to the empty draft)
MAX_CONTENT = 2000


@dataclass(frozen=True, slots=True)
class Panel:
    """A rendered panel: message content and its components."""

    content: str
    view: discord.ui.View


def read_draft(code: str, view: PrivateView) -> Draft:
    """The draft a panel code asks for (`~t…`, `~g…`, `~h<n>`); BadDraft if it cannot be."""
    if code == CLEAR:
        return Draft()
    if code.startswith(HINT):
        prompt = view.prompt
        number = code[len(HINT):]
        if prompt is None or not prompt.suggestions or not number.isdigit():
            raise BadDraft(code)
        chosen = prompt.suggestions[int(number) % len(prompt.suggestions)].action
        return draft_of_action(view, chosen) or Draft()
    return parse_draft(code, view)


def draft_of_action(view: PrivateView, action: str) -> Draft | None:
    """The draft that builds `action` on this panel (to keep it after a refused press)."""
    build = view.prompt.build if view.prompt is not None else None
    if build == "ranks" and action.startswith("play "):
        try:
            return parse_draft(RANK_DRAFT + action[len("play "):], view)
        except BadDraft:
            return None
    if build == "groups" and action.startswith("arrange "):
        digits = digits_of(view, action)
        return Draft(GROUP_DRAFT, digits) if digits is not None else None
    return None


def _payload(view: PrivateView, code: str) -> str:
    return encode_payload(view.room_id, view.counter, code)


def _t(key: str, view: PrivateView, **params: Any) -> str:
    return translate(key, view.lang, **params)


def _choice_button(choice: Choice | Button, row: int, style: str | None = None) -> PressButton:
    given = choice.style if isinstance(choice, Button) else "primary"
    return PressButton.make(choice.label, choice.payload, style=style or given, row=row)


def _suggestions(view: PrivateView, row: int) -> list[discord.ui.Item[Any]]:
    prompt = view.prompt
    if prompt is None or not prompt.suggestions:
        return []
    options = [(c.label, c.payload) for c in prompt.suggestions]
    return [SuggestionSelect.make(_payload(view, SUGGEST), _t("discord.select.suggestions", view),
                                  options, row=row)]


def open_choices(view: PrivateView, choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """The choices still good for this view: those of its room stamped with its counter
    (once the table moves on, a way chosen earlier would be a stale press)."""
    kept = []
    for choice in choices:
        try:
            payload = decode_payload(choice.payload)
        except PaijuError:
            continue
        if payload.room_id == view.room_id and payload.counter == view.counter:
            kept.append(choice)
    return tuple(kept)


def _readings(view: PrivateView, choices: tuple[Choice, ...], row: int) -> list[Any]:
    """The ways to make the drafted play, a ▶ button each (a select when more than a row)."""
    if len(choices) > PER_ROW:
        options = [(c.label, c.payload) for c in choices]
        return [SuggestionSelect.make(_payload(view, SUGGEST),
                                      _t("discord.select.readings", view), options, row=row)]
    return [PressButton.make(_t("discord.button.play_reading", view, reading=c.label),
                             c.payload, style="primary", row=row) for c in choices]


def _auto(view: PrivateView) -> list[Button]:
    return [b for b in view.buttons if b.payload.endswith(":!auto")]


def _others(view: PrivateView) -> list[Button]:
    # The host's hint verb is replaced by the panel's own Hint (it loads the draft).
    return [b for b in view.buttons if not b.payload.endswith((":!auto", ":!hint"))]


def _rank_toggles(view: PrivateView, selection: str, first_row: int) -> list[discord.ui.Item[Any]]:
    held = held_ranks(view)
    items: list[discord.ui.Item[Any]] = []
    for index, char in enumerate(sorted(held, key=RANK_CHARS.index)):
        chosen = selection.count(char)
        label = rank_label(char, view.lang)
        if held[char] > 1:
            label += f" {chosen}/{held[char]}" if chosen else f" ×{held[char]}"
        code = RANK_DRAFT + toggled(selection, char, held[char])
        items.append(PressButton.make(label, _payload(view, code),
                                      style="success" if chosen else "secondary",
                                      row=first_row + index // PER_ROW))
    return items


def _play_button(view: PrivateView, selection: str, row: int) -> PressButton:
    if selection:
        return PressButton.make(_t("discord.button.play", view,
                                   cards=ranks_text(selection, view.lang)),
                                _payload(view, f"play {selection}"), style="primary", row=row)
    return PressButton.make(_t("discord.button.play_nothing", view), _payload(view, "~p"),
                            style="primary", row=row, disabled=True)


def _play_controls(view: PrivateView, selection: str, hint: int, row: int, *,
                   ways_above: bool = False) -> list[Any]:
    """Play · Pass · Hint · Clear · Auto; no Play when `ways_above`: the ways to make the
    selection are buttons of their own (the first row)."""
    prompt = view.prompt
    assert prompt is not None
    items: list[Any] = [] if ways_above else [_play_button(view, selection, row)]
    items += [_choice_button(c, row, "danger") for c in prompt.choices]  # pass
    if prompt.suggestions:
        items.append(PressButton.make(_t("discord.button.hint", view),
                                      _payload(view, f"{HINT}{hint}"), row=row))
    if selection:
        items.append(PressButton.make(_t("discord.button.clear", view),
                                      _payload(view, CLEAR), row=row))
    items += [_choice_button(b, row) for b in _auto(view)]
    return items[:PER_ROW]


def _group_buttons(view: PrivateView, digits: str) -> list[discord.ui.Item[Any]]:
    items: list[discord.ui.Item[Any]] = []
    for index, code in enumerate(view.hand):
        group = int(digits[index])
        label = card_label(code, view.lang)
        if group:
            label = f"{GROUP_NAMES[group - 1]} · {label}"
        code = GROUP_DRAFT + next_group(digits, index)
        items.append(PressButton.make(label, _payload(view, code),
                                      style=("secondary", "danger", "primary", "success")[group],
                                      row=1 + index // PER_ROW))
    return items


def _arrange_controls(view: PrivateView, digits: str, row: int) -> list[Any]:
    prompt = view.prompt
    assert prompt is not None
    action = arrangement(view, digits)
    if action is not None:
        done = PressButton.make(_t("discord.button.arrange", view), _payload(view, action),
                                style="primary", row=row)
    else:
        done = PressButton.make(_t("discord.button.arrange", view), _payload(view, "~p"),
                                style="primary", row=row, disabled=True)
    items: list[Any] = [done]
    items += [_choice_button(c, row, "success") for c in prompt.choices  # use suggested
              if c.payload != done.custom_id]  # the same move twice: one button is enough
    if digits.strip("0"):
        items.append(PressButton.make(_t("discord.button.clear", view), _payload(view, CLEAR),
                                      row=row))
    items += [_choice_button(b, row) for b in _auto(view)]
    return items[:PER_ROW]


def _generic(view: PrivateView) -> list[discord.ui.Item[Any]]:
    """Choices as buttons (a select when there are too many), suggestions, the view's buttons."""
    prompt = view.prompt
    items: list[discord.ui.Item[Any]] = []
    row = 0
    if prompt is not None:
        choices = list(prompt.choices)
        if len(choices) > PER_ROW * (ROWS - 2):
            options = [(c.label, c.payload) for c in choices]
            items.append(SuggestionSelect.make(_payload(view, SUGGEST), prompt.text, options,
                                               row=row))
            row += 1
        else:
            for start in range(0, len(choices), PER_ROW):
                items += [_choice_button(c, row) for c in choices[start:start + PER_ROW]]
                row += 1
            if prompt.suggestions and row < ROWS - 1:
                items += _suggestions(view, row)
                row += 1
    extra = [b for b in view.buttons if prompt is not None or not b.payload.endswith(":!hint")]
    if extra and row < ROWS:
        items += [_choice_button(b, row) for b in extra[:PER_ROW]]
    return items


def _draft_line(view: PrivateView, draft: Draft) -> str | None:
    if draft.kind == RANK_DRAFT and draft.value:
        return _t("discord.selected", view, cards=ranks_text(draft.value, view.lang))
    if draft.kind == GROUP_DRAFT and draft.value.strip("0"):
        groups = [" ".join(card_label(c, view.lang) for c in cards) or "-"
                  for cards in group_cards(view, draft.value)]
        return _t("discord.groups", view, a=groups[0], b=groups[1], c=groups[2])
    return None


def play_link(settings: Settings, view: PrivateView) -> str | None:
    """The person's signed link to their play page at this table (`bot.web.play`), for a
    panel with cards, when the web pages run inside this bot (else None). Only this person
    sees the ephemeral panel it is written in; it opens for PLAY_LINK_SECONDS."""
    links = links_from_settings(settings)
    if links is None or settings.web_port is None or not view.hand:
        return None
    return links.url(links.play_path(view.room_id, view.user.platform, view.user.user_id,
                                     view.lang))


def render_panel(view: PrivateView, draft: Draft | None = None, *, notice: str | None = None,
                 hint: int = 0, play_url: str | None = None,
                 choices: tuple[Choice, ...] = ()) -> Panel:
    """The panel of a view with the player's draft, and a notice line on top (a refusal);
    `play_url`: the person's play page, linked under the text (the buttons stay);
    `choices`: the ways the drafted play can be made when the host asked which (offered
    while the view is the one they were given for)."""
    draft = draft or Draft()
    prompt = view.prompt
    items: list[discord.ui.Item[Any]]
    ways: tuple[Choice, ...] = ()
    if prompt is not None and prompt.build == "ranks":
        selection = draft.value if draft.kind == RANK_DRAFT else ""
        ways = open_choices(view, choices) if selection else ()
        items = _readings(view, ways, 0) if ways else _suggestions(view, 0)
        toggles = _rank_toggles(view, selection, 1)
        last = 1 + (len(toggles) + PER_ROW - 1) // PER_ROW
        items += toggles + _play_controls(view, selection, hint, last, ways_above=bool(ways))
    elif prompt is not None and prompt.build == "groups":
        digits = draft.value if draft.kind == GROUP_DRAFT else empty_groups(view)
        items = _suggestions(view, 0) + _group_buttons(view, digits)
        items += _arrange_controls(view, digits, 1 + (len(view.hand) + PER_ROW - 1) // PER_ROW)
    else:
        items = _generic(view)
    lines = [notice] if notice else []  # refusals come with their ⚠️, other notices without
    text = view.text
    if prompt is not None and prompt.build == "groups" and prompt.text in text:
        # The host's prompt says how to type an arrangement; on Discord nobody types.
        text = text.replace(prompt.text, _t("discord.prompt.groups", view))
    lines.append(text)
    if prompt is not None and prompt.build == "groups" and not draft.value.strip("0"):
        lines.append(_t("discord.pick_groups", view))
    extra = _draft_line(view, draft)
    if extra:
        lines.append(extra)
    if ways:
        lines.append(_t("discord.pick_reading", view))
    link = f"\n[{_t('web.link.play', view)}](<{play_url}>)" if play_url else ""
    return Panel(clip("\n".join(lines), MAX_CONTENT - len(link)) + link, grid(items))


def next_hint(code: str) -> int:
    """The suggestion the Hint button loads next, after a press of `code`."""
    if code.startswith(HINT) and code[len(HINT):].isdigit():
        return int(code[len(HINT):]) + 1
    return 0
