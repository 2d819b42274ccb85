"""Which message is each room's table, kept in a small JSON file beside the database.

Telegram offers no way to find our old messages, so without this a restarted bot would
post every table again and leave the old ones behind with live buttons. With it, a restart
edits the same message and the group sees the game simply continue.

It also keeps which groups became supergroups (Telegram gives the upgraded group a new chat
id and refuses messages to the old one): their rooms carry on under the new id.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

FILE_NAME = "telegram-tables.json"


class TableMemory:
    """room id → table message id, and old group id → supergroup id, per bot (the numeric
    id at the start of the token)."""

    def __init__(self, folder: Path, bot_id: str) -> None:
        self.path = folder / FILE_NAME
        self.bot_id = bot_id
        self._all: dict[str, dict[str, int]] = self._read()

    def _read(self) -> dict[str, dict[str, int]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:  # a damaged file costs only re-posted tables
            log.warning("telegram: ignoring %s: %s", self.path, error)
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, room_id: str) -> int | None:
        """The remembered table message of a room."""
        found = self._all.get(self.bot_id, {}).get(room_id)
        return found if isinstance(found, int) else None

    def put(self, room_id: str, message_id: int | None) -> None:
        """Remember (or forget, with None) a room's table message; written at once."""
        mine = self._all.setdefault(self.bot_id, {})
        if message_id is None:
            if mine.pop(room_id, None) is None:
                return
        elif mine.get(room_id) == message_id:
            return
        else:
            mine[room_id] = message_id
        self._write()

    def _moves(self) -> dict[str, int]:
        moves = self._all.setdefault(f"{self.bot_id}:moved", {})
        if not isinstance(moves, dict):  # a damaged file
            moves = self._all[f"{self.bot_id}:moved"] = {}
        return moves

    def moved_to(self, chat_id: int) -> int | None:
        """The supergroup a group became (None if it did not)."""
        found = self._moves().get(str(chat_id))
        return found if isinstance(found, int) else None

    def moved_from(self, chat_id: int) -> int | None:
        """The group a supergroup was before its upgrade (None if it was born one)."""
        return next((int(old) for old, new in self._moves().items() if new == chat_id), None)

    def move(self, old: int, new: int) -> None:
        """Remember that group `old` is now supergroup `new`; written at once."""
        if self._moves().get(str(old)) != new:
            self._moves()[str(old)] = new
            self._write()

    def _write(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps(self._all), encoding="utf-8")
            os.replace(temporary, self.path)  # atomic: a crash leaves the old or the new file
        except OSError as error:
            log.warning("telegram: cannot write %s: %s", self.path, error)
