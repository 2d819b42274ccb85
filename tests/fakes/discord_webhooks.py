"""Interaction routes of the fake Discord: the initial response callback and the webhook
routes behind followups and `@original`, with Discord's rules.

- An interaction is answered once (40060 "already acknowledged" after that); a failing or
  expired one answers 404 / 10062 "Unknown interaction".
- The callback answers `?with_response=1` with `{"interaction": ..., "resource": ...}`.
- Webhook routes work only after the initial response (10015 before) and only within the
  token's 15 minutes (401 / 50027 after).
- Type 5 creates a "thinking" message the first followup (or an @original edit) fills in,
  keeping the ephemeral state chosen when deferring; types 6 and 7 make the pressed
  message the original.
"""

from __future__ import annotations

import time
from typing import Any

from tests.fakes.discord_model import EPHEMERAL, LOADING, FakeInteraction, FakeMessage
from tests.fakes.discord_rest import NO_CONTENT, ApiError, Call, Rest, unknown


class InteractionRoutes:
    """Serves `/interactions/...` and `/webhooks/...` on top of the REST message store."""

    def __init__(self, rest: Rest) -> None:
        self.rest = rest
        rest.add_route("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        rest.add_route("POST", "/webhooks/{application_id}/{token}", self._followup)
        message = "/webhooks/{application_id}/{token}/messages/{message_id}"
        rest.add_route("GET", message, self._get_webhook_message)
        rest.add_route("PATCH", message, self._edit_webhook_message)
        rest.add_route("DELETE", message, self._delete_webhook_message)

    def _interaction(self, call: Call) -> FakeInteraction:
        interaction = self.rest.interactions.get(call.int_param("interaction_id"))
        if interaction is None or interaction.token != call.params["token"] or interaction.failing:
            raise unknown("interaction", 10062)
        if interaction.expired:
            raise unknown("interaction", 10062)
        return interaction

    def _component_message(self, interaction: FakeInteraction) -> FakeMessage:
        message = self.rest.messages.get(interaction.message_id or 0)
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return message

    async def _callback(self, call: Call) -> Any:
        interaction = self._interaction(call)
        if interaction.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        kind = int(call.body["type"])
        data = call.body.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        channel = self.rest.world.channels[interaction.channel_id]
        message: FakeMessage | None = None
        if kind == 4:
            message = self.rest.create_message(
                channel, data, interaction=interaction, ephemeral=ephemeral,
                files=call.record.files, uploads=call.record.uploads
            )
        elif kind == 5:
            message = self.rest.create_message(
                channel,
                {"flags": LOADING},
                interaction=interaction,
                ephemeral=ephemeral,
                loading=True,
            )
        elif kind in (6, 7):
            if interaction.type not in (3, 5) or interaction.message_id is None:
                raise ApiError(
                    400, 40004, "Interaction response type is not valid for this interaction"
                )
            message = self._component_message(interaction)
            if kind == 7:
                self.rest.edit_message(message, data, call.record.uploads)
            ephemeral = message.ephemeral
        elif kind == 8:
            interaction.autocomplete_choices = data.get("choices", [])
        elif kind == 9:
            interaction.modal = data
        interaction.response_type, interaction.ephemeral = kind, ephemeral
        interaction.acked_at = time.monotonic()
        if message is not None:
            interaction.original_id = message.id
            call.record.message_id = message.id
        call.record.ephemeral = ephemeral
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        if message is not None:
            summary |= {
                "response_message_id": str(message.id),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            }
        answer: dict[str, Any] = {"interaction": summary}
        if kind in (4, 5, 7):
            assert message is not None
            answer["resource"] = {"type": kind, "message": message.payload}
        return answer

    def _webhook_interaction(self, call: Call) -> FakeInteraction:
        interaction = self.rest.by_token(call.params["token"])
        if interaction is None or call.params["application_id"] != str(self.rest.application["id"]):
            raise unknown("Webhook", 10015)
        if interaction.expired:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, call: Call) -> tuple[FakeInteraction, FakeMessage]:
        interaction = self._webhook_interaction(call)
        wanted = call.params["message_id"]
        message_id = interaction.original_id if wanted == "@original" else int(wanted)
        if message_id is None or (
            message_id != interaction.original_id and message_id not in interaction.followup_ids
        ):
            raise unknown("Message", 10008)
        message = self.rest.messages[message_id]
        if message.deleted:
            raise unknown("Message", 10008)
        call.record.message_id, call.record.ephemeral = message.id, message.ephemeral
        return interaction, message

    async def _followup(self, call: Call) -> Any:
        interaction = self._webhook_interaction(call)
        body = call.body or {}
        original = self.rest.messages.get(interaction.original_id or 0)
        if interaction.response_type == 5 and original is not None and original.flags & LOADING:
            # Discord: the first followup after a deferred reply edits the loading message,
            # keeping the ephemeral state chosen when deferring.
            message = self.rest.edit_message(
                original, {k: v for k, v in body.items() if k != "flags"}, call.record.uploads
            )
        else:
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            channel = self.rest.world.channels[interaction.channel_id]
            message = self.rest.create_message(
                channel, body, interaction=interaction, ephemeral=ephemeral,
                files=call.record.files, uploads=call.record.uploads
            )
            interaction.followup_ids.append(message.id)
        call.record.message_id, call.record.ephemeral = message.id, message.ephemeral
        return message.payload if call.query.get("wait") in ("1", "true", "True") else NO_CONTENT

    async def _get_webhook_message(self, call: Call) -> Any:
        return self._webhook_message(call)[1].payload

    async def _edit_webhook_message(self, call: Call) -> Any:
        _, message = self._webhook_message(call)
        return self.rest.edit_message(message, call.body or {}, call.record.uploads).payload

    async def _delete_webhook_message(self, call: Call) -> Any:
        self._webhook_message(call)[1].deleted = True
        return NO_CONTENT
