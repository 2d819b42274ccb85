"""Every panel fits Discord's grid: at most 5 rows of 5 buttons, a select alone in its row
with at most 25 options, unique custom ids of at most 100 characters, labels of at most 80,
for random hands and drafts of both games."""

from __future__ import annotations

import random
from typing import Any

from adapters.common.drafts import Draft, next_group, toggled
from adapters.discord.panel import render_panel
from bot.cards import RANK_CHARS, deck52, deck54
from bot.host.payload import encode_payload
from bot.host.views import Button, Choice, PrivateView, Prompt, UserRef

ROOM = "abcd1234"


def choice(action: str, counter: int) -> Choice:
    return Choice(action, action, encode_payload(ROOM, counter, action))


def ddz_view(rng: random.Random) -> PrivateView:
    cards = rng.sample(deck54(), rng.randint(1, 20))
    codes = tuple(str(c) for c in cards)
    ranks = "".join(sorted((RANK_CHARS[c.rank - 3] for c in cards), key=RANK_CHARS.index))
    counter = rng.randint(0, 5000)
    suggestions = tuple(choice(f"play {ranks[:k]}", counter) for k in range(1, 9))
    prompt = Prompt("play", "Your lead", (choice("pass", counter),), suggestions, "ranks",
                    can_pass=True)
    buttons = (Button("Hint", encode_payload(ROOM, counter, "!hint")),
               Button("Auto (托管)", encode_payload(ROOM, counter, "!auto")))
    return PrivateView(ROOM, counter, UserRef("discord", "1"), 0, "zh", "doudizhu3",
                       "Your cards", codes, ranks, prompt, buttons)


def tianji_view(rng: random.Random) -> PrivateView:
    codes = tuple(str(c) for c in rng.sample(deck52(), 6))
    counter = rng.randint(0, 5000)
    suggestions = tuple(choice(f"arrange {codes[0]}|{codes[1]}{codes[2]}|"
                               f"{codes[3]}{codes[4]}{codes[5]}", counter) for _ in range(3))
    prompt = Prompt("arrange", "Split", suggestions[:1], suggestions, "groups")
    buttons = (Button("Auto (托管)", encode_payload(ROOM, counter, "!auto")),)
    return PrivateView(ROOM, counter, UserRef("discord", "1"), 0, "en", "tianji",
                       "Your cards", codes, "".join(c[0] for c in codes), prompt, buttons)


def check(components: list[dict[str, Any]]) -> None:
    assert 1 <= len(components) <= 5
    ids = []
    for row in components:
        children = row["components"]
        assert 1 <= len(children) <= 5
        if any(c["type"] == 3 for c in children):
            assert len(children) == 1 and 1 <= len(children[0]["options"]) <= 25
        for child in children:
            ids.append(child["custom_id"])
            assert 1 <= len(child["custom_id"]) <= 100
            assert len(child.get("label") or "") <= 80
    assert len(ids) == len(set(ids))


async def test_random_panels_of_both_games_fit_the_grid() -> None:
    rng = random.Random(2024)
    for _ in range(60):
        view = ddz_view(rng)
        selection = ""
        for _ in range(rng.randint(0, 12)):
            char = rng.choice(view.ranks)
            selection = toggled(selection, char, view.ranks.count(char))
        check(render_panel(view, Draft("~t", selection)).view.to_components())
        view = tianji_view(rng)
        digits = "000000"
        for _ in range(rng.randint(0, 15)):
            digits = next_group(digits, rng.randrange(6))
        check(render_panel(view, Draft("~g", digits)).view.to_components())


def readings(view: PrivateView, selection: str, count: int, counter: int) -> tuple[Choice, ...]:
    """`count` ways to make the selection, stamped with `counter` (labels as long as a
    game's may be: Discord clips them)."""
    return tuple(Choice(f"play {selection}={n}", f"{selection} as reading {n} " * 6,
                        encode_payload(ROOM, counter, f"play {selection}={n:x}"))
                 for n in range(count))


async def test_the_ways_to_make_a_drafted_play_fit_the_grid_and_go_with_the_table() -> None:
    rng = random.Random(41)
    for _ in range(60):
        view = ddz_view(rng)
        selection = view.ranks[:rng.randint(1, 4)]
        count = rng.randint(2, 14)
        ways = readings(view, selection, count, view.counter)
        panel = render_panel(view, Draft("~t", selection), choices=ways)
        rows = panel.view.to_components()
        check(rows)
        first = rows[0]["components"]
        if count <= 5:  # a ▶ button each, where the suggestions were; no plain Play
            assert [c["custom_id"] for c in first] == [w.payload for w in ways]
            assert all(c["label"].startswith("▶ ") for c in first)
        else:  # more than a row: a select of them all
            assert [o["value"] for o in first[0]["options"]] == [w.payload for w in ways]
        ids = [c["custom_id"] for row in rows for c in row["components"]]
        assert encode_payload(ROOM, view.counter, f"play {selection}") not in ids
        # the table moved on (another counter), or nothing drafted: the plain panel again
        for stale in (render_panel(view, Draft("~t", selection),
                                   choices=readings(view, selection, count, view.counter + 1)),
                      render_panel(view, Draft(), choices=ways)):
            ids = [c["custom_id"] for row in stale.view.to_components()
                   for c in row["components"]]
            assert not any("=" in i for i in ids)
