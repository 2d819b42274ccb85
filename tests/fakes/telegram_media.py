"""Photos on the fake Telegram server: `sendPhoto` and `editMessageMedia`, as the Bot API
takes them (multipart uploads; an edit names its new file `attach://<field>` in the `media`
JSON) and answers them (a Message with `photo` sizes and the `caption`; the real errors for
a too long caption, bad dimensions, an edit that changes nothing).

The uploaded bytes are kept, so tests can decode each picture and ask what it depicts
(`uploads(call)`, `photo_of(message)`).
"""

from __future__ import annotations

import copy
import hashlib
import io
import time
from typing import Any

from PIL import Image

from tests.fakes.telegram_api import ApiError, inline_keyboard, render_text

JSON = dict[str, Any]
MAX_PHOTO_BYTES = 10 * 1024 * 1024  # photos up to 10 MB
MAX_CAPTION = 1024  # characters after entity parsing
MAX_SIDES = 10_000  # width + height
MAX_RATIO = 20
CAPTION_TOO_LONG = "Bad Request: message caption is too long"
BAD_DIMENSIONS = "Bad Request: PHOTO_INVALID_DIMENSIONS"
NOT_AN_IMAGE = "Bad Request: IMAGE_PROCESS_FAILED"
TOO_BIG = "Request Entity Too Large"
NO_MEDIA = "Bad Request: there is no media in the message to edit"
MEDIA_NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)


def uploads(call: Any) -> list[bytes]:
    """The files a recorded request uploaded (a sendPhoto's photo, an edit's attachment)."""
    return [value["data"] for value in call.params.values()
            if isinstance(value, dict) and isinstance(value.get("data"), bytes)]


class MediaMethods:
    """Mixed into the fake server's world: the photo methods and their file store."""

    files: dict[str, bytes]

    def install_media(self) -> None:
        """Register the photo methods."""
        self.files = {}
        self.methods["sendPhoto"] = self._send_photo  # type: ignore[attr-defined]
        self.methods["editMessageMedia"] = self._edit_message_media  # type: ignore[attr-defined]
        self.methods["editMessageCaption"] = self._edit_message_caption  # type: ignore[attr-defined]
        self.methods["sendDocument"] = self._send_document  # type: ignore[attr-defined]

    def photo_of(self, message: JSON) -> bytes | None:
        """The bytes of the largest size of a photo message, None for another message."""
        sizes = message.get("photo")
        return self.files.get(sizes[-1]["file_id"]) if sizes else None

    def _photo_sizes(self, upload: Any) -> list[JSON]:
        """Check an uploaded (or re-sent by file_id) photo; its PhotoSize list."""
        if isinstance(upload, str):
            if upload not in self.files:
                raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
            data = self.files[upload]
        elif isinstance(upload, dict) and isinstance(upload.get("data"), bytes):
            data = upload["data"]
        else:
            raise ApiError(400, "Bad Request: there is no photo in the request")
        if len(data) > MAX_PHOTO_BYTES:
            raise ApiError(413, TOO_BIG)
        try:
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
        except OSError:
            raise ApiError(400, NOT_AN_IMAGE) from None
        if width + height > MAX_SIDES or max(width, height) > MAX_RATIO * min(width, height):
            raise ApiError(400, BAD_DIMENSIONS)
        unique = hashlib.sha1(data).hexdigest()[:16]
        file_id = f"AgAC{unique}"
        self.files[file_id] = data
        scale = min(1.0, 90 / max(width, height))
        thumb = {"file_id": f"{file_id}-s", "file_unique_id": f"{unique}-s",
                 "width": max(1, round(width * scale)), "height": max(1, round(height * scale)),
                 "file_size": max(1, len(data) // 20)}
        return [thumb, {"file_id": file_id, "file_unique_id": unique, "width": width,
                        "height": height, "file_size": len(data)}]

    @staticmethod
    def _caption(text: str | None, parse_mode: str | None) -> str | None:
        if not text:
            return None
        plain = render_text(text, parse_mode)
        if len(plain.encode("utf-16-le")) // 2 > MAX_CAPTION:
            raise ApiError(400, CAPTION_TOO_LONG)
        return plain

    def _send_photo(self, params: JSON) -> JSON:
        chat = self._reachable_chat(params)  # type: ignore[attr-defined]
        thread_id = params.get("message_thread_id")
        if thread_id is not None:
            self._check_topic(chat, thread_id)  # type: ignore[attr-defined]
        caption = self._caption(params.get("caption"), params.get("parse_mode"))
        sizes = self._photo_sizes(params.get("photo"))
        markup = inline_keyboard(params.get("reply_markup"))
        store = self._store  # type: ignore[attr-defined]
        message = store(chat, self.bot, text=None, thread_id=thread_id,
                        markup=markup)
        message["photo"] = sizes
        if caption is not None:
            message["caption"] = caption
        return copy.deepcopy(message)

    def document_of(self, message: JSON) -> bytes | None:
        """The bytes of a document message, None for another message."""
        document = message.get("document")
        return self.files.get(document["file_id"]) if document else None

    def _send_document(self, params: JSON) -> JSON:
        """sendDocument with an uploaded file (up to 50 MB, as the Bot API takes)."""
        chat = self._reachable_chat(params)  # type: ignore[attr-defined]
        thread_id = params.get("message_thread_id")
        if thread_id is not None:
            self._check_topic(chat, thread_id)  # type: ignore[attr-defined]
        upload = params.get("document")
        if not (isinstance(upload, dict) and isinstance(upload.get("data"), bytes)):
            raise ApiError(400, "Bad Request: there is no document in the request")
        data = upload["data"]
        if len(data) > 50 * 1024 * 1024:
            raise ApiError(413, TOO_BIG)
        file_id = "doc" + hashlib.sha256(data).hexdigest()[:24]
        self.files[file_id] = data
        message = self._store(chat, self.bot, text=None,  # type: ignore[attr-defined]
                              thread_id=thread_id)
        message["document"] = {"file_id": file_id, "file_unique_id": file_id[:16],
                               "file_name": upload.get("filename") or "file",
                               "file_size": len(data)}
        reply = params.get("reply_parameters")
        if isinstance(reply, dict):
            message["reply_to_message_id"] = reply.get("message_id")
        return copy.deepcopy(message)

    def _own_photo(self, params: JSON, missing: str) -> JSON:
        """The bot's photo message an edit names (`missing`: the error for another kind)."""
        if "inline_message_id" in params:
            raise ApiError(400, "Bad Request: inline messages are not supported by the fake")
        chat = self._reachable_chat(params)  # type: ignore[attr-defined]
        message = self._stored(chat.id, params.get("message_id", 0))  # type: ignore[attr-defined]
        if message is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        if message["from"]["id"] != self.bot.id:  # type: ignore[attr-defined]
            raise ApiError(400, "Bad Request: message can't be edited")
        if "photo" not in message:
            raise ApiError(400, missing)
        return message  # type: ignore[no-any-return]

    @staticmethod
    def _edited(message: JSON, caption: str | None, markup: JSON | None) -> JSON:
        """The message with its new caption and keyboard (Telegram drops what an edit omits)."""
        for field, value in (("caption", caption), ("reply_markup", markup)):
            message.pop(field, None)
            if value is not None:
                message[field] = value
        message["edit_date"] = int(time.time())
        return copy.deepcopy(message)

    def _edit_message_caption(self, params: JSON) -> JSON:
        """A photo's caption and keyboard, the photo kept."""
        message = self._own_photo(params, "Bad Request: there is no caption in the message "
                                          "to edit")
        caption = self._caption(params.get("caption"), params.get("parse_mode"))
        markup = inline_keyboard(params.get("reply_markup"))
        if caption == message.get("caption") and markup == message.get("reply_markup"):
            raise ApiError(400, "Bad Request: message is not modified: specified new message "
                                "content and reply markup are exactly the same as a current "
                                "content and reply markup of the message")
        return self._edited(message, caption, markup)

    def _edit_message_media(self, params: JSON) -> JSON:
        message = self._own_photo(params, NO_MEDIA)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: can't parse InputMedia: media type is not photo")
        source = str(media.get("media", ""))
        upload = params.get(source.removeprefix("attach://")) if source.startswith(
            "attach://") else source
        if upload is None:
            raise ApiError(400, "Bad Request: can't find the attached file")
        caption = self._caption(media.get("caption"), media.get("parse_mode"))
        sizes = self._photo_sizes(upload)
        markup = inline_keyboard(params.get("reply_markup"))
        if sizes[-1]["file_unique_id"] == message["photo"][-1]["file_unique_id"] \
                and caption == message.get("caption") and markup == message.get("reply_markup"):
            raise ApiError(400, MEDIA_NOT_MODIFIED)
        message["photo"] = sizes
        return self._edited(message, caption, markup)
