"""The game registry is the one list of games: everything else derives from it."""

from __future__ import annotations

import pytest

from adapters.telegram import vocabulary
from bot.__main__ import build_parser
from bot.errors import PaijuError
from bot.games import registry
from bot.host import games
from bot.host.presentation.render import renderer
from bot.referee import KINDS
from bot.tournament import config


def test_every_game_is_registered_once_and_the_first_is_the_default() -> None:
    assert len(set(registry.names())) == len(registry.names()) >= 1
    assert games.game_name(None) == registry.default_game() == registry.names()[0]


@pytest.mark.parametrize("game", registry.names())
def test_every_registered_game_has_a_complete_record(game: str) -> None:
    record = registry.module(game)
    spec = registry.spec(game)
    assert record.name == spec.name == game
    assert record.display_name("en") and record.display_name("zh")
    assert record.rules_key
    assert set(record.timers.values()) <= set(registry.TIMER_CLASSES)
    assert renderer(game, spec.default_options()) is not None


def test_an_unknown_game_is_an_error_never_another_game() -> None:
    for call in (lambda: registry.module("paodekuai"), lambda: renderer("paodekuai"),
                 lambda: games.spec("paodekuai"), lambda: games.game_name("paodekuai")):
        with pytest.raises(PaijuError) as caught:
            call()
        assert caught.value.key == "host.unknown_game"


def test_registering_a_name_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        registry.register("doudizhu3", "bot.games.doudizhu:DOUDIZHU3")


def test_aliases_in_both_languages_name_their_game() -> None:
    assert games.game_name("ddz") == "doudizhu3"
    assert games.game_name("二人斗地主") == "doudizhu2"
    assert games.game_name("田忌赛马") == "tianji"
    assert games.game_name("老师与学生") == "tianji-duel"


def test_the_lists_elsewhere_derive_from_the_registry() -> None:
    assert set(KINDS) == set(registry.referee_kinds())
    assert {"doudizhu", "doudizhu-game", "doudizhu-ai", "tianji"} <= set(KINDS)
    assert config.competition_games() == {
        record.name: record.competition_seats for record in registry.modules()
        if record.competition_seats}
    assert set(vocabulary.GAME_SHORTCUTS.values()) == {
        record.name for record in registry.modules() if record.shortcuts}
    assert set(vocabulary.CHINESE_GAMES.values()) <= set(registry.names())
    play = build_parser().parse_args(["play", "--game", "tianji-duel"])
    assert play.game == "tianji-duel"
