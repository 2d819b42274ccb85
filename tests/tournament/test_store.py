"""Competition rows in storage: created with their id, saved whole, found live or by place."""

from __future__ import annotations

from pathlib import Path

from storage import Storage
from storage.competitions import CompetitionStore

PLACE = ("test", "channel", "")


async def test_competitions_round_trip_and_liveness(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    store = CompetitionStore(storage)
    try:
        first = await store.create(PLACE, None, 1.0,
                                   lambda cup_id: {"cup_id": cup_id, "phase": "signup"})
        second = await store.create(PLACE, None, 2.0,
                                    lambda cup_id: {"cup_id": cup_id, "phase": "signup",
                                                    "名": "杯"})
        assert second["cup_id"] == first["cup_id"] + 1
        assert [s["cup_id"] for s in await store.live()] == [first["cup_id"], second["cup_id"]]
        await store.save(first["cup_id"], {**first, "phase": "finished"}, 3.0)
        assert [s["cup_id"] for s in await store.live()] == [second["cup_id"]]
        assert await store.get(first["cup_id"]) == {**first, "phase": "finished"}
        assert (await store.latest_at(PLACE))["名"] == "杯"
        assert await store.latest_at(("test", "elsewhere", "")) is None
    finally:
        await storage.close()


async def test_the_organiser_role_is_named_and_cleared(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    store = CompetitionStore(storage)
    try:
        community = await storage.community("test", "guild")
        assert await store.organiser_role(community) is None
        await store.set_organiser_role(community, "42")
        await store.set_organiser_role(community, "43")
        assert await store.organiser_role(community) == "43"
        await store.set_organiser_role(community, None)
        assert await store.organiser_role(community) is None
    finally:
        await storage.close()
