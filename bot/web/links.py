"""Unguessable links: each names a page and carries an HMAC of it under the web secret.

A link is `<base>/replay/<game_id>?k=<sig>` (likewise `/live/<room>`, `/lb/<community>`,
`/lb/<community>/p/<player>`). The signature covers the page's kind and ids, so it cannot be
moved to another game, room or player, and without the secret none can be made up.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from bot.settings import Settings

SIGNATURE_CHARS = 22  # 132 bits of HMAC-SHA256, URL-safe base64
KINDS = ("replay", "live", "lb", "player")


class Links:
    """Signs and checks the web links of one secret and public base URL."""

    def __init__(self, secret: str, base_url: str = "") -> None:
        if len(secret) < 16:
            raise ValueError("the web secret must be at least 16 characters long")
        self._key = secret.encode()
        self.base_url = base_url.rstrip("/")

    def signature(self, kind: str, *ids: object) -> str:
        """The signature of a page (its kind and ids)."""
        if kind not in KINDS:
            raise ValueError(f"unknown link kind {kind!r}")
        message = "\x1f".join([kind, *(str(i) for i in ids)]).encode()
        digest = hmac.new(self._key, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:SIGNATURE_CHARS]

    def valid(self, signature: str | None, kind: str, *ids: object) -> bool:
        """True if `signature` is the page's own (compared in constant time)."""
        if not signature or len(signature) != SIGNATURE_CHARS:
            return False
        return hmac.compare_digest(signature, self.signature(kind, *ids))

    def replay_path(self, game_id: str) -> str:
        """The signed path of a finished game's replay."""
        return f"/replay/{quote(game_id, safe='')}?k={self.signature('replay', game_id)}"

    def live_path(self, room_id: str) -> str:
        """The signed path of a room's live table."""
        return f"/live/{quote(room_id, safe='')}?k={self.signature('live', room_id)}"

    def board_path(self, community_id: int, **query: str) -> str:
        """The signed path of a community's leaderboards (with optional metric/period/season)."""
        extra = "".join(f"&{key}={quote(value, safe='')}" for key, value in query.items())
        return f"/lb/{community_id}?k={self.signature('lb', community_id)}{extra}"

    def player_path(self, community_id: int, player_id: int) -> str:
        """The signed path of a player's page in a community."""
        return (f"/lb/{community_id}/p/{player_id}"
                f"?k={self.signature('player', community_id, player_id)}")

    def url(self, path: str) -> str:
        """A path made absolute with the public base URL."""
        return f"{self.base_url}{path}"


def links_from_settings(settings: Settings) -> Links | None:
    """The links the bot posts: None unless PAIJU_WEB_URL and a PAIJU_WEB_SECRET of 16
    characters or more are set (the web side then refuses to start, and says why)."""
    secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
    if not settings.web_url or len(secret) < 16:
        return None
    return Links(secret, settings.web_url)
