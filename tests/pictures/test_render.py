"""The card art: every picture decodes, has the size and the cards its layout record says,
and each kind of card face matches its stored golden image within a small tolerance.

Golden images: tests/pictures/golden/<kind>.png. After a deliberate change of the art,
rewrite them with `PAIJU_UPDATE_GOLDEN=1 python -m pytest tests/pictures` and look at them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.cards import deck54
from bot.pictures import Pictures, ResultSummary, SeatResult, describe, sort_hand
from bot.pictures.faces import card_back, card_face
from bot.pictures.hand import CARD_H, CARD_W, RAISE, STEP, group_values
from bot.pictures.text import drawable, label

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PAIJU_UPDATE_GOLDEN") == "1"
TOLERANCE = 3.0  # mean difference per channel (0-255) allowed against a golden image
STRAY = 0.002  # share of pixels allowed to differ clearly (a changed label is more)

CARD_KINDS = {  # one card of each kind of face
    "number_red": "7h", "number_black": "9c", "ten": "Td", "ace_of_spades": "As",
    "ace": "Ah", "jack": "Jc", "queen": "Qd", "king": "Ks", "joker_black": "B",
    "joker_red": "R",
}
HAND = ["3d", "3s", "4h", "7c", "7d", "7h", "9s", "Td", "Tc", "Jh", "Qs", "Qd", "Kc", "Ah",
        "As", "2d", "2c", "B", "R", "5s"]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def matches_golden(name: str, image: Image.Image) -> None:
    path = GOLDEN / f"{name}.png"
    rgb = image.convert("RGB")
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden image {path.name}: run with PAIJU_UPDATE_GOLDEN=1")
        rgb.save(path)
    golden = Image.open(path).convert("RGB")
    assert golden.size == rgb.size, name
    difference = ImageChops.difference(golden, rgb)
    mean = ImageStat.Stat(difference).mean
    assert max(mean) <= TOLERANCE, (name, mean)
    clear = difference.convert("L").point(lambda v: 255 if v > 40 else 0)
    stray = ImageStat.Stat(clear).mean[0] / 255
    assert stray <= STRAY, (name, stray)


def on_felt(face: Image.Image) -> Image.Image:
    plate = Image.new("RGB", face.size, (28, 104, 64))
    plate.paste(face, (0, 0), face)
    return plate


@pytest.mark.parametrize("kind", sorted(CARD_KINDS))
def test_each_kind_of_card_face_matches_its_golden_image(kind: str) -> None:
    matches_golden(f"card_{kind}", on_felt(card_face(CARD_KINDS[kind], CARD_W, CARD_H)))


def test_the_card_back_matches_its_golden_image() -> None:
    matches_golden("card_back", on_felt(card_back(CARD_W, CARD_H)))


def test_a_golden_comparison_fails_for_another_card() -> None:
    # The tolerance is small enough to tell a 7 of hearts from an 8 of hearts.
    seven = on_felt(card_face("7h", CARD_W, CARD_H))
    eight = on_felt(card_face("8h", CARD_W, CARD_H))
    assert max(ImageStat.Stat(ImageChops.difference(seven, eight)).mean) > TOLERANCE / 3
    red_joker = on_felt(card_face("R", CARD_W, CARD_H))
    black_joker = on_felt(card_face("B", CARD_W, CARD_H))
    assert max(ImageStat.Stat(ImageChops.difference(red_joker, black_joker)).mean) \
        > TOLERANCE


def test_every_card_of_the_deck_has_a_face_of_its_own() -> None:
    faces = {card_face(c.code, 40, 56).tobytes() for c in deck54()}
    assert len(faces) == 54


def test_a_20_card_hand_decodes_with_every_card_drawn_in_order() -> None:
    picture = Pictures().hand(HAND, order="down", selected=["Qs"], bottom=["B", "R", "5s"])
    image = decode(picture.png)
    layout = describe(picture.png)
    assert layout == picture.layout
    assert image.size == (layout.width, layout.height) == picture.size
    assert image.size == (2 * 16 + 19 * STEP + CARD_W, 2 * 16 + RAISE + CARD_H)
    assert layout.kind == "hand" and layout.private
    assert len(layout.cards) == 20
    assert list(layout.codes) == sort_hand(HAND, "down")
    assert layout.codes[:2] == ("R", "B")  # big → small: the big joker first
    assert [c.code for c in layout.cards if c.raised] == ["Qs"]
    assert {c.code for c in layout.cards if c.marked} == {"B", "R", "5s"}
    raised = next(c for c in layout.cards if c.raised)
    assert all(c.y == raised.y + RAISE for c in layout.cards if not c.raised)
    assert len(picture.png) < 60_000
    matches_golden("hand_20", image)


def test_small_to_big_keeps_the_cards_of_a_rank_together() -> None:
    layout = Pictures().hand(HAND, order="up").layout
    ranks = [code[0] for code in layout.codes]
    assert ranks[0] == "3" and layout.codes[-1] == "R"
    runs = [r for i, r in enumerate(ranks) if i == 0 or ranks[i - 1] != r]
    assert len(runs) == len(set(ranks))  # each rank in one run


def test_a_tianji_arrangement_shows_three_labelled_groups_with_their_values() -> None:
    picture = Pictures().groups({"A": "As", "B": "Kh Qd", "C": "5d 3h 2s"},
                                {"A": "A", "B": "1 pts", "C": "2-3-5"})
    image = decode(picture.png)
    layout = picture.layout
    assert image.size == (layout.width, layout.height)
    assert [c.group for c in layout.cards] == ["A", "B", "B", "C", "C", "C"]
    assert layout.labels == ("A", "A", "B", "1 pts", "C", "2-3-5")
    assert layout.private
    matches_golden("groups", image)


def result_summary() -> ResultSummary:
    return ResultSummary(
        "doudizhu3", "landlord_won",
        (SeatResult(0, 120, "landlord", ()),
         SeatResult(1, -60, "farmer", ("Ts", "Th", "9s", "4d", "4h", "3c")),
         SeatResult(2, -60, "farmer", ("R", "Ks", "Qh", "Jd", "8c", "7c", "6d", "5h", "3s"))),
        "beans", 10, 3, 12, ("bomb", "spring"), winner_role="landlord",
        role_bands=(("landlord", 0), ("farmer", 1)))  # as 斗地主's pictures give them


def test_group_b_worth_one_point_reads_1_pt() -> None:
    # Before: two face cards (½ + ½) were labelled "1 pts".
    values = group_values({"A": "As", "B": "Jh Qd", "C": "9s 8h 7d"}, "en", "tianji")
    assert values["B"] == "1 pt"
    assert group_values({"A": "As", "B": "7h 2d", "C": "9s 8h 7d"}, "en", "tianji")["B"] == "9 pts"


def test_the_result_card_shows_the_winner_cards_left_causes_and_amounts() -> None:
    picture = Pictures().result(result_summary())
    image = decode(picture.png)
    layout = picture.layout
    assert image.size == (layout.width, layout.height)
    assert layout.kind == "result" and not layout.private
    assert len(layout.cards) == 15
    assert {c.group for c in layout.cards} == {"seat2", "seat3"}
    assert layout.labels[:2] == ("LANDLORD WINS", "stake 10 beans")
    for text in ("bid 3", "bomb x2", "spring x2", "= 36 x stake", "+120", "-60", "no cards left",
                 "Seat 1", "Seat 3", "LANDLORD", "FARMER"):
        assert text in layout.labels
    assert len(picture.png) < 60_000
    matches_golden("result_doudizhu", image)


def test_public_cards_carry_their_label_and_are_not_private() -> None:
    picture = Pictures().cards(["B", "2s", "3h"], "pictures.bottom")
    assert picture.layout.kind == "cards" and not picture.layout.private
    assert picture.layout.codes == ("B", "2s", "3h")
    assert picture.layout.labels == ("Bottom cards",)
    decode(picture.png)


def test_the_same_hand_renders_once() -> None:
    pictures = Pictures()
    first = pictures.hand(["3s", "Ts", "B"])
    again = pictures.hand(["B", "3s", "Ts"])  # the same cards in another order
    assert again is first
    other = pictures.hand(["3s", "Ts", "B"], selected=["Ts"])
    assert other is not first
    assert (pictures.hits, pictures.misses) == (1, 2)


def test_chinese_labels_are_drawn_with_the_cjk_font_and_english_without_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.pictures import text

    assert drawable("Seat 1 +120 -60") and drawable("地主")
    assert label("pictures.role.landlord", "zh") == "地主"
    assert label("pictures.seat", "en", seat=2) == "Seat 2"
    monkeypatch.setattr(text, "cjk_font", lambda size: None)  # no fonts-wqy-zenhei
    text._has_glyph.cache_clear()
    text._missing_glyph.cache_clear()
    try:
        assert not drawable("地主")
        assert label("pictures.role.landlord", "zh") == "LANDLORD"
    finally:
        monkeypatch.undo()
        text._has_glyph.cache_clear()
        text._missing_glyph.cache_clear()


def test_an_image_made_elsewhere_describes_as_nothing() -> None:
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "PNG")
    assert describe(out.getvalue()) is None
    assert describe(b"not a picture") is None


def test_the_result_card_stars_the_wild_cards_left_and_no_others() -> None:
    from dataclasses import replace

    plain = Pictures().result(result_summary())
    wild = Pictures().result(replace(result_summary(), wild="4"))  # 癞子: the 4s
    assert sorted(c.code for c in wild.layout.cards if c.wild) == ["4d", "4h"]
    assert not any(c.wild for c in plain.layout.cards)
    # The star is drawn in each wild card's visible strip: those pixels change, no others'.
    diff = ImageChops.difference(decode(plain.png).convert("RGB"),
                                 decode(wild.png).convert("RGB")).getbbox()
    assert diff is not None
    starred = [c for c in wild.layout.cards if c.wild]
    left = min(c.x for c in starred)
    right = max(c.x for c in starred) + 26  # MINI_STEP: the visible strip
    assert left <= diff[0] and diff[2] <= right + 1
