"""`/me` tells each game's roles in the game's own words, from the standings per role: a
player of 斗地主 sees their landlord and farmer records, a player who never sat as one does
not see a landlord rate."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.i18n import translate
from tests.host.conftest import PLACE, actor, open_table, play_out


async def test_my_stats_list_each_games_roles_in_its_words(make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "doudizhu3", 3)
    finished = await play_out(host)
    roles = finished.last_result["outcome"]["roles"]
    mine = await host.handle(cmd.MyStats(actor(0), PLACE))
    assert mine.ok
    role_word = translate(f"host.role.{roles[0]}", "en")
    assert f"Dou Dizhu (斗地主) · {role_word}: played 1" in mine.text
    zh = await host.handle(cmd.MyStats(actor(1, lang="zh"), PLACE))
    assert f"斗地主 · {translate(f'host.role.{roles[1]}', 'zh')}:1 局" in zh.text


async def test_a_game_without_roles_adds_no_role_line(make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "tianji", 3)
    await play_out(host)
    mine = await host.handle(cmd.MyStats(actor(0), PLACE))
    lines = mine.text.splitlines()
    # No role line: past the record, only the game's one plain rating (no role in it).
    assert mine.ok and "landlord" not in mine.text
    assert len(lines) == 2 and lines[1].startswith("Tianji") and ": rating " in lines[1]
