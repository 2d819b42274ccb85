"""A game that is only its folder (tests/games/kept/) (no text, pictures or web hooks of
its own) plays through the host, the console, its pictures and the conformance checks."""

from __future__ import annotations

import io
import random
from pathlib import Path

from adapters.console import ConsoleAdapter
from adapters.console import play as console_play
from bot.games import registry
from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.handlers.replay import replay_matches
from bot.host.views import Phase
from bot.pictures import Pictures, summary_of
from bot.settings import Settings
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import PLACE, actor, clock, make_host, ok, play_out  # noqa: F401


async def test_a_new_game_plays_through_the_host_by_its_alias_and_replays(
        highcard: str, make_host) -> None:  # noqa: F811
    host, recorder = await make_host()
    await ok(host, cmd.NewRoom(actor(0), PLACE, game=registry.module(highcard).aliases["zh"][0]))
    await ok(host, cmd.Join(actor(1), PLACE))
    await ok(host, cmd.Join(actor(2), PLACE))
    await ok(host, cmd.Start(actor(0), PLACE))
    [prompt] = [v.prompt for v in recorder.privates if v.prompt is not None][-1:]
    assert len(prompt.choices) == 4  # the default text offers every card and "lowest"
    assert all(c.label != c.action for c in prompt.choices)  # cards as people read them
    finished = await play_out(host)
    assert finished.phase is Phase.OVER and finished.game == highcard
    assert sum(s["final"] for s in finished.last_result["seats"]) == 0
    assert any("takes the round" in n.text for n in recorder.notes)  # its own catalogue
    assert any(n.kind == "host.result" and n.picture == "result" for n in recorder.notes)
    assert await host.store.books_balanced()
    [record] = await host.store.finished_games()
    assert record.game == highcard and replay_matches(record)
    table = recorder.tables[-1].text
    assert "High card" in table
    rules = await host.handle(cmd.Rules(actor(0), PLACE))
    assert "highest card takes each round" in rules.text  # its own rules page


async def test_a_new_game_plays_at_the_console(highcard: str, tmp_path: Path) -> None:  # noqa: F811
    settings = Settings(_env_file=None, database=tmp_path / "new.sqlite3", ai_delay=0,
                        ai_processes=0)
    host = await open_host(settings, rng=random.Random(3))
    out = io.StringIO()
    console = ConsoleAdapter(out)
    host.attach(console)
    try:
        await host.load()
        code = await console_play(host, console, game=highcard, auto=True, lang="zh",
                                  name="tester", stdin=io.StringIO(""), interactive=False)
    finally:
        await close_host(host)
    text = out.getvalue()
    assert code == 0, text
    assert "比大小" in text and "赢了这一轮" in text
    assert "Traceback" not in text


def test_a_new_game_gets_its_hand_and_result_pictures_from_the_defaults(
        highcard: str) -> None:  # noqa: F811
    spec = registry.spec(highcard)
    state = spec.new_game(3, {}, 11)
    hand = state.private(0).hand.split()
    picture = Pictures().hand(hand, game=highcard)
    assert sorted(picture.layout.codes) == sorted(hand)
    rng = random.Random(2)
    while not state.is_over:
        seat = state.to_act()[0]
        state = spec.step(state, seat, spec.ai_action(state, seat, rng)).state
    outcome = spec.outcome(state)
    booked = {"mode": "beans", "stake": 5, "seats": [
        {"final": 5 * score, "role": None, "left": ""} for score in outcome.scores]}
    summary = summary_of(highcard, state.public().to_dict(), booked)
    card = Pictures().result(summary, "zh")
    assert [s.amount for s in summary.seats] == [5 * s for s in outcome.scores]
    assert card.png.startswith(b"\x89PNG") and card.layout.kind == "result"
    amounts = [f"{5 * s:+d}" if s else "0" for s in outcome.scores]
    assert all(a in card.layout.labels for a in amounts)


def test_the_new_game_is_listed_everywhere_the_registry_is_read(highcard: str) -> None:  # noqa: F811
    from bot.tournament.config import parse_settings

    assert highcard in registry.names()
    assert registry.default_game() != highcard  # a game added later is not the default
    assert registry.resolve(registry.module(highcard).aliases["en"][0]) == highcard
    config = parse_settings({"game": registry.module(highcard).aliases["zh"][0]},
                            now=0.0)
    assert config.game == highcard and config.table_size == 3
