"""Bot API calls: reading Telegram's errors, and waiting out what the rate limiter let by.

AIORateLimiter paces requests (30/s overall, 20/min per group) and retries 429s itself;
`patiently` is the second line for a 429 or a network hiccup that still gets through.

PTB 22.2+ is moving time periods (`RetryAfter.retry_after` among them) from int seconds to
`timedelta`; until an application opts in with PTB_TIMEDELTA, every 429 PTB reads warns
(PTBDeprecationWarning, from inside RetryAfter itself). The adapter opts in when it is
built (`use_timedeltas`), unless the environment already chose; `retry_seconds` reads
either form.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import os
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

from bot.host.ports import Traffic

T = TypeVar("T")
RETRIES = 3


def use_timedeltas() -> None:
    """Opt in to PTB's timedelta time periods (PTB_TIMEDELTA), unless already set either way.

    PTB reads the variable each time it hands out a period, so setting it before the first
    429 is enough; nothing else of ours reads PTB time periods."""
    os.environ.setdefault("PTB_TIMEDELTA", "true")


def retry_seconds(error: RetryAfter) -> float:
    """The wait a 429 asks for, in seconds (PTB gives an int or a timedelta)."""
    value: Any = error.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def not_modified(error: BadRequest) -> bool:
    """An edit that would change nothing (harmless: the message already shows it)."""
    return "not modified" in error.message.lower()


def message_gone(error: BadRequest) -> bool:
    """The message to edit or delete no longer exists (deleted by someone) or is too old."""
    text = error.message.lower()
    return ("not found" in text or "can't be edited" in text or "can't be deleted" in text) \
        and "chat not found" not in text and "thread not found" not in text


def our_fault(error: BadRequest) -> bool:
    """A request Telegram rejected for its form (markup, length, buttons): a bug of ours."""
    text = error.message.lower()
    return any(word in text for word in ("entities", "too long", "button", "markup"))


async def patiently(request: Callable[[], Awaitable[T]], traffic: Traffic | None = None) -> T:
    """Run a request, waiting out 429s and brief network trouble the rate limiter let through
    (each try after the first counted in `traffic`'s retries)."""
    for attempt in range(RETRIES):
        if attempt and traffic is not None:
            traffic.retries += 1
        try:
            return await request()
        except RetryAfter as error:
            if attempt == RETRIES - 1:
                raise
            await asyncio.sleep(retry_seconds(error) + 0.1)
        except (TimedOut, NetworkError) as error:
            if isinstance(error, BadRequest) or attempt == RETRIES - 1:
                raise
            await asyncio.sleep(0.5 * 2 ** attempt)
    raise AssertionError("unreachable")
