"""The adapter's pure parts: what people type, panel drafts and payload sizes, text limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.common.drafts import Draft, arrangement, parse_draft
from adapters.telegram.memory import TableMemory
from adapters.telegram.panel import render_panel
from adapters.telegram.text import MAX_ALERT, alert, split_plain, utf16_len
from adapters.telegram.vocabulary import read
from bot.host.payload import MAX_PAYLOAD_BYTES, decode_payload, encode_payload
from bot.host.views import Choice, PrivateView, Prompt, UserRef

RANKS = "3456789TJQKA2"


def play_view(ranks: str, counter: int = 36**4 - 1) -> PrivateView:
    """A 斗地主 play prompt on a hand of these ranks."""
    pay = encode_payload("zzzzzzzz", counter, "pass")
    prompt = Prompt("play", "Your lead", (Choice("pass", "Pass", pay),), build="ranks",
                    can_pass=True)
    return PrivateView("zzzzzzzz", counter, UserRef("telegram", "1"), 0, "en", "doudizhu3",
                       f"Your cards: {ranks}", (), ranks, prompt)


def arrange_view(hand: tuple[str, ...]) -> PrivateView:
    """A 田忌赛马 arrangement prompt."""
    prompt = Prompt("arrange", "Arrange", (), build="groups")
    return PrivateView("r1", 3, UserRef("telegram", "1"), 0, "zh", "tianji", "牌", hand,
                       "".join(c[0] for c in hand), prompt)


@pytest.mark.parametrize(("text", "intent", "args"), [
    ("/new ddz stake=20", "new", ("ddz", "stake=20")),
    ("/new@paiju_bot", "new", ()),
    ("/ddz", "new", ("doudizhu3",)),
    ("/START room1", "start", ("room1",)),
    ("/lb week", "lb", ("week",)),
    ("加入", "join", ()),
    ("出牌 33344", "play", ("33344",)),
    ("不要", "pass", ()),
    ("二人斗地主", "new", ("doudizhu2",)),
    ("取消托管", "auto", ("off",)),
    ("/cup", "cup", ()),
    ("/cup new Spring cup hands=9", "cup", ("new", "Spring", "cup", "hands=9")),
    ("比赛 赛况", "cup", ("赛况",)),
    ("报名", "cup", ("报名",)),
])
def test_what_people_type_is_read_as_an_intent(text: str, intent: str,
                                               args: tuple[str, ...]) -> None:
    said = read(text, "paiju_bot")
    assert said is not None and (said.intent, said.args) == (intent, args)


@pytest.mark.parametrize("text", ["/new@other_bot", "/nonsense", "hello there", "斗地主好玩", ""])
def test_other_text_is_not_for_us(text: str) -> None:
    assert read(text, "paiju_bot") is None


@given(st.lists(st.sampled_from(RANKS), min_size=1, max_size=17).map(
    lambda r: "".join(sorted(r, key=RANKS.index)) + "BR"[: len(r) % 3]))
def test_every_panel_button_fits_telegram_limits(ranks: str) -> None:
    view = play_view(ranks)
    for selection in ("", ranks):
        _, markup = render_panel(view, Draft("~t", selection))
        rows = markup.inline_keyboard
        assert all(len(row) <= 8 for row in rows) and sum(map(len, rows)) <= 100
        for button in (b for row in rows for b in row):
            assert len(button.callback_data.encode()) <= MAX_PAYLOAD_BYTES


def test_pressing_a_rank_adds_one_card_until_all_are_taken_then_clears_it() -> None:
    view = play_view("3334")
    drafts = []
    selection = ""
    for _ in range(4):
        _, markup = render_panel(view, Draft("~t", selection))
        three = next(b for row in markup.inline_keyboard for b in row
                     if b.text.endswith("3") or "3×" in b.text)
        selection = decode_payload(three.callback_data).code.removeprefix("~t")
        drafts.append(selection)
    assert drafts == ["3", "33", "333", ""]
    _, markup = render_panel(view, Draft("~t", "334"))
    codes = [decode_payload(b.callback_data).code for row in markup.inline_keyboard for b in row]
    assert "play 334" in codes and "~t" in codes


def test_a_draft_that_does_not_fit_the_hand_is_refused() -> None:
    view = play_view("3345")
    assert parse_draft("~t335", view) == Draft("~t", "335")
    for code in ("~t333", "~tX", "~g000000"):
        with pytest.raises(ValueError):
            parse_draft(code, view)


def test_cards_cycle_through_the_groups_that_have_room_and_confirm_when_full() -> None:
    view = arrange_view(("As", "Kh", "Qd", "2s", "3h", "5d"))
    assert arrangement(view, "122333") == "arrange As|KhQd|2s3h5d"
    assert arrangement(view, "122330") is None
    _, markup = render_panel(view, parse_draft("~g100000", view))
    second = markup.inline_keyboard[0][1]  # A is full: the king goes to B
    assert decode_payload(second.callback_data).code == "~g120000"
    with pytest.raises(ValueError):
        parse_draft("~g110000", view)  # two cards in A


def test_long_texts_are_cut_at_lines_under_the_limit() -> None:
    text = "\n".join(f"{n}. 斗地主 player with a long name" for n in range(400))
    pieces = split_plain(text)
    assert len(pieces) > 1 and all(utf16_len(p) <= 3900 for p in pieces)
    assert "\n".join(pieces) == text
    assert all(utf16_len(p) <= 3900 for p in split_plain("🂠" * 5000))
    assert len(alert("x" * 500)) <= MAX_ALERT


def test_table_messages_are_remembered_in_a_file(tmp_path: Path) -> None:
    memory = TableMemory(tmp_path, "42")
    memory.put("room1", 17)
    assert TableMemory(tmp_path, "42").get("room1") == 17
    assert TableMemory(tmp_path, "43").get("room1") is None  # another bot's tables
    memory.move(-4001, -1001002)  # a group became a supergroup
    again = TableMemory(tmp_path, "42")
    assert (again.moved_to(-4001), again.moved_from(-1001002)) == (-1001002, -4001)
    assert again.get("room1") == 17 and again.moved_to(-1001002) is None
    assert TableMemory(tmp_path, "43").moved_to(-4001) is None
    (tmp_path / "telegram-tables.json").write_text("{broken")
    assert TableMemory(tmp_path, "42").get("room1") is None
