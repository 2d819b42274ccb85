"""An admin's tools in the chat (issue 57): bean adjustments with a reason, barring.

Only community admins may use them (`Actor.is_admin`, set by the adapter: Telegram chat
administrators, Discord Manage Server), only in the community's own chat, and every use is
audited (storage/admin.py: table `admin_log`, and a ledger memo naming the admin).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host.views import Reply, Status
from bot.i18n import translate as t
from bot.i18n.bidi import isolate

if TYPE_CHECKING:
    from bot.host.context import HandlerContext

MAX_ADJUSTMENT = 1_000_000_000  # far inside a ledger integer; a typo of many digits is refused
MAX_REASON = 200


async def _admin_here(host: HandlerContext, command: cmd.Command) -> tuple[int, int]:
    """The admin's player id and the community's id; refused for anyone else, and outside
    a community's chat."""
    if not command.actor.is_admin:
        raise PaijuError("admin.only")
    community = await host.community_id(command.place)
    if community is None:
        raise PaijuError("admin.need_group")
    return await host.player_id(command.actor), community


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

