"""`/link` and `/unlink`: one person, one wallet, across Discord and Telegram.

`/link` where only the sender reads the answer gives a code; `/link CODE` typed on the other
platform links that identity to the code's maker (storage/identities.py moves its balances
and record over: both sides agreed, one by making the code, the other by typing it).
`/unlink` parts them again. Nobody may link while seated at a table: the seat would change
wallets mid-hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host.presentation.render import t
from bot.host.views import Reply
from storage.identities import CODE_SECONDS

if TYPE_CHECKING:
    from bot.host.context import HandlerContext


async def link(host: HandlerContext, command: cmd.Link) -> Reply:
    """Give a link code, or link this identity with the one that made the code typed."""
    lang = command.actor.lang
    player = await host.player_id(command.actor)
    if player in host.seated:
        raise PaijuError("link.seated")
    if not command.code:
        if not command.private:
            raise PaijuError("link.not_private")
        code = await host.store.link_code(player)
        return Reply(True, t("link.code", lang, code=code, minutes=round(CODE_SECONDS / 60)),
                     "link.code")
    actor = command.actor
    identity = await host.store.identity(actor.platform, actor.user_id, actor.name)
    result = await host.store.link(command.code, identity)
    if result.status != "linked":
        raise PaijuError(f"link.{result.status}")
    names = await host.store.linked_players(identity)
    return Reply(True, t("link.done", lang, beans=result.moved.get("beans", 0),
                         names=", ".join(f"{name} ({platform})" for platform, name in names)),
                 "link.done")


async def unlink(host: HandlerContext, command: cmd.Unlink) -> Reply:
    """Part this identity from its link (or those linked to it)."""
    actor = command.actor
    player = await host.player_id(actor)
    if player in host.seated:
        raise PaijuError("link.seated")
    identity = await host.store.identity(actor.platform, actor.user_id, actor.name)
    if not await host.store.unlink(identity):
        raise PaijuError("link.not_linked")
    return Reply(True, t("link.parted", actor.lang), "link.parted")
