"""The cup service: drives competitions through the host, one room per table.

It uses the host's public calls only: `/cup` commands come through `Host.command_hooks`;
its tables are run through `bot.host.tables.Tables` (open a table with this service as its
policy, deal, put forfeits into 托管, close, hear `GameFinished`). As the tables' policy it
checks the commands aimed at them (no AI seats, no joining or leaving, no rematch: the
competition deals; a forfeited player's seat stays in 托管). Each table is a room in the
competition's channel with its own id (`k<cup, 4 digits><table key>`), so adapters show it
as one more table message there.

Every change of a competition follows one path (`run`): under the competition's lock,
apply the change to the pure state, book every hand its rooms finished since the last
look, save, announce, and only then act on rooms (open, put forfeits into 托管, deal the
next hand, close). Because the rooms are read back rather than trusted from memory, a
restart at any point continues: a hand that finished while the process was down is booked
when the service starts, and a table that was owed a hand gets it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.errors import NoCompetition, PaijuError
from bot.games import registry
from bot.host import commands as cmd
from bot.host import games
from bot.host.tables import GameFinished, SeatSpec, Tables
from bot.host.views import Announcement, Phase, Place, Reply
from bot.i18n import translate as t
from bot.tournament import commands as cup_cmd
from bot.tournament import duplicate, present
from bot.tournament.competition import RUNNING, SIGNUP, Competition, Note
from bot.tournament.config import parse_settings
from bot.tournament.draw import new_seed
from bot.tournament.handlers import answer
from bot.tournament.scoring import hand_points, ruled_lost, summary_of
from bot.tournament.table import DONE, PLAYING, WAITING, Table
from storage.competitions import CompetitionStore
from storage.records import BANK

if TYPE_CHECKING:
    from bot.host.host import Host

log = logging.getLogger(__name__)

Step = Callable[[Competition, float], list[Note]]
LOCKED = (cmd.AddAI, cmd.RemoveAI, cmd.CloseRoom, cmd.NewRoom)  # refused at a cup table


def state_of(cup: Competition, place: Place, community: int | None, lang: str) -> dict:
    """The stored form of a competition: its state and its home channel."""
    data = cup.to_dict()
    data["home"] = {"place": {"platform": place.platform, "channel": place.channel,
                              "thread": place.thread, "community": place.community,
                              "community_name": place.community_name},
                    "community_id": community, "lang": lang}
    return data


def table_room_id(cup_id: int, key: str) -> str:
    """The room id of a competition table: "k" + the cup id in at least four digits + the
    table key ("k0012s1t3"). Lower-case letters and digits only (the Discord adapter's
    custom_id template, Telegram's deep links), and never 8 characters long, so never one
    of the host's own ids (always 8 base36 characters)."""
    return f"k{cup_id:04d}{key}"


class CupService:
    """Competitions of one host: their state, their tables' rooms, their timers."""

    def __init__(self, host: Host, store: CompetitionStore | None = None) -> None:
        self.host = host
        self.store = store or CompetitionStore(host.store)  # type: ignore[arg-type]
        self.cups: dict[int, Competition] = {}
        self.homes: dict[int, tuple[Place, int | None, str]] = {}  # place, community, lang
        self.tables: dict[str, tuple[int, str]] = {}  # room id -> (cup id, table key)
        self._locks: dict[int, asyncio.Lock] = {}
        self._wake = asyncio.Event()
        self._timer: asyncio.Task[None] | None = None
        self._busy = 0
        self.rooms = Tables(host)  # the host's public calls for the tables' rooms
        self.rooms.subscribe(self.game_over)
        host.command_hooks.append(self.intercept)

    # -- life cycle --------------------------------------------------------------------

    async def start(self) -> None:
        """Load live competitions, catch up with their rooms, start the timer.

        Call after `Host.start` (the rooms must be loaded)."""
        for state in await self.store.live():
            self._adopt(state)
        for cup_id in list(self.cups):
            await self.run(cup_id, None)
        self._timer = asyncio.create_task(self._timers(), name="cup-timers")

    async def close(self) -> None:
        """Stop the timer (competitions stay saved)."""
        if self._timer is not None:
            self._timer.cancel()
            await asyncio.gather(self._timer, return_exceptions=True)

    async def quiesce(self, timeout: float = 10.0) -> None:
        """Wait until rooms and competitions are all idle (tests, tools)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            await self.host.quiesce(max(0.01, end - loop.time()))
            await asyncio.sleep(0)
            now = self.host.clock.now()
            due = any(at is not None and at <= now
                      for at in (c.next_due() for c in self.cups.values()))
            if not self._busy and not self._wake.is_set() and not due:
                return
            if loop.time() > end:
                raise TimeoutError("competitions still busy")
            await asyncio.sleep(0.001)

    def _adopt(self, state: dict) -> Competition:
        cup = Competition.from_dict(state)
        self.cups[cup.cup_id] = cup
        home = state["home"]
        self.homes[cup.cup_id] = (Place(**home["place"]), home.get("community_id"),
                                  home.get("lang", "en"))
        for stage in cup.stages:
            for table in stage.all_tables():
                if table.room_id is not None:
                    self._register(table.room_id, cup.cup_id, table.key)
        return cup

    def _register(self, room_id: str, cup_id: int, key: str) -> None:
        self.tables[room_id] = (cup_id, key)
        self.rooms.set_policy(room_id, self)

    def _state(self, cup: Competition) -> dict:
        return state_of(cup, *self.homes[cup.cup_id])

    def lock(self, cup_id: int) -> asyncio.Lock:
        """The competition's lock."""
        return self._locks.setdefault(cup_id, asyncio.Lock())

    # -- the one path of every change ----------------------------------------------------

    async def run(self, cup_id: int, step: Step | None) -> list[Note]:
        """Apply `step`, book finished hands, save, announce, then bring the rooms along."""
        self._busy += 1
        try:
            async with self.lock(cup_id):
                cup = self.cups[cup_id]
                now = self.host.clock.now()
                notes = step(cup, now) if step is not None else []
                rulings: list[tuple[str, dict[int, int]]] = []
                notes += self._book_finished_hands(cup, now, rulings)
                for game_id, deltas in rulings:  # before the save, as the award is
                    await self._book_ruling(cup, game_id, deltas)
                self._name_rooms(cup)
                if any(n.kind == "cup.finished" for n in notes):
                    await self._award(cup)  # before the save: a restart books it again, once
                await self.store.save(cup_id, self._state(cup), now)
                await self._announce(cup, notes)
                await self._sync_rooms(cup)
            self._wake.set()
            return notes
        finally:
            self._busy -= 1

    def _book_finished_hands(self, cup: Competition, now: float,
                             rulings: list[tuple[str, dict[int, int]]]) -> list[Note]:
        """Book the hand each playing table's room finished, if not yet booked; end the
        regulation of a table whose time ran out with no hand in progress (a restart after
        the time limit must not deal it another hand). A hand ruled lost (判输) adds to
        `rulings` what the points ledger must move so that it holds the ruled result, as the
        cup does (per player: ruled minus played, the room's stake being 1)."""
        notes: list[Note] = []
        changed = True
        while changed:  # booking may end a stage and open tables with their own rooms
            changed = False
            for table in cup.live_tables():
                room = self.rooms.info(table.room_id or "")
                if table.status != PLAYING or (room is not None
                                               and room.phase is Phase.PLAYING):
                    continue
                # Any ending counts (an escape penalty too, should one ever get through).
                hand = self.rooms.finished(table.room_id or "")
                if hand is None or hand.game_id in table.games:
                    if table.timed_out(now) and not table.regulation_over:
                        notes += cup.expire(table.key, now)
                        changed = True
                    continue
                scores = list(hand.scores)
                ruled = table.ruling()
                summary = summary_of(cup.config.game, hand.public.to_dict()) \
                    if (not cup.config.zero_sum or ruled is not None) \
                    and hand.public is not None else None
                if summary is not None and ruled is not None:
                    scores, summary = ruled_lost(scores, summary, table.seat_of(ruled))
                    deltas: dict[int, int] = {}
                    for seat, number in enumerate(table.seats):
                        moved = scores[seat] - hand.scores[seat]
                        if moved:
                            player = cup.entrant(number).player_id
                            deltas[player] = deltas.get(player, 0) + moved
                    if deltas:
                        rulings.append((hand.game_id, deltas))
                if summary is not None and not cup.config.zero_sum:
                    scores = hand_points(scores, summary,
                                         win_points=cup.config.win_points,
                                         event_bonus=cup.config.event_bonus,
                                         scoring=cup.config.scoring,
                                         bomb_cap=cup.config.options.get("bomb_cap"))
                winners = registry.module(cup.config.game).cup_winners
                won = registry.load(winners)(hand.public.to_dict()) \
                    if winners is not None and hand.public is not None else None
                notes += cup.record_hand(table.key, hand.game_id, scores, now, won)
                changed = True
        return notes

    def _name_rooms(self, cup: Competition) -> None:
        for table in cup.live_tables():
            if table.room_id is None:
                table.room_id = table_room_id(cup.cup_id, table.key)
            self._register(table.room_id, cup.cup_id, table.key)

    async def _announce(self, cup: Competition, notes: list[Note]) -> None:
        place, _, lang = self.homes[cup.cup_id]
        links = self.host.links
        for note in notes:
            text, people = present.note_text(cup, note, lang, self.replay_url)
            if links is not None and note.kind in ("cup.created", "cup.seed", "cup.finished"):
                text += "\n" + t("cup.web_page", lang, url=links.url(links.cup_path(cup.cup_id)))
            mentions = tuple(cmd.UserRef(place.platform, e.user_id) for e in people)
            await self.rooms.announce(Announcement(f"k{cup.cup_id:04d}", place, lang, note.kind,
                                                   text, mentions))

    def replay_url(self, game_id: str) -> str | None:
        """A finished hand's replay page (None where the web side does not run)."""
        links = self.host.links
        return None if links is None else links.url(links.replay_path(game_id))

    async def _book_ruling(self, cup: Competition, game_id: str,
                           deltas: dict[int, int]) -> None:
        """判输 on the points ledger: the hand was booked as played (kind points, as any
        points-room hand); this moves it to the ruled result, once per hand (one truth for
        the cup and the points leaderboard)."""
        _, community, _ = self.homes[cup.cup_id]
        await self.host.store.transfer(  # type: ignore[attr-defined]
            f"cupruling:{game_id}", "points", deltas, memo=cup.name, community_id=community,
            on_boards=True)

    async def _award(self, cup: Competition) -> None:
        """Book the cup points of the final places (once: the ledger key is the cup's)."""
        prizes = cup.prizes()
        if not prizes:
            return
        _, community, _ = self.homes[cup.cup_id]
        await self.host.store.transfer(  # type: ignore[attr-defined]
            f"cup:{cup.cup_id}", "cup", {BANK: -sum(prizes.values()), **prizes},
            memo=cup.name, community_id=community, on_boards=True)

    # -- rooms ---------------------------------------------------------------------------

    async def _sync_rooms(self, cup: Competition) -> None:
        for stage in cup.stages:
            for table in stage.all_tables():
                room = self.rooms.info(table.room_id or "")
                if table.status == DONE and (room is None or room.phase is Phase.CLOSED):
                    continue
                try:
                    await self._sync_table(cup, table)
                except Exception:
                    log.exception("cup %s: table %s could not be brought along",
                                  cup.cup_id, table.key)

    async def _sync_table(self, cup: Competition, table: Table) -> None:
        room_id = table.room_id
        if room_id is None:
            return
        room = self.rooms.info(room_id)
        if table.status == DONE or cup.phase != RUNNING:
            if room is not None and room.phase in (Phase.LOBBY, Phase.OVER):
                await self.rooms.close(room_id)
            return
        if room is None or room.phase is Phase.CLOSED:
            await self._open(cup, table, room_id)
            room = self.rooms.info(room_id)
            assert room is not None
        if table.status == WAITING:
            return
        forfeited = {table.seat_of(n) for n in table.forfeits}
        if room.phase is Phase.PLAYING:
            if any(not room.auto[s] for s in forfeited):
                await self.rooms.set_auto(room_id, forfeited)
            return
        # Checked again under the room's lock: a hand already running, or one finished and
        # not booked yet, means somebody else got here first.
        seed, dealer = cup.cards_of(table)
        await self.rooms.deal(room_id, forfeited, dealt=lambda game_id: game_id in table.games,
                              seed=seed, dealer=dealer)

    @staticmethod
    def _seat(cup: Competition, number: int) -> SeatSpec:
        entrant = cup.entrant(number)
        return SeatSpec(entrant.name, entrant.player_id, entrant.user_id, entrant.lang)

    async def _open(self, cup: Competition, table: Table, room_id: str) -> None:
        place, community, lang = self.homes[cup.cup_id]
        seats = [SeatSpec(present.ai_name(n, lang), None, None, lang, is_ai=True)
                 if duplicate.is_ai(n) else self._seat(cup, n) for n in table.seats]
        spec = games.spec(cup.config.game)
        # Only the options the game still knows: a competition saved with one since retired
        # (last_bidder_double) plays on without it.
        known = spec.default_options()
        options = {k: v for k, v in cup.config.options.items() if k in known}
        await self.rooms.open(room_id, place, cup.config.game, spec.validate_options(options),
                              seats, lang, community, policy=self)

    # -- hooks ---------------------------------------------------------------------------

    async def game_over(self, event: GameFinished) -> None:
        """A hand finished somewhere: if at a competition table, book it and go on."""
        found = self.tables.get(event.room_id)
        if found is not None and found[0] in self.cups:
            await self.run(found[0], None)

    async def intercept(self, command: cmd.Command) -> Reply | None:
        """Answer `/cup` commands (the rest go to the host, and to `check` at a cup table)."""
        if isinstance(command, cup_cmd.CupCommand):
            return await answer(self, command)
        return None

    async def check(self, command: cmd.Command, room_id: str) -> Reply | None:
        """The tables' policy: how a competition table answers a command aimed at it."""
        found = self.tables.get(room_id)
        if found is None or found[0] not in self.cups:
            return None
        return await self._guard(command, *found)

    async def _guard(self, command: cmd.Command, cup_id: int, key: str) -> Reply | None:
        cup = self.cups[cup_id]
        table = cup.table(key)
        lang = command.actor.lang
        if isinstance(command, (cmd.Join, cmd.Start)) and table.status == WAITING:
            entrant = cup.entrant_of(await self.host.player_id(command.actor))
            mine = None if entrant is None or entrant.number in table.seats \
                else cup.live_table_of(entrant.number)
            if mine is not None:  # a press at another table would check them in at theirs
                return self._refuse("cup.err.not_your_table", lang,
                                    table=present.table_label(mine, lang))
            return await self._answer(command, lambda: self.check_in(command, cup))
        if isinstance(command, (cmd.Join, cmd.Start, cmd.Rematch)):
            return self._refuse("cup.err.table_auto", lang)
        if isinstance(command, LOCKED) or (isinstance(command, cmd.RoomSettings)
                                           and command.changes):
            return self._refuse("cup.err.table_locked", lang)
        if isinstance(command, cmd.Leave):
            return self._refuse("cup.err.use_withdraw", lang)
        acting = isinstance(command, (cmd.Act, cmd.Press)) or (
            isinstance(command, cmd.Auto) and command.on is not True)
        if acting:
            entrant = cup.entrant_of(await self.host.player_id(command.actor))
            if entrant is not None and entrant.number in table.forfeits:
                return self._refuse("cup.err.forfeited", lang)
        return None

    @staticmethod
    def _refuse(key: str, lang: str, **params: object) -> Reply:
        return Reply(False, t(key, lang, **params), key)

    async def _answer(self, command: cmd.Command, work: Callable) -> Reply:  # type: ignore[type-arg]
        try:
            return await work()
        except PaijuError as error:
            return Reply(False, error.render(command.actor.lang), error.key, reason=error.reason)

    # -- what commands do --------------------------------------------------------------

    async def create(self, command: cup_cmd.CupCreate, place: Place,
                     community: int | None) -> Competition:
        """A new competition at `place`, sign-up open."""
        now = self.host.clock.now()
        settings = dict(command.settings)
        # An organiser may bring their own seed (a lottery number, a newspaper headline):
        # the draw is as checkable, and nobody can say the bot chose it.
        seed = settings.pop("seed", "").strip() or new_seed()
        config = parse_settings(settings, now)
        games.spec(config.game).validate_options(config.options)
        organiser = await self.host.player_id(command.actor)
        name = command.name.strip()[:60] or t("cup.default_name", command.actor.lang)
        lang = command.actor.lang

        def build(cup_id: int) -> dict:
            cup = Competition(cup_id, name, config, seed, now, organiser)
            return state_of(cup, place, community, lang)

        state = await self.store.create(place.key, community, now, build)
        cup = self._adopt(state)
        await self._announce(cup, [Note("cup.created")])
        self._wake.set()
        return cup

    async def check_in(self, command: cmd.Command, cup: Competition | None = None) -> Reply:
        """Report at my table; the reply says whether the table begins."""
        cup = cup or await self.cup_for(command)
        player = await self.host.player_id(command.actor)
        started: list[Table] = []

        def step(cup: Competition, now: float) -> list[Note]:
            table, notes = cup.check_in(player, now)
            started.append(table)
            return notes

        await self.run(cup.cup_id, step)
        table = started[0]
        waiting = [n for n in table.seats if n not in table.checked_in
                   and n not in table.forfeits]
        lang = command.actor.lang
        label = present.table_label(table, lang)
        if table.status == WAITING:
            text = t("cup.checked_in", lang, table=label, names=present.names(cup, waiting))
        else:
            text = t("cup.checked_in_start", lang, table=label)
        return Reply(True, text, "cup.checked_in", table.room_id, seated=True)

    async def cup_for(self, command: cmd.Command, *, live: bool = True) -> Competition:
        """The competition a command is about (see `bot.tournament.commands`)."""
        if command.place is not None:
            for cup_id, (place, _, _) in sorted(self.homes.items(), reverse=True):
                if place.key == command.place.key and cup_id in self.cups:
                    return self.cups[cup_id]
            if not live:
                state = await self.store.latest_at(command.place.key)
                if state is not None:
                    return Competition.from_dict(state)
        if command.room is not None and command.room in self.tables:
            return self.cups[self.tables[command.room][0]]
        player = await self.host.player_id(command.actor)
        mine = [c for c in self.cups.values() if c.entrant_of(player) is not None
                and c.phase in (SIGNUP, RUNNING)]
        if mine:
            return mine[-1]
        raise NoCompetition()

    # -- timers --------------------------------------------------------------------------

    async def _timers(self) -> None:
        clock = self.host.clock
        while True:
            self._wake.clear()
            due = [(c.next_due(), c.cup_id) for c in self.cups.values()]
            due = [(at, cup_id) for at, cup_id in due if at is not None]
            now = clock.now()
            for at, cup_id in sorted(due):
                if at <= now:
                    await self._tick(cup_id)
            if any(at <= now for at, _ in due):
                continue
            upcoming = min((at for at, _ in due), default=math.inf)
            if upcoming == math.inf:
                await self._wake.wait()
            else:
                await clock.sleep_until(upcoming, self._wake)

    async def _tick(self, cup_id: int) -> None:
        try:
            await self.run(cup_id, lambda cup, now: cup.tick(now))
        except Exception:
            log.exception("cup %s: timer step failed", cup_id)
            await asyncio.sleep(1.0)
