"""A finished game's replay in real Chromium: step with the keyboard, all hands open, the
referee's reading of each move, the settlement with its formula; English and Chinese."""

from __future__ import annotations

from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site


async def finished_game(site: Site, game: str = "doudizhu3", people: int = 1,
                        ais: int = 2) -> str:
    """Play one whole game through the host (the person in 托管); its game id."""
    host = site.host
    await open_table(host, game, people, ais, start=False)
    for n in range(people):
        await ok(host, cmd.Auto(actor(n), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    finished = room(host)
    assert finished.phase.value == "over" and finished.game_id is not None
    return finished.game_id


async def test_a_replay_steps_through_every_action_with_the_keyboard(
        site: Site, browser: Browser) -> None:
    game_id = await finished_game(site)
    record = await site.host.store.game_record(game_id)
    assert record is not None and record.result is not None
    total = len(record.actions)
    await browser.get(site.url(site.links.replay_path(game_id), "en"))
    assert await browser.text("h1") == f"Dou Dizhu · replay of {game_id}" or \
        game_id in await browser.text("h1")
    # The deal: one step shown, every hand open (17 + 17 + 17 before the bottom is taken).
    assert await browser.js("return document.querySelectorAll('section.step').length") \
        == total + 1
    visible = "return [...document.querySelectorAll('section.step')].filter(s => !s.hidden)" \
              ".map(s => s.dataset.step)"
    assert await browser.js(visible) == ["0"]
    hands = await browser.js("return [...document.querySelectorAll('#step-0 .hand')]"
                             ".map(h => h.querySelectorAll('svg.card').length)")
    assert hands == [17, 17, 17]
    assert await browser.text("#position") == f"0 / {total}"
    await browser.screenshot("replay-en-deal")

    await browser.keys("\ue014")  # → (ArrowRight)
    assert await browser.js(visible) == ["1"]
    assert await browser.text("#position") == f"1 / {total}"
    first_seat, first_action = record.actions[0]
    assert await browser.js("return document.querySelector('#step-1').querySelector"
                            "('.seat.acting').dataset.seat") == str(first_seat)
    assert first_action.split()[0] in ("bid", "pass", "grab", "no-grab")

    # Step to the first play: the referee names its type.
    first_play = next(i for i, (_, a) in enumerate(record.actions, 1) if a.startswith("play"))
    for _ in range(first_play - 1):
        await browser.keys("\ue014")
    assert await browser.js(visible) == [str(first_play)]
    referee = await browser.text(f"#step-{first_play} .referee")
    assert referee.startswith("Referee:") and "leads a new trick" in referee
    # The played cards left the player's hand on the table.
    played = record.actions[first_play - 1]
    cards_after = await browser.js(
        f"return document.querySelector('#step-{first_play} .seat[data-seat=\"{played[0]}\"] "
        ".hand').querySelectorAll('svg.card').length")
    cards_before = await browser.js(
        f"return document.querySelector('#step-{first_play - 1} .seat[data-seat=\"{played[0]}\"] "
        ".hand').querySelectorAll('svg.card').length")
    assert cards_before - cards_after == len(played[1].split()[1])
    # A play that beat another says what it beat.
    beating = [i for i in range(first_play + 1, total + 1)
               if record.actions[i - 1][1].startswith("play")
               and record.actions[i - 2][1].startswith("play")
               and record.actions[i - 2][0] != record.actions[i - 1][0]]
    if beating:
        beat_text = await browser.js(
            f"return document.querySelector('#step-{beating[0]} .referee').textContent")
        assert "beats" in beat_text
    await browser.screenshot("replay-en-play")

    await browser.keys("\ue010")  # End
    assert await browser.js(visible) == [str(total)]
    assert await browser.text("#position") == f"{total} / {total}"
    assert record.actions[-1][1].startswith("play")  # the winner's last cards, read too
    assert (await browser.text(f"#step-{total} .referee")).startswith("Referee: ")
    await browser.keys("\ue012")  # ← (ArrowLeft)
    assert await browser.js(visible) == [str(total - 1)]
    await browser.keys("\ue011")  # Home
    assert await browser.js(visible) == ["0"]
    await browser.click("#last")
    assert await browser.js(visible) == [str(total)]

    # The settlement: base × multiplier, and per seat score × stake = amount, as booked.
    formula = await browser.text("#settlement .formula")
    assert formula.startswith("Base ") and "× multiplier" in formula
    rows = await browser.js("return [...document.querySelectorAll('#settlement tbody tr')]"
                            ".map(r => [...r.cells].map(c => c.textContent.trim()))")
    result = record.result
    assert [int(r[2]) for r in rows] == result["scores"]
    assert [int(r[4].lstrip("= ")) for r in rows] == [s * result["stake"] for s in
                                                      result["scores"]]
    assert sum(int(r[6].split()[0]) for r in rows) == 0  # AI seats: their share of the house
    person = record.seats.index(next(p for p in record.seats if p is not None))
    assert int(rows[person][6]) == record.deltas[record.seats[person]]
    assert await browser.console_errors() == []
    await browser.screenshot("replay-en-end")


async def test_a_replay_reads_in_chinese(site: Site, browser: Browser) -> None:
    game_id = await finished_game(site, "tianji", people=1, ais=2)
    await browser.get(site.url(site.links.replay_path(game_id), "zh"))
    assert await browser.js("return document.documentElement.lang") == "zh-Hans"
    assert "回放" in await browser.text("h1")
    assert await browser.text("#next") == "下一步 ▶"
    assert "键盘" in await browser.text(".keys")
    hands = await browser.js("return [...document.querySelectorAll('#step-0 .hand')]"
                             ".map(h => h.querySelectorAll('svg.card').length)")
    assert hands == [6, 6, 6]
    await browser.keys("\ue014")
    assert "裁判" in await browser.text("#step-1 .referee")
    await browser.keys("\ue010")
    assert "结算" in await browser.text("#settlement h2")
    assert await browser.console_errors() == []
    await browser.screenshot("replay-zh")
    # The language switch leads to the same replay in English.
    await browser.click("#lang-switch")  # a link: the English page loads after the click
    await browser.wait_for("return document.documentElement.lang === 'en'")
    assert "replay of" in await browser.text("h1")


async def test_a_running_game_has_no_replay_and_a_forged_link_finds_nothing(
        site: Site, browser: Browser) -> None:
    host = site.host
    await open_table(host, "doudizhu3", 1, 2)
    running = room(host).game_id
    assert running is not None
    await browser.get(site.url(site.links.replay_path(running), "en"))
    assert await browser.text("h1") == "Not finished yet"
    assert await browser.count("svg.card") == 0
    forged = site.links.replay_path(running).split("?k=")[0] + "?k=" + "A" * 22
    await browser.get(site.url(forged, "en"))
    assert await browser.text("h1") == "Not found"
