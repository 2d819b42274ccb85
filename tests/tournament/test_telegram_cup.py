"""A six-player competition in a Telegram group through the real adapter and the fake Bot
API: created, entered, closed and looked at with the adapter's `/cup` commands (one entry by
the Chinese word 报名), table messages per competition table in the one group, check-in by
the tables' Start buttons, announcements to the group, every press answered, no hidden card
shown.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.host import commands as cmd
from bot.host.views import Phase, Place
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.present import who
from bot.tournament.service import CupService
from bot.tournament.table import WAITING
from bot.web.links import Links
from tests.adapters.telegram.harness import (
    FAST,
    LeakGuard,
    Table,
    answer_to,
    checked_table,
)
from tests.fakes.telegram_api import FakeChat, FakeUser


class CupTable(Table):
    """The Telegram harness with the cup service wired in as `python -m bot` should."""

    cups: CupService

    async def boot(self, seed: int = 7) -> None:
        await super().boot(seed)
        assert self.host is not None
        self.cups = CupService(self.host)
        await self.cups.start()

    async def shutdown(self) -> None:
        if self.host is not None:
            await self.cups.close()
        await super().shutdown()


@pytest.fixture
async def tg(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[CupTable]:
    caplog.set_level(logging.INFO)
    # The harness's guard reads each table against its own room (the buttons name it) and
    # a table of a hand before against none of the new hand's cards.
    guard = LeakGuard()
    async with checked_table(guard, lambda fake: CupTable(
            fake, tmp_path / "cup.sqlite3", guard, FAST)) as table:
        yield table
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)


def actor(user: FakeUser, admin: bool = False) -> cmd.Actor:
    return cmd.Actor("telegram", str(user.id), user.first_name, "en", admin)


def place(group: FakeChat) -> Place:
    return Place("telegram", str(group.id), "", str(group.id), "Cup club")


async def check_in_by_buttons(tg: CupTable, cup: Competition, users: dict[int, FakeUser]) -> None:
    """Each seated person presses Start on their table's message in the group."""
    assert tg.adapter is not None
    for table in cup.live_tables():
        if table.status != WAITING:
            continue
        slot = await tg.until(lambda t=table: (s := tg.adapter.tables.get(t.room_id))
                              and s.message_id and s)
        for number in table.seats:
            message = tg.fake.message(slot.chat_id, slot.message_id)
            await tg.press(users[number], message, lambda c: c == "!start")
            await tg.until(lambda n=number, t=table: n in t.checked_in or t.status != WAITING)
        for number in table.seats:
            reply = await tg.host.handle(cmd.Auto(actor(users[number]), room=table.room_id,
                                                  on=True))
            assert reply.ok


async def cup_says(tg: CupTable, user: FakeUser, group: FakeChat, *words: str) -> str:
    """`user` types `/cup words` in the group; the bot's answer to that message."""
    return await answer_to(tg, group, tg.fake.command(user, "cup", *words, chat=group))


async def test_six_players_play_a_competition_in_one_group(tg: CupTable) -> None:
    fake = tg.fake
    group = fake.new_group("Cup club")
    fake.set_member_status(group, fake.bot, "administrator")  # hears plain-text 报名
    organiser = fake.new_user("Olga")
    fake.set_member_status(group, organiser, "administrator")
    people = [fake.new_user(name) for name in ("Ann", "Ben", "Cai", "Dai", "Eve", "Fan")]
    host = tg.host
    assert host is not None
    created = await cup_says(tg, organiser, group, "new", "Club", "cup", "hands=1", "seed=tg")
    assert "“Club cup”" in created and "open for sign-up" in created
    cup = next(iter(tg.cups.cups.values()))
    for user in people[:-1]:
        assert "You are in “Club cup”" in await cup_says(tg, user, group, "join")
    fake.user_says(people[-1], "报名", chat=group)
    await tg.until(lambda: len(cup.entrants) == 6)
    listed = await cup_says(tg, people[0], group)
    assert "Entrants (6)" in listed and "Fan" in listed
    refused = await cup_says(tg, people[0], group, "close")
    assert "Only the organisers" in refused and len(cup.stages) == 0
    assert "draw is posted" in await cup_says(tg, organiser, group, "close")
    users = {n + 1: user for n, user in enumerate(people)}
    assert len(cup.stage.tables) == 2 and not cup.stage.byes

    for _ in range(6):
        await check_in_by_buttons(tg, cup, users)
        await tg.settle()
        await tg.cups.quiesce()
        if cup.phase == FINISHED:
            break
    assert cup.phase == FINISHED and len(cup.stages) == 2

    texts = [m.get("text", "") for m in fake.messages(group)]
    assert any("Draw seed: tg" in t for t in texts)
    assert any("Final places" in t for t in texts)
    final = await cup_says(tg, people[0], group, "standings")
    assert "finished" in final and "Final places" in final
    assert f"1. {who(cup, cup.places[0][1])}" in final
    # One table message per competition table, all in the group.
    rooms = [t.room_id for s in cup.stages for t in s.all_tables()]
    assert all(tg.adapter.tables[r].chat_id == group.id for r in rooms)  # type: ignore[union-attr]
    assert all(host.rooms[r].phase is Phase.CLOSED for r in rooms)


async def test_six_people_and_ai_seats_play_duplicate_deals_in_one_group(tg: CupTable) -> None:
    # 复式赛: the same deals at three tables (six people, three AI seats), the seats rotated
    # each deal, each result scored against the other tables' on the same cards; a results
    # table per deal with the tables' replays; final places for the people only.
    fake = tg.fake
    group = fake.new_group("Dup club")
    organiser = fake.new_user("Olga")
    fake.set_member_status(group, organiser, "administrator")
    people = [fake.new_user(name) for name in ("Ann", "Ben", "Cai", "Dai", "Eve", "Fan")]
    host = tg.host
    assert host is not None
    host.links = Links("s" * 16, "https://paiju.test")  # as with PAIJU_WEB_URL set
    created = await cup_says(tg, organiser, group, "new", "Dup", "preset=duplicate", "hands=3",
                             "ai=3", "seed=dup")
    assert "open for sign-up" in created
    cup = next(iter(tg.cups.cups.values()))
    for user in people:
        assert "You are in" in await cup_says(tg, user, group, "join")
    assert "draw is posted" in await cup_says(tg, organiser, group, "close")
    users = {n + 1: user for n, user in enumerate(people)}
    assert len(cup.stage.tables) == 3

    for _ in range(40):
        for table in cup.live_tables():
            if table.status == WAITING:
                slot = await tg.until(lambda t=table: (s := tg.adapter.tables.get(t.room_id))
                                      and s.message_id and s)
                for number in table.seats:
                    if number > 0 and number not in table.checked_in:
                        message = tg.fake.message(slot.chat_id, slot.message_id)
                        await tg.press(users[number], message, lambda c: c == "!start")
            for number in table.seats:
                room = host.rooms.get(table.room_id or "")
                if number > 0 and room is not None and room.state is not None \
                        and not room.seats[table.seats.index(number)].auto:
                    await host.handle(cmd.Auto(actor(users[number]), room=table.room_id,
                                               on=True))
        await tg.settle()
        await tg.cups.quiesce()
        if cup.phase == FINISHED:
            break
    assert cup.phase == FINISHED and len(cup.stages) == 3

    for stage in cup.stages:
        records = [await host.store.game_record(t.games[0]) for t in stage.tables]
        # The same cards at every table of a deal.
        assert len({r.seed for r in records}) == 1
        assert [list(r.result["scores"]) for r in records] == \
            [[s - cup.start_score for s in t.scores] for t in stage.tables]
    held: dict[int, set[int]] = {}
    for stage in cup.stages:
        for table in stage.tables:
            for seat, number in enumerate(table.seats):
                held.setdefault(number, set()).add(seat)
    assert all(seats == {0, 1, 2} for seats in held.values())
    totals = cup.duplicate_totals()
    assert sum(totals.values()) == 0
    assert sorted(n for _, n in cup.places) == list(range(1, 7))
    best = max(totals[n] for n in range(1, 7))
    assert all(totals[n] == best for p, n in cup.places if p == 1)

    texts = [m.get("text", "") for m in fake.messages(group)]
    deals = [t for t in texts if "Seat 1's cards" in t]
    assert len(deals) == 3 and all("Seat 3's cards" in t for t in deals)
    for stage, text in zip(cup.stages, deals, strict=True):  # each table's replay, per deal
        for table in stage.tables:
            assert host.links.url(host.links.replay_path(table.games[0])) in text
    assert any("Final places" in t for t in texts)
    final = await cup_says(tg, people[0], group)
    assert "Duplicate totals" in final and "AI 1" in final
    assert any(host.links.url(host.links.cup_path(cup.cup_id)) in t for t in texts)
    assert await host.store.books_balanced()
