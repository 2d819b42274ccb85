"""Paiju: a card-game host for group chats (斗地主 and 田忌赛马 on Discord and Telegram)."""
