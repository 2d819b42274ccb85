"""Every seat's cards at the end (issue 55 point 3): one default, the outcome's
`cards_left`, shown by the chat's finished table, the play page, the live page and the
result picture alike — for a game with no hooks of its own (the game the tests keep, where
each seat keeps one card to the end)."""

from __future__ import annotations

from bot.host.pictures import result_summary
from bot.host.presentation.render import pretty_cards
from bot.web.live import table_fragment
from bot.web.play import play_state
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import open_table, play_out, room


async def test_every_seats_cards_at_the_end_are_shown_on_every_surface(
        highcard: str, host_and_recorder) -> None:  # noqa: F811
    host, recorder = host_and_recorder
    await open_table(host, highcard, people=3)
    finished = await play_out(host)
    left = finished.last_result["outcome"]["cards_left"]
    assert len(left) == 3 and all(len(cards.split()) == 1 for cards in left)
    # The chat's finished table names every seat's card (not only the last one played).
    table = recorder.tables[-1].text
    assert all(pretty_cards(cards, "en") in table for cards in left), table
    # The play page, each seat's, in Chinese.
    for seat in range(3):
        lines = "\n".join(play_state(host, room(host), seat, "zh")["table"]["lines"])
        assert all(pretty_cards(cards, "zh") in lines for cards in left), lines
    # The result picture's seats and the live page's seats: the same cards.
    summary = result_summary(room(host), room(host).public_view())
    assert [s.cards for s in summary.seats] == [tuple(cards.split()) for cards in left]
    snapshot = await host.store.room_snapshot(finished.room_id)
    page = table_fragment(snapshot, "en")
    faces = [part.split("</span>")[0] for part in page.split('<span class="left">')[1:]]
    assert all(f'href="#c-{cards}"' in face for face, cards in zip(faces, left, strict=True))
