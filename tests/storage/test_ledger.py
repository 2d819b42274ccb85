"""The ledger: grants, relief, transfers, zero sums and the check that finds drift."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from pathlib import Path

import pytest

from storage import BANK, HOUSE, LedgerError, Storage, UnknownRecordError
from tests.storage.conftest import RAW_ERRORS, raw_execute

DAY = date(2026, 3, 2)


async def _ledger_rows(storage: Storage) -> tuple[int, int]:
    return await storage._read(
        lambda conn: (
            conn.execute("SELECT COUNT(*) FROM ledger_txns").fetchone()[0],
            conn.execute("SELECT COUNT(*) FROM ledger_entries").fetchone()[0],
        )
    )


async def test_a_new_player_gets_the_starting_grant_from_the_bank_once(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    again = await storage.player("telegram", "1", "Alice (renamed)")
    assert again == alice
    assert await storage.player_name(alice) == "Alice (renamed)"
    assert await storage.balance(alice) == 1000
    assert await storage.balance(BANK) == -1000
    assert await storage.books_balanced()


async def test_the_same_user_id_on_two_platforms_is_two_players(storage: Storage) -> None:
    on_telegram = await storage.player("telegram", "1", "A")
    on_discord = await storage.player("discord", "1", "A")
    assert on_telegram != on_discord


async def test_concurrent_first_sightings_create_one_player_and_one_grant(
    storage: Storage,
) -> None:
    ids = await asyncio.gather(*(storage.player("discord", "9", "Nine") for _ in range(20)))
    assert len(set(ids)) == 1
    assert await storage.balance(ids[0]) == 1000
    assert await _ledger_rows(storage) == (1, 2)


async def test_the_grant_amount_comes_from_the_settings(database: Path | str) -> None:
    storage = await Storage.open(database, starting_grant=250)
    player = await storage.player("console", "me", "Me")
    assert await storage.balance(player) == 250
    await storage.close()


async def test_a_transfer_with_the_same_key_is_booked_once(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    bob = await storage.player("telegram", "2", "Bob")
    assert await storage.transfer("gift:1", "beans", {alice: -300, bob: 300}, memo="gift")
    assert not await storage.transfer("gift:1", "beans", {alice: -300, bob: 300})
    assert await storage.balances([alice, bob]) == {alice: 700, bob: 1300}
    # The same key in another kind is another transaction.
    assert await storage.transfer("gift:1", "cup", {alice: 5, HOUSE: -5})
    assert await storage.balance(alice, "cup") == 5
    assert await storage.books_balanced()


async def test_a_transfer_that_does_not_sum_to_zero_is_refused_and_writes_nothing(
    storage: Storage,
) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    bob = await storage.player("telegram", "2", "Bob")
    before = await _ledger_rows(storage)
    with pytest.raises(LedgerError, match="zero"):
        await storage.transfer("bad", "beans", {alice: -300, bob: 301})
    assert await _ledger_rows(storage) == before
    assert await storage.balances([alice, bob]) == {alice: 1000, bob: 1000}
    # The key is still free: the refused attempt left nothing behind.
    assert await storage.transfer("bad", "beans", {alice: -300, bob: 300})


@pytest.mark.parametrize(
    "kind, deltas, error",
    [
        ("gold", {1: -1, 2: 1}, LedgerError),
        ("beans", {1: -1.5, 2: 1.5}, LedgerError),
        ("beans", {1: -True, 2: True}, LedgerError),
        ("beans", {1: -10, 999: 10}, UnknownRecordError),
    ],
)
async def test_malformed_transfers_are_refused(
    storage: Storage, kind: str, deltas: dict[int, int], error: type[Exception]
) -> None:
    await storage.player("telegram", "1", "Alice")
    await storage.player("telegram", "2", "Bob")
    before = await _ledger_rows(storage)
    with pytest.raises(error):
        await storage.transfer("x", kind, deltas)
    assert await _ledger_rows(storage) == before


async def test_storage_owned_keys_cannot_be_used_by_transfers(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    with pytest.raises(LedgerError, match="reserved"):
        await storage.transfer(f"grant:{alice}", "beans", {BANK: -1, alice: 1})


async def test_relief_tops_a_broke_player_up_once_a_day(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    bob = await storage.player("telegram", "2", "Bob")
    await storage.transfer("lost", "beans", {alice: -960, bob: 960})  # Alice has 40

    assert await storage.daily_relief(alice, DAY) == 460  # up to 500
    assert await storage.balance(alice) == 500
    assert await storage.daily_relief(alice, DAY) == 0  # not broke any more

    await storage.transfer("lost again", "beans", {alice: -500, bob: 500})
    assert await storage.daily_relief(alice, DAY) == 0  # broke again, same day: no
    assert await storage.balance(alice) == 0
    assert await storage.daily_relief(alice, DAY + timedelta(days=1)) == 500
    assert await storage.balance(alice) == 500
    assert await storage.balance(BANK) == -2000 - 460 - 500
    assert await storage.books_balanced()


async def test_relief_is_not_given_to_a_player_who_is_not_broke(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    assert await storage.daily_relief(alice, DAY) == 0
    assert await storage.balance(alice) == 1000


async def test_concurrent_relief_claims_pay_once(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    await storage.transfer("lost", "beans", {alice: -1000, HOUSE: 1000})
    granted = await asyncio.gather(*(storage.daily_relief(alice, DAY) for _ in range(10)))
    assert sorted(granted) == [0] * 9 + [500]


async def test_the_ledger_is_append_only(storage: Storage, database: Path | str) -> None:
    await storage.player("telegram", "1", "Alice")
    with pytest.raises(RAW_ERRORS, match="append-only"):
        await raw_execute(database, "UPDATE ledger_entries SET amount = amount + 1")
    with pytest.raises(RAW_ERRORS, match="append-only"):
        await raw_execute(database, "DELETE FROM ledger_entries")
    assert await storage.balance(BANK) == -1000


async def test_books_balanced_notices_a_tampered_balance(
    storage: Storage, database: Path | str
) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    assert await storage.books_balanced()
    await raw_execute(database, "UPDATE balances SET amount = 1000000 WHERE account_id = ?", alice)
    assert not await storage.books_balanced()
    assert any(f"account {alice}" in problem for problem in await storage.ledger_problems())


async def test_books_balanced_notices_an_entry_that_breaks_zero_sum(
    storage: Storage, database: Path | str
) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    await raw_execute(
        database,
        "INSERT INTO ledger_txns (key, kind, on_boards, at) VALUES ('forged', 'beans', 0, 0)",
    )
    await raw_execute(
        database,
        "INSERT INTO ledger_entries SELECT id, ?, 'beans', 50 FROM ledger_txns"
        " WHERE key = 'forged'",
        alice,
    )
    # The trigger kept the cache in step, so only the zero-sum check can see it.
    assert not await storage.books_balanced()
    assert any("sums to +50" in problem for problem in await storage.ledger_problems())


async def test_balances_of_accounts_that_never_moved_are_zero(storage: Storage) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    assert await storage.balance(alice, "points") == 0
    assert await storage.balances([alice, HOUSE], "cup") == {alice: 0, HOUSE: 0}


async def test_two_connections_to_one_database_keep_the_books(database: Path | str) -> None:
    first = await Storage.open(database)
    second = await Storage.open(database)
    alice = await first.player("telegram", "1", "Alice")
    bob = await second.player("telegram", "2", "Bob")

    async def trade(storage: Storage, side: int) -> None:
        for n in range(30):
            payer, payee = (alice, bob) if (n + side) % 2 else (bob, alice)
            await storage.transfer(f"trade:{n}", "beans", {payer: -(n + 1), payee: n + 1})

    await asyncio.gather(trade(first, 0), trade(second, 1))
    assert await first.balance(alice) + await second.balance(bob) == 2000
    # Both sides used the same keys: each trade was booked by whichever came first, once.
    assert await first._read(
        lambda conn: conn.execute("SELECT COUNT(*) FROM ledger_txns WHERE key LIKE 'trade:%'")
        .fetchone()[0]
    ) == 30
    assert await second.books_balanced()
    await first.close()
    await second.close()
