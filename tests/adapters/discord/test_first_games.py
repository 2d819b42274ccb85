"""A first game of each game on Discord, in English and in Chinese, as a newcomer plays it:
/paiju new, two AI seats added, Start, every turn through the "My hand" panel (the first
suggestion, or pass), to the end. What the channel and the player's panel show is read as a
person reads it: the final play and every seat's cards left on the finished table, the
result once with one formula line per player, and a Chinese table Chinese throughout.

One fake server and one bot for the module; each game at its own channel."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import play_suggested, prompt_of
from tests.fakes.discord import FakeDiscord, FakeMessage

pytestmark = pytest.mark.asyncio(loop_scope="module")

GAMES = {"doudizhu3": 2, "doudizhu2": 1, "tianji": 2, "tianji-duel": 1}  # game → AI seats
LOCALES = {"en": "en-US", "zh": "zh-CN"}
# The bot's own pause before an AI move or a pass that plays itself: each is on the table
# for a moment before the next, as a person sees it (with no pause they fold into one edit).
AI_DELAY = 1.0


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Paiju]:
    async with FakeDiscord() as fake:
        database = Path(tmp_path_factory.mktemp("first-games")) / "paiju.sqlite3"
        async with started(fake, database, ai_delay=AI_DELAY) as paiju:
            yield paiju


@dataclass
class Seen:
    """What a first game left to read: the channel's messages, the finished table, the
    player's last panel (after she left) and every panel text she was shown."""

    said: list[str]
    table: str
    panel: FakeMessage
    panels: list[str]
    names: set[str]
    room_id: str
    tables: list[str]  # every version of the table message of the hand


async def first_game(paiju: Paiju, game: str, lang: str) -> Seen:
    """Alice plays a whole hand with AI seats, then leaves the finished table."""
    fake = paiju.fake
    paiju.channel = fake.add_channel(f"first-{game}-{lang}")
    paiju.locale = LOCALES[lang]
    await paiju.slash("alice", "paiju new", {"game": game})
    for _ in range(GAMES[game]):
        await paiju.press("alice", await paiju.table(), code="!ai")
    await paiju.press("alice", await paiju.table(), code="!start")
    panel = await paiju.open_hand("alice")
    for _ in range(300):
        if paiju.room.phase is not Phase.PLAYING:
            break
        room = paiju.room
        if "alice" not in paiju.to_act() or any(room.forced_action(seat) is not None
                                                for seat in room.to_act()):
            await paiju.advance(AI_DELAY)  # the AI seats' move, or her pass that plays itself
            continue
        panel = await paiju.open_hand("alice")
        prompt = prompt_of(paiju, "alice")
        have = codes(panel)
        if prompt.suggestions and "~s" in have:
            await play_suggested(paiju, "alice", panel)
        elif prompt.choices:
            await paiju.press("alice", panel, code=prompt.choices[0].action)
        else:
            await paiju.press("alice", panel, code="pass")
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER
    said = [m.content for m in fake.messages_in(paiju.channel)]
    panel = paiju.panel_of("alice")
    room, table = paiju.room, await paiju.table()
    ai = "AI {}" if lang == "en" else "电脑{}"
    names = {ai.format(seat.name) if seat.is_ai else seat.name for seat in room.seats}
    await paiju.press("alice", table, code="!leave")  # the next game is at another channel
    assert paiju.host is not None
    assert room.room_id not in {r.room_id for r in paiju.host.rooms.values()
                                if r.phase is not Phase.CLOSED}
    panels = [m for m in fake.ephemeral_responses_to("alice") if m.channel_id == table.channel_id]
    seen = [str(version.get("content") or "") for m in panels for version in m.versions]
    tables = [str(version.get("content") or "") for version in table.versions]
    return Seen(said, table.content, panel, seen, names, room.room_id, tables)


CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
MARKUP = re.compile(r"<[@#:!&]?[^<>\s]*>|https?://\S+")  # mentions, <t:…:R>, links


def english_words(text: str, names: set[str]) -> list[str]:
    """Words of three letters or more outside names, markup, the room id and the deal's
    hex commitment."""
    unhexed = re.sub(r"\b[0-9a-f]{16,64}\b", " ", MARKUP.sub(" ", text))
    return [w for w in WORD.findall(unhexed) if w not in names]


def bare_chinese(text: str) -> list[str]:
    """Chinese outside parentheses (an English table names 斗地主 terms in brackets only)."""
    outside = re.sub(r"\([^()]*\)|（[^（）]*）", " ", text)
    return CJK.findall(outside)


def cards_left(table: str, lang: str) -> dict[str, int]:
    """Seat line → (the number of cards it shows left) for seats with cards left."""
    word = "left:" if lang == "en" else "剩:"
    shown = {}
    for line in table.splitlines():
        held = re.search(r"🂠(\d+)", line)
        if held and int(held.group(1)) > 0:
            assert word in line, f"cards left not shown: {line}"
            # one card a word, split on spaces ("Small\u00a0Joker" is one card)
            tokens = [token for token in line.split(word, 1)[1].split(" ") if token]
            shown[line] = (int(held.group(1)), len(tokens))
    return {line: count for line, (count, listed) in shown.items() if count == listed} | {
        line: -1 for line, (count, listed) in shown.items() if count != listed}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_a_first_game_reads_well_end_to_end(bot: Paiju, game: str, lang: str) -> None:
    seen = await first_game(bot, game, lang)
    said, table_text, names = seen.said, seen.table, seen.names
    title = translate("host.result.title", lang)
    # The result once: one message, nothing of it repeated on the finished table.
    results = [text for text in said if title in text]
    assert len(results) == 1, said
    result = results[0]
    assert title not in table_text
    seat_lines = [line for line in result.splitlines()
                  if any(line.startswith((f"{name}:", f"{name}：")) for name in names)]
    for name in names:
        amounts = [line for line in seat_lines if line.startswith((f"{name}:", f"{name}："))
                   and re.search(r"[+-]\d+ (beans|欢乐豆)", line)]
        assert len(amounts) == 1, (name, result)
        assert amounts[0] not in table_text
    if game.startswith("doudizhu"):
        # One line per player with the whole formula: stake × base × multiplier = amount.
        for line in seat_lines:
            assert "×" in line and "=" in line, line
        assert re.search(r"went out with|出完了", table_text), table_text  # the final play
        left = cards_left(table_text, lang)
        assert left and all(count > 0 for count in left.values()), table_text
        # While it is played, each seat shows its last word in the trick (· Q Q, · pass).
        words = [line for text in seen.tables for line in text.splitlines()
                 if re.search(r"🂠\d+ · \S", line)]
        assert words, seen.tables[len(seen.tables) // 2]
    elif game == "tianji":
        for name in names:  # every seat's three groups, face up
            line = next(line for line in table_text.splitlines()
                        if line.startswith((f"{name}:", f"{name}：")))
            assert " · B " in line and " · C " in line, line
    else:  # the duel: every trick, each with the two cards
        tricks = [line for line in table_text.splitlines() if re.match(r"(Trick|第) ?\d", line)]
        assert len(tricks) >= 2 and all(line.count("♠") + line.count("♥") + line.count("♦")
                                        + line.count("♣") == 2 for line in tricks), table_text
    # What Alice saw on her panels: never told to type cards; at the end, the hand is over,
    # and once she left, that she left (no buttons).
    typing = [t for t in seen.panels if re.search(r"\btype\b|输入", t, re.I)]
    assert not typing, typing
    assert any("is over" in text or "结束" in text for text in seen.panels), seen.panels[-3:]
    empty = translate("host.private.hand", lang, count=0, cards="").split("0")[0]
    assert not any(f"{empty}0" in text for text in seen.panels)  # no "Your cards (0)"
    if game == "tianji-duel":  # the trick note names the winning card first
        word = " beats " if lang == "en" else " 大过 "
        notes = [text for text in said if re.search(r"trick \d|第 \d 墩", text)
                 and title not in text and "\n" not in text]
        assert notes and all(word in note for note in notes), notes
    assert seen.panel.content == translate("discord.panel_left", lang)
    assert codes(seen.panel) == []
    everything = [*said, *seen.panels]
    if lang == "zh":  # Chinese throughout: no English word but the names
        for text in everything:
            assert english_words(text.replace(seen.room_id, " "), names) == [], text
    else:
        for text in everything:
            assert bare_chinese(text) == [], text
