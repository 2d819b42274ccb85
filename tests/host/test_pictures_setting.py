"""The `pictures` room setting and the picture fields of the views: on by default in
Telegram and Discord, off at the console, switched between hands, kept over a restart; the
table's fields only ever carry public cards."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.pictures import pictures_on
from bot.host.room import Room
from bot.host.views import Phase, Place
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


async def refused(host, command: cmd.Command, key: str) -> str:  # noqa: ANN001
    reply = await host.handle(command)
    assert not reply.ok and reply.key == key, (reply.key, reply.text)
    return reply.text


def test_pictures_are_on_in_chat_platforms_and_off_at_the_console() -> None:
    rooms = {platform: Room("r1", Place(platform, "c"), "doudizhu3", {}, 10, "beans", "en")
             for platform in ("telegram", "discord", "console", "test")}
    assert [pictures_on(r) for r in rooms.values()] == [True, True, False, False]
    rooms["telegram"].pictures = False
    rooms["console"].pictures = True
    assert not pictures_on(rooms["telegram"]) and pictures_on(rooms["console"])


async def test_the_setting_is_switched_between_hands_and_survives_a_restart(
        host_and_recorder) -> None:  # noqa: ANN001
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    assert recorder.tables[-1].pictures is False  # the test platform's default: off
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"图片": "开"}))
    assert room(host).pictures is True and recorder.tables[-1].pictures is True
    text = await refused(host, cmd.RoomSettings(actor(0), PLACE, changes={"pictures": "big"}),
                         "pictures.bad_setting")
    assert "big" in text and room(host).pictures is True
    shown = await host.handle(cmd.RoomSettings(actor(0), PLACE))
    assert "Pictures: on" in shown.text
    snapshot = room(host).to_snapshot()
    assert Room.from_snapshot(snapshot).pictures is True
    del snapshot["pictures"]  # a snapshot from before the setting: the platform decides
    assert Room.from_snapshot(snapshot).pictures is None


async def test_views_carry_the_hand_id_the_bottom_and_the_result(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"pictures": "on"}))
    await ok(host, cmd.Start(actor(0), PLACE))
    finished = await play_out(host)
    assert finished.phase is Phase.OVER
    mine = [v for v in recorder.privates if v.hand]
    assert mine and all(v.pictures and v.hand_id == finished.game_id for v in mine)
    bottom = finished.state.public_view()["bottom"].split()
    landlord = finished.state.public_view()["landlord"]
    if landlord == 0:  # the person took the bottom: those cards are marked in their hand
        assert any(set(v.marked) == set(bottom) for v in mine)
    else:
        assert all(not v.marked for v in mine)
    table = recorder.tables[-1]
    assert table.bottom == tuple(bottom) and table.result is not None
    assert [s.amount for s in table.result.seats] == [
        s["final"] for s in finished.last_result["seats"]]
    winner = next(s for s in table.result.seats if not s.cards)
    assert winner.amount > 0
    # Before the end no table view carried a result, and never a hand.
    assert all(v.result is None for v in recorder.tables[:-1] if v.phase is Phase.PLAYING)
