"""Words a game does not supply itself read as people read them (issue 55 point 2), shown
with the game the tests keep (tests/games/kept/: no text hooks of its own): the cards in its
event texts as the table shows cards, its action word through its own catalogue (chat and
the replay, en and zh), `judge` at its table never another game's help, and the last seat's
time-out said before the result without promising a next turn."""

from __future__ import annotations

import re

from bot.games import registry
from bot.games.base import Event
from bot.host import commands as cmd
from bot.host.presentation.render import pretty_cards as pretty
from bot.host.views import Phase
from bot.web.replay import build_replay, replay_html
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room

CODE = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][shcd](?![0-9A-Za-z])")


async def test_a_games_event_texts_show_its_cards_as_the_table_does(
        highcard: str, host_and_recorder) -> None:  # noqa: F811
    host, recorder = host_and_recorder
    await open_table(host, highcard, people=3)
    await play_out(host)
    took = [n.text for n in recorder.notes if "takes the round with" in n.text]
    assert len(took) == 2
    assert all(not CODE.search(text) and re.search("[♠♥♦♣]", text) for text in took), took
    text = registry.renderer(highcard)
    took = f"{registry.module(highcard).i18n_prefix}.took"  # its own catalogue's word
    said = text.event(Event(took, 1, {"card": "Ts"}), ["Ann", "Ben"], "zh")
    assert "Ts" not in said and said.startswith("Ben")


async def test_a_games_action_word_is_said_in_its_own_catalogues_words(
        highcard: str, host_and_recorder) -> None:  # noqa: F811
    host, recorder = host_and_recorder
    text = registry.renderer(highcard)
    assert text.action_text("lowest", "en") == "My lowest card"
    assert text.action_text("lowest", "zh") == "出最小的牌"
    assert text.action_text("play Ts", "en") != "play Ts"  # cards as people read them
    await open_table(host, highcard, people=3)
    seat = room(host).to_act()[0]
    await ok(host, cmd.Act(actor(seat), PLACE, text="lowest"))
    prompt = [v.prompt for v in recorder.privates if v.prompt is not None][-1]
    assert ("lowest", "My lowest card") in [(c.action, c.label) for c in prompt.choices]
    finished = await play_out(host)
    [record] = await host.store.finished_games()
    assert record.game_id == finished.game_id and "lowest" in record.actions[0]
    for lang, word in (("zh", "出最小的牌"), ("en", "My lowest card")):
        page = replay_html(build_replay(record, ["Ann", "Ben", "Cat"], lang), lang)
        assert word in page and ": lowest<" not in page


async def test_judge_at_a_game_without_a_referee_names_that_game(
        highcard: str, host_and_recorder) -> None:  # noqa: F811
    host, _ = host_and_recorder
    await open_table(host, highcard, people=2)
    for lang in ("en", "zh"):
        for typed in ("Ts", ""):
            reply = await host.handle(cmd.Judge(actor(0, lang), PLACE, text=typed))
            assert not reply.ok and reply.key == "host.judge.none"
            name = registry.module(highcard).display_name(lang)
            assert name in reply.text and "田忌" not in reply.text and "33344" not in reply.text


async def test_the_last_seats_time_out_is_said_before_the_result_and_promises_no_next_turn(
        highcard: str, host_and_recorder, clock) -> None:  # noqa: F811
    host, recorder = host_and_recorder
    await open_table(host, highcard, people=2)
    while len(room(host).state.played) < 3:  # everyone in time up to the last card
        seat = room(host).to_act()[0]
        await ok(host, cmd.Act(actor(seat), PLACE, text="lowest"))
    clock.advance(31)  # the last card's time runs out
    await host.quiesce()
    assert room(host).phase is Phase.OVER
    kinds = [n.kind for n in recorder.notes]
    assert "host.result" in kinds
    timeouts = [i for i, k in enumerate(kinds) if k.startswith("host.timed_out")]
    assert len(timeouts) == 1 and timeouts[0] < kinds.index("host.result"), kinds
    assert recorder.notes[timeouts[0]].kind == "host.timed_out_last"
    assert "next turn" not in recorder.notes[timeouts[0]].text


async def test_a_games_refusal_names_cards_as_the_table_does(
        highcard: str, host_and_recorder) -> None:  # noqa: F811
    # The duel's and 田忌's refusals were fixed on their own (issue 55 point 6); a game
    # without a text of its own gets the same from the default.
    host, _ = host_and_recorder
    await open_table(host, highcard, people=2)
    seat = room(host).to_act()[0]
    held = set(room(host).state.private(seat).hand.split())
    other = next(code for code in ("2c", "2d", "2h", "2s", "3c") if code not in held)
    for lang in ("en", "zh"):
        reply = await host.handle(cmd.Act(actor(seat, lang), PLACE, text=f"play {other}"))
        assert not reply.ok and not CODE.search(reply.text), reply.text
        assert pretty(other, lang) in reply.text and f"play {other}" not in reply.text
