"""Telegram: python-telegram-bot 22 (async) behind the host's port. See `adapter`."""

from __future__ import annotations

from adapters.telegram.adapter import Limits, TelegramAdapter
from bot.settings import Settings


def create_adapter(settings: Settings) -> TelegramAdapter:
    """The Telegram adapter for these settings (TELEGRAM_TOKEN must be set)."""
    return TelegramAdapter(settings)


__all__ = ["Limits", "TelegramAdapter", "create_adapter"]
