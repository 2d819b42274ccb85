"""`python -m bot simulate`: N rooms of AI-played seats through the real host and SQLite.

Every seat is a simulated person in 托管 (so every bean moves between real ledger accounts,
under the bean floor), the AI delay is zero, and the host measures each action from the
moment it reaches the room to its committed storage write. At the end the books are checked
(every transaction sums to zero, cached balances equal the ledger) and every stored game is
replayed through its engine to the same result.
"""

from __future__ import annotations

import asyncio
import random
import resource
import secrets
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.errors import SetupError
from bot.host import commands as cmd
from bot.host import games
from bot.host.bootstrap import close_host, open_host
from bot.host.handlers.replay import replay_matches
from bot.host.room import Room, room_id_for
from bot.host.views import Announcement, Delivery, Phase, Place, PrivateView, TableView
from bot.settings import DATABASE_URL_SCHEMES, Settings
from storage import Storage

PLATFORM = "sim"
SEATS_WANTED = 4  # a game of 2–6 (田忌赛马) seats four; one of fewer, as many as it takes


class SimOutlet:
    """Receives every view; tells the driver of a room when its hand is over."""

    platform = PLATFORM

    def __init__(self) -> None:
        self.over: dict[str, asyncio.Event] = {}
        self.views = 0

    async def show_table(self, view: TableView) -> None:
        """Count; flag a finished hand."""
        self.views += 1
        if view.phase is Phase.OVER:
            self.over.setdefault(view.room_id, asyncio.Event()).set()

    async def show_private(self, view: PrivateView) -> Delivery:
        """Count."""
        self.views += 1
        return Delivery.SENT

    async def announce(self, note: Announcement) -> None:
        """Count."""
        self.views += 1


def _database(database: str | None, folder: str) -> Path | str:
    """The SQLite file or PostgreSQL URL given, or a fresh file in `folder`."""
    if not database:
        return Path(folder) / "simulate.sqlite3"
    return database if database.startswith(DATABASE_URL_SCHEMES) else Path(database)


def seats_for(game: str) -> int:
    """Seats of a simulated table."""
    spec = games.spec(game)
    return max(spec.min_players, min(SEATS_WANTED, spec.max_players))


async def run_simulation(game: str, rooms: int, hands: int, *, seed: int = 1,
                         database: str | None = None, first_room: int = 0,
                         run: str = "", linger: float = 0.0, ai_delay: float = 0.0,
                         lease_seconds: float | None = None) -> dict[str, Any]:
    """Play `rooms` × `hands` (rooms numbered from `first_room`, in channels tagged `run`)
    and return the figures. One of several processes on one database (see
    bot.host.simulate_processes) lingers up to `linger` seconds after its own rooms, serving
    rooms it takes over, until no game of the database is left unfinished. Without `run`,
    the run gets a tag of its own: a database used before keeps its rooms and games apart."""
    run = run or own_run()
    with tempfile.TemporaryDirectory() as folder:
        path = _database(database, folder)
        settings = Settings(_env_file=None, database=path, ai_delay=ai_delay, warn_before=0,
                            **({"lease_seconds": lease_seconds} if lease_seconds else {}))
        host = await open_host(settings, rng=random.Random(seed + first_room))
        outlet = SimOutlet()
        host.attach(outlet)
        await host.start()
        host.latencies = []
        numbers = range(first_room, first_room + rooms)
        started = time.perf_counter()
        try:
            await asyncio.gather(*(_room(host, outlet, game, n, hands, run) for n in numbers))
            elapsed = time.perf_counter() - started
            if linger:
                await _linger(host, linger)
            ours = {room_id_for(_place(n, run)) for n in numbers}
            records = [r for r in await host.store.finished_games() if r.room_id in ours]
            balanced = await host.store.books_balanced() and all(
                sum(r.deltas.values()) == 0 for r in records)
            replayed = all(replay_matches(r) for r in records)
        finally:
            await close_host(host)
    latencies = sorted(host.latencies or [0.0])
    return {
        "game": game, "rooms": rooms, "hands": hands,
        "games_finished": len(records),
        "actions": len(latencies),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ledger_balanced": balanced,
        "ledger_matches_replay": replayed and len(records) == rooms * hands,
        "ai_workers": settings.ai_workers,
    }


def own_run() -> str:
    """A tag of one run (its channels and simulated people): a second run on the same
    database opens rooms and games of its own, not the first one's again."""
    return f"s{secrets.token_hex(3)}-"


def _place(number: int, run: str) -> Place:
    return Place(PLATFORM, f"channel-{run}{number}", "", f"community-{number % 20}")


async def _linger(host: Any, seconds: float) -> None:
    """Keep hosting (heartbeat, takeover) until the database has no unfinished game and
    no orphaned room, or `seconds` passed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.2)
        if not await host.store.orphaned_rooms() and not await host.store.unfinished_games():
            await host.quiesce()
            return


async def _room(host: Any, outlet: SimOutlet, game: str, number: int, hands: int,
                run: str = "") -> None:
    people = [cmd.Actor(PLATFORM, f"{run}{number}-{seat}", f"sim{number}-{seat}")
              for seat in range(seats_for(game))]
    place = _place(number, run)
    room_id = room_id_for(place)
    await _ok(host, cmd.NewRoom(people[0], place, game=game))
    for person in people[1:]:
        await _ok(host, cmd.Join(person, place))
    for person in people:
        await _ok(host, cmd.Auto(person, place, on=True))
    over = outlet.over.setdefault(room_id, asyncio.Event())
    for hand in range(hands):
        over.clear()
        await _ok(host, (cmd.Start if hand == 0 else cmd.Rematch)(people[0], place))
        await _hand_over(host, over, room_id, await _dealt(host, room_id))


LOOK_AGAIN = 1.0  # seconds: how often the people of a room not dealt here look at its table


async def _dealt(host: Any, room_id: str) -> str | None:
    """The id of the hand a room was just dealt (from its saved state if it already left
    this process: a stall, a takeover)."""
    room = host.rooms.get(room_id)
    if room is None:
        snapshot = await host.store.load_room(room_id)
        room = Room.from_snapshot(snapshot) if snapshot is not None else None
    return room.game_id if room is not None else None


async def _hand_over(host: Any, over: asyncio.Event, room_id: str, game_id: str | None) -> None:
    """Until the hand `game_id` is over, wherever it was played: here (its last table
    view), or by another process that took the room over after a stall (its result is in
    the database, as a chat shows whichever process posted it)."""
    while True:
        try:
            await asyncio.wait_for(over.wait(), LOOK_AGAIN)
            return
        except TimeoutError:
            pass
        room = host.rooms.get(room_id)
        if room is not None and room.game_id == game_id and room.phase is Phase.PLAYING:
            continue  # played here: its end is shown here
        record = await host.store.game_record(game_id) if game_id else None
        if record is None or record.result is not None:
            return


RETRY_AFTER = 0.5  # seconds a person waits after "try again in a few seconds"
RETRY_FOR = 120.0  # seconds of "try again" after which a simulated person gives up


async def _ok(host: Any, command: cmd.Command) -> None:
    """Press until accepted: "another instance is running this table" (a room another
    process took over after a stall) is tried again, as a person would; a refusal for good
    (or "try again" for RETRY_FOR seconds) ends the run with one line."""
    loop = asyncio.get_running_loop()
    end = loop.time() + RETRY_FOR
    while True:
        reply = await host.handle(command)
        if reply.ok:
            return
        if reply.key != "host.room_elsewhere" or loop.time() > end:
            raise SetupError("setup.simulate_refused", command=type(command).__name__,
                             reason=reply.text)
        await asyncio.sleep(RETRY_AFTER)


# -- people who think ---------------------------------------------------------------------

LAG_TICK = 0.01  # seconds between the event-loop lag probe's wake-ups
SUGGESTION_WAIT = 0.2  # seconds a person looks again when a prompt has nothing to press yet
STEADY_MIN = 8.0  # seconds at least a think run's deals and their queue are given to settle


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def steady_after(think: float, duration: float) -> float:
    """Seconds into a think run after which it plays steadily: every table was dealt (over the
    first think time, all at once for the host) and the queue that burst left has drained."""
    return min(duration / 2, max(STEADY_MIN, 3 * think))


def answer_figures(answers: list[float], lags: list[float], *, at: list[float] | None = None,
                   steady: float = 0.0) -> dict[str, float]:
    """The answer-time quantiles and loop lags (given in s) of a think run, in ms; with the
    presses' start times `at` (s into the run), also those of the presses from `steady` on."""
    figures = {
        "answer_p50_ms": round(_quantile(answers, 0.5) * 1000, 2),
        "answer_p99_ms": round(_quantile(answers, 0.99) * 1000, 2),
        "loop_lag_p99_ms": round(_quantile(lags, 0.99) * 1000, 2),
        "loop_lag_max_ms": round(max(lags or [0.0]) * 1000, 2),
    }
    if at is not None:
        later = [answer for answer, start in zip(answers, at, strict=True) if start >= steady]
        figures.update(steady_after_s=steady,
                       steady_answer_p50_ms=round(_quantile(later, 0.5) * 1000, 2),
                       steady_answer_p99_ms=round(_quantile(later, 0.99) * 1000, 2))
    return figures


class ThinkingOutlet(SimOutlet):
    """Keeps each person's newest private view; hands the people their turns."""

    def __init__(self, people: ThinkingPeople) -> None:
        super().__init__()
        self.people = people

    async def show_table(self, view: TableView) -> None:
        """Count; a finished hand: the room's first person asks for the next after thinking."""
        await super().show_table(view)
        if view.phase is Phase.OVER:
            self.people.hand_over(view.room_id, view.counter)

    async def show_private(self, view: PrivateView) -> Delivery:
        """Count; a prompt: its person presses after thinking."""
        self.views += 1
        self.people.seen(view)
        return Delivery.SENT


class ThinkingPeople:
    """Every seat is a person who waits ~`think` seconds (exponential), then presses the first
    suggestion of their newest prompt (its first choice while suggestions are not there)."""

    def __init__(self, host: Any, think: float, rng: random.Random) -> None:
        self.host = host
        self.think = think
        self.rng = rng
        self.actors: dict[tuple[str, int], cmd.Actor] = {}
        self.places: dict[str, Place] = {}
        self.newest: dict[tuple[str, int], PrivateView] = {}
        self.planned: dict[tuple[str, int], int] = {}  # the counter a press is planned for
        self.answers: list[float] = []
        self.pressed_at: list[float] = []  # when each of `answers` was pressed (perf_counter)
        self.refused = 0
        self.deals = 0  # of `answers`: the presses that dealt a hand (Start, Rematch)
        self.running = True
        self.tasks: set[asyncio.Task[None]] = set()
        self.pressing: set[asyncio.Task[None] | None] = set()  # in the host: not cancelled

    def _later(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        # Kept no longer than it runs: a run's tens of thousands of finished presses would
        # otherwise stay reachable, and every full garbage collection of the host walks them.
        self.tasks.discard(task)
        self.pressing.discard(task)

    def seen(self, view: PrivateView) -> None:
        """A private view arrived: plan a press for a new prompt."""
        key = (view.room_id, view.seat)
        if key not in self.actors:  # a room of another run, taken over from a stopped host
            return
        self.newest[key] = view
        if view.prompt is None or not self.running or self.planned.get(key) == view.counter:
            return
        self.planned[key] = view.counter
        self._later(self._press(key, view.counter))

    def hand_over(self, room_id: str, counter: int) -> None:
        """The hand ended: its first seat deals the next after thinking."""
        if self.running and room_id in self.places \
                and self.planned.get((room_id, -1)) != counter:
            self.planned[(room_id, -1)] = counter
            self._later(self._rematch(room_id))

    async def _press(self, key: tuple[str, int], counter: int) -> None:
        loop = asyncio.get_running_loop()
        pressed = loop.time() + (self.rng.expovariate(1 / self.think) if self.think > 0 else 0)
        await asyncio.sleep(pressed - loop.time())
        while True:
            view = self.newest.get(key)
            if not self.running or view is None or view.prompt is None \
                    or self.planned.get(key) != counter:
                return
            prompt = view.prompt
            choice = (prompt.suggestions or prompt.choices or (None,))[0]
            if choice is not None:
                break
            pressed = loop.time() + SUGGESTION_WAIT  # nothing to press before the suggestions
            await asyncio.sleep(SUGGESTION_WAIT)
        command = cmd.Act(self.actors[key], self.places[key[0]], text=choice.action,
                          counter=view.counter)
        self.pressing.add(asyncio.current_task())
        await self.timed(command, pressed)

    async def timed(self, command: cmd.Command, pressed: float, *, strict: bool = False) -> None:
        """Press: the answer is timed from the moment the person pressed (`pressed`, on the
        loop's clock), so the time the press waited for the busy loop to reach it counts, as
        a platform's update would wait. Deals count as presses too (people press during a
        burst of deals: after a restart, when a tournament round starts); `strict`: a
        refusal is an error."""
        loop = asyncio.get_running_loop()
        started = time.perf_counter() - max(0.0, loop.time() - pressed)
        reply = await self.host.handle(command)
        self.answers.append(time.perf_counter() - started)
        self.pressed_at.append(started)
        dealing = isinstance(command, cmd.Start | cmd.Rematch)
        self.deals += dealing
        if not reply.ok:
            if strict:
                raise RuntimeError(f"{type(command).__name__} refused: {reply.key} {reply.text}")
            if not dealing:  # `refused` counts refused moves (a refused rematch never did)
                self.refused += 1

    async def _rematch(self, room_id: str) -> None:
        loop = asyncio.get_running_loop()
        pressed = loop.time() + (self.rng.expovariate(1 / self.think) if self.think > 0 else 0)
        await asyncio.sleep(pressed - loop.time())
        if self.running:
            self.pressing.add(asyncio.current_task())
            await self.timed(cmd.Rematch(self.actors[(room_id, 0)], self.places[room_id]),
                             pressed)


async def _lag_probe(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + LAG_TICK
        await asyncio.sleep(LAG_TICK)
        lags.append(max(0.0, loop.time() - due))


async def run_thinking(game: str, rooms: int, think: float, duration: float, *,
                       seats: int | None = None, seed: int = 1,
                       database: str | None = None,
                       ai_delay: float | None = None, first_room: int = 0,
                       run: str = "", seated: Callable[[], Awaitable[None]] | None = None,
                       samples: dict[str, list[float]] | None = None) -> dict[str, Any]:
    """`rooms` tables of people who think, for `duration` seconds; the figures. A pass that
    plays itself (要不起) waits the AI seats' pause, `ai_delay` (None: the bot's own). One of
    several processes on one database (bot.host.simulate_processes) plays the rooms numbered
    from `first_room`, in channels tagged `run`; awaits `seated()` once its people sit (to
    start play with the others) and fills `samples` with its answer times and loop lags (s),
    for the figures of all of them."""
    seats = seats or seats_for(game)
    run = run or own_run()
    with tempfile.TemporaryDirectory() as folder:
        path = _database(database, folder)
        delay = {} if ai_delay is None else {"ai_delay": ai_delay}
        settings = Settings(_env_file=None, database=path, warn_before=0, **delay)
        host = await open_host(settings, rng=random.Random(seed + first_room))
        games.warm_up()  # as the bot does at start-up
        people = ThinkingPeople(host, think, random.Random(seed + first_room))
        outlet = ThinkingOutlet(people)
        host.attach(outlet)
        await host.start()
        for number in range(first_room, first_room + rooms):
            await _seat_people(host, people, game, number, seats, run)
        if seated is not None:
            await seated()
        host.latencies = []
        lags: list[float] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(_lag_probe(lags, stop))
        started = time.perf_counter()
        loop_cpu = time.thread_time()  # the event loop's thread: its CPU, whatever else runs
        # Deal every table over the first think time, as people arrive, not all at once.
        room_ids = list(people.places)
        for index, room_id in enumerate(room_ids):
            people._later(_deal(host, people, room_id, think * index / max(1, len(room_ids))))
        try:
            await asyncio.sleep(duration)
        finally:
            people.running = False
            elapsed = time.perf_counter() - started
            loop_cpu = time.thread_time() - loop_cpu
            stop.set()
            await probe
            for task in list(people.tasks):
                if task not in people.pressing:  # still thinking: never presses now
                    task.cancel()
            await asyncio.gather(*people.tasks, return_exceptions=True)
            owner = host.leases.owner if host.leases is not None else None
            try:
                # Nobody is left to read a suggestion: those still queued for the pool (a
                # six-seat 田忌赛马 deal asks for six, each up to hundreds of ms) are
                # dropped, not waited for; the AI seats' and timers' moves are.
                await host.stop_hints()
                await host.quiesce(30)
                records = [r for r in await host.store.finished_games()
                           if r.room_id in people.places]
                balanced = await host.store.books_balanced() and all(
                    sum(r.deltas.values()) == 0 for r in records)
            finally:
                await close_host(host)
        if owner is not None:  # parked once the host is gone, hands in play and all: no
            await _park(path, list(people.places), owner)  # later run takes them over
    answers = people.answers
    at = [pressed - started for pressed in people.pressed_at]  # s into play
    if samples is not None:
        samples.update(answers=answers, lags=lags, at=at)
    return {
        "game": game, "rooms": rooms, "seats": seats, "think": think, "duration": duration,
        "games_finished": len(records),
        "presses": len(answers), "deals": people.deals, "refused": people.refused,
        "presses_per_s": round(len(answers) / elapsed, 1),
        # the loop's CPU (its own thread's, SQLite's commits on it included) per press: a
        # figure that other work on the machine changes little, unlike the times
        "loop_cpu_ms_per_press": round(loop_cpu / max(1, len(answers)) * 1000, 3),
        "loop_busy": round(loop_cpu / elapsed, 2),
        # every game action, the passes that play themselves (要不起, auto_pass) included
        "actions_per_s": round(len(host.latencies or []) / elapsed, 1),
        **answer_figures(answers, lags, at=at, steady=steady_after(think, duration)),
        "p50_ms": round(_quantile(host.latencies or [], 0.5) * 1000, 2),
        "p99_ms": round(_quantile(host.latencies or [], 0.99) * 1000, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "books_balanced": balanced,
        "ledger_balanced": balanced,
    }


async def _park(database: Path | str, room_ids: list[str], owner: str) -> None:
    store = await Storage.open(database)
    try:
        await store.release_rooms(room_ids, owner)
    finally:
        await store.close()


async def _seat_people(host: Any, people: ThinkingPeople, game: str, number: int,
                       seats: int, run: str = "") -> None:
    place = _place(number, run)
    room_id = room_id_for(place)
    people.places[room_id] = place
    actors = [cmd.Actor(PLATFORM, f"{run}{number}-{seat}", f"sim{number}-{seat}")
              for seat in range(seats)]
    await _ok(host, cmd.NewRoom(actors[0], place, game=game))
    for actor in actors[1:]:
        await _ok(host, cmd.Join(actor, place))
    room = host.rooms[room_id]
    for actor in actors:
        seat = room.seat_of(await host.player_id(actor))
        people.actors[(room_id, seat)] = actor


async def _deal(host: Any, people: ThinkingPeople, room_id: str, after: float) -> None:
    loop = asyncio.get_running_loop()
    pressed = loop.time() + after
    await asyncio.sleep(after)
    if people.running:
        people.pressing.add(asyncio.current_task())
        await people.timed(cmd.Start(people.actors[(room_id, 0)], people.places[room_id]),
                           pressed, strict=True)
