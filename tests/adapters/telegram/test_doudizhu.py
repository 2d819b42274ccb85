"""斗地主 in a Telegram group, played by simulated people through commands and buttons."""

from __future__ import annotations

from bot.i18n import translate
from tests.adapters.telegram.harness import Players, Table, code_of


async def open_table(tg: Table, game: str, names: list[str]) -> Players:
    """The first person opens a room; the second joins by button, the rest by /join."""
    fake = tg.fake
    group = fake.new_group(f"{game} club")
    users = [fake.new_user(name) for name in names]
    fake.command(users[0], "new", game, chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    assert "!join" in tg.codes(lobby)
    fake.press(users[1], lobby, label=translate("host.button.join", "en"))
    for user in users[2:]:
        fake.command(user, "join", chat=group)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == len(users))
    return players


async def start(tg: Table, players: Players) -> None:
    """The owner presses Start on the lobby message."""
    lobby = tg.table_message(players.chat)
    owner = next(iter(players.by_id.values()))
    await tg.press(owner, lobby, lambda c: c == "!start")


async def test_three_people_play_a_hand_to_the_result_and_the_leaderboard(tg: Table) -> None:
    players = await open_table(tg, "ddz", ["Alice", "Bob <b>&amp;</b>", "Carol"])
    await start(tg, players)
    # Bidding by buttons: 1 point, pass, 2 points.
    bidder = await players.next_turn(0)
    assert await players.act(bidder, lambda c: c == "bid 1") == "bid 1"
    second = await players.next_turn(players.room().counter - 1)
    await players.act(second, lambda c: c == "pass")
    third = await players.next_turn(players.room().counter - 1)
    await players.act(third, lambda c: c == "bid 2")
    room = players.room()
    assert room.state is not None and room.state.public_view()["landlord"] is not None
    # The landlord leads with a suggestion; the next builds a move with rank toggles
    # (or passes); the third passes when allowed.
    landlord = await players.next_turn(room.counter - 1)
    led = await players.act(landlord, lambda c: c.startswith("play "))
    follower = await players.next_turn(players.room().counter - 1)
    prompt = await tg.prompt(follower, lambda c: c in ("pass",) or c.startswith("~t"))
    suggestions = [c for c in tg.codes(prompt) if c.startswith("play ")]
    if suggestions:
        await players.build_play(follower, suggestions[0].removeprefix("play "))
    else:
        await players.act(follower, lambda c: c == "pass")
    third = await players.next_turn(players.room().counter - 1)
    await players.act(third, lambda c: c == "pass" or c.startswith("play "))
    await tg.settle()  # a group's table edits are a second apart at most
    table_text = tg.table_message(players.chat)["text"]
    assert "Bob <b>&amp;</b>" in table_text  # the name shown exactly as written
    # The landlord's hand shrank by the cards led, privately (shown with their next turn:
    # their own move costs no request of its own).
    left = f"({20 - len(led.removeprefix('play '))})"
    await tg.until(lambda: left in (tg.panel(landlord) or {"text": ""})["text"].splitlines()[0])
    await players.everyone_auto()
    room = await players.finished()
    await tg.settle()
    group = players.chat
    texts = [m["text"] for m in tg.fake.messages(group)]
    assert any(translate("host.result.title", "en") in t for t in texts)
    assert "!again" in tg.codes(tg.table_message(group))
    assert room.last_result is not None
    # The leaderboard shows the three, in the group.
    mark = tg.fake.mark()
    tg.fake.command(next(iter(players.by_id.values())), "lb", chat=group)
    board = await tg.fake.wait_for(method="sendMessage", chat_id=group, since=mark)
    assert all(name in board.params["text"] for name in ("Alice", "Carol"))
    assert "Bob &lt;b&gt;&amp;amp;&lt;/b&gt;" in board.params["text"]  # HTML-escaped


async def test_two_people_play_against_each_other_with_the_dummy_hand_shown(tg: Table) -> None:
    players = await open_table(tg, "ddz2", ["Dora", "Evan"])
    await start(tg, players)
    bidder = await players.next_turn(0)
    await players.act(bidder, lambda c: c == "bid 3" or c == "bid 2" or c == "bid 1")
    await tg.until(lambda: (players.room().state.public_view()["landlord"] is not None
                            or players.room().counter > 3))
    if players.room().state.public_view()["landlord"] is None:
        other = await players.next_turn(players.room().counter - 1)
        await players.act(other, lambda c: c == "pass" or c.startswith("bid"))
    leader = await players.next_turn(players.room().counter - 1)
    # 提示 asked in the group is answered in private: the group sees nothing of it.
    fake = tg.fake
    await tg.settle()
    mark = fake.mark()
    fake.command(leader, "hint", chat=players.chat)
    hint = await fake.wait_for(method="sendMessage", chat_id=leader.id, since=mark)
    assert hint.params["text"].startswith("Hint 1/")
    await players.act(leader, lambda c: c.startswith("play "))
    assert not [c for c in fake.calls[mark:] if c.method == "sendMessage"
                and c.chat_id == players.chat.id]
    # The other player answers by typing in the private chat.
    other = next(u for u in players.by_id.values() if u is not leader)
    before = players.room().counter
    fake.user_says(other, "不要")
    await tg.until(lambda: players.room().counter > before)
    assert players.room().state.public_view()["history"][-1][1] == ""  # a pass
    dummy = players.room().state.public_view()["dummy"]
    assert dummy["visible"]
    table = tg.table_message(players.chat)
    shown = [line for line in table["text"].splitlines() if "♠" in line or "♥" in line
             or "♣" in line or "♦" in line]
    assert shown, "the dummy hand (明牌) is on the table"
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    assert code_of(tg.fake.buttons(tg.table_message(players.chat))[0][1]) == "!again"
