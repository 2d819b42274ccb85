"""Button payloads: `<room id>:<action counter, base36>:<code>`.

A payload names the room and the counter of the prompt it came from, so a press from an
older prompt is refused (stale) and a press in a DM still finds its room. Codes:
- a canonical game action ("bid 2", "pass", "play 33344", "arrange As|KhQd|2s3h5d");
- a host verb starting with "!" ("!join", "!hand", "!auto", ...: see `VERBS`);
- anything starting with "~" belongs to the adapter (e.g. a rank-toggle state) and never
  reaches the host.
Limits: Telegram callback_data 1–64 bytes, Discord custom_id 1–100 characters; every
payload the host builds fits 64 bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import PaijuError

MAX_PAYLOAD_BYTES = 64  # Telegram's callback_data limit, the tighter of the two
SEPARATOR = ":"

VERBS = {
    "!join": "join",
    "!leave": "leave",
    "!ai": "add_ai",
    "!noai": "remove_ai",
    "!start": "start",
    "!hand": "hand",
    "!hint": "hint",
    "!auto": "auto",
    "!again": "rematch",
    "!table": "table",
    "!sort": "sort",
    "!seed": "seed",
}
"""Host verbs a button may carry, mapped to command names."""


@dataclass(frozen=True, slots=True)
class Payload:
    """A decoded button payload."""

    room_id: str
    counter: int
    code: str

    @property
    def is_verb(self) -> bool:
        """A host verb ("!hand"), not a game action."""
        return self.code.startswith("!")

    @property
    def is_adapter_code(self) -> bool:
        """An adapter-private code ("~..."), never sent to the host."""
        return self.code.startswith("~")


def to_base36(number: int) -> str:
    """Non-negative int in base 36 (lower case)."""
    if number < 0:
        raise ValueError("negative")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def encode_payload(room_id: str, counter: int, code: str) -> str:
    """The payload string; raises ValueError if it would not fit 64 bytes."""
    if SEPARATOR in room_id or not room_id:
        raise ValueError(f"bad room id {room_id!r}")
    text = f"{room_id}{SEPARATOR}{to_base36(counter)}{SEPARATOR}{code}"
    if not code or len(text.encode()) > MAX_PAYLOAD_BYTES:
        raise ValueError(f"payload {text!r} is empty or longer than {MAX_PAYLOAD_BYTES} bytes")
    return text


def decode_payload(text: str) -> Payload:
    """Read a payload; raises PaijuError("host.bad_payload") on anything malformed."""
    parts = text.split(SEPARATOR, 2)
    if len(parts) != 3 or not parts[0] or not parts[2] or len(text.encode()) > 100:
        raise PaijuError("host.bad_payload")
    try:
        counter = int(parts[1], 36)
    except ValueError:
        raise PaijuError("host.bad_payload") from None
    if counter < 0:
        raise PaijuError("host.bad_payload")
    return Payload(parts[0], counter, parts[2])


def action_payload(view: object, action: str) -> str:
    """Payload for `action` on a view with `room_id` and `counter` (a PrivateView)."""
    return encode_payload(view.room_id, view.counter, action)  # type: ignore[attr-defined]


def is_stale(payload: Payload, counter: int) -> bool:
    """True when the press came from an older prompt than the room's current counter."""
    return payload.counter != counter
