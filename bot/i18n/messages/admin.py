"""Messages of an admin's tools in the chat (/admin on Telegram, /paiju admin on Discord)."""

MESSAGES = {
    "admin.only": {
        "en": "Only an admin of this group can use the admin tools.",
        "zh": "只有本群管理员可以使用管理工具。",
    },
    "admin.need_group": {
        "en": "Use the admin tools in the group (or server) they are for.",
        "zh": "请在要管理的群(或服务器)里使用管理工具。",
    },
    "admin.no_target": {
        "en": "Whose? Reply to one of their messages with the command, or name them "
              "(a mention, or their numeric id).",
        "zh": "对谁?请回复对方的一条消息发送命令,或指明对方(@提及或数字 ID)。",
    },
    "admin.bad_amount": {
        "en": "Give an amount like +100 or -50 (not 0, at most {most}).",
        "zh": "请给出数量,例如 +100 或 -50(不能为 0,最多 {most})。",
    },
    "admin.need_reason": {
        "en": "Give a reason: it is kept with the change and shown to the player.",
        "zh": "请写明原因:它会和这次调整一起记录,并显示给玩家。",
    },
    "admin.too_few_beans": {
        "en": "{name} holds only {have} beans: an adjustment cannot take more than that.",
        "zh": "{name} 只有 {have} 颗豆子:调整不能扣得比这更多。",
    },
    "admin.beans_done": {
        "en": "{name}'s beans {amount} by {admin} ({reason}): now {beans}.",
        "zh": "{admin} 调整了 {name} 的豆子 {amount}(原因:{reason}),现有 {beans}。",
    },
    "admin.history": {
        "en": "Adjusted by an admin: {amount} by {admin} on {day} ({reason})",
        "zh": "管理员调整:{day} {admin} {amount}(原因:{reason})",
    },
    "admin.usage": {
        "en": "Admin tools (group admins; name a player or reply to their message):\n"
              "/admin beans @player +100 reason — give (+) or take (-) beans\n"
              "/admin bar @player reason — bar from this group's tables\n"
              "/admin unbar @player — let them sit again\n"
              "/admin close — close the table here, mid-hand too (the hand is void)\n"
              "/admin export — this group's records as CSV files",
        "zh": "管理工具(群管理员;指明玩家或回复对方的消息):\n"
              "/admin beans @玩家 +100 原因 —— 增(+)减(-)豆子\n"
              "/admin bar @玩家 原因 —— 禁止在本群上桌\n"
              "/admin unbar @玩家 —— 解除禁止\n"
              "/admin close —— 关闭这里的牌桌(对局中也可,本局作废)\n"
              "/admin export —— 以 CSV 文件导出本群的记录",
    },
    "telegram.cmd.admin": {
        "en": "Group admins: /admin beans @player +100 reason",
        "zh": "群管理员:/admin beans @玩家 +100 原因",
    },
    "discord.cmd.admin.name": {"en": "admin", "zh": "管理"},
    "discord.cmd.admin.desc": {"en": "An admin's tools (Manage Server)",
                               "zh": "管理工具(需要“管理服务器”权限)"},
    "discord.cmd.admin_beans.name": {"en": "beans", "zh": "豆子"},
    "discord.cmd.admin_beans.desc": {"en": "Give or take a player's beans, with a reason",
                                     "zh": "增减玩家的豆子,并写明原因"},
    "discord.opt.player.name": {"en": "player", "zh": "玩家"},
    "discord.opt.player.desc": {"en": "Whose beans", "zh": "谁的豆子"},
    "discord.opt.amount.name": {"en": "amount", "zh": "数量"},
    "discord.opt.amount.desc": {"en": "+100 gives, -50 takes", "zh": "+100 为增加,-50 为扣除"},
    "discord.opt.reason.name": {"en": "reason", "zh": "原因"},
    "discord.opt.reason.desc": {"en": "Why (kept, and shown to the player)",
                                "zh": "原因(会记录并显示给玩家)"},
    "admin.barred": {
        "en": "An admin of this group has barred you from its tables.",
        "zh": "本群管理员已禁止你在这里上桌。",
    },
    "admin.barred_now": {
        "en": "{name} is barred from this group's tables.",
        "zh": "{name} 已被禁止在本群上桌。",
    },
    "admin.barred_already": {
        "en": "{name} was already barred from this group's tables.",
        "zh": "{name} 之前已被禁止在本群上桌。",
    },
    "admin.unbarred_now": {
        "en": "{name} may sit at this group's tables again.",
        "zh": "{name} 可以重新在本群上桌了。",
    },
    "admin.not_barred": {
        "en": "{name} was not barred here.",
        "zh": "{name} 在这里没有被禁止上桌。",
    },
    "discord.cmd.admin_bar.name": {"en": "bar", "zh": "禁止上桌"},
    "discord.cmd.admin_bar.desc": {"en": "Bar a player from this server's tables",
                                   "zh": "禁止玩家在本服务器上桌"},
    "discord.cmd.admin_unbar.name": {"en": "unbar", "zh": "解除禁止"},
    "discord.cmd.admin_unbar.desc": {"en": "Let a barred player sit again",
                                     "zh": "允许被禁止的玩家重新上桌"},
    "discord.opt.barred_player.desc": {"en": "Who", "zh": "谁"},
    "admin.closed": {
        "en": "{admin} (admin) closed this table.",
        "zh": "管理员 {admin} 关闭了这张牌桌。",
    },
    "admin.closed_void": {
        "en": "{admin} (admin) closed this table mid-hand: the hand is void — nobody wins "
              "or loses, and no beans or points moved.",
        "zh": "管理员 {admin} 在对局中关闭了这张牌桌:本局作废——无人输赢,豆子和积分都没有变动。",
    },
    "discord.cmd.admin_close.name": {"en": "close", "zh": "关桌"},
    "discord.cmd.admin_close.desc": {"en": "Close this channel's table, mid-hand too (void)",
                                     "zh": "关闭本频道的牌桌(对局中也可,本局作废)"},
    "admin.exported": {
        "en": "This group's records: {hands} finished hands ({rows} rows, one per person), "
              "and the admin log.",
        "zh": "本群的记录:已完成 {hands} 局({rows} 行,每人一行),以及管理记录。",
    },
    "discord.cmd.admin_export.name": {"en": "export", "zh": "导出"},
    "discord.cmd.admin_export.desc": {"en": "This server's records as CSV files",
                                      "zh": "以 CSV 文件导出本服务器的记录"},
    "admin.role_named": {
        "en": "Members of {role} may use the admin tools here too.",
        "zh": "{role} 的成员现在也可以在这里使用管理工具。",
    },
    "admin.role_cleared": {
        "en": "Only the server's admins may use the admin tools here now.",
        "zh": "现在只有服务器管理员可以在这里使用管理工具。",
    },
    "discord.cmd.admin_role.name": {"en": "role", "zh": "角色"},
    "discord.cmd.admin_role.desc": {
        "en": "Name the role that may use the admin tools too (none: admins only)",
        "zh": "指定也可以使用管理工具的角色(不填:仅管理员)"},
    "discord.opt.admin_role.name": {"en": "role", "zh": "角色"},
    "discord.opt.admin_role.desc": {"en": "The role (empty: admins only)",
                                    "zh": "角色(不填:仅管理员)"},
}
