"""A person's own seed (`seed <text>`, `settings seed=<text>`): mixed into every deal of
their table from the next one, so that while one player is honest the operator cannot grind
deals (docs/fairness.md). The next hand's server seed is committed before: the reply shows
that hand's id and commitment, so a player sets their seed after seeing it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import NoRoom, NotSeated
from bot.fairness import SEED_BITS, clean_player_seed, deal_commitment, fingerprint
from bot.host import commands as cmd
from bot.host.change import Change
from bot.host.views import Phase, Reply, Status
from bot.i18n import translate

if TYPE_CHECKING:
    from bot.host.context import HandlerContext
    from bot.host.room import Room


def next_commitment(room: Room) -> str:
    """The commitment to the next hand's server seed (drawn already)."""
    assert room.next_seed is not None
    return deal_commitment(room.next_game_id(), room.next_seed)


async def player_seed(host: HandlerContext, command: cmd.Seed) -> Reply:
    """Set (or, with no text, show) the sender's own seed at their table."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)
    seat = room.seat_of(player)
    if command.tap and room.next_seed is not None:
        return Reply(True, _tapped(room, seat, command.actor.lang), "host.seed.tap",
                     room.room_id, status=Status.INFO)
    if seat is None:
        raise NotSeated()
    text = clean_player_seed(command.text)
    lang = command.actor.lang
    if not text and room.next_seed is not None:
        return Reply(True, _said("host.seed.shown", room, seat, lang), "host.seed.shown",
                     room.room_id, status=Status.INFO)

    async def build(before: Room | None) -> Change:
        if before is None or before.phase is Phase.CLOSED:
            raise NoRoom()
        at = before.seat_of(player)
        if at is None:
            raise NotSeated()
        after = before.copy()
        if after.next_seed is None:  # a room saved before seeds were drawn a hand ahead
            after.next_seed = host.rng.getrandbits(SEED_BITS)
        if text:
            after.seats[at].seed = text
        key = "host.seed.set" if text else "host.seed.shown"
        return Change(after, key, _params(after, at), table=False)

    return await host.change(room.room_id, command.actor, build)


def _params(room: Room, seat: int | None) -> dict[str, str]:
    """The next hand's id and commitment, and the seat's own seed (— for none, or a watcher)."""
    commitment = next_commitment(room)
    seed = room.seats[seat].seed if seat is not None else ""
    return {"game_id": room.next_game_id(), "fingerprint": fingerprint(commitment),
            "commitment": commitment, "seed": seed or "—"}


def _said(key: str, room: Room, seat: int, lang: str) -> str:
    return translate(key, lang, **_params(room, seat))


def _tapped(room: Room, seat: int | None, lang: str) -> str:
    """The 🎲/🔒 button's answer: the commitment in full — the hand in play's and the next
    one's during a hand; else the next hand's and the presser's own seed."""
    if room.phase is Phase.PLAYING and room.game_id and room.seed is not None:
        return translate("host.seed.tap_playing", lang, game_id=room.game_id,
                         commitment=deal_commitment(room.game_id, room.seed),
                         next_id=room.next_game_id(), next_commitment=next_commitment(room))
    return translate("host.seed.tap", lang, **_params(room, seat))
