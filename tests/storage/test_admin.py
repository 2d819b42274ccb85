"""An admin's bean adjustments and the audit log (storage/admin.py), on each backend: a
bank <-> player transaction with a memo naming the admin, never below zero, audited."""

from __future__ import annotations

from storage import Storage
from storage.records import BANK


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
