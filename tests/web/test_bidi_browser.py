"""A name holding a direction override (`Zed\u202e`) never reorders the page's lines: in real
Chromium, every character after the name on its line is laid out left to right."""

from __future__ import annotations

from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, ok, room
from tests.web.conftest import Browser, Site

ZED = cmd.Actor(actor(0).platform, "u0", "Zed\u202e", "en")

# For every element whose own text names Zed: the x of each visible character, in logical
# order, for the characters after the name on the same line; they must increase.
SCRAMBLED = """
const found = [];
const blocks = [...document.querySelectorAll('li, h2, p, td, div.who')]
  .filter(e => e.offsetParent !== null && e.textContent.includes('Zed'));
for (const block of blocks) {
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  const chars = [];
  let after = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      if (node.data.slice(i, i + 3) === 'Zed') { after = true; i += 2; chars.length = 0; continue; }
      if (!after || /\\s/.test(node.data[i]) || node.data.charCodeAt(i) < 0x20) continue;
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) chars.push([Math.round(rect.top), rect.left, node.data[i]]);
    }
  }
  for (let i = 1; i < chars.length; i++) {
    if (chars[i][0] === chars[i - 1][0] && chars[i][1] < chars[i - 1][1]) {
      found.push(block.tagName + ': ' + block.textContent.slice(0, 80)); break;
    }
  }
}
return [blocks.length, found];
"""


async def _zed_game(site: Site) -> str:
    host = site.host
    await ok(host, cmd.NewRoom(ZED, PLACE, game="doudizhu3"))
    await ok(host, cmd.AddAI(ZED, PLACE))
    await ok(host, cmd.AddAI(ZED, PLACE))
    await ok(host, cmd.Auto(ZED, PLACE, on=True))
    await ok(host, cmd.Start(ZED, PLACE))
    await host.quiesce()
    assert room(host).game_id is not None
    return room(host).game_id


async def test_a_name_with_an_override_does_not_scramble_the_replay_lines(
        site: Site, browser: Browser) -> None:
    game_id = await _zed_game(site)
    record = await site.host.store.game_record(game_id)
    await browser.get(site.url(site.links.replay_path(game_id), "en"))
    checked = 0
    for step in range(len(record.actions) + 1):
        await browser.js("document.getElementById('first').click();"
                         f"for (let i = 0; i < {step}; i++) "
                         "document.getElementById('next').click();")
        blocks, scrambled = await browser.js(SCRAMBLED)
        assert scrambled == [], (step, scrambled)
        checked += blocks
    assert checked > len(record.actions)  # Zed is named on every step, in lines as well


async def test_a_name_with_an_override_does_not_scramble_the_live_table(
        site: Site, browser: Browser) -> None:
    await _zed_game(site)
    table = room(site.host)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
    await browser.wait_for("return document.querySelector('#table')")
    blocks, scrambled = await browser.js(SCRAMBLED)
    assert blocks and scrambled == []
