"""Settings a player keeps (storage/preferences.py), on each backend."""

from __future__ import annotations

from storage import Storage


async def test_kept_settings_are_per_player_and_a_games_own_win(storage: Storage) -> None:
    me = await storage.player("console", "me", "me")
    other = await storage.player("console", "other", "other")
    await storage.keep_player_settings(me, "", {"stake": "50", "lang": "zh"})
    await storage.keep_player_settings(me, "doudizhu3", {"bomb_cap": "3", "stake": "20"})
    await storage.keep_player_settings(me, "", {"stake": "60"})  # changed again
    assert await storage.player_settings(me, "doudizhu3") == {
        "stake": "20", "lang": "zh", "bomb_cap": "3"}
    assert await storage.player_settings(me, "tianji") == {"stake": "60", "lang": "zh"}
    assert await storage.player_settings(other, "tianji") == {}
