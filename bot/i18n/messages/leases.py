"""Messages of room leases (several bot processes on one database)."""

MESSAGES = {
    "host.room_elsewhere": {
        "en": "Another instance of the bot is running this table right now; nothing was "
              "changed. Try again in a few seconds.",
        "zh": "这张牌桌正由机器人的另一个实例处理,什么都没有改变。请几秒钟后再试。",
    },
}
