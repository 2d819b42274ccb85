"""save_room: snapshot, game record and settlement in one transaction, all or nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from storage import (
    HOUSE,
    ActionConflictError,
    ActionRecord,
    GameStart,
    LedgerError,
    Outcome,
    Settlement,
    Storage,
    UnknownRecordError,
)
from storage.games import to_json
from tests.storage.conftest import MONDAY


async def _table(storage: Storage) -> list[int]:
    return [await storage.player("telegram", str(n), f"P{n}") for n in (1, 2, 3)]


def _start(game_id: str, seats: list[int | None], community: int | None = None) -> GameStart:
    return GameStart(
        game_id=game_id, room_id="room-1", community_id=community, game="doudizhu3",
        options={"bomb_cap": None, "名": "斗地主"}, seed=2**80 + 7, seats=seats, stake=10,
        mode="beans", at=MONDAY,
    )


def _landlord_wins(game_id: str, seats: list[int], amount: int = 40) -> Settlement:
    landlord, farmer_1, farmer_2 = seats
    half = amount // 2
    return Settlement(
        game_id=game_id, kind="beans",
        deltas={landlord: amount, farmer_1: -half, farmer_2: -half},
        result={"winner": "landlord", "spring": False},
        outcomes=[
            Outcome(landlord, 0, "landlord", True, amount, alone=True),
            Outcome(farmer_1, 1, "farmer", False, -half),
            Outcome(farmer_2, 2, "farmer", False, -half),
        ],
        at=MONDAY + 60,
    )


async def _play_a_game(storage: Storage, game_id: str, seats: list[int]) -> bool:
    await storage.save_room("room-1", {"turn": 0}, game_start=_start(game_id, list(seats)))
    for index, action in enumerate(["bid 3", "play 33344", "pass", "pass"]):
        await storage.save_room(
            "room-1", {"turn": index + 1},
            action=ActionRecord(game_id, index, index % 3, action, MONDAY + index),
        )
    return await storage.save_room(
        "room-1", {"turn": "over"}, settlement=_landlord_wins(game_id, seats)
    )


async def test_a_saved_room_comes_back_after_reopening(database: Path | str) -> None:
    storage = await Storage.open(database)
    await storage.save_room("room-b", {"hands": [["3", "4"]], "名": "田忌"})
    await storage.save_room("room-a", {"v": 1})
    await storage.save_room("room-a", {"v": 2})
    await storage.close()
    storage = await Storage.open(database)
    assert await storage.load_rooms() == [
        ("room-a", {"v": 2}), ("room-b", {"hands": [["3", "4"]], "名": "田忌"})
    ]
    await storage.delete_room("room-a")
    assert [room for room, _ in await storage.load_rooms()] == ["room-b"]
    await storage.close()


async def test_a_snapshot_reads_back_as_the_standard_encoder_wrote_it(
        database: Path | str) -> None:
    # Written by orjson: Chinese kept as text, integer keys as strings, and a seed beyond
    # 64 bits (which orjson refuses) by the standard encoder; both read back the same.
    snapshot = {"名": "斗地主", "seats": {1: "a", 2: None}, "seed": 2**80 + 7, "x": [1.5, True]}
    assert to_json(snapshot) == json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))
    small = {"名": "斗地主", "seats": {1: "a"}, "seed": 2**62, "x": [0.1, None]}
    assert to_json(small) == json.dumps(small, ensure_ascii=False, separators=(",", ":"))
    storage = await Storage.open(database)
    await storage.save_room("room-big", snapshot)
    await storage.save_room("room-small", {"名": "斗地主", "seats": {1: "a"}})
    await storage.close()
    storage = await Storage.open(database)
    assert dict(await storage.load_rooms()) == {
        "room-big": json.loads(json.dumps(snapshot)),
        "room-small": {"名": "斗地主", "seats": {"1": "a"}},
    }
    await storage.close()


async def test_a_finished_game_is_a_replayable_record(storage: Storage) -> None:
    seats = await _table(storage)
    assert await _play_a_game(storage, "g1", seats)
    [record] = await storage.finished_games()
    assert record.game_id == "g1" and record.game == "doudizhu3"
    assert record.seed == 2**80 + 7
    assert record.options == {"bomb_cap": None, "名": "斗地主"}
    assert record.seats == seats
    assert record.actions == [(0, "bid 3"), (1, "play 33344"), (2, "pass"), (0, "pass")]
    assert record.result == {"winner": "landlord", "spring": False}
    assert record.deltas == {seats[0]: 40, seats[1]: -20, seats[2]: -20}


async def test_an_unfinished_game_is_not_among_the_finished(storage: Storage) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    assert await storage.finished_games() == []
    record = await storage.game_record("g1")
    assert record is not None and record.result is None


async def test_settling_the_same_game_twice_changes_nothing(storage: Storage) -> None:
    seats = await _table(storage)
    assert await _play_a_game(storage, "g1", seats)
    balances = await storage.balances(seats)
    stats = await storage.stats(seats[0])

    again = await storage.save_room("room-1", {"turn": "over"},
                                    settlement=_landlord_wins("g1", seats))
    assert again is False
    assert await storage.balances(seats) == balances == {
        seats[0]: 1040, seats[1]: 980, seats[2]: 980
    }
    assert await storage.stats(seats[0]) == stats
    assert stats.games == 1 and stats.wins == 1 and stats.landlord_wins == 1
    assert await storage.books_balanced()


async def test_concurrent_settlements_of_one_game_book_exactly_one(storage: Storage) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    applied = await asyncio.gather(
        *(storage.save_room("room-1", {"n": n}, settlement=_landlord_wins("g1", seats))
          for n in range(12))
    )
    assert sorted(applied) == [False] * 11 + [True]
    assert await storage.balance(seats[0]) == 1040


async def test_an_unbalanced_settlement_is_refused_with_no_partial_write(
    storage: Storage,
) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {"turn": 0}, game_start=_start("g1", list(seats)))
    broken = Settlement(
        "g1", "beans", {seats[0]: 40, seats[1]: -20, seats[2]: -19}, {"winner": "landlord"},
        [Outcome(seats[0], 0, "landlord", True, 40), Outcome(seats[1], 1, "farmer", False, -20),
         Outcome(seats[2], 2, "farmer", False, -19)],
        MONDAY,
    )
    with pytest.raises(LedgerError, match="zero"):
        await storage.save_room(
            "room-1", {"turn": "over"},
            action=ActionRecord("g1", 0, 0, "play 3", MONDAY), settlement=broken,
        )
    assert await storage.load_rooms() == [("room-1", {"turn": 0})]
    record = await storage.game_record("g1")
    assert record is not None and record.actions == [] and record.result is None
    assert await storage.balances(seats) == dict.fromkeys(seats, 1000)
    assert (await storage.stats(seats[0])).games == 0
    # The refused save did not burn the settlement key.
    assert await storage.save_room("room-1", {}, settlement=_landlord_wins("g1", seats))


async def test_outcomes_must_agree_with_the_ledger(storage: Storage) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    good = _landlord_wins("g1", seats)
    lying = Settlement(good.game_id, good.kind, good.deltas, good.result,
                       [Outcome(seats[0], 0, "landlord", True, 400), *good.outcomes[1:]], good.at)
    with pytest.raises(LedgerError, match="disagrees"):
        await storage.save_room("room-1", {}, settlement=lying)
    assert await storage.balance(seats[0]) == 1000


async def test_ai_seats_are_booked_against_the_house(storage: Storage) -> None:
    human = await storage.player("console", "me", "Me")
    await storage.save_room("room-1", {}, game_start=_start("g1", [human, None, None]))
    settlement = Settlement(
        "g1", "beans", {human: -60, HOUSE: 60}, {"winner": "farmers"},
        [Outcome(human, 0, "landlord", False, -60)], MONDAY,
    )
    assert await storage.save_room("room-1", {}, settlement=settlement)
    assert await storage.balance(human) == 940
    assert await storage.balance(HOUSE) == 60
    assert await storage.books_balanced()
    [record] = await storage.finished_games()
    assert record.seats == [human, None, None]
    assert record.deltas == {human: -60, HOUSE: 60}


async def test_a_game_settled_in_two_kinds_counts_as_one_game(storage: Storage) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    beans = _landlord_wins("g1", seats)
    cup = Settlement("g1", "cup", {seats[0]: 3, HOUSE: -3}, {"cup": 3},
                     [Outcome(seats[0], 0, "landlord", True, 3)], MONDAY)
    assert await storage.save_room("room-1", {}, settlement=beans)
    assert await storage.save_room("room-1", {}, settlement=cup)
    stats = await storage.stats(seats[0])
    assert (stats.beans, stats.cup, stats.games, stats.wins) == (1040, 3, 1, 1)
    [record] = await storage.finished_games()
    assert record.result == {"winner": "landlord", "spring": False}


async def test_the_same_action_twice_is_kept_once_but_a_different_one_is_refused(
    storage: Storage,
) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    first = ActionRecord("g1", 0, 0, "bid 1", MONDAY)
    await storage.save_room("room-1", {"n": 1}, action=first)
    await storage.save_room("room-1", {"n": 1}, action=first)
    with pytest.raises(ActionConflictError):
        await storage.save_room("room-1", {"n": 2},
                                action=ActionRecord("g1", 0, 0, "bid 3", MONDAY))
    assert await storage.load_rooms() == [("room-1", {"n": 1})]
    record = await storage.game_record("g1")
    assert record is not None and record.actions == [(0, "bid 1")]


async def test_records_of_unknown_games_and_players_are_refused(storage: Storage) -> None:
    seats = await _table(storage)
    with pytest.raises(UnknownRecordError):
        await storage.save_room("room-1", {}, action=ActionRecord("nope", 0, 0, "pass", 0))
    with pytest.raises(UnknownRecordError):
        await storage.save_room("room-1", {}, settlement=_landlord_wins("nope", seats))
    with pytest.raises(UnknownRecordError):
        await storage.save_room("room-1", {}, game_start=_start("g", list(seats), community=77))
    assert await storage.load_rooms() == []


async def test_many_rooms_saving_at_once_all_land(storage: Storage) -> None:
    seats = await _table(storage)

    async def room(n: int) -> None:
        game_id = f"g{n}"
        await storage.save_room(f"room-{n}", {"n": n}, game_start=_start(game_id, list(seats)))
        for index in range(10):
            await storage.save_room(f"room-{n}", {"n": n, "i": index},
                                    action=ActionRecord(game_id, index, index % 3, "pass", 0))
        await storage.save_room(f"room-{n}", {"n": n, "over": True},
                                settlement=_landlord_wins(game_id, seats))

    await asyncio.gather(*(room(n) for n in range(40)))
    rooms = dict(await storage.load_rooms())
    assert len(rooms) == 40 and all(rooms[f"room-{n}"]["over"] for n in range(40))
    records = await storage.finished_games()
    assert len(records) == 40 and all(len(record.actions) == 10 for record in records)
    assert await storage.balance(seats[0]) == 1000 + 40 * 40
    assert (await storage.stats(seats[1])).games == 40
    assert await storage.books_balanced()


async def test_a_failing_save_does_not_disturb_the_saves_batched_with_it(
    storage: Storage,
) -> None:
    seats = await _table(storage)
    await storage.save_room("room-1", {}, game_start=_start("g1", list(seats)))
    bad = Settlement("g1", "beans", {seats[0]: 1}, {}, [], MONDAY)
    results = await asyncio.gather(
        storage.save_room("room-2", {"ok": 1}),
        storage.save_room("room-1", {"bad": True}, settlement=bad),
        storage.save_room("room-3", {"ok": 3}),
        return_exceptions=True,
    )
    assert results[0] is False and results[2] is False
    assert isinstance(results[1], LedgerError)
    assert dict(await storage.load_rooms()) == {"room-1": {}, "room-2": {"ok": 1},
                                                "room-3": {"ok": 3}}


async def test_stats_in_a_community_count_only_its_games(storage: Storage) -> None:
    seats = await _table(storage)
    home = await storage.community("telegram", "-100", "Home")
    away = await storage.community("discord", "55", "Away")
    assert await storage.community("telegram", "-100") == home
    await storage.save_room("r", {}, game_start=_start("g-home", list(seats), community=home))
    await storage.save_room("r", {}, game_start=_start("g-away", list(seats), community=away))
    await storage.save_room("r", {}, settlement=_landlord_wins("g-home", seats))
    await storage.save_room("r", {}, settlement=_landlord_wins("g-away", seats[::-1]))
    overall = await storage.stats(seats[0])
    at_home = await storage.stats(seats[0], community_id=home)
    assert (overall.games, overall.wins) == (2, 1)
    assert (at_home.games, at_home.wins, at_home.landlord_games) == (1, 1, 1)
    assert at_home.beans == overall.beans == 1020  # the wallet is the same everywhere


async def test_closing_waits_for_queued_writes(database: Path | str) -> None:
    storage = await Storage.open(database)
    saves = [asyncio.ensure_future(storage.save_room(f"r{n}", {"n": n})) for n in range(50)]
    await asyncio.sleep(0)
    await storage.close()
    await asyncio.gather(*saves)
    storage = await Storage.open(database)
    assert len(await storage.load_rooms()) == 50
    await storage.close()


async def test_the_boards_offered_are_those_the_games_played_have(storage: Storage) -> None:
    # A rate board over hands alone against the rest is offered once such a hand is booked
    # (issue 55: a community that only played games without such a role is not offered it).
    assert "landlord_win_rate" not in await storage.metrics_offered()
    assert "win_rate" in await storage.metrics_offered()
    seats = await _table(storage)
    assert await _play_a_game(storage, "g1", seats)
    assert "landlord_win_rate" in await storage.metrics_offered()
