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


def test_a_game_folder_is_registered_by_itself_with_no_line(tmp_path, monkeypatch) -> None:
    """`discover` registers every `GameModule` a folder's `__init__.py` exports, by its entry
    string, after the games registered already; folders the registered entries point into
    are left alone; a name taken already is refused."""
    root = tmp_path / "somegames"
    (root / "newgame").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "newgame" / "__init__.py").write_text(
        "from bot.games.registry import GameModule\n"
        "ONE = GameModule(name='folder-one', spec='x:Y', names={'en': 'One'})\n"
        "TWO = GameModule(name='folder-two', spec='x:Y', names={'en': 'Two'})\n")
    (root / "notagame.py").write_text("raise AssertionError('a plain module is not a game')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = registry.names()
    try:
        assert registry.discover("somegames") == ("folder-one", "folder-two")
        assert registry.names() == (*before, "folder-one", "folder-two")
        assert registry.entry("folder-two") == "somegames.newgame:TWO"
        assert registry.module("folder-one").display_name("zh") == "One"
        assert registry.discover("somegames") == ()  # found once
    finally:
        registry.unregister("folder-one")
        registry.unregister("folder-two")
    assert registry.discover("bot.games") == ()  # the built-in games' lines name their folders
    (root / "clash").mkdir()
    (root / "clash" / "__init__.py").write_text(
        "from bot.games.registry import GameModule\n"
        "X = GameModule(name='doudizhu3', spec='x:Y', names={'en': 'X'})\n")
    with pytest.raises(ValueError, match="registered already"):
        registry.discover("somegames")
    for name in ("folder-one", "folder-two"):
        registry.unregister(name)


def test_the_kept_game_is_its_folder_alone() -> None:
    """The game tests/games/kept/ holds is registered from its folder (tests/conftest.py's
    `discover`), and no file outside that folder names it or its catalogue."""
    from pathlib import Path

    from tests.games.contract.conftest_highcard import kept_games

    [game] = kept_games()
    record = registry.module(game)
    root = Path(__file__).resolve().parents[2]
    folder = root / "tests" / "games" / "kept"
    words = {game, *record.words(), f"{record.i18n_prefix}."}
    named = sorted(str(path.relative_to(root)) for path in root.rglob("*.py")
                   if folder not in path.parents and ".git" not in path.parts
                   and any(word in path.read_text(encoding="utf-8") for word in words))
    assert named == []
