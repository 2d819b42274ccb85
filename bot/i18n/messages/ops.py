"""Messages for an operator's tools: `python -m bot doctor`, `backup` and `restore`."""

MESSAGES = {
    "doctor.settings_ok": {
        "en": "read from the environment and .env (platforms: {platforms})",
        "zh": "已从环境变量和 .env 读取(平台:{platforms})",
    },
    "doctor.settings_bad": {
        "en": "{name}={value} is not valid: {reason}; fix it in .env (.env.example lists "
              "every setting)",
        "zh": "{name}={value} 无效:{reason};请在 .env 中改正(.env.example 列出了全部设置)",
    },
    "doctor.web_secret_short": {
        "en": "the web pages are on but PAIJU_WEB_SECRET is missing or shorter than {least} "
              "characters: set a long random one (python -c \"import secrets; "
              "print(secrets.token_urlsafe(32))\")",
        "zh": "网页已开启,但 PAIJU_WEB_SECRET 缺失或短于 {least} 个字符:请设一个较长的随机值"
              "(python -c \"import secrets; print(secrets.token_urlsafe(32))\")",
    },
    "doctor.db_new": {
        "en": "{where} does not exist yet: the bot creates it and runs its {latest} "
              "migrations at the first start",
        "zh": "{where} 尚不存在:机器人首次启动时会创建它并执行全部 {latest} 个迁移",
    },
    "doctor.db_ok": {
        "en": "{where}: every migration applied ({version} of {latest})",
        "zh": "{where}:迁移已全部执行({version}/{latest})",
    },
    "doctor.db_behind": {
        "en": "{where}: at migration {version} of {latest}; the bot runs the rest when it "
              "starts (back it up first: python -m bot backup FILE)",
        "zh": "{where}:执行到第 {version}/{latest} 个迁移;机器人启动时会执行其余的"
              "(请先备份:python -m bot backup 文件)",
    },
    "doctor.db_problem": {
        "en": "{where}: {problem}",
        "zh": "{where}:{problem}",
    },
    "doctor.rights_ok": {
        "en": "the role may use every table and sequence of {where}",
        "zh": "该角色可以使用 {where} 的全部表和序列",
    },
    "doctor.web_off": {
        "en": "PAIJU_WEB_URL is empty: the bot posts no Replay or Watch links and offers no "
              "play page",
        "zh": "PAIJU_WEB_URL 为空:机器人不发回放或观战链接,也不提供出牌网页",
    },
    "doctor.web_ok": {
        "en": "{url}, served by this bot on port {port}",
        "zh": "{url},由本机器人在端口 {port} 提供",
    },
    "doctor.web_elsewhere": {
        "en": "{url}, but PAIJU_WEB_PORT is empty: this bot serves no pages (the play page "
              "needs them inside the bot: set PAIJU_WEB_PORT)",
        "zh": "{url},但 PAIJU_WEB_PORT 为空:本机器人不提供网页(出牌网页须由机器人自己提供:"
              "请设 PAIJU_WEB_PORT)",
    },
    "doctor.web_not_https": {
        "en": "PAIJU_WEB_URL={url} is not https://: Telegram offers the play page (Mini App) "
              "only on https; put a TLS proxy in front (docs/deployment.md) and set "
              "PAIJU_WEB_URL=https://…",
        "zh": "PAIJU_WEB_URL={url} 不是 https://:Telegram 只在 https 下提供出牌网页(Mini App);"
              "请在前面放一个 TLS 反向代理(docs/deployment.md),并设 PAIJU_WEB_URL=https://…",
    },
    "doctor.web_bad": {
        "en": "PAIJU_WEB_URL={url} is not a web address: set it to https://your.host",
        "zh": "PAIJU_WEB_URL={url} 不是网址:请设为 https://你的域名",
    },
    "doctor.pictures_off": {
        "en": "pictures are off (PAIJU_PICTURES=off): no fonts needed",
        "zh": "图片已关闭(PAIJU_PICTURES=off):不需要字体",
    },
    "doctor.font_ok": {
        "en": "{path}: result cards and names in Chinese",
        "zh": "{path}:结算图和名字可显示中文",
    },
    "doctor.font_cjk_missing": {
        "en": "no Chinese font at {path}: pictures fall back to English words; install it "
              "with apt-get install fonts-wqy-zenhei",
        "zh": "{path} 没有中文字体:图片只能用英文;请安装:apt-get install fonts-wqy-zenhei",
    },
    "doctor.font_emoji_ok": {
        "en": "{path} (pictures draw an emoji in a name as ?; the pages use the viewer's)",
        "zh": "{path}(图片中名字里的表情画作 ?;网页用观看者自己的字体)",
    },
    "doctor.font_emoji_missing": {
        "en": "no emoji font at {path}: pages and pictures rendered on this machine show "
              "emoji as boxes; install it with apt-get install fonts-noto-color-emoji",
        "zh": "{path} 没有表情字体:在本机渲染的网页和图片中表情显示为方框;请安装:"
              "apt-get install fonts-noto-color-emoji",
    },
    "doctor.unreachable": {
        "en": "cannot reach {url} ({reason}): check the network, a proxy, or {setting}",
        "zh": "无法连接 {url}({reason}):请检查网络、代理或 {setting}",
    },
    "doctor.telegram_ok": {
        "en": "TELEGRAM_TOKEN accepted: the bot is @{username}",
        "zh": "TELEGRAM_TOKEN 有效:机器人是 @{username}",
    },
    "doctor.telegram_rejected": {
        "en": "Telegram rejected TELEGRAM_TOKEN ({status}): copy the bot's token from "
              "@BotFather (/token) into TELEGRAM_TOKEN in .env",
        "zh": "Telegram 拒绝了 TELEGRAM_TOKEN({status}):请从 @BotFather(/token)复制机器人的"
              "令牌到 .env 的 TELEGRAM_TOKEN",
    },
    "doctor.polling": {
        "en": "polling for updates (TELEGRAM_WEBHOOK_URL is empty)",
        "zh": "以轮询接收更新(TELEGRAM_WEBHOOK_URL 为空)",
    },
    "doctor.webhook_ok": {
        "en": "webhook at {url}, received on local port {port} (a TLS proxy in front)",
        "zh": "Webhook 地址 {url},本地端口 {port} 接收(前面需有 TLS 代理)",
    },
    "doctor.webhook_not_https": {
        "en": "TELEGRAM_WEBHOOK_URL={url} is not an https:// address: Telegram calls only "
              "TLS URLs; put a TLS proxy in front (docs/deployment.md), or leave it empty to "
              "poll",
        "zh": "TELEGRAM_WEBHOOK_URL={url} 不是 https:// 地址:Telegram 只调用 TLS 地址;请在前面"
              "放一个 TLS 代理(docs/deployment.md),或留空改用轮询",
    },
    "doctor.webhook_port": {
        "en": "TELEGRAM_WEBHOOK_URL's port {port} is not one Telegram calls ({ports}): "
              "change the URL's port",
        "zh": "TELEGRAM_WEBHOOK_URL 的端口 {port} 不是 Telegram 会调用的端口({ports}):"
              "请改用其中之一",
    },
    "doctor.discord_ok": {
        "en": "DISCORD_TOKEN accepted: the bot is {name}",
        "zh": "DISCORD_TOKEN 有效:机器人是 {name}",
    },
    "doctor.discord_rejected": {
        "en": "Discord rejected DISCORD_TOKEN (401): reset it in the Developer Portal "
              "(Bot → Reset Token) and put the new one in DISCORD_TOKEN in .env",
        "zh": "Discord 拒绝了 DISCORD_TOKEN(401):请在开发者门户重置令牌(Bot → Reset Token),"
              "并把新令牌填入 .env 的 DISCORD_TOKEN",
    },
    "doctor.gateway_ok": {
        "en": "gateway reachable; Discord asks for {shards} shard(s)",
        "zh": "网关可连接;Discord 建议 {shards} 个分片",
    },
    "doctor.gateway_shards": {
        "en": "DISCORD_SHARD_COUNT={count} is fewer than the {shards} shards Discord asks "
              "for: set DISCORD_SHARD_COUNT={shards}",
        "zh": "DISCORD_SHARD_COUNT={count} 少于 Discord 要求的 {shards} 个分片:请设 "
              "DISCORD_SHARD_COUNT={shards}",
    },
    "doctor.gateway_sessions": {
        "en": "no gateway session left for today (more in {hours} h): stop restarting the "
              "bot in a loop; it can connect again then",
        "zh": "今天的网关会话已用完({hours} 小时后恢复):请不要反复重启机器人,届时即可再连接",
    },
    "doctor.no_platform": {
        "en": "no TELEGRAM_TOKEN and no DISCORD_TOKEN: python -m bot opens the console table",
        "zh": "没有 TELEGRAM_TOKEN 也没有 DISCORD_TOKEN:python -m bot 会打开控制台牌桌",
    },
    "doctor.summary_ok": {
        "en": "All {total} checks passed.",
        "zh": "全部 {total} 项检查通过。",
    },
    "doctor.summary_fail": {
        "en": "{failed} of {total} checks failed.",
        "zh": "{total} 项检查中有 {failed} 项未通过。",
    },
    "backup.done": {
        "en": "Backed up {database} to {file} ({size} bytes, schema version {version}).",
        "zh": "已把 {database} 备份到 {file}({size} 字节,数据库版本 {version})。",
    },
    "backup.no_database": {
        "en": "There is no bot database at {path} to back up: check PAIJU_DATABASE.",
        "zh": "{path} 没有机器人的数据库可以备份:请检查 PAIJU_DATABASE。",
    },
    "backup.not_ours": {
        "en": "{path} is not a database of this bot ({reason}).",
        "zh": "{path} 不是本机器人的数据库({reason})。",
    },
    "backup.server_unusable": {
        "en": "Cannot use the database server {where} ({reason}): check PAIJU_DATABASE and "
              "that the server runs (python -m bot doctor says more).",
        "zh": "无法使用数据库服务器 {where}({reason}):请检查 PAIJU_DATABASE 和服务器是否在运行"
              "(python -m bot doctor 会给出更多信息)。",
    },
    "restore.not_empty": {
        "en": "Refused: {path} is not empty. A backup is restored only into an empty database: "
              "point PAIJU_DATABASE at a new file (or an empty PostgreSQL database), restore, "
              "then switch the bot to it.",
        "zh": "已拒绝:{path} 不是空的。备份只能恢复到空数据库:请把 PAIJU_DATABASE 指向一个新文件"
              "(或一个空的 PostgreSQL 数据库),恢复后再让机器人使用它。",
    },
    "restore.not_a_backup": {
        "en": "Refused: {path} is not a backup made by python -m bot backup.",
        "zh": "已拒绝:{path} 不是 python -m bot backup 生成的备份。",
    },
    "restore.wrong_kind": {
        "en": "Refused: {path} is a {kind} backup; it restores into a {kind} database, not "
              "this {target} one.",
        "zh": "已拒绝:{path} 是 {kind} 备份,只能恢复到 {kind} 数据库,不能恢复到这个 {target} "
              "数据库。",
    },
    "restore.too_new": {
        "en": "Refused: {path} holds schema version {version}, newer than this bot's "
              "{latest}: restore it with the bot that made it.",
        "zh": "已拒绝:{path} 的数据库版本 {version} 比本机器人的 {latest} 新:请用生成它的"
              "机器人版本来恢复。",
    },
}
