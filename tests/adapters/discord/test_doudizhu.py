"""斗地主 through Discord: people bid and play with panel components, then 托管 finishes the
hand; the result reaches the table, the channel and the leaderboard."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import take_turn
from tests.fakes.discord import FakeDiscord


async def seat_and_start(paiju: Paiju, game: str, people: list[str]) -> None:
    """The first person opens a table, the others join with the button, then Start."""
    await paiju.slash(people[0], "paiju new", {"game": game})
    table = await paiju.table()
    for name in people[1:]:
        await paiju.press(name, table, code="!join")
    await paiju.press(people[0], table, code="!start")
    assert paiju.room.phase is Phase.PLAYING


async def play_to_the_end(paiju: Paiju, styles: list[str]) -> list[str]:
    """Each style answers one prompt (whoever is to act); then everyone switches on 托管."""
    done = []
    for style in styles:
        if paiju.room.phase is not Phase.PLAYING:
            break
        [user] = paiju.to_act()
        done.append(await take_turn(paiju, user, style))
    for seat in range(len(paiju.room.seats)):
        if paiju.room.phase is Phase.PLAYING:
            await paiju.slash(paiju.user_at(seat), "paiju auto", {"on": True})
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER
    return done


async def test_three_people_play_a_hand_to_the_result_and_the_leaderboard(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    done = await play_to_the_end(paiju, ["bid", "pass", "pass", "select", "pass", "toggles",
                                         "select", "toggles"])
    assert done[:3] == ["bid", "bid", "bid"]
    assert "select" in done and "toggles" in done
    table = await paiju.table()
    assert codes(table)[0] == "!again"
    channel_texts = [m.content for m in fake_discord.messages_in(fake_discord.channel)]
    assert any("Alice" in text and "+" in text for text in channel_texts[1:])  # the result note
    board = await paiju.slash("bob", "paiju leaderboard")
    assert board.ephemeral
    assert all(name in board.content for name in ("Alice", "Bob", "Carol"))


async def test_two_people_play_the_two_player_game(paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu2", ["dave", "eve"])
    done = await play_to_the_end(paiju, ["bid", "bid", "toggles", "select"])
    assert "bid" in done
    me = await paiju.slash("eve", "paiju me")
    assert me.ephemeral and "Eve" in me.content
    board = await paiju.slash("dave", "paiju leaderboard", {"metric": "games"})
    assert board.ephemeral and "Dave" in board.content and "Eve" in board.content
