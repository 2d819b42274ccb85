"""Seasons on a hand-wound clock: at the month's end the standings freeze and stay readable,
the new season starts empty, and lifetime totals go on unchanged; `/lb season` in chat."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import aiohttp

from bot.host import commands as cmd
from bot.host.runtime.clock import ManualClock
from storage import Storage
from storage.migrations import bundled_migrations, split_statements
from tests.host.conftest import PLACE, actor, ok
from tests.web.conftest import Site

DECEMBER = datetime(2023, 12, 1, 0, 0, 30, tzinfo=UTC).timestamp()  # the clock starts in Nov


async def hands(site: Site, count: int, first: bool) -> None:
    host = site.host
    if first:
        await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
        await ok(host, cmd.Join(actor(1), PLACE))
        await ok(host, cmd.AddAI(actor(0), PLACE))
        for n in (0, 1):
            await ok(host, cmd.Auto(actor(n), PLACE, on=True))
    for hand in range(count):
        await ok(host, (cmd.Start if first and hand == 0 else cmd.Rematch)(actor(0), PLACE))
        await host.quiesce()


def board(rows: list) -> dict[str, float]:
    return {row.name: row.value for row in rows}


async def test_a_season_freezes_at_the_months_end_and_the_next_starts_empty(
        site: Site, clock: ManualClock) -> None:
    store = site.host.store
    assert store.season() == "2023-11"
    await hands(site, 2, first=True)
    community = await site.host.community_id(PLACE)
    november = {metric: board(await store.leaderboard(metric, community_id=community,
                                                      period="season"))
                for metric in ("games", "wins", "beans")}
    assert november["games"] == {"Player0": 2, "Player1": 2}
    player = await site.host.player_id(actor(0))
    lifetime = await store.stats(player, community)
    wallet = await store.balance(player)

    clock.advance(DECEMBER - clock.now())
    assert store.season() == "2023-12"
    assert await store.leaderboard("games", community_id=community, period="season") == []
    reply = await site.host.handle(cmd.Leaderboard(actor(0), PLACE, metric="games",
                                                   period="season"))
    assert reply.ok and "this season" in reply.text and "Nobody yet." in reply.text
    assert "/lb/" in reply.text  # the board's web link

    await hands(site, 1, first=False)
    for metric, standings in november.items():  # frozen: December's hand changed nothing
        assert board(await store.leaderboard(metric, community_id=community, period="season",
                                             season="2023-11")) == standings
    assert board(await store.leaderboard("games", community_id=community,
                                         period="season")) == {"Player0": 1, "Player1": 1}
    after = await store.stats(player, community)
    assert (after.games, after.wins - lifetime.wins in (0, 1)) == (lifetime.games + 1, True)
    december_beans = board(await store.leaderboard("beans", community_id=community,
                                                   period="season"))["Player0"]
    assert await store.balance(player) == wallet + december_beans  # lifetime = seasons summed
    all_time = board(await store.leaderboard("games", community_id=community))
    assert all_time == {"Player0": 3, "Player1": 3}
    assert await store.seasons(community) == ["2023-12", "2023-11"]

    # The past season stays browsable on the web, marked final.
    path = site.links.board_path(community, period="season", season="2023-11", metric="games")
    async with aiohttp.ClientSession() as client, client.get(site.url(path, "en")) as response:
        page = await response.text()
    assert response.status == 200
    assert "Season 2023-11 (final standings)" in page and 'data-season="2023-11"' in page


def _tables_at_version_5() -> frozenset[str]:
    """The tables a database migrated up to version 5 has (what the test's old file had)."""
    conn = sqlite3.connect(":memory:")
    try:
        for migration in bundled_migrations()[:5]:
            for statement in split_statements(migration.sql):
                conn.execute(statement)
        return frozenset(name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"))
    finally:
        conn.close()


_VERSION_5_TABLES = _tables_at_version_5()

async def test_migration_6_rebuilds_the_seasons_of_games_played_before_it(
        site: Site, tmp_path) -> None:
    await hands(site, 2, first=True)
    store = site.host.store
    community = await site.host.community_id(PLACE)
    before = {m: board(await store.leaderboard(m, community_id=community, period="season"))
              for m in ("games", "wins", "beans")}
    overall = board(await store.leaderboard("beans", period="season"))
    path = site.host.settings.database
    await store.close()
    conn = sqlite3.connect(path)  # as a version-5 file was: no season rows yet
    conn.execute("DELETE FROM standings WHERE period = '2023-11'")
    # A version-5 file had none of the tables later migrations add: drop them, so that
    # reopening runs migrations 6.. as on a real old file.
    for (table,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchall():
        if table not in _VERSION_5_TABLES:
            conn.execute(f'DROP TABLE "{table}"')
    conn.execute("ALTER TABLE players DROP COLUMN linked_to")  # added by migration 9
    conn.execute("ALTER TABLE standings DROP COLUMN carried")  # added by migration 12
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    reopened = await Storage.open(path, clock=lambda: DECEMBER - 86400)
    try:
        assert {m: board(await reopened.leaderboard(m, community_id=community,
                                                    period="season"))
                for m in ("games", "wins", "beans")} == before
        assert board(await reopened.leaderboard("beans", period="season")) == overall
        assert await reopened.books_balanced()
    finally:
        await reopened.close()
