"""`mode=classic|laizi|tiandi_laizi` (issue 41's name) sets 斗地主's variant; `mode=beans|
points` keeps its meaning; `variant=` still works; a game without such an option refuses."""

from __future__ import annotations

import pytest

from adapters.common import intents
from bot.errors import IllegalAction
from bot.games.doudizhu.spec import DOUDIZHU3
from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, ok, open_table, room


async def test_mode_names_the_variant_and_still_the_beans_or_points(
        host_and_recorder) -> None:  # noqa: ANN001
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    assert (room(host).options["variant"], room(host).mode) == ("classic", "beans")
    # One command each (two `mode=` in one command would be one key).
    for words, variant, mode in ((["mode=laizi"], "laizi", "beans"),
                                 (["mode=points"], "laizi", "points"),
                                 (["模式=天地癞子"], "tiandi_laizi", "points"),
                                 (["mode=classic", "mode=beans"], "classic", "beans"),
                                 (["variant=laizi"], "laizi", "beans"),
                                 (["模式=经典", "模式=积分"], "classic", "points")):
        for word in words:
            command = intents.command("settings", actor(0, "zh"), PLACE, (word,))
            assert isinstance(command, cmd.RoomSettings), word
            await ok(host, command)
        assert (room(host).options["variant"], room(host).mode) == (variant, mode), words
        assert "mode" not in room(host).options


async def test_a_bad_mode_word_is_refused_as_a_bad_variant(host_and_recorder) -> None:  # noqa: ANN001
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    reply = await host.handle(cmd.RoomSettings(actor(0), PLACE, changes={"mode": "wild"}))
    assert not reply.ok and reply.key == "ddz.err.bad_option" and "variant" in reply.text
    assert room(host).options["variant"] == "classic" and room(host).mode == "beans"


async def test_a_game_without_a_mode_option_keeps_the_beans_or_points_error(
        host_and_recorder) -> None:  # noqa: ANN001
    host, _ = host_and_recorder
    await open_table(host, "tianji", people=1, ais=2, start=False)
    reply = await host.handle(cmd.RoomSettings(actor(0), PLACE, changes={"mode": "laizi"}))
    assert not reply.ok and reply.key == "host.bad_mode"


def test_the_spec_reads_mode_as_variant_everywhere_options_reach_it() -> None:
    assert DOUDIZHU3.validate_options({"mode": "laizi"})["variant"] == "laizi"
    assert "mode" not in DOUDIZHU3.validate_options({"mode": "laizi"})
    assert DOUDIZHU3.validate_options({"mode": "classic", "variant": "classic"})["variant"] \
        == "classic"
    assert DOUDIZHU3.new_game(3, {"mode": "tiandi_laizi"}, 7).options.variant == "tiandi_laizi"
    for bad in ({"mode": "beans"}, {"mode": "laizi", "variant": "tiandi_laizi"}):
        with pytest.raises(IllegalAction):
            DOUDIZHU3.validate_options(bad)


def test_the_game_referee_reads_mode_in_a_request_options() -> None:
    from bot.games.doudizhu.options import validate
    assert validate({"mode": "tiandi_laizi"}).variant == "tiandi_laizi"
    assert validate({"mode": "laizi", "players": 2}).wild_mode
