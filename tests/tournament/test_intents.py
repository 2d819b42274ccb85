"""Typed `/cup` words become the right competition commands."""

from __future__ import annotations

import pytest

from bot.errors import PaijuError
from bot.host.commands import Actor
from bot.tournament import commands as cup_cmd
from bot.tournament.intents import cup_command

ME = Actor("test", "u1", "Me")


@pytest.mark.parametrize(("words", "kind"), [
    ((), cup_cmd.CupStandings), (("报名",), cup_cmd.CupSignUp), (("JOIN",), cup_cmd.CupSignUp),
    (("withdraw",), cup_cmd.CupWithdraw), (("报到",), cup_cmd.CupCheckIn),
    (("ready",), cup_cmd.CupCheckIn), (("close",), cup_cmd.CupClose),
    (("cancel",), cup_cmd.CupCancel), (("status",), cup_cmd.CupStandings),
])
def test_plain_words(words: tuple[str, ...], kind: type) -> None:
    assert type(cup_command(ME, None, words)) is kind


def test_new_takes_a_name_and_settings() -> None:
    command = cup_command(ME, None, ("new", "Spring", "cup", "hands=10", "format=overall",
                                     "quotas=9,3"), roles=("r",))
    assert isinstance(command, cup_cmd.CupCreate)
    assert command.name == "Spring cup" and command.roles == ("r",)
    assert command.settings == {"hands": "10", "format": "overall", "quotas": "9,3"}


def test_board_and_role() -> None:
    board = cup_command(ME, None, ("board", "week", "everywhere"))
    assert isinstance(board, cup_cmd.CupBoard) and board.period == "week" and board.everywhere
    role = cup_command(ME, None, ("role", "<@&123>"))
    assert isinstance(role, cup_cmd.CupOrganiserRole) and role.role == "123"
    cleared = cup_command(ME, None, ("role", "none"))
    assert isinstance(cleared, cup_cmd.CupOrganiserRole) and cleared.role is None


def test_an_unknown_word_is_refused_with_the_list() -> None:
    with pytest.raises(PaijuError) as error:
        cup_command(ME, None, ("dance",))
    assert error.value.key == "cup.err.unknown" and "cup join" in error.value.render("en")
