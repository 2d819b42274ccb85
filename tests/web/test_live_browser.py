"""A live table in real Chromium: moves made through the real host show up on the page by
themselves (server-sent events), in English and in Chinese; the public table only."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.host import Host
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site

COUNTER = "return document.querySelector('#table') && document.querySelector('#table')" \
          ".dataset.counter"


async def person_moves(host: Host, seat: int = 0) -> str:
    """The person at `seat` makes the hint's move (or the first legal one) through the host."""
    state = room(host).state
    assert state is not None and seat in state.to_act()
    hints = room(host).spec.hints(state, seat)
    action = hints[0] if hints else state.legal_actions(seat)[0]
    await ok(host, cmd.Act(actor(seat), PLACE, text=action))
    await host.quiesce()
    return action


async def seen(browser: Browser, counter: int) -> None:
    """Wait until the page shows the table at `counter` (it updates itself)."""
    await browser.wait_for(f"{COUNTER} === '{counter}'")


async def test_a_live_table_follows_the_moves_made_through_the_host(
        site: Site, browser: Browser) -> None:
    host = site.host
    table = await open_table(host, "doudizhu3", 1, 2)
    await host.quiesce()
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
    assert await browser.text("h1") == "Live table"
    await browser.wait_for("return document.querySelector('#status').dataset.state === 'live'")
    await seen(browser, room(host).counter)
    await browser.screenshot("live-en-bidding")

    for _ in range(6):  # the person's moves; the AIs answer at once
        if room(host).phase.value != "playing":
            break
        before = room(host).counter
        await person_moves(host)
        assert room(host).counter > before
        await seen(browser, room(host).counter)
        # The page's card counts are the table's, seat by seat (backs only: no faces).
        counts = await browser.js("return [...document.querySelectorAll('#table .seat')]"
                                  ".map(s => Number(s.dataset.cards))")
        public = room(host).state.public_view()
        assert counts == [s["cards"] for s in public["seats"]]
        if room(host).phase.value == "playing":  # at the end the cards left are public
            assert await browser.count("#table .seat .hand svg.card:not(.back)") == 0
    assert int(await browser.js("return document.querySelector('#live').dataset.updates")) >= 2
    assert "landlord" in (await browser.text("#table")).lower()
    assert await browser.console_errors() == []
    await browser.screenshot("live-en-playing")


async def test_a_live_table_reads_in_chinese_to_the_end_of_the_hand(
        site: Site, browser: Browser) -> None:
    host = site.host
    table = await open_table(host, "doudizhu3", 1, 2)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "zh"))
    assert await browser.text("h1") == "实时牌桌"
    await seen(browser, room(host).counter)
    await person_moves(host)
    await seen(browser, room(host).counter)
    assert "倍数" in await browser.text("#table")
    await browser.screenshot("live-zh-playing")
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))  # 托管 plays the rest of the hand
    await host.quiesce()
    assert room(host).phase.value == "over"
    await browser.wait_for("return document.querySelector('#table').dataset.phase === 'over'")
    await seen(browser, room(host).counter)
    assert "地主" in await browser.text("#table")
    await browser.screenshot("live-zh-over")
    await browser.click("#replay-link")  # a finished hand links to its replay
    assert "回放" in await browser.text("h1")


async def test_a_live_link_for_another_room_or_without_its_signature_finds_nothing(
        site: Site, browser: Browser) -> None:
    table = await open_table(site.host, "doudizhu3", 1, 2)
    good = site.links.live_path(table.room_id, table.links_epoch)
    signed = good.split("?")[1]
    await browser.get(site.url(f"/live/other123?{signed}", "en"))
    assert await browser.text("h1") == "Not found"
    await browser.get(site.url(f"/live/{table.room_id}?k=", "en"))
    assert await browser.text("h1") == "Not found"


async def test_a_wild_card_is_starred_on_the_live_table_and_in_the_replay(
        site: Site, browser: Browser) -> None:
    # 癞子 (RULES §2.1): once the wild rank is drawn, its cards carry a ring and a star
    # wherever the page draws them (a play, the bottom, the cards left) — no other card.
    host = site.host
    await open_table(host, "doudizhu3", 1, 2, options={"variant": "laizi"})
    for _ in range(60):
        state = room(host).state
        if state.wilds and state.history and any(
                who is not None and shown for who, shown in state.history):
            break
        if room(host).phase.value != "playing":
            break
        if 0 in state.to_act():
            await person_moves(host)
        else:
            await host.quiesce()
    state = room(host).state
    assert state.wilds
    wild = "3456789TJQKA2"[state.wilds[0]]
    table = room(host)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
    await seen(browser, room(host).counter)
    starred = await browser.js(
        "return [...document.querySelectorAll('svg.defs symbol')]"
        ".filter(s => s.querySelector('.wild-star')).map(s => s.id)")
    drawn = await browser.js("return [...document.querySelectorAll('svg.defs symbol')]"
                             ".map(s => s.id)")
    assert all(code.startswith(f"c-{wild}") for code in starred)
    assert [c for c in drawn if c.startswith(f"c-{wild}")] == starred
    await browser.screenshot("live-laizi")
    # To the end in 托管, then the replay, which draws all 54 cards: exactly the four of the
    # wild rank are starred.
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    finished = room(host)
    assert finished.phase.value == "over" and finished.game_id is not None
    await browser.get(site.url(site.links.replay_path(finished.game_id), "en"))
    starred = await browser.js(
        "return [...document.querySelectorAll('svg.defs symbol')]"
        ".filter(s => s.querySelector('.wild-star')).map(s => s.id)")
    assert sorted(starred) == sorted(f"c-{wild}{suit}" for suit in "cdhs")
    assert await browser.console_errors() == []
