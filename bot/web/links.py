"""Unguessable links: each names a page and carries an HMAC of it under the web secret.

A link is `<base>/replay/<game_id>?k=<sig>` (likewise `/lb/<community>`,
`/lb/<community>/p/<player>`). The signature covers the page's kind and ids, so it cannot be
moved to another game, room or player, and without the secret none can be made up.

A Play link (`/play/<room>?p=<platform>&u=<user>&e=<expiry>&k=<sig>`) is one person's key to
their seat at one table; Telegram's Mini App opens `/play/<room>?p=telegram` unsigned and
trades the init data Telegram signed for such a key (`bot.web.play`).

A Watch link also expires: `/live/<room>?e=<epoch seconds>&k=<sig>`, its expiry signed with
it (LIVE_LINK_SECONDS after it was posted, rounded up to the hour, so a table's link stays
the same within an hour). A Watch link opens one table: it carries the table's links epoch,
random for each new table in the channel, so it never shows the channel's next table. An
admin may ask for the channel's link (`settings links=channel`, `c=1`), which follows every
table there, under the channel's own epoch. An admin who revokes them (`settings
links=revoke`) moves both epochs on: every Watch link signed before stops opening, and the
streams open on one end at the next table update, without a new secret. Replay links (a
finished game, shown after it ended) and board links keep their format and never expire.
A Watch link of the old format (no `e`) no longer opens: it was the link that opened every
future table.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from bot.settings import Settings

SIGNATURE_CHARS = 22  # 132 bits of HMAC-SHA256, URL-safe base64
KINDS = ("replay", "live", "lb", "player", "cup", "play")
LIVE_LINK_SECONDS = 12 * 3600  # a Watch link opens for half a day after it was posted
PLAY_LINK_SECONDS = 6 * 3600  # a Play link (one person, one table) opens for six hours
HOUR = 3600


class Links:
    """Signs and checks the web links of one secret and public base URL."""

    def __init__(self, secret: str, base_url: str = "",
                 clock: Callable[[], float] = time.time) -> None:
        if len(secret) < 16:
            raise ValueError("the web secret must be at least 16 characters long")
        self._key = secret.encode()
        self.base_url = base_url.rstrip("/")
        self._clock = clock  # wall time: the bot that signs and the pages that check agree

    def signature(self, kind: str, *ids: object, epoch: int = 0,
                  expires: int | None = None) -> str:
        """The signature of a page (its kind and ids, the channel's links epoch, the expiry)."""
        if kind not in KINDS:
            raise ValueError(f"unknown link kind {kind!r}")
        parts = [kind, *(str(i) for i in ids)]
        if epoch:
            parts.append(f"v{epoch}")
        if expires is not None:
            parts.append(f"e{expires}")
        digest = hmac.new(self._key, "\x1f".join(parts).encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:SIGNATURE_CHARS]

    def valid(self, signature: str | None, kind: str, *ids: object, epoch: int = 0,
              expires: int | None = None, expired_too: bool = False) -> bool:
        """True if `signature` is the page's own (compared in constant time) and, when the
        link expires, it has not yet (or `expired_too`)."""
        if not signature or len(signature) != SIGNATURE_CHARS:
            return False
        if expires is not None and expires < self._clock() and not expired_too:
            return False
        return hmac.compare_digest(
            signature, self.signature(kind, *ids, epoch=epoch, expires=expires))

    def replay_path(self, game_id: str) -> str:
        """The signed path of a finished game's replay (a finished game: it never expires)."""
        return f"/replay/{quote(game_id, safe='')}?k={self.signature('replay', game_id)}"

    def live_path(self, room_id: str, epoch: int = 0, *, channel: bool = False) -> str:
        """The signed path of a table's live page (`epoch`: the table's links epoch), or with
        `channel` the channel's (`epoch`: the channel's), open for LIVE_LINK_SECONDS."""
        expires = math.ceil((self._clock() + LIVE_LINK_SECONDS) / HOUR) * HOUR
        signature = self.signature("live", *live_ids(room_id, channel), epoch=epoch,
                                   expires=expires)
        mark = "c=1&" if channel else ""
        return f"/live/{quote(room_id, safe='')}?{mark}e={expires}&k={signature}"

    def board_path(self, community_id: int, **query: str) -> str:
        """The signed path of a community's leaderboards (with optional metric/period/season)."""
        extra = "".join(f"&{key}={quote(value, safe='')}" for key, value in query.items())
        return f"/lb/{community_id}?k={self.signature('lb', community_id)}{extra}"

    def player_path(self, community_id: int, player_id: int) -> str:
        """The signed path of a player's page in a community."""
        return (f"/lb/{community_id}/p/{player_id}"
                f"?k={self.signature('player', community_id, player_id)}")

    def cup_path(self, cup_id: int) -> str:
        """The signed path of a competition's page."""
        return f"/cup/{cup_id}?k={self.signature('cup', cup_id)}"

    def play_path(self, room_id: str, platform: str, user_id: str, lang: str = "") -> str:
        """The signed path of one person's play page at one table (`bot.web.play`): the
        signature covers the platform, the person and the room, and expires."""
        expires = math.ceil((self._clock() + PLAY_LINK_SECONDS) / HOUR) * HOUR
        signature = self.signature("play", platform, user_id, room_id, expires=expires)
        query = f"p={quote(platform, safe='')}&u={quote(user_id, safe='')}&e={expires}" \
                f"&k={signature}"
        return f"/play/{quote(room_id, safe='')}?{query}" + (f"&lang={lang}" if lang else "")

    @staticmethod
    def mini_app_path(room_id: str, lang: str = "") -> str:
        """The path of a table's Telegram Mini App (unsigned: Telegram's init data, checked
        by the page, says who opens it)."""
        return f"/play/{quote(room_id, safe='')}?p=telegram" + (f"&lang={lang}" if lang else "")

    def url(self, path: str) -> str:
        """A path made absolute with the public base URL."""
        return f"{self.base_url}{path}"


def live_ids(room_id: str, channel: bool) -> tuple[str, ...]:
    """What a Watch link's signature names: the room, and for the channel's link that."""
    return (room_id, "channel") if channel else (room_id,)


def links_from_settings(settings: Settings) -> Links | None:
    """The links the bot posts: None unless PAIJU_WEB_URL and a PAIJU_WEB_SECRET of 16
    characters or more are set (the web side then refuses to start, and says why)."""
    secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
    if not settings.web_url or len(secret) < 16:
        return None
    return Links(secret, settings.web_url)
