"""An admin's bean adjustments and the audit log (storage/admin.py), on each backend: a
bank <-> player transaction with a memo naming the admin, never below zero, audited."""

from __future__ import annotations

from storage import Storage
from storage.admin import RECORD_COLUMNS
from storage.records import BANK, GameStart, Outcome, Settlement


async def test_an_adjustment_is_a_zero_sum_audited_transaction(storage: Storage) -> None:
    admin = await storage.player("telegram", "1", "Olga")
    ann = await storage.player("telegram", "2", "Ann")
    group = await storage.community("telegram", "-100", "Club")
    have, bank = await storage.balance(ann), await storage.balance(BANK)
    done = await storage.adjust_beans(group, admin, "Olga", ann, 40, "bug refund")
    assert done.booked and done.balance == have + 40
    refused = await storage.adjust_beans(group, admin, "Olga", ann, -(have + 41), "too much")
    assert not refused.booked and refused.balance == have + 40
    taken = await storage.adjust_beans(group, admin, "Olga", ann, -(have + 40), "all of it")
    assert taken.booked and taken.balance == 0
    assert await storage.balance(ann) == 0 and await storage.balance(BANK) == bank + have
    assert await storage.books_balanced()
    assert [(e.admin, e.target, e.amount, e.reason) for e in await storage.admin_audit(group)] \
        == [("Olga", "Ann", -(have + 40), "all of it"), ("Olga", "Ann", 40, "bug refund")]
    assert [e.reason for e in await storage.adjustments(ann)] == ["all of it", "bug refund"]


async def test_barring_is_per_community_and_audited(storage: Storage) -> None:
    admin = await storage.player("telegram", "1", "Olga")
    ann = await storage.player("telegram", "2", "Ann")
    club = await storage.community("telegram", "-100", "Club")
    other = await storage.community("telegram", "-200", "Other")
    assert await storage.bar(club, admin, ann, "rude")
    assert not await storage.bar(club, admin, ann, "again")  # already: no second log row
    assert await storage.is_barred(club, ann) and not await storage.is_barred(other, ann)
    assert await storage.bar(club, admin, ann, "", barred=False)
    assert not await storage.bar(club, admin, ann, "", barred=False)
    assert not await storage.is_barred(club, ann)
    assert [(e.action, e.reason) for e in await storage.admin_audit(club)] == [
        ("unbar", ""), ("bar", "rude")]


async def test_a_communitys_records_are_its_finished_hands_one_row_per_person(
        storage: Storage) -> None:
    a, b, c = [await storage.player("telegram", str(n), f"p{n}") for n in range(3)]
    club = await storage.community("telegram", "-1", "club")
    other = await storage.community("telegram", "-2", "other")
    for game_id, community in (("g1", club), ("g2", other)):
        start = GameStart(game_id, "room", community, "tianji", {}, 1, [a, b, c], 1, "points",
                          0.0)
        await storage.save_room("room", {}, game_start=start)
        deltas = {a: 2, b: -1, c: -1}
        outcomes = [Outcome(p, seat, "", p == a, deltas[p]) for seat, p in enumerate((a, b, c))]
        assert await storage.save_room("room", {}, settlement=Settlement(
            game_id, "points", deltas, {}, outcomes, 5.0))
    start = GameStart("g3", "room", club, "tianji", {}, 1, [a, b, c], 1, "points", 0.0)
    await storage.save_room("room", {}, game_start=start)  # in play: not a record yet
    rows = await storage.community_records(club)
    assert [(r[0], r[5], r[6], r[7], bool(r[9]), r[10]) for r in rows] == [
        ("g1", 0, a, "p0", True, 2), ("g1", 1, b, "p1", False, -1),
        ("g1", 2, c, "p2", False, -1)]
    assert len(rows[0]) == len(RECORD_COLUMNS)


async def test_the_admin_role_is_named_renamed_and_cleared_audited(storage: Storage) -> None:
    admin = await storage.player("discord", "1", "Olga")
    guild = await storage.community("discord", "9", "Guild")
    assert await storage.admin_role(guild) is None
    await storage.set_admin_role(guild, admin, "111")
    await storage.set_admin_role(guild, admin, "222")
    assert await storage.admin_role(guild) == "222"
    await storage.set_admin_role(guild, admin, None)
    assert await storage.admin_role(guild) is None
    assert [(e.action, e.reason) for e in await storage.admin_audit(guild)] == [
        ("role", ""), ("role", "222"), ("role", "111")]
