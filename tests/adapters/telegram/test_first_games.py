"""A newcomer's first game of each kind in a Telegram group, in English and in Chinese,
through the real client and the fake server (issue 14): they open the table, fill it with
AI players, deal, take one hint and play it with one tap, then let 托管 finish. What the
group and their private chat show is checked as a person reads it: the finished table with
the last play and every seat's cards, the result once with one formula line per player, and
a Chinese table Chinese throughout.

One fake server, host and adapter serve the whole module (each game in its own group)."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.games import registry
from bot.host.views import Phase
from tests.adapters.telegram.harness import FAST, JSON, LeakGuard, Players, Table, checked_table
from tests.fakes.telegram import FakeTelegram
from tests.fakes.telegram_api import FakeChat, FakeUser

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEATS = {"doudizhu3": 3, "doudizhu2": 2, "tianji": 3, "tianji-duel": 2}
NAMES = {"en": "Alice", "zh": "阿丽"}
COUNTER = {"en": "counter=on", "zh": "记牌器=开"}
WORDS = {"en": {"result": "🏁 Result", "again": "Play again?", "left": " left: ",
                "counter": "Card counter (记牌器): ", "take_over": "Take over (end 托管)",
                "final": " went out with ", "unplayed": "Cards not played: ", "ai": "AI "},
         "zh": {"result": "🏁 结算", "again": "再来一局?", "left": " 剩:", "final": " 最后出 ",
                "counter": "记牌器:", "take_over": "取消托管",
                "unplayed": "没出的牌:", "ai": "电脑"}}


class Errors(logging.Handler):
    """Every error our code logs while the module runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("adapters", "bot", "storage", "telegram")):
            self.records.append(record)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Table]:
    """One booted fake Telegram world for every game of the module; checked at the end as
    the `tg` fixture checks each test (privacy, answered presses, a clean log)."""
    errors = Errors()
    logging.getLogger().addHandler(errors)
    guard = LeakGuard()
    try:
        path = tmp_path_factory.mktemp("tg") / "paiju.sqlite3"
        async with checked_table(guard, lambda fake: Table(fake, path, guard, FAST)) as table:
            yield table
    finally:
        logging.getLogger().removeHandler(errors)
    assert not errors.records, "\n".join(r.getMessage() for r in errors.records)


async def play_first_game(tg: Table, game: str, lang: str) -> tuple[FakeChat, FakeUser]:
    """Open, fill with AI players, deal; one hint played with one tap; 托管 to the end."""
    fake = tg.fake
    group = fake.new_group(f"{game} {lang}")
    person = fake.new_user(NAMES[lang], language_code=lang)
    fake.command(person, "new", game, chat=group)
    await tg.until(lambda: tg.shown_table(group))
    if game.startswith("doudizhu"):  # the 记牌器 on, as the settings name it
        fake.command(person, "settings", COUNTER[lang], chat=group)
        await tg.until(lambda: tg.room(group).card_counter)
    for seats in range(2, SEATS[game] + 1):
        await tg.press(person, tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(tg.room(group).seats) == s)
    await tg.press(person, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [person])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await _hint_then_play(tg, players, person)
    if players.room().phase is Phase.PLAYING:
        panel = await tg.prompt(person, lambda c: c == "!auto")
        await tg.press(person, panel, lambda c: c == "!auto")
        # The button says what a press does now: take the seat back.
        label = WORDS[lang]["take_over"]
        await tg.until(lambda: game_over(players) or any(
            text == label for text, _ in FakeTelegram.buttons(tg.panel(person) or {})))
    await players.finished(30)
    await tg.settle()
    return group, person


async def _hint_then_play(tg: Table, players: Players, person: FakeUser) -> None:
    """Answer bids with the first choice until a play (or arrangement) is asked; then Hint,
    and the one button that plays the hinted move."""
    assert tg.adapter is not None
    def asked(code: str) -> bool:
        return code.startswith(("bid", "~t", "~g", "play ")) \
            or code in ("pass", "grab", "no-grab", "double", "no-double")

    def turn() -> JSON | str | None:
        """The turn's own message (a verb like Hint is on older panels too, never stale);
        "moved" once seat 0 is not to act (a 要不起 pass plays itself, with no prompt, and
        the hand may end before the person is asked anything)."""
        room = players.room()
        if room.phase is not Phase.PLAYING or 0 not in room.to_act():
            return "moved"
        panel = tg.panel(person)
        return panel if any(asked(c) for c in tg.live_codes(person, panel)) else None

    while True:
        room = players.room()
        if room.phase is not Phase.PLAYING:
            return
        found = await tg.until(turn)
        if found == "moved":
            await tg.settle()
            continue
        panel = found
        codes = tg.live_codes(person, panel)
        if any(c.startswith(("~t", "~g", "play ")) for c in codes):
            break
        await players.act(person, lambda c: c.startswith("bid ") or c in (
            "grab", "no-double", "pass"))
    slot = tg.adapter.panels[(person.id, room.room_id)]
    before = room.counter
    await tg.press(person, panel, lambda c: c == "!hint")
    await tg.settle()
    if slot.draft.value:  # the hinted move, drafted: its Play (Confirm) button plays it
        await tg.press(person, tg.panel(person), lambda c: c.startswith(("play ", "arrange ")))
    else:  # a hint that is a listed choice (a pass, a duel's card) is its button already
        await tg.press(person, tg.panel(person), lambda c: c.startswith("play ") or c == "pass")
    await tg.until(lambda: players.room().counter > before)


def game_over(players: Players) -> bool:
    """The hand has ended (a quick game may end before a step is taken)."""
    return players.room().phase is not Phase.PLAYING


def _said_in(fake: FakeTelegram, chat: FakeChat) -> list[str]:
    """Every text the bot sent or edited into a chat, in order (a person saw each)."""
    return [str(c.params.get("text") or c.params.get("caption") or "") for c in fake.calls
            if c.chat_id == chat.id and c.ok and c.method in ("sendMessage", "editMessageText")]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", list(SEATS))
async def test_a_first_game_in_a_group_reads_well_to_its_end(world: Table, game: str,
                                                             lang: str) -> None:
    group, person = await play_first_game(world, game, lang)
    fake, words = world.fake, WORDS[lang]
    finished = str(world.table_message(group)["text"])
    notes = [str(m["text"]) for m in fake.messages(group)
             if m["message_id"] != world.table_message(group)["message_id"]]
    results = [n for n in notes if words["result"] in n]
    assert len(results) == 1, notes  # the result once, as its own note
    assert words["result"] not in finished and finished.rstrip().endswith(words["again"])
    seats = [line for line in finished.splitlines() if line.startswith(("• ", "▶ "))]
    room = world.room(group)
    names = [person.first_name] + [words["ai"] + s.name for s in room.seats if s.is_ai]
    for name in names:  # one line each, with its whole formula
        mine = [line for line in results[0].splitlines() if line.startswith(f"{name}:")]
        assert len(mine) == 1 and " = " in mine[0], (name, results[0])
    if game.startswith("doudizhu"):
        assert words["final"] in finished
        for line in seats:
            count = int(re.search(r"🂠(\d+)", line).group(1))
            assert (words["left"] in line) == (count > 0), line
    elif game == "tianji":
        assert all(f"{name}: A " in finished for name in names), finished
    else:
        held = any(int(re.search(r"🂠(\d+)", line).group(1)) for line in seats)
        assert (words["unplayed"] in finished) == held, finished  # a card nobody played
    private = _said_in(fake, fake.private_chat(person))
    said = _said_in(fake, group) + private
    if game.startswith("doudizhu"):  # the 记牌器 beside the hand, in the private chat
        assert any(words["counter"] in text for text in private), private[-3:]
    assert registry.module(game).display_name(lang) in finished
    if lang == "zh":  # Chinese throughout: no English word in anything shown
        english = {w for text in said for w in re.findall(r"[a-z]{3,}",
                                                          re.sub(r"<[^>]*>|牌桌 \S+|牌局 \S+|"
                                                                 r"https?://\S+|"
                                                                 r"\b[0-9a-f]{16,64}\b",
                                                                 "", text))}
        assert not english, english
    folder = os.environ.get("PAIJU_TRANSCRIPTS")
    if folder:  # the transcripts pasted into the team's note (not written otherwise)
        lines = [f"--- {game} {lang}: group"] + _said_in(fake, group)
        Path(folder, f"telegram-{game}-{lang}.txt").write_text("\n\n".join(lines) + "\n")
