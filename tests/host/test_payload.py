"""Button payloads: they fit both platforms, round-trip, and refuse anything malformed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import PaijuError
from bot.host.payload import MAX_PAYLOAD_BYTES, decode_payload, encode_payload, to_base36
from bot.host.room import room_id_for
from bot.host.views import Place

LONGEST_ACTIONS = [
    "play 33344455566677788899",  # 20 cards: a plane with kickers
    "arrange As|KhQd|2s3h5d",
    "keep As Kh Qd",
    "no-double",
    "!again",
]


@given(st.integers(min_value=0, max_value=10**9))
def test_counters_round_trip_in_base36(counter: int) -> None:
    payload = decode_payload(encode_payload("abcd1234", counter, "pass"))
    assert (payload.room_id, payload.counter, payload.code) == ("abcd1234", counter, "pass")
    assert int(to_base36(counter), 36) == counter


@pytest.mark.parametrize("action", LONGEST_ACTIONS)
def test_the_longest_actions_fit_telegram_and_discord(action: str) -> None:
    room = room_id_for(Place("telegram", "-1001234567890123", "987654321"))
    payload = encode_payload(room, 10**9, action)
    assert len(payload.encode()) <= MAX_PAYLOAD_BYTES <= 100
    assert decode_payload(payload).code == action


def test_room_ids_are_short_stable_and_distinct_per_thread() -> None:
    a = room_id_for(Place("discord", "1", ""))
    assert a == room_id_for(Place("discord", "1", "", "guild", "name"))
    assert len(a) == 8 and a.isalnum()
    assert a != room_id_for(Place("discord", "1", "2"))
    assert a != room_id_for(Place("telegram", "1", ""))


@pytest.mark.parametrize("text", ["", "room", "room:1", "room::pass", "room:-1:pass",
                                  ":1:pass", "room:1:", "r:é:pass", "x" * 101])
def test_malformed_payloads_are_refused(text: str) -> None:
    with pytest.raises(PaijuError) as error:
        decode_payload(text)
    assert error.value.key == "host.bad_payload"


def test_an_oversized_payload_cannot_be_built() -> None:
    with pytest.raises(ValueError):
        encode_payload("abcd1234", 1, "play " + "3" * 60)
