"""An admin's tools in the chat (issue 57): bean adjustments with a reason, barring, closing
a stuck table, exporting the community's records (CSV).

Only community admins may use them (`Actor.is_admin`, set by the adapter: Telegram chat
administrators, Discord Manage Server), only in the community's own chat, and every use is
audited (storage/admin.py: table `admin_log`, and a ledger memo naming the admin).
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.errors import NoRoom, PaijuError
from bot.host import commands as cmd
from bot.host.change import Change
from bot.host.room import Room
from bot.host.views import Phase, Reply, Status
from bot.i18n import translate as t
from bot.i18n.bidi import isolate
from storage.admin import RECORD_COLUMNS

if TYPE_CHECKING:
    from bot.host.context import HandlerContext

MAX_ADJUSTMENT = 1_000_000_000  # far inside a ledger integer; a typo of many digits is refused
MAX_REASON = 200


async def _admin_here(host: HandlerContext, command: cmd.AdminCommand) -> tuple[int, int]:
    """The admin's player id and the community's id; refused for anyone but an admin or a
    member of the role an admin named, and outside a community's chat."""
    community = await host.community_id(command.place)
    if community is None:
        raise PaijuError("admin.need_group")
    if not command.actor.is_admin:
        role = await host.store.admin_role(community)
        if role is None or role not in command.roles:
            raise PaijuError("admin.only")
    return await host.player_id(command.actor), community


async def name_role(host: HandlerContext, command: cmd.AdminRole) -> Reply:
    """An admin (not a member of the role) names the role that may use the tools too."""
    if not command.actor.is_admin:
        raise PaijuError("admin.only")
    admin, community = await _admin_here(host, command)
    await host.store.set_admin_role(community, admin, command.role)
    key = "admin.role_named" if command.role else "admin.role_cleared"
    return Reply(True, t(key, command.actor.lang, role=f"<@&{command.role}>"), key,
                 status=Status.INFO)


async def adjust_beans(host: HandlerContext, command: cmd.AdminBeans) -> Reply:
    """Give or take a player's beans with a reason: bank <-> player, audited."""
    lang = command.actor.lang
    admin, community = await _admin_here(host, command)
    if command.target is None:
        raise PaijuError("admin.no_target")
    if command.amount == 0 or abs(command.amount) > MAX_ADJUSTMENT:
        raise PaijuError("admin.bad_amount", most=f"{MAX_ADJUSTMENT:,}")
    reason = " ".join(command.reason.split())[:MAX_REASON]
    if not reason:
        raise PaijuError("admin.need_reason")
    target = command.target
    player = await host.store.player(target.platform, target.user_id,
                                     command.target_name or target.user_id)
    done = await host.store.adjust_beans(community, admin, command.actor.name, player,
                                         command.amount, reason)
    name = isolate(command.target_name or target.user_id)
    if not done.booked:
        raise PaijuError("admin.too_few_beans", name=name, have=done.balance)
    return Reply(True, t("admin.beans_done", lang, name=name, amount=f"{command.amount:+,}",
                         admin=isolate(command.actor.name), reason=reason,
                         beans=f"{done.balance:,}"), "admin.beans_done", status=Status.INFO)


async def bar(host: HandlerContext, command: cmd.AdminBar) -> Reply:
    """Bar a person from the community's tables, or let them sit again; audited."""
    lang = command.actor.lang
    admin, community = await _admin_here(host, command)
    if command.target is None:
        raise PaijuError("admin.no_target")
    target = command.target
    player = await host.store.player(target.platform, target.user_id,
                                     command.target_name or target.user_id)
    reason = " ".join(command.reason.split())[:MAX_REASON]
    changed = await host.store.bar(community, admin, player, reason, command.barred)
    key = ("admin.barred_now" if changed else "admin.barred_already") if command.barred \
        else ("admin.unbarred_now" if changed else "admin.not_barred")
    return Reply(True, t(key, lang, name=isolate(command.target_name or target.user_id)),
                 key, status=Status.INFO)



async def close_table(host: HandlerContext, command: cmd.AdminClose) -> Reply:
    """Close the community's table here, between hands or mid-hand (a stuck table).

    RULES: beans and points move only when a hand ends (the settlement), so a hand closed
    before its end is void: nobody wins or loses, nothing is refunded because nothing was
    taken, and its record stays unsettled (as a hand abandoned by a crash). The group is
    told who closed the table and that the hand was void; audited."""
    admin, community = await _admin_here(host, command)
    room = host.find_room(command)
    if room.community_id != community:
        raise NoRoom()

    async def build(before: Room | None) -> Change:
        if before is None or before.phase is Phase.CLOSED:
            raise PaijuError("host.room_gone")
        after = before.copy()
        void = before.phase is Phase.PLAYING
        after.counter += 1
        after.phase, after.seats, after.prompt_since = Phase.CLOSED, [], []
        after.deadline = None
        if void:  # the hand's cards go with it: nothing of it is shown again
            after.state = None
        key = "admin.closed_void" if void else "admin.closed"
        change = Change(after, key, {"admin": isolate(command.actor.name)})
        change.notes.append((key, {"admin": isolate(command.actor.name)}))
        return change

    reply = await host.change(room.room_id, command.actor, build)
    if reply.ok:
        await host.store.admin_log(community, admin, "close", reason=room.room_id)
    return reply


AUDIT_COLUMNS = ("at", "admin", "action", "target", "amount", "reason")


def _when(at: float) -> str:
    """A time as the CSV gives it: UTC, ISO 8601 to the second."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _csv(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> bytes:
    """A CSV file (UTF-8 with a BOM, so spreadsheet programs read Chinese names right)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8-sig")


async def export(host: HandlerContext, command: cmd.AdminExport) -> Reply:
    """The community's records as CSV: every finished hand per person, and the audit log
    of the admin tools (this export included); audited."""
    admin, community = await _admin_here(host, command)
    await host.store.admin_log(community, admin, "export")
    rows = await host.store.community_records(community)
    games = [(*row[:4], _when(float(str(row[4]))), *row[5:9], int(bool(row[9])), row[10])
             for row in rows]
    audit = [(_when(e.at), e.admin, e.action, e.target, "" if e.amount is None else e.amount,
              e.reason) for e in reversed(await host.store.admin_audit(community, 100_000))]
    hands = len({row[0] for row in rows})
    return Reply(True, t("admin.exported", command.actor.lang, hands=hands, rows=len(rows)),
                 "admin.exported", status=Status.INFO,
                 documents=(("records.csv", _csv(RECORD_COLUMNS, games)),
                            ("admin_log.csv", _csv(AUDIT_COLUMNS, audit))))
