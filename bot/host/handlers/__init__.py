"""Which function answers which command."""

from __future__ import annotations

from typing import Any

from bot.host import commands as cmd
from bot.host import identity
from bot.host.handlers import admin, fairness, info, lobby, play, puzzle

HANDLERS: dict[type[cmd.Command], Any] = {
    cmd.NewRoom: lobby.new_room,
    cmd.Join: lobby.join,
    cmd.Leave: lobby.leave,
    cmd.AddAI: lobby.add_ai,
    cmd.RemoveAI: lobby.remove_ai,
    cmd.Start: lobby.start,
    cmd.Rematch: lobby.start,
    cmd.Table: lobby.table,
    cmd.RoomSettings: lobby.room_settings,
    cmd.Seed: fairness.player_seed,
    cmd.CloseRoom: lobby.close_room,
    cmd.ShowHand: play.show_hand,
    cmd.Hint: play.hint,
    cmd.SortHand: play.sort_hand,
    cmd.Auto: play.auto,
    cmd.Act: play.act,
    cmd.Check: play.check,
    cmd.Press: play.press,
    cmd.MyStats: info.my_stats,
    cmd.Leaderboard: info.leaderboard,
    cmd.Rules: info.rules,
    cmd.Judge: info.judge,
    cmd.Help: info.help_text,
    cmd.Link: identity.link,
    cmd.Unlink: identity.unlink,
    cmd.Puzzle: puzzle.puzzle,
    cmd.AdminBeans: admin.adjust_beans,
    cmd.AdminBar: admin.bar,
    cmd.AdminClose: admin.close_table,
    cmd.AdminExport: admin.export,
    cmd.AdminRole: admin.name_role,
}
"""Command type → `async def handler(host: HandlerContext, command) -> Reply`."""
