"""Result cards read as the chat does: the duel's cards left and its tricks, the reader's
language (Chinese drawn with the bundled CJK font, fonts-wqy-zenhei), each seat's name; and
`picture result` on a PostgreSQL database."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bot.host import commands as cmd
from bot.pictures import Pictures, ResultSummary, SeatResult, describe
from bot.pictures.summary import named
from bot.pictures.text import drawable
from tests.host.conftest import PLACE, HostFactory, actor, ok, room

ROOT = Path(__file__).resolve().parents[2]


async def _played(make_host: HostFactory, game: str, people: list[cmd.Actor], ais: int,
                  **settings: object) -> tuple[object, object]:
    host, recorder = await make_host(**settings)
    await ok(host, cmd.NewRoom(people[0], PLACE, game=game))
    for person in people[1:]:
        await ok(host, cmd.Join(person, PLACE))
    for _ in range(ais):
        await ok(host, cmd.AddAI(people[0], PLACE))
    for person in people:
        await ok(host, cmd.Auto(person, PLACE, on=True))
    await ok(host, cmd.Start(people[0], PLACE))
    await host.quiesce()
    assert room(host).phase.value == "over"
    return host, recorder


def _result_view(recorder: object) -> object:
    return [v for v in recorder.tables if v.result is not None][-1]  # type: ignore[attr-defined]


async def test_the_duel_result_shows_the_cards_left_and_the_tricks(
        make_host: HostFactory) -> None:
    host, recorder = await _played(make_host, "tianji-duel", [actor(0)], 1)
    summary = _result_view(recorder).result
    public = room(host).public_view().to_dict()
    picture = Pictures().result(summary, "en")
    layout = picture.layout
    drawn = [card.code for card in layout.cards]
    for trick in public["tricks"]:
        for code in trick:
            assert code in drawn, (code, drawn)
    assert {seat.tricks for seat in summary.seats} == set(public["wins"])
    assert any(text.endswith(("tricks", "1 trick")) for text in layout.labels)
    assert "STUDENT" in " ".join(layout.labels)


def test_a_duel_won_early_shows_the_cards_still_held() -> None:
    import random

    from bot.host import games
    from bot.pictures.summary import summary_of

    spec = games.spec("tianji-duel")
    for seed in range(50):  # a duel decided 2–0 before its last trick
        state = spec.new_game(2, spec.default_options(), seed, dealer=0)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act()[0]
            state = spec.step(state, seat, spec.ai_action(state, seat, rng)).state
        public = state.public_view()
        if any(public["left"]):
            break
    outcome = {"mode": "beans", "stake": 10,
               "seats": [{"final": 10, "left": ""}, {"final": -10, "left": ""}]}
    layout = Pictures().result(summary_of("tianji-duel", public, outcome), "en").layout
    assert "no cards left" not in layout.labels
    drawn = [card.code for card in layout.cards]
    for held in public["left"]:
        for code in held.split():
            assert code in drawn, (code, drawn)


async def test_a_result_card_names_the_players_in_the_readers_language(
        make_host: HostFactory) -> None:
    people = [cmd.Actor(actor(0).platform, "u0", "王小明", "zh"), actor(1)]
    _, recorder = await _played(make_host, "doudizhu3", people, 1)
    summary = _result_view(recorder).result
    chinese = Pictures().result(summary, "zh").layout
    assert "王小明" in chinese.labels and "Player1" in chinese.labels
    assert any(text in chinese.labels for text in ("地主胜", "农民胜"))
    english = Pictures().result(summary, "en").layout
    assert "王小明" in english.labels
    assert drawable("王小明 地主胜")


def test_a_summary_without_names_still_numbers_the_seats() -> None:
    summary = ResultSummary("doudizhu3", "ended", (SeatResult(0, 10), SeatResult(1, -10)))
    assert "Seat 1" in Pictures().result(summary, "en").layout.labels
    named_summary = named(summary, [{"name": "Zed\u202e", "is_ai": False},
                                    {"name": 2, "is_ai": True}])
    assert [s.name for s in named_summary.seats] == ["Zed", "2"]


def test_picture_result_reads_a_postgresql_database(tmp_path: Path) -> None:
    from tests.postgres import drop_database, fresh_database, server_url

    server_url()
    url = fresh_database()
    try:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
        env.update(PYTHONPATH=str(ROOT), PAIJU_DATABASE=url)
        sim = subprocess.run([sys.executable, "-m", "bot", "simulate", "--rooms", "1",
                              "--hands", "1", "--database", url], capture_output=True,
                             text=True, env=env, cwd=ROOT, timeout=180)
        assert sim.returncode == 0, sim.stderr[-2000:]

        async def game_id() -> str:
            import asyncpg

            conn = await asyncpg.connect(url.split("?")[0],
                                         server_settings={"search_path": url.split("=")[-1]})
            try:
                return str(await conn.fetchval("SELECT game_id FROM games LIMIT 1"))
            finally:
                await conn.close()

        found = asyncio.run(game_id())
        out = tmp_path / "result.png"
        done = subprocess.run([sys.executable, "-m", "bot", "picture", "result", "--game-id",
                               found, "--out", str(out)], capture_output=True, text=True,
                              env=env, cwd=ROOT, timeout=180)
        assert done.returncode == 0, done.stderr[-2000:]
        layout = describe(out.read_bytes())
        assert layout is not None and layout.kind == "result"
    finally:
        drop_database(url)
