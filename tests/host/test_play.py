"""Game actions through the host: refusals, stale and concurrent presses, hints, verbs."""

from __future__ import annotations

import asyncio

from bot.cards import RANK_CHARS
from bot.host import commands as cmd
from bot.host.payload import encode_payload
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, room, room_id


def person_at(host, seat: int) -> cmd.Actor:
    return actor(int(room(host).seats[seat].user_id[1:]))


def to_act(host) -> int:
    return room(host).to_act()[0]


async def to_play_phase(host) -> None:
    """Bid 3 with whoever bids first, so the hand is in the play phase."""
    await ok(host, cmd.Act(person_at(host, to_act(host)), PLACE, text="bid 3"))
    await host.quiesce()


async def test_acting_out_of_turn_is_refused_and_changes_nothing(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    idle = (to_act(host) + 1) % 3
    before = room(host).to_snapshot()
    reply = await host.handle(cmd.Act(person_at(host, idle), PLACE, text="bid 1"))
    assert not reply.ok and reply.key == "host.not_your_turn"
    zh = await host.handle(cmd.Act(actor(int(room(host).seats[idle].user_id[1:]), "zh"),
                                   PLACE, text="bid 1"))
    assert zh.text == "还没轮到你。"
    assert room(host).to_snapshot() == before


async def test_a_play_that_does_not_beat_the_table_is_refused_with_the_reason(
        host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    await to_play_phase(host)
    landlord = to_act(host)
    await ok(host, cmd.Act(person_at(host, landlord), PLACE,
                           text=room(host).spec.hints(room(host).state, landlord)[0]))
    seat = to_act(host)
    legal = set(room(host).state.legal_actions(seat))
    ranks = room(host).state.private_view(seat)["ranks"]
    losing = next(f"play {r}" for r in ranks if f"play {r}" not in legal)
    before = room(host).to_snapshot()
    reply = await host.handle(cmd.Act(person_at(host, seat), PLACE, text=losing))
    assert not reply.ok and reply.key.startswith("ddz.") and reply.text
    assert room(host).to_snapshot() == before
    missing = next(ch for ch in RANK_CHARS if ch not in ranks)
    reply = await host.handle(cmd.Act(person_at(host, seat), PLACE, text=missing))
    assert not reply.ok and room(host).to_snapshot() == before
    for nonsense in ("xyz", "play", "33334444555566667777", "<script>"):
        reply = await host.handle(cmd.Act(person_at(host, seat), PLACE, text=nonsense))
        assert not reply.ok and "Traceback" not in reply.text, nonsense
    assert room(host).to_snapshot() == before


async def test_chinese_words_are_actions(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    first = to_act(host)
    await ok(host, cmd.Act(person_at(host, first), PLACE, text="不叫"))
    assert room(host).state.public_view()["auction"] == [[first, "pass"]]
    await ok(host, cmd.Act(person_at(host, to_act(host)), PLACE, text="叫2分"))
    assert room(host).state.public_view()["auction"][-1][1] == "bid 2"


async def test_a_press_from_an_earlier_prompt_is_refused(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    seat = to_act(host)
    person = person_at(host, seat)
    prompt = recorder.last_private(person.user_id).prompt
    old = next(c for c in prompt.choices if c.action == "bid 1")
    await ok(host, cmd.Act(person, PLACE, text="pass"))
    counter = room(host).counter
    reply = await host.handle(cmd.Press(person, payload=old.payload))
    assert not reply.ok and reply.key == "host.stale"
    assert room(host).counter == counter


async def test_two_presses_at_once_exactly_one_is_accepted(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    person = person_at(host, to_act(host))
    choices = recorder.last_private(person.user_id).prompt.choices
    bid = next(c for c in choices if c.action == "bid 1")
    passing = next(c for c in choices if c.action == "pass")
    replies = await asyncio.gather(cmd_press(host, person, bid.payload),
                                   cmd_press(host, person, bid.payload),
                                   cmd_press(host, person, passing.payload))
    assert sorted(r.ok for r in replies) == [False, False, True]
    assert {r.key for r in replies if not r.ok} <= {"host.stale", "host.not_your_turn"}
    assert len(room(host).state.public_view()["auction"]) == 1


async def cmd_press(host, person, payload):
    return await host.handle(cmd.Press(person, payload=payload))


async def test_a_press_by_someone_else_is_refused(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    seat = to_act(host)
    payload = recorder.last_private(person_at(host, seat).user_id).prompt.choices[0].payload
    other = await host.handle(cmd.Press(person_at(host, (seat + 1) % 3), payload=payload))
    stranger = await host.handle(cmd.Press(actor(9), payload=payload))
    assert (other.key, stranger.key) == ("host.not_your_turn", "host.not_in_room")
    assert len(room(host).state.public_view()["auction"]) == 0


async def test_malformed_and_foreign_payloads_are_refused(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    for payload in ("", "nonsense", "a:b", f"{room_id()}:zz!:pass", f"{room_id()}:1:~toggle",
                    f"{room_id()}:1:!explode", "x" * 200):
        reply = await host.handle(cmd.Press(actor(0), payload=payload))
        assert not reply.ok and reply.key == "host.bad_payload", payload
    gone = await host.handle(cmd.Press(actor(0), payload=encode_payload("nosuchrm", 1, "pass")))
    assert gone.key == "host.room_gone"


async def test_table_buttons_work_as_commands(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, start=False)
    buttons = {b.payload.split(":")[2]: b.payload for b in recorder.tables[-1].buttons}
    await ok(host, cmd.Press(actor(1), payload=buttons["!join"]))
    await ok(host, cmd.Press(actor(0), payload=buttons["!ai"]))
    await ok(host, cmd.Press(actor(1), payload=buttons["!start"]))
    assert room(host).phase is Phase.PLAYING
    hand_button = next(b for b in recorder.tables[-1].buttons if b.payload.endswith("!hand"))
    reply = await host.handle(cmd.Press(actor(1), payload=hand_button.payload))
    assert reply.ok and reply.private is not None and len(reply.private.hand) == 17


async def test_hint_cycles_through_suggestions_and_only_on_your_turn(host_and_recorder) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    await to_play_phase(host)
    seat = to_act(host)
    first = await host.handle(cmd.Hint(person_at(host, seat), PLACE))
    second = await host.handle(cmd.Hint(person_at(host, seat), PLACE))
    assert first.ok and second.ok and first.text != second.text
    assert first.text.startswith("Hint 1/") and second.text.startswith("Hint 2/")
    idle = await host.handle(cmd.Hint(person_at(host, (seat + 1) % 3), PLACE))
    assert idle.key == "host.not_your_turn"


async def test_auto_play_takes_over_and_acting_again_ends_it(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    assert room(host).phase is Phase.OVER  # the AI played the person's seat to the end
    assert "(auto)" in recorder.tables[-2].text
    await ok(host, cmd.Auto(actor(0), PLACE, on=False))
    await ok(host, cmd.Rematch(actor(0), PLACE))
    await host.quiesce()
    assert room(host).phase is Phase.PLAYING and room(host).to_act() == [0]


async def test_two_player_doudizhu_and_tianji_tables_play_to_the_end(host_and_recorder) -> None:
    from tests.host.conftest import play_out

    host, recorder = host_and_recorder
    await open_table(host, "doudizhu2", people=2)
    assert (await play_out(host)).phase is Phase.OVER
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"game": "tianji"}))
    for n in (2, 3):
        await ok(host, cmd.Join(actor(n), PLACE))
    await ok(host, cmd.Start(actor(0), PLACE))
    finished = await play_out(host)
    assert finished.phase is Phase.OVER and len(finished.last_result["seats"]) == 4
    assert recorder.notes[-1].kind == "host.result"


async def test_the_deal_passes_to_the_next_seat_each_hand(host_and_recorder) -> None:
    from bot.host.handlers.replay import replay_matches
    from tests.host.conftest import play_out

    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2)
    # 第一局抽签: the table's first dealer is drawn by lot (the hand's seed), then in turn.
    first = room(host).state.dealer
    assert first == room(host).seed % 3
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    await ok(host, cmd.Rematch(actor(0), PLACE))
    assert room(host).state.dealer == (first + 1) % 3
    await play_out(host)
    records = await host.store.finished_games()
    assert len(records) == 2 and all(replay_matches(r) for r in records)
