"""癞子 on the public pictures (RULES §2.1): the wild rank's cards are starred in the last-play
and bottom pictures and on the result card, as in the hand photo; the table view names them."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.host import commands as cmd
from bot.pictures import Pictures, ResultSummary, SeatResult, describe
from tests.host.conftest import PLACE, HostFactory, actor, ok, room


def _pixels_differ(a: bytes, b: bytes) -> bool:
    with Image.open(io.BytesIO(a)) as one, Image.open(io.BytesIO(b)) as two:
        return ImageChops.difference(one.convert("RGB"), two.convert("RGB")).getbbox() is not None


def test_the_last_play_picture_stars_the_wild_cards_only() -> None:
    pictures = Pictures()
    codes = ("5s", "7h", "7d", "7c")
    for lang in ("en", "zh"):
        plain = pictures.cards(codes, "pictures.last_play", lang)
        starred = pictures.cards(codes, "pictures.last_play", lang, wild=("5s",))
        layout = describe(starred.png)
        assert layout is not None
        assert {c.code: c.wild for c in layout.cards} == {"5s": True, "7h": False,
                                                          "7d": False, "7c": False}
        assert not any(c.wild for c in describe(plain.png).cards)  # type: ignore[union-attr]
        assert _pixels_differ(plain.png, starred.png)


def test_the_result_card_stars_the_wild_cards_left() -> None:
    seats = (SeatResult(0, 4, "landlord", ()), SeatResult(1, -2, "farmer", ("5s", "6h", "5d")),
             SeatResult(2, -2, "farmer", ("9c",)))
    plain = ResultSummary("doudizhu3", "landlord_won", seats, "beans", 1, 1, 2, ())
    wild = ResultSummary("doudizhu3", "landlord_won", seats, "beans", 1, 1, 2, (), wild="5")
    pictures = Pictures()
    for lang in ("en", "zh"):
        drawn = describe(pictures.result(wild, lang).png)
        assert drawn is not None
        assert sorted(c.code for c in drawn.cards if c.wild) == ["5d", "5s"]
        assert _pixels_differ(pictures.result(plain, lang).png, pictures.result(wild, lang).png)


async def test_a_laizi_hand_names_its_wild_cards_on_the_table_and_the_result(
        make_host: HostFactory) -> None:
    host, recorder = await make_host()
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"variant": "laizi"}))
    for _ in range(2):
        await ok(host, cmd.AddAI(actor(0), PLACE))
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    final = room(host)
    assert final.phase.value == "over" and final.state is not None
    wild = "3456789TJQKA2"[final.state.wilds[0]]
    views = recorder.tables  # type: ignore[attr-defined]
    for view in views:
        shown = (*view.bottom, *(view.last_play[1] if view.last_play else ()))
        assert set(view.wild) == {c for c in shown if c[0] == wild}, view.counter
    assert any(view.wild for view in views)  # some play or the bottom held a wild card
    result = [v for v in views if v.result is not None][-1].result
    assert result.wild == wild
