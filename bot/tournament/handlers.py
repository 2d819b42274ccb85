"""Answers to the `/cup` commands (called by the cup service's command hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import PaijuError
from bot.games import registry
from bot.host.views import Reply, Status
from bot.i18n import translate as t
from bot.tournament import commands as cup_cmd
from bot.tournament import present
from bot.tournament.competition import RUNNING, SIGNUP, Competition, Note
from storage.records import PERIODS

if TYPE_CHECKING:
    from bot.tournament.service import CupService



async def answer(service: CupService, command: cup_cmd.CupCommand) -> Reply:
    """Run one competition command; refusals are replies with ok=False."""
    try:
        handler = HANDLERS[type(command)]
        return await handler(service, command)
    except PaijuError as error:
        return Reply(False, error.render(command.actor.lang), error.key, reason=error.reason)


async def _may_organise(service: CupService, command: cup_cmd.CupCommand,
                        cup: Competition | None = None) -> None:
    """Admins, members of the organiser role, and a competition's own organiser."""
    if command.actor.is_admin:
        return
    if cup is not None and cup.organiser == await service.host.player_id(command.actor):
        return
    community = await service.host.community_id(command.place)
    if community is not None and command.roles:
        role = await service.store.organiser_role(community)
        if role is not None and role in command.roles:
            return
    raise PaijuError("cup.err.not_organiser")


def _reply(key: str, command: cup_cmd.CupCommand, **params: object) -> Reply:
    return Reply(True, t(key, command.actor.lang, **params), key)


async def create(service: CupService, command: cup_cmd.CupCreate) -> Reply:
    """A new competition in this channel."""
    if command.place is None:
        raise PaijuError("cup.err.need_channel")
    await _may_organise(service, command)
    try:
        current = await service.cup_for(command)
    except PaijuError:
        current = None
    if current is not None and current.phase in (SIGNUP, RUNNING) \
            and service.homes[current.cup_id][0].key == command.place.key:
        raise PaijuError("cup.err.cup_here", name=current.name)
    community = await service.host.community_id(command.place)
    cup = await service.create(command, command.place, community)
    return _reply("cup.created", command, name=cup.name, id=cup.cup_id)


async def sign_up(service: CupService, command: cup_cmd.CupSignUp) -> Reply:
    """Enter the competition."""
    cup = await service.cup_for(command)
    if cup.config.team_size:
        raise PaijuError("cup.err.use_team")
    player = await service.host.player_id(command.actor)
    actor = command.actor
    numbers: list[int] = []

    def step(cup: Competition, now: float) -> list[Note]:
        numbers.append(cup.sign_up(player, actor.user_id, actor.name, actor.lang, now).number)
        return []

    await service.run(cup.cup_id, step)
    return _reply("cup.signed_up", command, name=cup.name, number=numbers[0],
                  count=len(cup.entrants))


async def withdraw(service: CupService, command: cup_cmd.CupWithdraw) -> Reply:
    """Leave the competition (a forfeit once drawn)."""
    cup = await service.cup_for(command)
    player = await service.host.player_id(command.actor)
    await service.run(cup.cup_id, lambda cup, now: cup.withdraw(player, now))
    return _reply("cup.withdrew", command, name=cup.name)


async def close(service: CupService, command: cup_cmd.CupClose) -> Reply:
    """Close sign-up and draw."""
    cup = await service.cup_for(command)
    await _may_organise(service, command, cup)
    await service.run(cup.cup_id, lambda cup, now: cup.close_signup(now))
    return _reply("cup.closed", command, name=cup.name)


async def check_in(service: CupService, command: cup_cmd.CupCheckIn) -> Reply:
    """Report at my table."""
    return await service.check_in(command)


async def standings(service: CupService, command: cup_cmd.CupStandings) -> Reply:
    """The standings (also of the last finished competition of this channel)."""
    cup = await service.cup_for(command, live=False)
    return Reply(True, present.standings(cup, command.actor.lang), "cup.standings",
                 status=Status.INFO)


async def cancel(service: CupService, command: cup_cmd.CupCancel) -> Reply:
    """Stop the competition."""
    cup = await service.cup_for(command)
    await _may_organise(service, command, cup)
    await service.run(cup.cup_id, lambda cup, now: cup.cancel())
    return _reply("cup.cancelled", command, name=cup.name)


async def board(service: CupService, command: cup_cmd.CupBoard) -> Reply:
    """The competitions leaderboard (cup points)."""
    lang = command.actor.lang
    if command.period not in PERIODS:
        raise PaijuError("cup.err.bad_period", period=command.period,
                         periods=", ".join(PERIODS))
    community = None if command.everywhere else await service.host.community_id(command.place)
    rows = await service.host.store.leaderboard("cup", community_id=community,
                                                period=command.period,
                                                limit=max(1, min(50, command.limit)))
    scope = t("cup.board.everywhere" if community is None else "cup.board.here", lang)
    lines = [t("cup.board.title", lang, scope=scope, period=t(f"cup.period.{command.period}",
                                                              lang))]
    lines += [t("cup.board.row", lang, rank=row.rank, name=row.name, points=int(row.value))
              for row in rows]
    if not rows:
        lines.append(t("cup.board.empty", lang))
    return Reply(True, present.clip("\n".join(lines)), "cup.board", status=Status.INFO)


async def organiser_role(service: CupService, command: cup_cmd.CupOrganiserRole) -> Reply:
    """Name the organiser role (admins only)."""
    if not command.actor.is_admin:
        raise PaijuError("cup.err.not_admin")
    community = await service.host.community_id(command.place)
    if community is None:
        raise PaijuError("cup.err.need_channel")
    await service.store.set_organiser_role(community, command.role)
    if command.role is None:
        return _reply("cup.role_cleared", command)
    return _reply("cup.role_set", command, role=command.role)


async def team(service: CupService, command: cup_cmd.CupTeam) -> Reply:
    """Sign up with a team (the team league)."""
    cup = await service.cup_for(command)
    player = await service.host.player_id(command.actor)
    actor = command.actor
    joined: list[str] = []

    def step(cup: Competition, now: float) -> list[Note]:
        entrant = cup.sign_up_team(player, actor.user_id, actor.name, actor.lang,
                                   command.team, now)
        joined.append(entrant.team or "")
        return []

    await service.run(cup.cup_id, step)
    members = cup.members(joined[0])
    return _reply("cup.team_joined", command, team=joined[0], count=len(members),
                  size=cup.config.team_size, names=present.names(cup, members))


async def double(service: CupService, command: cup_cmd.CupDouble) -> Reply:
    """加倍 for my team's next match."""
    cup = await service.cup_for(command)
    player = await service.host.player_id(command.actor)
    result: list[tuple[str, int]] = []

    def step(cup: Competition, now: float) -> list[Note]:
        result.append(cup.double(player))
        return [Note("cup.doubled", {"team": result[0][0]})]

    await service.run(cup.cup_id, step)
    return _reply("cup.double_ok", command, team=result[0][0], left=result[0][1])


async def disqualify(service: CupService, command: cup_cmd.CupDisqualify) -> Reply:
    """取消资格: organisers disqualify one entrant or a pair of stand-ins, with a reason."""
    cup = await service.cup_for(command)
    await _may_organise(service, command, cup)
    reason = command.reason.strip()
    if not reason:
        raise PaijuError("cup.err.dq_usage")
    await service.run(cup.cup_id,
                      lambda cup, now: cup.disqualify(list(command.numbers), reason, now))
    return _reply("cup.disqualified", command,
                  names=present.names(cup, list(command.numbers)), reason=reason)


async def rule_lost(service: CupService, command: cup_cmd.CupRuleLost) -> Reply:
    """判输: organisers rule the hand an entrant is playing lost for their side."""
    cup = await service.cup_for(command)
    await _may_organise(service, command, cup)
    reason = command.reason.strip()
    if not reason:
        raise PaijuError("cup.err.rule_usage")
    if registry.module(cup.config.game).cup_hand is None:
        raise PaijuError("cup.err.rule_not_offered")
    await service.run(cup.cup_id, lambda cup, now: cup.rule_lost(command.number, reason))
    return _reply("cup.ruled_ok", command, name=present.who(cup, command.number,
                                                             command.actor.lang),
                  reason=reason)


async def help_text(service: CupService, command: cup_cmd.CupHelp) -> Reply:
    """The commands, then every preset with the sheet it comes from; or one preset's format
    and settings."""
    return Reply(True, present.help_text(command.actor.lang, command.preset), "cup.help")


HANDLERS = {
    cup_cmd.CupHelp: help_text,
    cup_cmd.CupDisqualify: disqualify,
    cup_cmd.CupRuleLost: rule_lost,
    cup_cmd.CupTeam: team,
    cup_cmd.CupDouble: double,
    cup_cmd.CupCreate: create,
    cup_cmd.CupSignUp: sign_up,
    cup_cmd.CupWithdraw: withdraw,
    cup_cmd.CupClose: close,
    cup_cmd.CupCheckIn: check_in,
    cup_cmd.CupStandings: standings,
    cup_cmd.CupCancel: cancel,
    cup_cmd.CupBoard: board,
    cup_cmd.CupOrganiserRole: organiser_role,
}
"""Competition command type → `async def handler(service, command) -> Reply`."""
