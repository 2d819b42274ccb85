"""癞子 (RULES §2.1) on Discord: cards drafted on the panel whose wild card can be read more
than one way are not refused into typing. Pressing Play asks the host, whose refusal names
each way (`Reply.choices`); the panel then offers a ▶ button per way in place of Play, and
the one pressed is the play made. A new draft, or the play, takes the ways away."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from adapters.common.drafts import ordered_ranks
from adapters.discord.components import PER_ROW
from bot.host.payload import decode_payload
from bot.host.views import Phase
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju, codes
from tests.fakes.discord import FakeDiscord, FakeMessage
from tests.games.doudizhu.readings import ambiguous_play

PEOPLE = [f"lai{n}" for n in range(12)]  # one table each: nobody sits at two


async def _deal_with_readings(paiju: Paiju, many: bool = False) -> tuple[str, str, list[str]]:
    """Tables of one person and two AI seats in 癞子 until one where the person bids 3, so
    leads, and holds a play of two readings up to a row of buttons (`many`: more than a
    row): the person, the cards and their readings."""
    fake = paiju.fake
    for name in PEOPLE:
        paiju.channel = fake.add_channel(f"readings-{name}")
        await paiju.slash(name, "paiju new", {"game": "doudizhu3"})
        await paiju.slash(name, "paiju settings", {"changes": "variant=laizi"})
        assert paiju.room.options["variant"] == "laizi"
        for _ in range(2):
            await paiju.press(name, await paiju.table(), code="!ai")
        await paiju.press(name, await paiju.table(), code="!start")
        assert paiju.room.phase is Phase.PLAYING
        if paiju.to_act() != [name]:
            continue  # an AI bids first: another table
        panel = await paiju.open_hand(name)
        if "bid 3" not in codes(panel):
            continue
        await paiju.press(name, panel, code="bid 3")
        state = paiju.room.state
        if state is None or state.wild is None or paiju.to_act() != [name]:
            continue
        found = ambiguous_play(state, 0, at_least=PER_ROW + 1) if many \
            else ambiguous_play(state, 0, at_most=PER_ROW)
        if found is not None:
            return name, *found
    raise AssertionError("no deal with a play of two readings")


async def _draft(paiju: Paiju, name: str, panel: FakeMessage, cards: str) -> None:
    selection = ""
    for char in cards:
        selection = ordered_ranks(selection + char)
        await paiju.press(name, panel, code=f"~t{selection}")


@asynccontextmanager
async def _asked(fake_discord: FakeDiscord, tmp_path: Path, many: bool = False
                 ) -> AsyncIterator[tuple[Paiju, str, str, list[str], FakeMessage]]:
    """A person whose drafted play of several readings was just pressed (so the host asked
    which): the bot, the person, the cards, their readings and the person's panel."""
    for name in PEOPLE:
        fake_discord.add_user(name)
    async with started(fake_discord, tmp_path / "readings.sqlite3") as paiju:
        name, cards, readings = await _deal_with_readings(paiju, many)
        panel = paiju.panel_of(name)
        await _draft(paiju, name, panel, cards)
        assert f"play {cards}" in codes(panel)
        await paiju.press(name, panel, code=f"play {cards}")
        yield paiju, name, cards, readings, panel


async def test_the_ways_to_make_a_wild_play_are_buttons_and_the_one_pressed_is_played(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with _asked(fake_discord, tmp_path) as (paiju, name, cards, readings, panel):
        assert paiju.room.state.actions[-1] == "bid 3"  # nothing was played
        offered = [f"play {cards}={reading}" for reading in readings]
        have = codes(panel)
        assert sorted(c for c in have if c.startswith(f"play {cards}=")) == sorted(offered)
        assert f"play {cards}" not in have  # no plain Play: which way is now the question
        assert "~s" not in have  # the ways stand where the suggestions were
        labels = [b["label"] for b in panel.interactive()
                  if decode_payload(b["custom_id"]).code in offered]
        assert len(labels) == len(offered)
        assert all(label.startswith("▶ ") and " as " in label for label in labels), labels
        assert "pick one" in panel.content and "⚠️" not in panel.content
        # A new draft takes the ways away; Play asks again.
        await paiju.press(name, panel, code="~c")
        assert not any("=" in code for code in codes(panel))
        assert "pick one" not in panel.content
        await _draft(paiju, name, panel, cards)
        await paiju.press(name, panel, code=f"play {cards}")
        assert sorted(c for c in codes(panel) if "=" in c) == sorted(offered)
        chosen = offered[-1]
        before = paiju.room.counter
        await paiju.press(name, panel, code=chosen)
        assert paiju.room.counter > before
        assert chosen in paiju.room.state.actions  # the way pressed is the play made
        assert not any("=" in code for code in codes(paiju.panel_of(name)))


async def test_the_ways_go_from_the_panel_when_the_table_moves_on(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with _asked(fake_discord, tmp_path) as (paiju, name, cards, readings, panel):
        assert sum("=" in code for code in codes(panel)) == len(readings)
        # The turn runs out: the host plays for the seat; the live panel follows, without
        # the ways (a press of one now would be stale).
        before = paiju.room.counter
        deadline = paiju.room.deadline
        assert deadline is not None
        await paiju.advance(deadline - paiju.clock.now() + 0.1)
        assert paiju.room.counter > before
        panel = paiju.panel_of(name)
        assert not any("=" in code for code in codes(panel)), codes(panel)
        assert "pick one" not in panel.content


async def test_more_ways_than_a_row_are_a_select_and_the_one_chosen_is_played(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with _asked(fake_discord, tmp_path, many=True) as (paiju, name, cards, readings,
                                                             panel):
        [select] = [c for c in panel.interactive() if c["type"] == 3]
        values = [option["value"] for option in select["options"]]
        offered = sorted(f"play {cards}={reading}" for reading in readings)
        assert sorted(decode_payload(v).code for v in values) == offered
        assert select["placeholder"] == "Play it as…"
        assert f"play {cards}" not in codes(panel) and "pick one" in panel.content
        chosen = next(v for v in values if decode_payload(v).code == offered[0])
        await paiju.press(name, panel, code="~s", values=[chosen])
        assert offered[0] in paiju.room.state.actions  # the way chosen is the play made
        now = [o["value"] for c in paiju.panel_of(name).interactive()
               for o in c.get("options") or ()]
        assert not set(values) & set(now)  # the ways went with the play
