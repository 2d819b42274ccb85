"""What the Telegram client sends, counted for the metrics (`bot.host.metrics`), and
whether the Bot API answers (for `/readyz`).

Every HTTP request goes through `CountedRequest` (long polls too): counted, a 429 counted as
throttled, and the last outcome kept (an answer of any status: reachable; a network fault:
not). `CountedLimiter` is PTB's rate limiter that counts the requests it sends again after a
429. Plain integers, added to where the call is made: nothing else on the hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import NetworkError
from telegram.ext import AIORateLimiter
from telegram.request import HTTPXRequest

from bot.host.ports import Traffic

# PTB's own defaults (ApplicationBuilder): requests share a pool of 256 connections, the
# long poll has one of its own.
REQUEST_POOL = 256
UPDATES_POOL = 1


class Link:
    """Whether the last request reached the Bot API."""

    def __init__(self) -> None:
        self.reached: bool | None = None  # None: nothing asked yet


class CountedRequest(HTTPXRequest):
    """PTB's HTTP transport, counting each request and noting whether it got an answer."""

    def __init__(self, traffic: Traffic, link: Link, **options: Any) -> None:
        super().__init__(**options)
        self.traffic = traffic
        self.link = link

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        """One HTTP request to the Bot API (counted; 429 counted as throttled)."""
        self.traffic.calls += 1
        try:
            code, payload = await super().do_request(*args, **kwargs)
        except NetworkError:
            self.link.reached = False
            raise
        self.link.reached = True
        if code == 429:
            self.traffic.throttled += 1
        return code, payload


class CountedLimiter(AIORateLimiter):
    """PTB's rate limiter, counting the tries of a request after its first (429s waited out)."""

    def __init__(self, traffic: Traffic, **options: Any) -> None:
        super().__init__(**options)
        self.traffic = traffic

    async def process_request(self, callback: Callable[..., Coroutine[Any, Any, Any]],
                              args: Any, kwargs: dict[str, Any], endpoint: str,
                              data: dict[str, Any], rate_limit_args: int | None) -> Any:
        """Pace the request as AIORateLimiter does; a second try on is a retry."""
        tries = 0

        async def counted(*call_args: Any, **call_kwargs: Any) -> Any:
            nonlocal tries
            tries += 1
            if tries > 1:
                self.traffic.retries += 1
            return await callback(*call_args, **call_kwargs)

        return await super().process_request(counted, args, kwargs, endpoint, data,
                                             rate_limit_args)
