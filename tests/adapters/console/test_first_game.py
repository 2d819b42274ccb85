"""A newcomer's first console game, as `python -m bot play` with piped input: rank letters
are cards, quitting asks first, the end of a hand is shown whole and once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.console.test_console import run_bot


def test_rank_letters_alone_are_cards_not_shortcuts(tmp_path: Path) -> None:
    # Before: `A` switched on 托管, `Q` quit mid-hand, `T` printed the table.
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4",
                   stdin="A\nQ\nT\nquit\nn\nauto\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "tester played A (single)" in out
    # Read as cards, refused as plays (the 2 that came next, which nothing beats, passed by
    # itself: 要不起自动过; they answer the turn after it).
    assert "✗ Q does not beat 3 4 5 6 7" in out and "✗ 10 does not beat 3 4 5 6 7" in out
    assert "tester passed" in out
    before_quit = out.split("Quit now?", 1)[0]
    assert "托管" not in before_quit and "Bye!" not in before_quit
    # `quit` in a running hand asks; `n` goes on, and the hand is played to its end.
    assert "Carry on: the hand goes on." in out
    assert "Bye!" not in out and "🏁" in out


def test_quitting_a_running_hand_asks_and_yes_quits(tmp_path: Path) -> None:
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", "--lang", "zh",
                   stdin="退出\ny\n")
    assert game.returncode == 0, game.stderr
    assert "本局还在进行。现在退出吗?" in game.stdout and "再见!" in game.stdout
    assert "🏁" not in game.stdout


def test_the_end_of_a_hand_shows_the_final_play_the_cards_left_and_one_result(
        tmp_path: Path) -> None:
    # Before: the last frame said "New trick: free lead", nobody's cards were shown and the
    # result block (and "Play again?") was printed twice, without the formula.
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin="auto\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    last_table = out.rsplit("─" * 48, 1)[1]
    assert "AI 2 went out with A A (pair)" in last_table
    assert "• tester [farmer] 🂠4 left: 7 J A 2" in last_table
    assert "• AI 1 🤖 [farmer] 🂠15 left: 3 4 4 5 6 8 8 9 9 9 10 10 Q Q K" in last_table
    assert "New trick" not in last_table
    assert out.count("🏁") == 1 and out.count("Play again?") == 1
    assert out.count("The landlord AI 2 wins") == 1
    assert "tester: -60 beans (stake 10 × base 3 × multiplier ×2 (rocket) = 60)" in out
    assert "AI 2: +120 beans (stake 10 × base 3 × multiplier ×2 (rocket) × 2 farmers = 120)" \
        in out
    assert out.count("tester: -60 beans") == 1 and "Your cards (4)" not in last_table


def test_a_bean_floor_cut_says_so_in_the_result_line(tmp_path: Path) -> None:
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", "--lang", "zh",
                   stdin="auto\n", PAIJU_STARTING_GRANT="30", PAIJU_DAILY_RELIEF="0")
    assert game.returncode == 0, game.stderr
    assert ("tester:-30 欢乐豆(底注 10 × 底分 3 × 倍数 ×2(王炸) = 60;欢乐豆不足,"
            "按持有的欢乐豆封顶为 30)") in game.stdout


def test_a_console_table_has_no_turn_timers_unless_the_setting_asks(tmp_path: Path) -> None:
    # Before: a newcomer reading hints was timed out into 托管 for the rest of the hand.
    calm = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin="auto\n")
    assert calm.returncode == 0, calm.stderr
    assert "⏱" not in calm.stdout and "🏁" in calm.stdout
    timed = run_bot(tmp_path / "..", "play", "--game", "doudizhu3", "--seed", "4",
                    stdin="auto\n", PAIJU_CONSOLE_TIMERS="on",
                    PAIJU_DATABASE=str(tmp_path / "timed.sqlite3"))
    assert timed.returncode == 0, timed.stderr
    assert "⏱ 30 s" in timed.stdout


def test_a_timer_warning_at_a_terminal_starts_on_its_own_line(tmp_path: Path) -> None:
    from tests.adapters.console.test_console import run_at_a_terminal

    # The prompt "> " is up (a line may be half typed) when the warning comes: before, it
    # was written after the prompt on the same line ("> 3333» ⏳ root, 10 s left").
    code, out = run_at_a_terminal(tmp_path, [(4, "quit"), (0.5, "y")], "--seed", "4",
                                  PAIJU_CONSOLE_TIMERS="on", PAIJU_PLAY_TIMEOUT="4",
                                  PAIJU_BID_TIMEOUT="4", PAIJU_WARN_BEFORE="3",
                                  PAIJU_AI_DELAY="0")
    assert code == 0 and "⏳" in out, out
    warnings = [line for line in out.splitlines() if "⏳" in line]
    assert warnings and all(line.startswith("» ⏳") for line in warnings), warnings


def test_duel_cards_are_read_as_written_and_the_trick_names_the_winning_card(
        tmp_path: Path) -> None:
    # Before: `6s`, `黑桃6` and `play 6` (one 6 held) were refused; "Bob wins trick 1 (♦9
    # against ♠9)" read as if ♦9 had won; after the last card the played cards were listed.
    game = run_bot(tmp_path, "play", "--game", "tianji-duel", "--seed", "3",
                   stdin="6s\nplay 2\n黑桃3\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "✗ you do not hold ♠6 (or it was already played)" in out  # read, just not held
    assert "tester leads ♥2" in out and "tester leads ♠3" in out  # `play 2`, `黑桃3`
    assert "AI 1 wins trick 1: ♦7 beats ♥2" in out and "AI 1 wins trick 2: ♦8 beats ♠3" in out
    assert "AI 1 wins the duel 2–0: 1 × the stake" in out
    assert "Your cards (3): ♠10 ♠3 ♥2" in out and "Your cards (0)" not in out
    last = out.rsplit("─" * 48, 1)[1]
    assert "♠10 ♠3 ♥2" not in last and "✗" not in out.split("♠6 (or it was", 1)[1]


def test_tianji_takes_ranks_alone_and_keeps_my_cards_in_sight(tmp_path: Path) -> None:
    # Before: `10|7 3|8 8 2` was refused ("10 needs a suit") though each fits one way, and
    # my cards scrolled away while the AI players arranged.
    game = run_bot(tmp_path, "play", "--game", "tianji", "--seed", "3",
                   stdin="A|7 3|6 5 5\n10|7 3|8 8 2\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "✗ you hold no A" in out
    assert "tester: A ♠10 · B ♦7 ♠3 · C ♥8 ♦8 ♥2 (B scores 10, C pair)" in out
    arranging = out.split("Arranged: 1/4", 1)[1].split("─" * 48, 1)[0]
    assert "Your cards (6): ♠10 ♥8 ♦8 ♦7 ♠3 ♥2" in arranging


def test_chinese_settings_read_and_show_rule_names_and_answer_in_the_new_language(
        tmp_path: Path) -> None:
    # Before: `设置 加倍=开` was refused ("没有名为 加倍 的选项"), the rules read
    # "bidding=points, doubling=关" with dummy_visible at a 3-player table, and the answer to
    # `lang=zh` said "Settings changed:" in English.
    game = run_bot(tmp_path, "play", "--seed", "3",
                   stdin="auto\nsettings lang=zh\n设置 加倍=开 叫地主方式=抢地主\nn\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "Settings changed" not in out and out.count("设置已更改:") == 2
    assert "规则:叫地主方式=抢地主、" in out and "加倍=开" in out
    assert "dummy_visible" not in out and "闲置牌公开" not in out and "bidding" not in out
    assert "✗" not in out
    # The full lobby between hands no longer asks to join or add AI players.
    assert "3 个座位已满,可以开始。" in out and "加入或加电脑玩家" not in out


def test_enter_at_once_plays_the_suggestion_never_a_pass_while_it_is_computed(
        tmp_path: Path) -> None:
    # Before: the turn was printed first without its suggestions ("Type one of: Pass
    # (Enter: Pass)"), and an Enter typed at once passed though 5, 7, J beat the 3.
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin="\nquit\ny\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    first_turn = out.split("Your turn: beat 3 or pass.", 1)[1]
    assert "tester played 5 (single)" in first_turn and "tester passed" not in first_turn
    assert "Type one of: Pass (Enter: Pass)" not in out.split("tester played 5", 1)[0]


@pytest.mark.parametrize("lang, said, repeated", [
    ("en", "Auto-play (托管) is on: the AI plays for you.", "Auto-play (托管) is on; use"),
    ("zh", "已开启托管:电脑替你出牌。", "托管中;")])
def test_auto_play_is_said_once_when_it_starts_not_under_every_hand(
        tmp_path: Path, lang: str, said: str, repeated: str) -> None:
    # Before: "Auto-play (托管) is on; use Auto again to take over." under every hand printed
    # while the AI played, after "Auto-play (托管) is on: the AI plays for you."
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", "--lang", lang,
                   stdin="auto\n")
    assert game.returncode == 0, game.stderr
    assert game.stdout.count(said) == 1 and repeated not in game.stdout


def test_sort_shows_the_hand_big_to_small_with_the_bottom_cards_marked(tmp_path: Path) -> None:
    # Before: the hand read small→big only, and nothing showed the cards picked up from the
    # bottom (only the pictures, off at the console, could).
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "5",
                   stdin="sort\nbid 3\nsort\n理牌\nquit\ny\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "Your cards (17): Small\u00a0Joker 2 A K Q Q J J 8 7 6 6 5 4 4 3 3" in out
    assert "Your cards are shown big→small now." in out
    assert ("Your cards (20): Small\u00a0Joker 2 A K Q Q J J [10] 8 7 6 6 5 4 4 [4] 3 3 [3] "
            "([ ] from the bottom)") in out
    assert "Your cards (20): 3 3 [3] 4 4 [4] 5 6 6 7 8 [10] J J Q Q K A 2 Small\u00a0Joker" in out


FIRST_GAMES = {  # game → (seed, the newcomer's lines: a hint, Enter to play it, then 托管)
    "doudizhu3": ("4", "hint\n\nauto\n"),
    "doudizhu2": ("4", "hint\n\nauto\n"),
    "tianji": ("4", "hint\n\n"),
    "tianji-duel": ("3", "hint\n\n\n\n"),
}
WORDS = {"en": {"again": "Play again?", "result": "🏁 Result", "left": " left: ",
                "final": " went out with ", "unplayed": "Cards not played: ", "ai": "AI "},
         "zh": {"again": "再来一局?", "result": "🏁 结算", "left": " 剩:", "final": " 最后出 ",
                "unplayed": "没出的牌:", "ai": "电脑"}}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", list(FIRST_GAMES))
def test_a_first_game_reads_well_to_its_end(tmp_path: Path, game: str, lang: str) -> None:
    """A newcomer's whole first game of each kind: the last play and every seat's cards on
    the finished table, then the result once — one line per player with its formula — and
    only then the question; a Chinese table speaks Chinese throughout."""
    import re

    seed, script = FIRST_GAMES[game]
    done = run_bot(tmp_path, "play", "--game", game, "--seed", seed, "--lang", lang,
                   stdin=script + "n\n")
    assert done.returncode == 0, done.stderr
    out, words = done.stdout, WORDS[lang]
    assert "Traceback" not in out + done.stderr and "✗" not in out, out
    assert out.count(words["result"]) == 1 and out.count(words["again"]) == 1
    assert out.index(words["result"]) < out.index(words["again"])  # the question comes last
    finished = out.rsplit("─" * 48, 1)[1]
    result = finished.split(words["result"], 1)[1]
    seats = [line for line in finished.splitlines() if line.startswith(("• ", "▶ "))]
    names = [line[2:].split(" 🤖")[0].split(" [")[0].split(" ")[0] if words["ai"] not in line
             else words["ai"] + line.split(words["ai"], 1)[1].split(" ")[0] for line in seats]
    assert "tester" in names and len(names) == len(set(names)) >= 2
    for name in names:  # one result line each, with the whole formula, said once
        mine = [line for line in result.splitlines() if line.startswith(f"{name}:")]
        assert len(mine) == 1 and " = " in mine[0], (name, result)
        assert out.count(mine[0]) == 1
    if game.startswith("doudizhu"):
        assert words["final"] in finished  # the play that ended the hand
        for line in seats:  # every seat's cards left, shown
            count = int(re.search(r"🂠(\d+)", line).group(1))
            assert (words["left"] in line) == (count > 0), line
    elif game == "tianji":
        assert all(f"{name}: A " in finished for name in names)  # every seat's groups
    else:
        assert words["unplayed"] in finished and "2–0" in out  # the duel's cards unplayed
    if lang == "zh":
        table_id = re.search(r"牌桌 (\w+)", out).group(1)  # a name, not a word of English
        unhexed = re.sub(r"\b[0-9a-f]{16,64}\b", "", out.replace(table_id, ""))  # commitments
        english = set(re.findall(r"[a-z]{3,}", unhexed)) - {"tester"}
        assert not english, english


def test_the_card_counter_and_the_rate_boards_minimum_at_the_console(tmp_path: Path) -> None:
    # Before: the 记牌器 was in the engine only; `lb win_rate` said "Nobody yet." without
    # naming the 10-game minimum; a waiting "your cards will come here" was printed.
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4",
                   stdin="auto\nlb win_rate\nsettings counter=on\ny\nquit\ny\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "Nobody yet: a rate counts from 10 games played." in out
    assert "Card counter (记牌器): on (counter=on|off)" in out
    hand = out.rsplit("Your cards (17): ", 1)[1].splitlines()
    # beside the hand, then the bid
    assert hand[1].startswith("Card counter (记牌器): Big\u00a0Joker×")
    assert hand[2] == "Your bid (叫分):" and "Your cards will come here" not in out
    assert "ai_level" not in out and "AI level=normal" in out and "AI search budget=" in out
