"""One person on two platforms: a code made on one and typed on the other links them; the
wallet, record and leaderboard row become one; unlinking makes no bean; a code is needed."""

from __future__ import annotations

import pytest

from storage import BANK, HOUSE, LedgerError, Storage
from storage.identities import CODE_SECONDS
from tests.storage.conftest import FakeClock
from tests.storage.test_rooms import _play_a_game


async def _two_platforms(storage: Storage) -> tuple[int, int]:
    on_discord = await storage.player("discord", "42", "Ann")
    on_telegram = await storage.player("telegram", "7", "Ann T")
    return on_discord, on_telegram


async def test_a_code_typed_on_the_other_platform_makes_one_wallet_and_one_record(
    storage: Storage,
) -> None:
    ann, ann_t = await _two_platforms(storage)
    others = [await storage.player("discord", str(n), f"P{n}") for n in (1, 2)]
    await _play_a_game(storage, "g1", [ann_t, *others])  # ann_t wins 40 as landlord
    code = await storage.link_code(ann)
    result = await storage.link(code.lower(), ann_t)
    assert result.status == "linked" and result.into == ann and result.moved == {"beans": 1040}
    assert await storage.player("telegram", "7", "Ann T") == ann
    assert await storage.balance(ann) == 2040 and await storage.balance(ann_t) == 0
    stats = await storage.stats(ann)
    assert (stats.games, stats.wins, stats.beans) == (1, 1, 2040)
    board = await storage.leaderboard("beans")
    assert [row.player_id for row in board].count(ann) == 1 and ann_t not in {
        row.player_id for row in board}
    wins = await storage.leaderboard("wins")
    assert wins[0].player_id == ann and wins[0].value == 1
    assert ann_t not in {row.player_id for row in wins} and len(wins) == 3
    assert await storage.linked_players(ann_t) == [("discord", "Ann"), ("telegram", "Ann T")]
    assert await storage.books_balanced()


async def test_a_code_works_once_and_only_before_it_expires(
    storage: Storage, clock: FakeClock
) -> None:
    ann, ann_t = await _two_platforms(storage)
    bob_t = await storage.player("telegram", "8", "Bob")
    code = await storage.link_code(ann)
    clock.now += CODE_SECONDS + 1
    assert (await storage.link(code, ann_t)).status == "bad_code"
    code = await storage.link_code(ann)
    assert (await storage.link(code, ann_t)).status == "linked"
    assert (await storage.link(code, bob_t)).status == "bad_code"  # used up
    assert await storage.balance(bob_t) == 1000 and await storage.balance(ann) == 2000


async def test_links_that_would_merge_wrongly_are_refused_and_move_nothing(
    storage: Storage,
) -> None:
    ann, ann_t = await _two_platforms(storage)
    ann_d2 = await storage.player("discord", "43", "Ann alt")
    assert (await storage.link(await storage.link_code(ann), ann)).status == "same_player"
    assert (await storage.link(await storage.link_code(ann), ann_d2)).status == "same_platform"
    assert (await storage.link(await storage.link_code(ann), ann_t)).status == "linked"
    assert (await storage.link(await storage.link_code(ann), ann_t)).status == "same_player"
    zed_t = await storage.player("telegram", "9", "Zed")
    # Ann's Telegram identity now carries Ann's wallet: a code made there is Ann's.
    code = await storage.link_code(await storage.identity("telegram", "7", "Ann T"))
    assert (await storage.link(code, zed_t)).status == "same_platform"
    # Ann's wallet has identities linked to it: it cannot itself move into another one.
    assert (await storage.link(await storage.link_code(zed_t), ann)).status == "has_links"
    assert await storage.balance(ann) == 2000 and await storage.balance(zed_t) == 1000
    assert await storage.books_balanced()


async def test_unlinking_parts_the_identity_with_an_empty_wallet_and_makes_no_bean(
    storage: Storage,
) -> None:
    ann, ann_t = await _two_platforms(storage)
    assert await storage.unlink(ann_t) == []
    await storage.link(await storage.link_code(ann), ann_t)
    assert await storage.unlink(ann_t) == [ann_t]
    assert await storage.player("telegram", "7", "Ann T") == ann_t
    assert await storage.balance(ann_t) == 0 and await storage.balance(ann) == 2000
    assert await storage.balance(BANK) == -2000 and await storage.balance(HOUSE) == 0
    # Linked again later: a new move, with its own ledger key.
    await storage.transfer("gift", "beans", {ann: -5, ann_t: 5})
    await storage.link(await storage.link_code(ann), ann_t)
    assert await storage.balance(ann) == 2000 and await storage.books_balanced()


async def test_link_keys_cannot_be_booked_by_transfers(storage: Storage) -> None:
    ann, ann_t = await _two_platforms(storage)
    with pytest.raises(LedgerError, match="reserved"):
        await storage.transfer(f"link:{ann_t}:{ann}:1", "beans", {ann_t: -10, ann: 10})
