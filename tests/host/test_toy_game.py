"""A game added through the registry alone (tests/host/toy_game.py, no edit to any existing
file) is played through the host, replayed from its record, and played at the console."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.console import ConsoleAdapter
from adapters.console import play as console_play
from bot.games import registry
from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.handlers.replay import replay_matches
from bot.host.views import Phase
from bot.settings import Settings
from tests.host.conftest import PLACE, actor, ok, play_out
from tests.host.toy_game import TOY


@pytest.fixture
def toy() -> Iterator[str]:
    registry.register("toy", TOY)
    try:
        yield "toy"
    finally:
        registry.unregister("toy")


async def test_a_registered_toy_game_plays_through_the_host_and_replays(
        make_host, toy: str) -> None:
    host, recorder = await make_host()
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="小比大"))  # its Chinese alias
    await ok(host, cmd.Join(actor(1), PLACE))
    await ok(host, cmd.Start(actor(0), PLACE))
    finished = await play_out(host)
    assert finished.phase is Phase.OVER and finished.game == "toy"
    assert sum(s["final"] for s in finished.last_result["seats"]) == 0
    [result] = [n.text for n in recorder.notes if n.kind == "host.result"]
    assert "Rounds taken by" in result
    assert recorder.tables[-1].title.startswith("Little high card") or \
        "Little high card" in recorder.tables[-1].text
    assert await host.store.books_balanced()
    [record] = await host.store.finished_games()
    assert record.game == "toy" and replay_matches(record)
    rules = await host.handle(cmd.Rules(actor(0), PLACE))
    assert "higher card" in rules.text


async def test_the_toy_game_plays_at_the_console_table(tmp_path: Path, toy: str) -> None:
    settings = Settings(_env_file=None, database=tmp_path / "toy.sqlite3", ai_delay=0,
                        ai_processes=0)
    host = await open_host(settings, rng=random.Random(3))
    out = io.StringIO()
    console = ConsoleAdapter(out)
    host.attach(console)
    try:
        await host.load()
        code = await console_play(host, console, game="toy", auto=True, lang="en",
                                  name="tester", stdin=io.StringIO(""), interactive=False)
    finally:
        await close_host(host)
    text = out.getvalue()
    assert code == 0, text
    assert "Little high card" in text and "Rounds taken by" in text
    assert "Traceback" not in text


def test_an_unregistered_toy_is_an_unknown_game() -> None:
    assert "toy" not in registry.names()
