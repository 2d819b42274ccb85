"""Messages for whoever starts the bot: bad settings and unusable files, in plain lines."""

MESSAGES = {
    "setup.bad_setting": {
        "en": "The setting {name}={value} is not valid: {reason}. Fix it in the environment "
              "or in .env (.env.example lists every setting).",
        "zh": "设置 {name}={value} 无效:{reason}。请在环境变量或 .env 中改正"
              "(.env.example 列出了全部设置)。",
    },
    "setup.bad_secret": {
        "en": "The setting {name} is not valid: {reason}. Fix it in the environment or in .env.",
        "zh": "设置 {name} 无效:{reason}。请在环境变量或 .env 中改正。",
    },
    "setup.db_folder": {
        "en": "PAIJU_DATABASE={path} is a folder, not a file: set it to a file, e.g. "
              "PAIJU_DATABASE={path}/paiju.sqlite3.",
        "zh": "PAIJU_DATABASE={path} 是一个文件夹,不是文件:请设为一个文件,例如 "
              "PAIJU_DATABASE={path}/paiju.sqlite3。",
    },
    "setup.db_unusable": {
        "en": "PAIJU_DATABASE={path} cannot be used: {reason}. Move that file aside, or set "
              "PAIJU_DATABASE to another file.",
        "zh": "PAIJU_DATABASE={path} 无法使用:{reason}。请把该文件移走,或把 PAIJU_DATABASE "
              "设为另一个文件。",
    },
    "setup.no_environment": {
        "en": "Python module {module} not found: activate the virtual environment first "
              "(. .venv/bin/activate), or install the bot in it (pip install -e .).",
        "zh": "找不到 Python 模块 {module}:请先激活虚拟环境(. .venv/bin/activate),"
              "或在其中安装(pip install -e .)。",
    },
    "setup.db_server_unusable": {
        "en": "The database server {where} cannot be used: {reason}. Check PAIJU_DATABASE "
              "(user, password, host, port, database name) and that the server is running "
              "and lets this role connect and create tables.",
        "zh": "数据库服务器 {where} 无法使用:{reason}。请检查 PAIJU_DATABASE(用户、密码、主机、"
              "端口、数据库名),并确认服务器正在运行且允许该角色连接和建表。",
    },
    "setup.interrupted": {"en": "Stopped (Ctrl-C).", "zh": "已停止(Ctrl-C)。"},
    "setup.interrupted_kept": {
        "en": "Stopped (Ctrl-C). Every hand in play is saved: run the same command to continue.",
        "zh": "已停止(Ctrl-C)。进行中的对局已保存,再次运行同一命令即可继续。",
    },
    "setup.simulate_failed": {
        "en": "Simulate process {index} of {count} ended with exit code {code} and gave no "
              "figures (its own message is above).",
        "zh": "模拟进程 {index}/{count} 以退出码 {code} 结束,没有给出数据(其原因见上方)。",
    },
    "setup.simulate_needs_server": {
        "en": "simulate --processes needs a PostgreSQL server: --database postgresql://… or "
              "PAIJU_DATABASE=postgresql://… (one SQLite file serves one process).",
        "zh": "simulate --processes 需要 PostgreSQL 服务器:--database postgresql://… 或 "
              "PAIJU_DATABASE=postgresql://…(一个 SQLite 文件只供一个进程使用)。",
    },
    "setup.simulate_refused": {
        "en": "Simulate: {command} was refused: {reason}",
        "zh": "模拟:{command} 被拒绝:{reason}",
    },
    "setup.telegram_token_rejected": {
        "en": "Telegram rejected TELEGRAM_TOKEN (401 Unauthorized): copy the bot's token "
              "from @BotFather (/token) into TELEGRAM_TOKEN in .env, or unset it.",
        "zh": "Telegram 拒绝了 TELEGRAM_TOKEN(401 未授权):请从 @BotFather(/token)复制机器人的"
              "令牌,填入 .env 的 TELEGRAM_TOKEN,或删去这一项。",
    },
    "verify.usage": {"en": "verify takes a hand's id (with --export: its record), or --all.",
                     "zh": "verify 需要一局的编号(加 --export:输出其记录),或 --all。"},
    "verify.no_game": {"en": "No recorded hand {game_id} in this database.",
                       "zh": "本数据库中没有编号为 {game_id} 的牌局。"},
    "verify.not_finished": {"en": "Hand {game_id} is still being played: its seed is revealed "
                                  "when it ends.",
                            "zh": "牌局 {game_id} 还在进行:结束后才公开种子。"},
}
