"""Messages of /link and /unlink: one person's wallet across platforms."""

MESSAGES = {
    "link.code": {
        "en": "Your link code is {code}. Within {minutes} minutes, send “/link {code}” to me "
              "on your other platform: that account then plays with this wallet (its beans "
              "and record move here). Keep the code to yourself.",
        "zh": "你的绑定码是 {code}。请在 {minutes} 分钟内在另一个平台向我发送“/link {code}”:"
              "那个账号从此使用这个钱包(它的豆子和战绩会并入这里)。请勿把绑定码告诉别人。",
    },
    "link.done": {
        "en": "Linked: {names} now share one wallet and one record ({beans} beans moved over).",
        "zh": "绑定成功:{names} 现在共用一个钱包和一份战绩(转入 {beans} 豆)。",
    },
    "link.parted": {
        "en": "Unlinked: this account has its own (empty) wallet again; the shared beans and "
              "record stay with the other one.",
        "zh": "已解除绑定:这个账号重新使用自己的(空)钱包;共用的豆子和战绩留在另一个账号。",
    },
    "link.not_private": {
        "en": "Ask me for a link code in a private chat with me: anyone who reads it could use "
              "your wallet.",
        "zh": "请在与我的私聊中索取绑定码:看到它的人都能使用你的钱包。",
    },
    "link.seated": {
        "en": "Leave your table first: a seat cannot change wallets mid-game.",
        "zh": "请先离开牌桌:对局中的座位不能更换钱包。",
    },
    "link.bad_code": {
        "en": "That link code is unknown or has expired; make a new one with /link.",
        "zh": "绑定码无效或已过期,请用 /link 重新获取。",
    },
    "link.same_player": {
        "en": "This account is already that wallet.",
        "zh": "这个账号已经在使用那个钱包。",
    },
    "link.same_platform": {
        "en": "Type the code on your other platform, not on the one that gave it.",
        "zh": "请在另一个平台输入绑定码,而不是获取它的平台。",
    },
    "link.already_linked": {
        "en": "This account is linked already; /unlink it first.",
        "zh": "这个账号已经绑定,请先 /unlink。",
    },
    "link.has_links": {
        "en": "Other accounts play with this one's wallet; type the code on a fresh account or "
              "/unlink them first.",
        "zh": "已有其他账号在使用这个账号的钱包;请在未绑定的账号上输入,或先 /unlink。",
    },
    "link.not_linked": {
        "en": "This account is not linked to another.",
        "zh": "这个账号没有绑定其他账号。",
    },
    # -- the commands on each platform ---------------------------------------------------
    "telegram.cmd.link": {"en": "One wallet on Discord and Telegram: a code, or /link CODE",
                          "zh": "Discord 与 Telegram 共用钱包:获取绑定码,或 /link 绑定码"},
    "telegram.cmd.unlink": {"en": "Undo /link for this account", "zh": "解除本账号的绑定"},
    "discord.cmd.link.name": {"en": "link", "zh": "绑定"},
    "discord.cmd.link.desc": {
        "en": "One wallet on Discord and Telegram: get a code, or type the other's code",
        "zh": "Discord 与 Telegram 共用钱包:获取绑定码,或输入另一平台的绑定码",
    },
    "discord.cmd.unlink.name": {"en": "unlink", "zh": "解绑"},
    "discord.cmd.unlink.desc": {"en": "Undo /link for this account", "zh": "解除本账号的绑定"},
    "discord.opt.code.name": {"en": "code", "zh": "绑定码"},
    "discord.opt.code.desc": {"en": "The code /link gave you on the other platform",
                              "zh": "另一平台上 /link 给你的绑定码"},
}
