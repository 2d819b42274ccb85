"""Bad input gets a clear answer, and nothing is lost: property tests through the real host.

Every command here goes through a real `Host` on a real SQLite file with the real engines,
at several points of every game (lobby, bidding, play, arranging, over), from people at the
table, people watching in its channel and people elsewhere. Whatever they send (any text,
any button payload, any settings), the host answers with a `Reply`; a refusal is short,
translated and free of tracebacks, leaves every room exactly as it was, books nothing, and is
logged; no ERROR is ever logged; the ledger stays balanced and no bean is created or lost.

One host per test keeps the file fast: tables are built the first time a (game, point) is
drawn and rebuilt (on a fresh channel, with fresh people) when an accepted command moved
them on.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import sqlite3
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from bot.games import registry
from bot.host import commands as cmd
from bot.host.handlers.info import METRICS, PERIODS
from bot.host.handlers.lobby import MAX_STAKE
from bot.host.host import Host
from bot.host.payload import VERBS, to_base36
from bot.host.presentation.present import prompt_kind
from bot.host.room import Room, room_id_for
from bot.host.views import Phase as RoomPhase
from bot.host.views import Place, Reply
from bot.i18n import catalogue
from storage.records import BANK
from tests.host.conftest import PLATFORM, HostFactory

GAMES = registry.names()
POINT_OF_KIND = {"bid": "bidding", "grab": "bidding", "double": "bidding", "show": "bidding",
                 "arrange": "arranging", "keep": "play"}
POINT_ORDER = ("lobby", "bidding", "arranging", "play", "over")


def points_of(game: str) -> tuple[str, ...]:
    """Where a table of the game can be: the lobby, each kind of prompt a seeded game of it
    (its default options, every seat playing its first hint) asks for, the end."""
    spec, record = registry.spec(game), registry.module(game)
    state = spec.new_game(seats_of(game), spec.default_options(), 1)
    found = {"lobby", "over"}
    while not state.is_over:
        seat = state.to_act()[0]
        kind = record.prompt_kind(state.legal_actions(seat))
        found.add(POINT_OF_KIND.get(kind, kind))
        state = spec.step(state, seat, spec.hints(state, seat)[0]).state
    extra = sorted(found - set(POINT_ORDER))  # a game's own kinds of prompt (打棒子's bury)
    ordered = [point for point in POINT_ORDER if point in found]
    return (*ordered[:-1], *extra, ordered[-1])


def seats_of(game: str) -> int:
    """People at a built table: the game's number, or three where it takes a range."""
    spec = registry.spec(game)
    return spec.min_players if spec.min_players == spec.max_players \
        else max(spec.min_players, min(3, spec.max_players))


POINTS: dict[str, tuple[str, ...]] = {game: points_of(game) for game in GAMES}
SEATS = {game: seats_of(game) for game in GAMES}
SCENES = [(game, point) for game in GAMES for point in POINTS[game]]
PLAYING = [(game, point) for game, point in SCENES if point not in ("lobby", "over")]
LOBBIES = [(game, "lobby") for game in GAMES]
ROLES = ("to_act", "to_act", "seated", "spectator", "outsider")
TRACEBACK_MARKS = ("Traceback", "Error(", 'File "')
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
MAX_REFUSAL = 200  # a Telegram callback alert

# Card-like garbage and other things people type by mistake (or on purpose).
GARBAGE = [
    "3333333", "BRBR", "play", "bid 9", "arrange", "As|As|As", "pass", "bid", "bid -1", "bid 3",
    "bid 1", "play 33344", "play 3", "play As", "arrange A|BB|CCC", "arrange As|Ks|Qs",
    "keep", "keep As Ks Qs", "RB", "2222BR", "10JQKA", "３３３", "ｐａｓｓ", "ｂｉｄ　３", "🂡🂢",
    "♠A♠A", "\x00", "\u202e", "{}", "{seat}", "{0}", "%s", "'; DROP TABLE players; --", ">",
    "33 > 44", "3 vs", "As|", "|||", ";", "As Ks;As Ks", "null", "None", "-1", "1e309", "nan",
    "0x10", "  ", "\n\t", "play 3333BR", "grab", "no-grab", "double", "show", "!join", "~3",
    "3:4:5", "🀄️", "斗地主", "田忌赛马", "出牌", "不要", "叫3分", "对3", "10" * 5, "T" * 20,
    "play " + "3" * 60, "arrange " + "|" * 30,
]
TEXT = st.one_of(
    st.text(max_size=40),
    st.text(st.characters(categories=["Cc", "Cf", "So", "Zs", "Lo", "Sk"]), max_size=30),
    st.text(st.characters(min_codepoint=0xFF01, max_codepoint=0xFF5E), max_size=20),  # 全角
    st.sampled_from(GARBAGE),
    st.lists(st.sampled_from(GARBAGE), min_size=2, max_size=5).map(" ".join),
    st.builds(lambda chunk, size: (chunk * size)[:size], st.sampled_from(
        ["3", "BR", "😀", "３", "play 3", "As|", "x", "\x00"]),
        st.integers(2_000, 10_000)),  # huge
)
def mostly(plausible: st.SearchStrategy[Any], arbitrary: st.SearchStrategy[Any]
           ) -> st.SearchStrategy[Any]:
    """Plausible values half the time (TEXT alone has six branches and would crowd them out)."""
    return st.booleans().flatmap(lambda sure: plausible if sure else arbitrary)


BIG = st.one_of(st.integers(), st.integers(-(10**30), 10**30))


@dataclass
class Table:
    """One room built for a (game, point), its people and one watcher in its channel."""

    game: str
    point: str
    place: Place
    room_id: str
    people: list[cmd.Actor]
    spectator: cmd.Actor


def point_of(room: Room) -> str:
    """Where a room is: lobby, bidding, play, arranging, over (or closed)."""
    if room.phase is not RoomPhase.PLAYING:
        return room.phase.value
    assert room.state is not None
    kind = prompt_kind(room.game, room.state.legal_actions(room.to_act()[0]))
    return POINT_OF_KIND.get(kind, kind)


def texts_of(command: cmd.Command) -> list[str]:
    """Every string a command carries (what a reply may legitimately echo)."""
    out: list[str] = []
    for item in dataclasses.fields(command):
        value = getattr(command, item.name)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            out.extend(str(part) for pair in value.items() for part in pair)
        elif value is not None and item.name not in ("actor", "place"):
            out.append(str(value))
    return out


class Harness:
    """A host, its tables, and the checks every command goes through."""

    def __init__(self, host: Host, caplog: pytest.LogCaptureFixture) -> None:
        self.host = host
        self.caplog = caplog
        self.db = sqlite3.connect(f"file:{host.settings.database}?mode=ro", uri=True)
        self.tables: dict[tuple[str, str], Table] = {}
        self.people: dict[str, cmd.Actor] = {}
        self.built = 0
        self.checked = 0
        self.refused = 0

    # -- people and tables -------------------------------------------------------------

    def fresh(self) -> cmd.Actor:
        """A person never seen before."""
        number = len(self.people)
        person = cmd.Actor(PLATFORM, f"x{number}", f"Someone{number}")
        self.people[person.user_id] = person
        return person

    def outsider(self) -> cmd.Actor:
        """Someone who sits nowhere."""
        seated = {seat.user_id for room_id in set(self.host.seated.values())
                  for seat in self.host.rooms[room_id].seats}
        for person in list(self.people.values())[:12]:
            if person.user_id not in seated:
                return person
        return self.fresh()

    async def ok(self, command: cmd.Command) -> None:
        reply = await self.host.handle(command)
        assert reply.ok, (command, reply.key, reply.text)
        await self.host.quiesce()

    async def table(self, game: str, point: str) -> Table:
        """The table at (game, point), rebuilt if a command moved it on."""
        known = self.tables.get((game, point))
        if known is not None:
            room = self.host.rooms.get(known.room_id)
            if room is not None and room.game == game and point_of(room) == point \
                    and all(not s.is_ai for s in room.seats):
                return known
        self.built += 1
        place = Place(PLATFORM, f"bad-{self.built}", "", "guild-1", "Guild")
        people = [self.fresh() for _ in range(SEATS[game] - (point == "lobby"))]
        await self.ok(cmd.NewRoom(people[0], place, game=game))
        for person in people[1:]:
            await self.ok(cmd.Join(person, place))
        if point != "lobby":
            await self.ok(cmd.Start(people[0], place))
            await self.advance(room_id_for(place), point)
        made = Table(game, point, place, room_id_for(place), people, self.fresh())
        self.tables[(game, point)] = made
        return made

    async def advance(self, room_id: str, point: str) -> None:
        """Play the engine's first hint for whoever acts until the room is at `point`."""
        for _ in range(600):
            room = self.host.rooms[room_id]
            if point_of(room) == point:
                return
            assert room.phase is RoomPhase.PLAYING, (point, point_of(room))
            seat = room.to_act()[0]
            action = room.spec.hints(room.state, seat)[0]
            await self.ok(cmd.Act(self.people[room.seats[seat].user_id or ""], None,
                                  room_id, text=action))
        raise AssertionError(f"never reached {point}")

    async def play_through(self, room_id: str) -> None:
        """After an accepted change of rules: fill the seats, deal and play the hand out,
        every step held to the same checks (the table must still work)."""
        room = self.host.rooms.get(room_id)
        if room is None or room.phase is RoomPhase.PLAYING or room.owner is None:
            return
        while len(room.seats) < room.spec.min_players:
            if not (await self.check(cmd.Join(self.fresh(), None, room_id))).ok:
                return  # e.g. a stake above the newcomers' beans
            room = self.host.rooms[room_id]
        owner = next(self.people[s.user_id or ""] for s in room.seats
                     if s.player_id == room.owner)
        if not (await self.check(cmd.Start(owner, None, room_id))).ok:
            return
        for _ in range(600):
            room = self.host.rooms[room_id]
            if room.phase is not RoomPhase.PLAYING:
                return
            seat = next(i for i in room.to_act() if not room.seats[i].plays_itself)
            action = room.spec.hints(room.state, seat)[0]
            reply = await self.check(cmd.Act(self.people[room.seats[seat].user_id or ""], None,
                                             room_id, text=action))
            assert reply.ok, (reply.key, reply.text)
        raise AssertionError("the hand did not end")

    def sender(self, data: st.DataObject, table: Table) -> tuple[cmd.Actor, Place | None]:
        """Someone at the table, watching it, or elsewhere, in either language.

        The draws never depend on the room (hypothesis replays them on a changed host).
        """
        role = data.draw(st.sampled_from(ROLES), label="role")
        pick = data.draw(st.integers(0, 5), label="pick")
        where = data.draw(st.integers(0, 2), label="where")
        lang = data.draw(st.sampled_from(["en", "zh"]), label="lang")
        admin = data.draw(st.booleans(), label="admin")
        room = self.host.rooms[table.room_id]
        seated = [self.people[s.user_id] for s in room.seats if s.user_id in self.people]
        acting = [self.people[room.seats[i].user_id or ""] for i in room.to_act()
                  if room.seats[i].user_id in self.people]
        places: list[Place | None]
        if role == "to_act" and (acting or seated):
            person, places = (acting or seated)[0], [table.place, None]
        elif role == "seated" and seated:
            person, places = seated[pick % len(seated)], [table.place, None]
        elif role == "spectator":
            person, places = table.spectator, [table.place]
        else:
            person = self.outsider()
            places = [None, table.place, Place(PLATFORM, "elsewhere", "", "guild-2")]
        place = places[where % len(places)]
        return dataclasses.replace(person, lang=lang, is_admin=admin), place

    # -- the checks --------------------------------------------------------------------

    def rooms(self, command: cmd.Command, player: int) -> dict[str, tuple[int, int, Any]]:
        """Every room (the live object and its counter) and, for the rooms the command can
        reach (its place's, the one it names, the sender's), the whole snapshot."""
        host = self.host
        reach = {command.room, host.seated.get(player) if player is not None else None,
                 room_id_for(command.place) if command.place is not None else None}
        if isinstance(command, cmd.Press):
            reach.add(command.payload.split(":", 1)[0])
        return {room_id: (id(room), room.counter, room.to_snapshot() if room_id in reach else None)
                for room_id, room in host.rooms.items()}

    def books(self) -> tuple[int, dict[tuple[int, str], int]]:
        txns = self.db.execute("SELECT count(*) FROM ledger_txns").fetchone()[0]
        held = {(account, kind): amount for account, kind, amount in self.db.execute(
            "SELECT account_id, kind, amount FROM balances")}
        return txns, held

    async def check(self, command: cmd.Command) -> Reply:
        """Run a command and hold the host to the standard; the reply."""
        host = self.host
        player = await host.player_id(command.actor)  # the grant is booked before we look
        await host.community_id(command.place)
        await host.quiesce()
        rooms, seated = self.rooms(command, player), dict(host.seated)
        txns, held = self.books()
        self.caplog.clear()
        reply = await host.handle(command)
        self.checked += 1
        if currently_in_test_context():  # --hypothesis-show-statistics shows what was met
            event(f"{type(command).__name__} {reply.key}")
        assert isinstance(reply, Reply), reply
        said = texts_of(command)
        for mark in TRACEBACK_MARKS:
            assert mark not in reply.text or any(mark in s for s in said), reply.text
        if not reply.ok:
            self.refused += 1
            self.check_refusal(command, reply)
            assert self.rooms(command, player) == rooms, f"refused {reply.key} but a room changed"
            assert host.seated == seated, f"refused {reply.key} but seats changed"
            assert self.books() == (txns, held), f"refused {reply.key} but the ledger moved"
        await host.quiesce()
        after_txns, after_held = self.books()
        for kind in ("beans", "points"):
            before = sum(v for (a, k), v in held.items() if k == kind and a != BANK)
            after = sum(v for (a, k), v in after_held.items() if k == kind and a != BANK)
            assert before == after, f"{kind} created or destroyed by {type(command).__name__}"
        assert await host.store.books_balanced()
        errors = [r for r in self.caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage()[:300] for r in errors]
        return reply

    def check_refusal(self, command: cmd.Command, reply: Reply) -> None:
        text, key = reply.text, reply.key
        if key == "host.internal_error":  # an exception escaped: say which
            raise AssertionError([f"{r.getMessage()[:200]}\n{(r.exc_text or '')[-1500:]}"
                                  for r in self.caplog.records if r.levelno >= logging.ERROR])
        assert text.strip(), f"empty refusal {key}"
        assert len(text) <= MAX_REFUSAL, f"{key}: {len(text)} characters: {text[:300]!r}"
        texts = catalogue().get(key)
        assert texts is not None, f"refusal key {key} is not in the catalogue"
        lang = command.actor.lang
        if lang == "zh" and CJK.search(texts.get("zh", "")):
            assert CJK.search(text), f"{key} not in Chinese: {text!r}"
        if lang == "en" and not CJK.search(texts["en"]) \
                and not any(CJK.search(s) for s in texts_of(command)):
            assert not CJK.search(text), f"{key} not in English: {text!r}"
        logged = [r for r in self.caplog.records
                  if r.name.startswith("bot.host") and key in r.getMessage()]
        assert logged, f"refusal {key} was not logged"


@pytest.fixture
async def harness(make_host: HostFactory, caplog: pytest.LogCaptureFixture) -> Harness:
    caplog.set_level(logging.INFO)
    host, _ = await make_host(stake=10)
    return Harness(host, caplog)


# The default run is fixed (derandomized) and quick; PAIJU_BAD_INPUT_EXAMPLES=1000 explores
# further with fresh random draws.
EXPLORE = int(os.environ.get("PAIJU_BAD_INPUT_EXAMPLES", "0"))
# No shrinking: the host lives on between examples, so a smaller replay meets another room.
CHECKS = settings(max_examples=EXPLORE or 60, deadline=None, derandomize=not EXPLORE,
                  phases=[Phase.explicit, Phase.reuse, Phase.generate],
                  suppress_health_check=[HealthCheck.function_scoped_fixture,
                                         HealthCheck.too_slow])


# -- typed actions ----------------------------------------------------------------------


@CHECKS
@given(data=st.data())
async def test_any_typed_action_is_answered_and_a_refusal_changes_nothing(
        harness: Harness, data: st.DataObject) -> None:
    scene = data.draw(st.one_of(st.sampled_from(SCENES), st.sampled_from(PLAYING)), label="scene")
    table = await harness.table(*scene)
    actor, place = harness.sender(data, table)
    text = data.draw(TEXT, label="text")
    which = data.draw(st.sampled_from(["none", "none", "now", "near", "any"]), label="counter")
    delta = data.draw(st.integers(-3, 3), label="counter delta")
    anything = data.draw(BIG, label="any counter")
    now = harness.host.rooms[table.room_id].counter
    counter = {"none": None, "now": now, "near": now + delta, "any": anything}[which]
    await harness.check(cmd.Act(actor, place, text=text, counter=counter))


# -- the referee, rules and leaderboards ------------------------------------------------


@CHECKS
@given(data=st.data())
async def test_judge_rules_and_leaderboards_answer_any_words(
        harness: Harness, data: st.DataObject) -> None:
    table = await harness.table(*data.draw(st.sampled_from(LOBBIES), label="scene"))
    actor, place = harness.sender(data, table)
    game = data.draw(mostly(st.one_of(st.none(), st.sampled_from(GAMES)), TEXT), label="game")
    kind = data.draw(st.sampled_from(["judge", "rules", "board"]), label="kind")
    if kind == "judge":
        command: cmd.Command = cmd.Judge(actor, place, game=game,
                                         text=data.draw(TEXT, label="text"))
    elif kind == "rules":
        command = cmd.Rules(actor, place, game=game)
    else:
        command = cmd.Leaderboard(
            actor, place,
            metric=data.draw(mostly(st.sampled_from(METRICS), TEXT), label="metric"),
            period=data.draw(mostly(st.sampled_from(PERIODS), TEXT), label="period"),
            everywhere=data.draw(st.booleans(), label="everywhere"),
            limit=data.draw(st.one_of(st.integers(-5, 50), BIG), label="limit"))
    await harness.check(command)


# -- settings and new rooms -------------------------------------------------------------

OPTION_NAMES = ["players", "bidding", "last_bidder_min_two", "first_bidder", "escape_to",
                "no_bid_penalty", "doubling", "show_hand", "bomb_cap", "dummy_visible",
                "escape_penalty", "duel_hand"]
NUMBERS = st.one_of(st.sampled_from(["5", "0", "-3", "3", "1", " 7 ", "9" * 30, "1" + "0" * 19,
                                     "1e3", "٣", "３", "5.5", "0x10", "-0"]),
                    st.integers().map(str), TEXT)
SWITCHES = st.one_of(st.sampled_from(["on", "off", "none", "yes", "开", "关", "true", "2"]), TEXT)
SETTING = st.one_of(  # a key people use with a plausible or arbitrary value, or anything
    st.tuples(st.sampled_from(["stake", "Stake ", "STAKE"]), NUMBERS),
    st.tuples(st.sampled_from(["mode", " MODE"]),
              st.one_of(st.sampled_from(["points", "beans", "Points", "chips"]), TEXT)),
    st.tuples(st.sampled_from(["lang", "language"]),
              st.one_of(st.sampled_from(["zh", "en", "fr", "ZH", "zh-CN"]), TEXT)),
    st.tuples(st.just("game"), st.one_of(st.sampled_from([*GAMES, "ddz", "田忌", "poker"]), TEXT)),
    st.tuples(st.sampled_from(["bidding"]),
              st.one_of(st.sampled_from(["points", "grab", "auction"]), TEXT)),
    st.tuples(st.sampled_from(["bomb_cap", "duel_hand", "players"]), NUMBERS),
    st.tuples(st.sampled_from(OPTION_NAMES), SWITCHES),
    st.tuples(TEXT, TEXT),
)
OPTION_VALUES = st.one_of(st.none(), st.booleans(), BIG, st.floats(), TEXT,
                          st.lists(st.integers(), max_size=3),
                          st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@CHECKS
@given(data=st.data())
async def test_any_settings_change_is_answered_and_a_refusal_changes_nothing(
        harness: Harness, data: st.DataObject) -> None:
    scene = data.draw(st.one_of(st.sampled_from(SCENES), st.sampled_from(LOBBIES)), label="scene")
    table = await harness.table(*scene)
    actor, place = harness.sender(data, table)
    if data.draw(st.booleans(), label="owner"):  # the owner, who may change settings
        actor, place = dataclasses.replace(table.people[0], lang=actor.lang), table.place
    changes = dict(data.draw(st.lists(SETTING, min_size=1, max_size=3), label="changes"))
    reply = await harness.check(cmd.RoomSettings(actor, place, changes=changes))
    if reply.ok and changes:
        await harness.play_through(table.room_id)


@CHECKS
@given(data=st.data())
async def test_any_new_room_request_is_answered_and_a_refusal_changes_nothing(
        harness: Harness, data: st.DataObject) -> None:
    table = await harness.table(*data.draw(st.sampled_from(SCENES), label="scene"))
    actor, place = harness.sender(data, table)
    # Each part is plausible or arbitrary, so that some requests get past the first check.
    command = cmd.NewRoom(
        actor, place,
        game=data.draw(mostly(st.one_of(st.none(), st.sampled_from(GAMES)), TEXT),
                       label="game"),
        options=data.draw(mostly(st.just({}), st.dictionaries(
            st.one_of(st.sampled_from(OPTION_NAMES), TEXT), OPTION_VALUES, max_size=3)),
            label="options"),
        stake=data.draw(st.one_of(st.none(), st.integers(-3, 50), BIG, st.sampled_from(
            [10**6, 10**9, 2**63, 10**30])), label="stake"),
        mode=data.draw(mostly(st.sampled_from([None, "beans", "points", "points"]), TEXT),
                       label="mode"))
    reply = await harness.check(command)
    if reply.ok and place is not None:
        await harness.play_through(room_id_for(place))


# -- button payloads --------------------------------------------------------------------


SHAPES = ("known", "known", "known", "ours", "wrong_room", "wrong_counter", "random", "long",
          "pipes")


def payload(data: st.DataObject, harness: Harness, table: Table) -> str:
    """Random strings, and payloads shaped like ours with the wrong room, counter or code.

    A fixed sequence of draws, resolved against the room afterwards (replays stay valid).
    """
    shape = data.draw(st.sampled_from(SHAPES), label="shape")
    delta = data.draw(st.integers(-3, 3), label="counter delta")
    pick = data.draw(st.integers(0, 10**6), label="code pick")
    code = data.draw(st.one_of(st.just(""), st.text(max_size=20).map(lambda s: "~" + s),
                               st.text(max_size=20).map(lambda s: "!" + s), TEXT), label="code")
    other = data.draw(st.one_of(st.sampled_from(["00000000", "zzzzzzzz", "", "other"]),
                                st.text(max_size=10)), label="other room")
    bad_counter = data.draw(st.one_of(
        st.sampled_from(["-1", "", "zz", "9" * 30, " 1", "+1", "1_0", "٣", "0x1"]),
        st.text(max_size=5)), label="bad counter")
    junk = data.draw(st.text(max_size=80), label="random")
    room = harness.host.rooms[table.room_id]
    codes: list[str] = list(VERBS) + GARBAGE[:20]
    if room.state is not None and room.phase is RoomPhase.PLAYING:
        for seat in room.to_act():  # every acting seat's codes, not only the sender's
            codes += room.state.legal_actions(seat)[:6]
            codes += room.spec.hints(room.state, seat)
    counter = to_base36(max(0, room.counter + delta))
    known = codes[pick % len(codes)]
    if other == "other":
        others = [t.room_id for t in harness.tables.values() if t.room_id != table.room_id]
        other = others[pick % len(others)] if others else ""
    return {
        "known": f"{table.room_id}:{counter}:{known}",
        "ours": f"{table.room_id}:{counter}:{code or known}",
        "wrong_room": f"{other}:{counter}:{known}",
        "wrong_counter": f"{table.room_id}:{bad_counter}:{known}",
        "random": junk,
        "long": f"{table.room_id}:{counter}:{known}" + "x" * 120,
        "pipes": f"{table.room_id}|{counter}|{known}",
    }[shape]


@CHECKS
@given(data=st.data())
async def test_any_button_payload_is_answered_and_a_refusal_changes_nothing(
        harness: Harness, data: st.DataObject) -> None:
    scene = data.draw(st.one_of(st.sampled_from(SCENES), st.sampled_from(PLAYING)), label="scene")
    table = await harness.table(*scene)
    actor, place = harness.sender(data, table)
    await harness.check(cmd.Press(actor, place, payload=payload(data, harness, table)))


# -- every other command, from anyone, about any room -----------------------------------

SIMPLE = [cmd.Join, cmd.Leave, cmd.AddAI, cmd.Start, cmd.Rematch, cmd.ShowHand, cmd.Hint,
          cmd.Table, cmd.CloseRoom, cmd.MyStats, cmd.Help]


@CHECKS
@given(data=st.data())
async def test_every_command_from_anyone_about_any_room_is_answered(
        harness: Harness, data: st.DataObject) -> None:
    table = await harness.table(*data.draw(st.sampled_from(SCENES), label="scene"))
    actor, place = harness.sender(data, table)
    room = data.draw(st.one_of(st.none(), st.none(), st.just(table.room_id),
                               st.sampled_from(["zzzzzzzz", ""]), TEXT), label="room")
    kind = data.draw(st.sampled_from([*SIMPLE, cmd.RemoveAI, cmd.Auto]), label="command")
    if kind is cmd.RemoveAI:
        command: cmd.Command = cmd.RemoveAI(actor, place, room,
                                            seat=data.draw(st.one_of(st.none(), BIG)))
    elif kind is cmd.Auto:
        command = cmd.Auto(actor, place, room, on=data.draw(st.one_of(st.none(), st.booleans())))
    else:
        command = kind(actor, place, room)
    await harness.check(command)


# -- regressions found by the properties above -----------------------------------------


async def test_a_refusal_repeating_a_huge_word_stays_short_and_printable(
        harness: Harness) -> None:
    """An unknown game of 10,000 characters was repeated whole in the refusal."""
    reply = await harness.check(cmd.Rules(cmd.Actor(PLATFORM, "r1", "R", "zh"), None,
                                          game="3" * 10_000))
    assert not reply.ok and reply.key == "host.unknown_game"
    assert len(reply.text) <= MAX_REFUSAL and "doudizhu3" in reply.text  # the list survives
    reply = await harness.check(cmd.Rules(cmd.Actor(PLATFORM, "r1", "R"), None,
                                          game="a\x00b\u202ec"))
    assert "\x00" not in reply.text and "\u202e" not in reply.text


async def test_a_stake_too_big_for_the_ledger_is_refused_where_it_is_set(
        harness: Harness) -> None:
    """A points table at a stake of 10**30 opened, then every Start failed inside storage."""
    owner = harness.fresh()
    place = Place(PLATFORM, "stakes", "", "guild-1", "Guild")
    reply = await harness.check(cmd.NewRoom(owner, place, game="doudizhu2", stake=10**30,
                                            mode="points"))
    assert reply.key == "host.bad_stake" and str(MAX_STAKE) in reply.text
    await harness.ok(cmd.NewRoom(owner, place, game="doudizhu2", mode="points"))
    reply = await harness.check(cmd.RoomSettings(owner, place, changes={"stake": "9" * 30}))
    assert reply.key == "host.bad_stake"
    await harness.ok(cmd.RoomSettings(owner, place, changes={"stake": str(MAX_STAKE)}))
    await harness.play_through(room_id_for(place))
    assert harness.host.rooms[room_id_for(place)].phase is RoomPhase.OVER


def _drop_seat(snapshot: dict[str, Any]) -> None:
    snapshot["seats"].pop()


def _no_state(snapshot: dict[str, Any]) -> None:
    snapshot["state"] = None


def _text_deadline(snapshot: dict[str, Any]) -> None:
    snapshot["deadline"] = "soon"


def _text_counter(snapshot: dict[str, Any]) -> None:
    snapshot["counter"] = "7"


def _ai_with_account(snapshot: dict[str, Any]) -> None:
    snapshot["seats"][0]["is_ai"] = True


@pytest.mark.parametrize("damage", [_drop_seat, _no_state, _text_deadline, _text_counter,
                                    _ai_with_account])
async def test_a_room_snapshot_that_does_not_fit_is_left_alone_and_the_rest_start(
        make_host: HostFactory, caplog: pytest.LogCaptureFixture, damage: Any) -> None:
    """A snapshot that parsed but did not fit its game (three seats' hand with two seats, a
    deadline in words, ...) made Host.start raise: the whole bot stayed down; a hand in play
    without its state wedged its channel for good."""
    caplog.set_level(logging.INFO)
    host, _ = await make_host()
    first = Harness(host, caplog)
    broken = await first.table("doudizhu3", "play")
    healthy = await first.table("tianji", "arranging")
    await host.close()
    db = sqlite3.connect(host.settings.database)
    row = db.execute("SELECT snapshot FROM rooms WHERE room_id = ?", (broken.room_id,))
    snapshot = json.loads(row.fetchone()[0])
    damage(snapshot)
    db.execute("UPDATE rooms SET snapshot = ? WHERE room_id = ?",
               (json.dumps(snapshot), broken.room_id))
    db.commit()
    db.close()
    caplog.clear()
    restarted, _ = await make_host()  # starts: the damaged room is left alone, and said so
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"room {broken.room_id}: snapshot unreadable, left alone"]
    after = Harness(restarted, caplog)
    after.people = first.people
    assert (await after.check(cmd.Table(healthy.people[0], healthy.place))).ok
    reply = await after.check(cmd.Act(broken.people[0], broken.place, text="pass"))
    assert reply.key == "host.no_room"
    for person in broken.people:  # the channel and its people are free again
        assert (await after.check(cmd.NewRoom(person, broken.place, game="doudizhu2"))).ok


async def test_a_table_reopened_where_its_snapshot_was_lost_does_not_reuse_game_ids(
        make_host: HostFactory, caplog: pytest.LogCaptureFixture) -> None:
    """Reopened after its snapshot was lost, a table counted hands from 1 again: the new
    hand's actions collided with the old record (an internal error on every move), and had
    they not, its settlement would have counted as booked already and paid nobody."""
    caplog.set_level(logging.INFO)
    host, _ = await make_host()
    first = Harness(host, caplog)
    table = await first.table("doudizhu2", "over")
    await host.close()
    db = sqlite3.connect(host.settings.database)
    db.execute("UPDATE rooms SET snapshot = '{}' WHERE room_id = ?", (table.room_id,))
    db.commit()
    db.close()
    restarted, _ = await make_host()
    after = Harness(restarted, caplog)
    after.people = first.people
    await after.check(cmd.NewRoom(table.people[0], table.place, game="doudizhu2"))
    await after.play_through(table.room_id)
    assert restarted.rooms[table.room_id].game_id == f"{table.room_id}-2"
    settled = {g.game_id for g in await restarted.store.finished_games()}
    assert {f"{table.room_id}-1", f"{table.room_id}-2"} <= settled


@pytest.mark.parametrize(("lang", "expected"), [("en", "you don't hold 10 10 10 10 10"),
                                                 ("zh", "你的手牌里没有 10 10 10 10 10")])
async def test_a_refusal_names_cards_as_players_write_them(
        harness: Harness, lang: str, expected: str) -> None:
    """The engine's canonical ranks leaked into refusals: "you don't hold TTTTT"."""
    table = await harness.table("doudizhu3", "play")
    room = harness.host.rooms[table.room_id]
    person = harness.people[room.seats[room.to_act()[0]].user_id or ""]
    speaker = cmd.Actor(person.platform, person.user_id, person.name, lang)
    reply = await harness.check(cmd.Act(speaker, table.place, text="10 10 10 10 10"))
    assert not reply.ok and reply.key == "ddz.err.not_in_hand"
    assert reply.text == expected
