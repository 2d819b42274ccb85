"""Files on the fake Discord server: multipart uploads (`files[n]` parts beside
`payload_json`) become message attachments as Discord makes them, and edits keep, drop or
add attachments by the `attachments` list of the body (API v10: it lists every attachment
the message keeps, existing ones by id, new ones by the index of their `files[n]` part).

The bytes are kept, so tests can decode each picture and ask what it depicts.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from PIL import Image

from tests.fakes.discord_model import new_snowflake

MAX_UPLOAD = 10 * 1024 * 1024  # bytes per request a bot may upload without boosts (10 MiB)
MAX_FILES = 10


class UploadRefused(Exception):
    """Discord refuses the request's files: (HTTP status, JSON error code, message)."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass(frozen=True, slots=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    content_type: str
    data: bytes


def _attachment(upload: Upload, store: dict[str, bytes]) -> dict[str, Any]:
    attachment_id = str(new_snowflake())
    store[attachment_id] = upload.data
    found: dict[str, Any] = {
        "id": attachment_id, "filename": upload.filename, "size": len(upload.data),
        "url": f"https://cdn.discordapp.com/attachments/0/{attachment_id}/{upload.filename}",
        "proxy_url": f"https://media.discordapp.net/attachments/0/{attachment_id}/"
                     f"{upload.filename}",
        "content_type": upload.content_type or "application/octet-stream",
    }
    try:
        with Image.open(io.BytesIO(upload.data)) as image:
            found["width"], found["height"] = image.size
            found["content_type"] = Image.MIME.get(image.format or "", found["content_type"])
    except OSError:
        pass  # not an image: no dimensions
    return found


def check_uploads(uploads: list[Upload]) -> None:
    """Discord's limits on one request's files."""
    if len(uploads) > MAX_FILES:
        raise UploadRefused(400, 50035, "Invalid Form Body")
    if sum(len(u.data) for u in uploads) > MAX_UPLOAD:
        raise UploadRefused(413, 40005, "Request entity too large")


def attachments_after(body: dict[str, Any], uploads: list[Upload],
                      existing: list[dict[str, Any]], store: dict[str, bytes],
                      *, editing: bool) -> list[dict[str, Any]]:
    """The message's attachments once `body` (and its uploads) applied."""
    check_uploads(uploads)
    listed = body.get("attachments")
    if listed is None:
        kept = list(existing) if editing else []
        return kept + [_attachment(u, store) for u in uploads]
    by_index = {u.index: u for u in uploads}
    by_id = {a["id"]: a for a in existing}
    result = []
    for entry in listed:
        key = str(entry.get("id"))
        if key in by_id:
            result.append(by_id[key])
        elif key.isdigit() and int(key) in by_index:
            made = _attachment(by_index[int(key)], store)
            if entry.get("filename"):
                made["filename"] = entry["filename"]
            if entry.get("description"):
                made["description"] = entry["description"]
            result.append(made)
        else:
            raise UploadRefused(400, 50035, "Invalid Form Body")
    return result
