"""Every button of every real prompt fits Telegram: each game and rule set played to the end
by people pressing random buttons, every panel (with empty and full drafts) and every table
message checked against the Bot API's keyboard limits as the fake server applies them, at a
competition table (whose room ids are the longest the host makes)."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from adapters.common.drafts import GROUP_DRAFT, RANK_DRAFT, Draft
from adapters.telegram.panel import render_panel
from adapters.telegram.render import table_message
from bot.host import commands as cmd
from bot.host import games
from bot.host.bootstrap import close_host, open_host
from bot.host.handlers.lobby import deal
from bot.host.host import Host
from bot.host.payload import MAX_PAYLOAD_BYTES, decode_payload
from bot.host.room import Room, Seat
from bot.host.runtime.clock import ManualClock
from bot.host.views import Announcement, Delivery, Phase, Place, PrivateView, TableView
from bot.settings import Settings
from tests.fakes.telegram_api import ApiError, inline_keyboard

PLACE = Place("telegram", "-1001", "", "-1001", "Payloads")
# "k" + cup id + stage and table: longer than any competition this bot will hold.
LONG_ROOM = "k999999s99t999"

GAMES = [  # game, seats, options, the kinds of prompt every run meets
    ("doudizhu3", 3, {}, {"bid", "play"}),
    ("doudizhu3", 3, {"bidding": "grab", "doubling": True, "show_hand": True},
     {"grab", "double", "show", "play"}),
    ("doudizhu3", 3, {"first_bidder": "rotate", "bomb_cap": 3}, {"bid", "play"}),
    ("doudizhu2", 2, {}, {"bid", "play"}),
    ("doudizhu2", 2, {"dummy_visible": False, "doubling": True}, {"bid", "double", "play"}),
    ("tianji", 6, {}, {"arrange"}),
    ("tianji", 2, {}, {"arrange"}),
    ("tianji-duel", 2, {}, {"duel"}),
]


class Checker:
    """An outlet that renders every view as the adapter would and checks it on arrival."""

    platform = "telegram"

    def __init__(self) -> None:
        self.privates: dict[int, PrivateView] = {}
        self.problems: list[str] = []
        self.buttons = 0
        self.longest = 0
        self.kinds: set[str] = set()

    def check(self, what: str, markup: Any) -> None:
        keyboard = markup.to_dict() if markup is not None else None
        try:
            inline_keyboard(keyboard)
        except ApiError as error:
            self.problems.append(f"{what}: {error.description}: {keyboard}")
        for row in (keyboard or {}).get("inline_keyboard", []):
            for button in row:
                data = button["callback_data"]
                self.buttons += 1
                self.longest = max(self.longest, len(data.encode()))
                if len(data.encode()) > MAX_PAYLOAD_BYTES:
                    self.problems.append(f"{what}: {data!r} is too long")
                decode_payload(data)  # and it reads back

    async def show_table(self, view: TableView) -> None:
        self.check(f"table {view.counter}", table_message(view)[1])

    async def show_private(self, view: PrivateView) -> Delivery:
        self.privates[view.seat] = view
        if view.prompt is not None:
            self.kinds.add(view.prompt.kind)
        drafts = [Draft()]
        if view.prompt is not None and view.prompt.build == "ranks":
            drafts.append(Draft(RANK_DRAFT, view.ranks))  # every card chosen
        if view.prompt is not None and view.prompt.build == "groups":
            drafts.append(Draft(GROUP_DRAFT, "122333"))  # a whole arrangement built
        for draft in drafts:
            self.check(f"panel {view.counter} {draft}",
                       render_panel(view, draft)[1])
        return Delivery.SENT

    async def announce(self, note: Announcement) -> None:
        pass


def person(seat: int) -> cmd.Actor:
    return cmd.Actor("telegram", str(1000 + seat), f"P{seat}", "en", False)


async def open_table(host: Host, game: str, people: int, options: dict[str, Any]) -> None:
    """A competition-style table (long room id, all seats people) dealt its first hand."""
    spec = games.spec(game)
    seats = [Seat(False, f"P{n}", await host.player_id(person(n)), str(1000 + n), "en")
             for n in range(people)]

    async def build(before: Room | None) -> Any:
        room = Room(room_id=LONG_ROOM, place=PLACE, game=game,
                    options=spec.validate_options(options), stake=1, mode="points",
                    lang="en", seats=seats, counter=1, prompt_since=[1] * people,
                    competition=True)
        return deal(host, room)

    await host.change(LONG_ROOM, None, build)


async def play_randomly(host: Host, checker: Checker, rng: random.Random) -> Room:
    """Each person to act presses a random button of their prompt until the hand ends."""
    for _ in range(500):
        await host.quiesce()
        room = host.rooms[LONG_ROOM]
        if room.phase is not Phase.PLAYING:
            return room
        seat = room.to_act()[0]
        view = checker.privates[seat]
        assert view.prompt is not None  # (from when their prompt began: still valid)
        buttons = [c.payload for c in (*view.prompt.choices, *view.prompt.suggestions)]
        reply = await host.handle(cmd.Press(person(seat), None, payload=rng.choice(buttons)))
        assert reply.ok, reply.text
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("game", "people", "options", "kinds"), GAMES)
async def test_every_button_of_every_real_prompt_fits_telegram(
        game: str, people: int, options: dict[str, Any], kinds: set[str], tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(_env_file=None, database=tmp_path / "paiju.sqlite3", ai_delay=0,
                        ai_processes=0)
    host = await open_host(settings, clock=ManualClock(), rng=random.Random(11))
    checker = Checker()
    host.attach(checker)
    try:
        await host.start()
        for hand in range(3):
            if hand == 0:
                await open_table(host, game, people, options)
            else:
                async def again(before: Room | None) -> Any:
                    assert before is not None
                    return deal(host, before)

                await host.change(LONG_ROOM, None, again)
            room = await play_randomly(host, checker, random.Random(f"{game}{hand}"))
            assert room.phase is Phase.OVER
    finally:
        await close_host(host)
    assert checker.problems == []
    assert checker.buttons > 50 and kinds <= checker.kinds, checker.kinds
    # The host dropped no choice for being too long to carry (it logs each one it drops).
    dropped = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert dropped == []
