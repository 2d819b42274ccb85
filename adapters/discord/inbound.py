"""Interactions in: who and where, asking the host (deferring when it is slow), and answering.

Every interaction is answered within Discord's 3 seconds: the host's reply when it comes in
time, else a deferral first. Whatever goes wrong is logged with its cause and answered with
a polite ephemeral line, never left as "This interaction failed".
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from adapters.common.drafts import BadDraft, Draft
from adapters.discord.components import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    SUGGEST,
    PressButton,
    clip,
    grid,
)
from adapters.discord.panel import (
    draft_of_action,
    next_hint,
    play_link,
    read_draft,
    render_panel,
)
from bot.errors import PaijuError
from bot.fairness import PLAYER_SEED_LIMIT
from bot.host import commands as cmd
from bot.host.payload import Payload, decode_payload, encode_payload
from bot.host.views import Choice, Place, PrivateView, Reply
from bot.i18n import normalise_language, translate
from bot.tournament.commands import CupCreate

if TYPE_CHECKING:
    from adapters.base import HostPort
    from adapters.discord.adapter import PanelSlot
    from adapters.discord.pictures import DiscordPictures
    from bot.settings import Settings

log = logging.getLogger("adapters.discord")

PLATFORM = "discord"
DEFER_AFTER = 1.5  # s: past this the host's answer may miss Discord's 3 s, so defer first
PANEL_TTL = 14 * 60.0  # s: interaction tokens (and so ephemeral edits) live 15 minutes
# s at most a press's answer waits for its new prompt's suggestions (short: the host sends no
# new view when they come back empty, as for a prompt that can only pass)
SUGGESTIONS_WAIT = 0.5
ANSWER_BY = 2.2  # s after an interaction by which its first answer goes (Discord: 3 s)
LEAVE_CONFIRM = "~leave"  # the confirmation of a Leave pressed on an old table message
MAX_CONTENT = 2000
THINKING = discord.InteractionResponseType.deferred_channel_message
UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction it no longer takes answers for
UNKNOWN_MESSAGE = 10008
OPENS_PANEL = ("!hand", "!start", "!again")  # table verbs after which the presser sees cards

Make = Callable[[cmd.Actor, Place | None], cmd.Command]


def actor_of(interaction: discord.Interaction[Any]) -> cmd.Actor:
    """The person behind an interaction; admins are those with Manage Server here."""
    user = interaction.user
    admin = interaction.guild_id is not None and interaction.permissions.manage_guild
    return cmd.Actor(PLATFORM, str(user.id), user.display_name,
                     normalise_language(str(interaction.locale)), is_admin=admin)


def place_of(interaction: discord.Interaction[Any]) -> Place | None:
    """Where an interaction happened; a thread is a channel of its own (one room each)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None  # a DM: no room lives here
    guild = interaction.guild
    return Place(PLATFORM, str(interaction.channel_id), "", str(interaction.guild_id),
                 guild.name if guild is not None else "")


OPENS_HERE = (cmd.NewRoom, CupCreate)
"""Slash commands that start something whose messages the bot must post in the channel."""


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """Names (as Discord's settings show them) of the channel permissions the bot needs to
    post and edit a table here but lacks: none in a DM. (Read Message History only helps to
    find the table again after a restart; without it a new one is posted.)"""
    if interaction.guild_id is None:
        return []
    have = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = [("view_channel", "View Channel"),
              ("send_messages_in_threads" if in_thread else "send_messages",
               "Send Messages in Threads" if in_thread else "Send Messages")]
    return [name for flag, name in needed if not getattr(have, flag)]


def chunks(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Text in pieces of at most `limit` characters, split at line ends where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            pieces.append(current)
            current = line
        else:
            current = joined
    pieces.append(current)
    return [p for p in pieces if p.strip()] or ["…"]


def _answer_budget(interaction: discord.Interaction[Any]) -> float:
    """Seconds an answer may still wait (for a prompt's suggestions): what is left of
    Discord's 3 s with a margin, or SUGGESTIONS_WAIT once the interaction was deferred."""
    if interaction.response.is_done():
        return SUGGESTIONS_WAIT
    age = (datetime.now(UTC) - interaction.created_at).total_seconds()
    return max(0.0, min(SUGGESTIONS_WAIT, ANSWER_BY - age))


def _is_fresh(interaction: discord.Interaction[Any], ttl: float) -> bool:
    """The pressed message is an ephemeral panel young enough to be edited in place (a panel
    is never drawn over a message the channel sees; ephemeral ones expire)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    return (datetime.now(UTC) - message.created_at).total_seconds() < ttl


class Inbound:
    """The interaction side of the adapter (mixed into `DiscordAdapter`)."""

    host: HostPort | None
    panels: dict[str, dict[str, PanelSlot]]
    _answering: Counter[str]
    panel_ttl: float
    defer_after: float
    pictures: DiscordPictures
    settings: Settings
    _filled: set[int]  # "thinking" deferrals already filled in (later answers follow up)
    _acted: set[int]  # interactions whose command the host carried out

    # -- provided by the adapter -----------------------------------------------------------

    def remember(self, view: PrivateView) -> PanelSlot:
        """The player's panel slot, holding `view` if it is not older than the one held."""
        raise NotImplementedError

    def catch_up(self, user_id: str) -> None:
        """Bring the user's live panels up to the views held for them."""
        raise NotImplementedError

    def repost_table(self, room_id: str) -> bool:
        """Post the room's table again at the bottom of its channel."""
        raise NotImplementedError

    def table_shown(self, room_id: str) -> int:
        """The counter of the newest table view of a room handed over (-1: none yet)."""
        raise NotImplementedError

    def picture_later(self, user_id: str, view: PrivateView) -> None:
        """Once the hand's picture is drawn, bring it to a live panel that lacks it."""
        raise NotImplementedError

    def post_last_play(self, room_id: str) -> None:
        """Post the room's last play as a picture (card art on), after its table."""
        raise NotImplementedError

    def hand_started(self, room_id: str) -> int | None:
        """The counter the hand being played began at; None when no hand is played."""
        raise NotImplementedError

    def reuse_panel(self, user_id: str, room_id: str) -> bool:
        """Whether the user's open panel at the room can be brought up to date in place."""
        raise NotImplementedError

    def opened(self, slot: PanelSlot, room_id: str, interaction: discord.Interaction[Any], *,
               retire: bool) -> None:
        """A new panel message answered `interaction` (an older live one is retired)."""
        raise NotImplementedError

    def retire_panel(self, user_id: str, room_id: str, key: str) -> None:
        """The user's panel at the room is done with: a live one says why."""
        raise NotImplementedError

    async def refresh_panel(self, user_id: str, room_id: str) -> bool:
        """Draw the open panel anew now; False when it is gone."""
        raise NotImplementedError

    # -- asking the host ---------------------------------------------------------------------

    async def ask(self, interaction: discord.Interaction[Any], command: cmd.Command, *,
                  update: bool = False) -> Reply:
        """The host's reply; defers the interaction first when the host takes long."""
        assert self.host is not None, "the adapter was not started"
        task = asyncio.ensure_future(self.host.handle(command))
        done, _ = await asyncio.wait({task}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await task
        if reply.ok:
            self._acted.add(interaction.id)
        return reply

    @asynccontextmanager
    async def serving(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Answer politely whatever fails; mark the user busy so panels are not edited twice."""
        user = str(interaction.user.id)
        self._answering[user] += 1
        try:
            yield
        except Exception as error:  # any of them: a bug, or Discord refusing our answer
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
                # Discord gave up on it (answered too late): no answer can reach the user.
                log.warning("interaction %s expired before it was answered", interaction.id)
            else:
                log.exception("interaction %s (%s) failed", interaction.id,
                              _describe(interaction))
                await self.apologise(interaction)
        finally:
            self._filled.discard(interaction.id)
            self._acted.discard(interaction.id)
            self._answering[user] -= 1
            if self._answering[user] <= 0:
                del self._answering[user]
                self.catch_up(user)

    async def apologise(self, interaction: discord.Interaction[Any]) -> None:
        """Tell the user something went wrong on our side (never raises); if the host had
        already done what they asked, say so rather than "nothing was changed"."""
        lang = normalise_language(str(interaction.locale))
        key = "discord.answer_failed" if interaction.id in self._acted else "host.internal_error"
        try:
            await self.say(interaction, translate(key, lang))
        except discord.HTTPException as error:
            log.warning("could not apologise for interaction %s: %s", interaction.id, error)

    async def command_failed(self, interaction: discord.Interaction[Any],
                             error: app_commands.AppCommandError) -> None:
        """An error discord.py caught around a slash command: log it with its cause, apologise."""
        if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            # Discord still offers a command of an older sync: say so, the next sync mends it.
            log.warning("slash command %s is not the synced one: %s", _describe(interaction),
                        error)
            lang = normalise_language(str(interaction.locale))
            try:
                await self.say(interaction, translate("discord.stale_command", lang))
            except discord.HTTPException as failed:
                log.warning("could not answer interaction %s: %s", interaction.id, failed)
            return
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error("slash command %s failed", _describe(interaction), exc_info=cause)
        await self.apologise(interaction)

    # -- answering -----------------------------------------------------------------------

    async def say(self, interaction: discord.Interaction[Any], text: str) -> None:
        """An ephemeral text answer (long texts in several messages)."""
        for piece in chunks(text):
            await self._send(interaction, piece, None)

    async def _send(self, interaction: discord.Interaction[Any], content: str,
                    view: discord.ui.View | None,
                    files: list[discord.File] | None = None) -> None:
        """A new ephemeral message: the response, the filled-in "thinking", or a followup."""
        response = interaction.response
        extra: dict[str, Any] = {} if view is None else {"view": view}
        if not response.is_done():
            await response.send_message(content, ephemeral=True, files=files or [], **extra)
        elif response.type is THINKING and interaction.id not in self._filled:
            if files:
                extra["attachments"] = files
            await interaction.edit_original_response(content=content, **extra)
            self._filled.add(interaction.id)
        else:
            await interaction.followup.send(content, ephemeral=True, files=files or [],
                                            **extra)

    async def _update(self, interaction: discord.Interaction[Any], content: str,
                      view: discord.ui.View, files: list[discord.File] | None = None) -> None:
        """Edit the message whose component was used (the panel); `files` replace its
        attachments (None: they stay)."""
        extra: dict[str, Any] = {} if files is None else {"attachments": files}
        if not interaction.response.is_done():
            await interaction.response.edit_message(content=content, view=view, **extra)
        else:
            await interaction.edit_original_response(content=content, view=view, **extra)

    async def open_panel(self, interaction: discord.Interaction[Any], view: PrivateView, *,
                         draft: Draft | None = None, notice: str | None = None, hint: int = 0,
                         update: bool = False, choices: tuple[Choice, ...] = ()) -> None:
        """Show a player's panel: edit the pressed one in place if still young, else a new one.
        A new prompt whose suggestions are on their way waits a moment for them (one answer
        with everything, not an answer and an edit right after). `choices`: the ways to make
        the drafted play the host asked to choose among (kept with the draft)."""
        slot = self.remember(view)
        if slot.view.prompt is not None and slot.view.prompt.suggestions_pending:
            until = time.monotonic() + _answer_budget(interaction)
            while slot.view.prompt is not None and slot.view.prompt.suggestions_pending \
                    and time.monotonic() < until:
                await asyncio.sleep(0.01)
        newer = slot.view
        if newer is not view and newer.counter >= view.counter:  # the one with suggestions
            same = newer.prompt is not None and view.prompt is not None \
                and newer.prompt.since == view.prompt.since
            view, draft = newer, draft if same else None
        panel = render_panel(view, draft, notice=notice, hint=hint,
                             play_url=play_link(self.settings, view), choices=choices)
        in_place = update and _is_fresh(interaction, self.panel_ttl) \
            and interaction.response.type is not THINKING
        files = self.pictures.panel_files(slot, view, new_message=not in_place)
        try:
            if in_place:
                try:
                    await self._update(interaction, panel.content, panel.view, files)
                except discord.NotFound as error:
                    if error.code != UNKNOWN_MESSAGE:
                        raise
                    # The panel went (dismissed, or too old to edit): a fresh one instead.
                    log.info("panel of %s gone (%s): sending a new one", interaction.user.id,
                             error)
                    in_place = False
                    self.pictures.not_shown(slot, files)
                    files = self.pictures.panel_files(slot, view, new_message=True)
                    await self._send(interaction, panel.content, panel.view, files)
            else:
                await self._send(interaction, panel.content, panel.view, files)
        except BaseException:
            self.pictures.not_shown(slot, files)
            raise
        if not in_place:  # (a press on a panel too old to edit: that one cannot be retired)
            self.opened(slot, view.room_id, interaction, retire=not update)
        self.pictures.shown(slot, view, files, new_message=not in_place)
        slot.interaction = interaction
        slot.token_at = time.monotonic()
        slot.rendered = view
        self.picture_later(str(interaction.user.id), view)
        slot.draft, slot.choices = draft, choices
        slot.drafted = view.prompt.since if view.prompt is not None else view.counter

    # -- slash commands -------------------------------------------------------------------

    async def run_command(self, interaction: discord.Interaction[Any], make: Make) -> None:
        """A slash command: build the host command, ask, answer."""
        async with self.serving(interaction):
            actor = actor_of(interaction)
            try:
                command = make(actor, place_of(interaction))
            except PaijuError as error:  # typed words that make no command (`/paiju cup x`)
                await self.say(interaction, error.render(actor.lang))
                return
            if isinstance(command, OPENS_HERE):
                missing = missing_permissions(interaction)
                if missing:  # the table would never show: say what the bot lacks here
                    await self.say(interaction, translate(
                        "discord.missing_permissions", actor.lang, permissions=", ".join(missing)))
                    return
            reply = await self.ask(interaction, command)
            private = reply.private
            if not reply.ok:
                await self.say(interaction, reply.text)
            elif reply.documents:  # an admin's export: the files, seen by the admin alone
                await self._send(interaction, reply.text, None, files=[
                    discord.File(io.BytesIO(data), filename=name)
                    for name, data in reply.documents])
            elif isinstance(command, cmd.Leave) and reply.room_id \
                    and (private is None or not private.hand):
                await self.say(interaction, reply.text)
                self.retire_panel(actor.user_id, reply.room_id, "discord.panel_left")
            elif isinstance(command, cmd.ShowHand | cmd.Hint) and private and private.hand:
                notice = reply.text if isinstance(command, cmd.Hint) else None
                await self.open_panel(interaction, private, notice=notice)
            elif isinstance(command, cmd.Table) and reply.room_id \
                    and self.repost_table(reply.room_id):
                self.post_last_play(reply.room_id)  # 🖼 the last play, with pictures on
                await self.say(interaction, translate("discord.done", command.actor.lang))
            else:
                await self.say(interaction, reply.text)

    # -- presses -------------------------------------------------------------------------

    async def on_press(self, interaction: discord.Interaction[Any], custom_id: str,
                       values: list[str]) -> None:
        """A button or select on a table or a panel."""
        async with self.serving(interaction):
            actor = actor_of(interaction)
            try:
                payload = decode_payload(custom_id)
            except PaijuError as error:
                await self.say(interaction, error.render(actor.lang))
                return
            message = interaction.message
            on_panel = message is not None and message.flags.ephemeral
            owner = message.interaction_metadata if message is not None else None
            if on_panel and owner is not None and owner.user.id != interaction.user.id:
                # Someone else's panel (Discord shows an ephemeral message to its owner only,
                # but never trust that): refused, and the panel is left as it is.
                await self.say(interaction, translate("discord.not_your_panel", actor.lang))
                return
            if payload.code == LEAVE_CONFIRM:
                await self.leave_confirmed(interaction, actor, payload)
                return
            if payload.code == "!leave" and not on_panel \
                    and self.hand_started(payload.room_id) is not None:
                # The table of a hand being played has no Leave: this is an older message
                # (the lobby, a finished hand). Leaving forfeits: asked first, never at once.
                await self.confirm_leave(interaction, actor, payload)
                return
            if payload.code == "!seed" and not on_panel and self.hand_started(
                    payload.room_id) is None:
                # 🎲 on a table waiting to deal: a form for the presser's own seed (empty:
                # the commitment alone); its answer names the whole digest (docs/fairness.md)
                await interaction.response.send_modal(
                    SeedForm(self, actor, payload.room_id))
                return
            if payload.is_adapter_code and payload.code != SUGGEST:
                await self.redraw(interaction, actor, payload)
                return
            pressed = values[0] if payload.code == SUGGEST and values else custom_id
            if payload.code == SUGGEST and not values:
                await interaction.response.defer()
                return
            command = cmd.Press(actor, place_of(interaction), payload=pressed)
            shown = self.table_shown(payload.room_id)
            reply = await self.ask(interaction, command, update=on_panel)
            if on_panel:
                await self.after_panel_press(interaction, actor, payload, pressed, reply)
            else:
                moved = self.table_shown(payload.room_id) != shown
                await self.after_table_press(interaction, actor, payload, reply, moved=moved)

    async def on_stray(self, interaction: discord.Interaction[Any]) -> None:
        """A component whose custom_id none of our items takes (a button from an older
        version, or not ours): discord.py would drop it, so it gets the short refusal."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id") or "")
        if BUTTON_TEMPLATE.fullmatch(custom_id) or SELECT_TEMPLATE.fullmatch(custom_id):
            if _on_its_message(interaction, custom_id):
                return  # a PressButton or SuggestionSelect answers it
            # discord.py dispatches a dynamic item only from the message's current components:
            # one pressed after its message was edited without it would go unanswered ("This
            # interaction failed" in the client). It is answered as stale, to the presser.
            log.info("interaction %s: %r is no longer on its message", interaction.id,
                     custom_id)
            async with self.serving(interaction):
                await self.say(interaction, translate("host.stale", actor_of(interaction).lang))
            return
        log.info("interaction %s: no item for custom_id %r", interaction.id, custom_id)
        async with self.serving(interaction):
            await self.say(interaction, translate("host.bad_payload", actor_of(interaction).lang))

    async def confirm_leave(self, interaction: discord.Interaction[Any], actor: cmd.Actor,
                            payload: Payload) -> None:
        """Ask whether to leave the hand being played (and forfeit it), privately."""
        started = self.hand_started(payload.room_id)
        assert started is not None
        counter = max(started, self.table_shown(payload.room_id))
        button = PressButton.make(translate("discord.button.leave_forfeit", actor.lang),
                                  encode_payload(payload.room_id, counter, LEAVE_CONFIRM),
                                  style="danger")
        await self._send(interaction, translate("discord.leave_confirm", actor.lang),
                         grid([button]))

    async def leave_confirmed(self, interaction: discord.Interaction[Any], actor: cmd.Actor,
                              payload: Payload) -> None:
        """The confirmation pressed: leave the hand it was asked in (not a later one)."""
        started = self.hand_started(payload.room_id)
        if started is None or payload.counter < started:
            await self._update(interaction, translate("discord.leave_gone", actor.lang),
                               discord.ui.View())
            return
        command = cmd.Leave(actor, place_of(interaction), payload.room_id, confirmed=True)
        reply = await self.ask(interaction, command, update=True)
        await self._update(interaction, reply.text, discord.ui.View())
        if reply.ok:
            self.retire_panel(actor.user_id, payload.room_id, "discord.panel_left")

    def held(self, user_id: str, room_id: str) -> PrivateView | None:
        """The newest view the host handed over for a player at a room."""
        slot = self.panels.get(user_id, {}).get(room_id)
        return slot.view if slot is not None else None

    async def after_panel_press(self, interaction: discord.Interaction[Any], actor: cmd.Actor,
                                payload: Payload, pressed: str, reply: Reply) -> None:
        """Redraw the panel: the new situation, or the refusal on top of the kept draft."""
        view = reply.private or self.held(actor.user_id, payload.room_id)
        if reply.ok and view is not None and not view.hand and not decode_payload(pressed).is_verb \
                and view.counter > payload.counter:
            await self.open_panel(interaction, view, update=True)  # the last card: hand over
            return
        if view is None or not view.hand:
            await self.say(interaction, reply.text)
            return
        if reply.ok:  # a verb (hint, 托管) says what it did; a move shows in the new panel
            notice = reply.text if decode_payload(pressed).is_verb else None
            await self.open_panel(interaction, view, notice=notice, update=True)
            return
        draft = None
        if view.counter == payload.counter:
            try:
                draft = draft_of_action(view, decode_payload(pressed).code)
            except PaijuError:
                draft = None
        if draft is not None and reply.choices:
            # Not a refusal to show: the host asks which way the play is meant, and the
            # panel offers the ways as buttons (and says so itself).
            await self.open_panel(interaction, view, draft=draft, update=True,
                                  choices=reply.choices)
            return
        await self.open_panel(interaction, view, draft=draft, notice=f"⚠️ {reply.text}",
                              update=True)

    async def after_table_press(self, interaction: discord.Interaction[Any], actor: cmd.Actor,
                                payload: Payload, reply: Reply, *, moved: bool = True) -> None:
        """A refusal or the presser's cards privately; otherwise the table speaks for itself,
        unless it did not change (a competition check-in): then the reply says what happened."""
        if not reply.ok:
            await self.say(interaction, reply.text)
            return
        if payload.code == "!seed":  # 🔒: the commitment in full, to the presser alone
            await self.say(interaction, reply.text)
            return
        view = reply.private or self.held(actor.user_id, payload.room_id)
        has_cards = view is not None and bool(view.hand)
        if payload.code == "!hand" and has_cards \
                and self.reuse_panel(actor.user_id, payload.room_id) \
                and await self.refresh_panel(actor.user_id, payload.room_id):
            # The open panel is drawn anew in place (and so known to be still there: one
            # dismissed gets a new one below), not another panel.
            if not interaction.response.is_done():
                await interaction.response.defer()
            return
        if view is not None and has_cards and \
                (payload.code in OPENS_PANEL or view.prompt is not None):
            await self.open_panel(interaction, view)
        elif payload.code in ("!hand", "!auto") or not moved:
            await self.say(interaction, reply.text)
        elif not interaction.response.is_done():
            await interaction.response.defer()  # the table message itself shows the change
        else:
            await self.say(interaction, reply.text)

    async def redraw(self, interaction: discord.Interaction[Any], actor: cmd.Actor,
                     payload: Payload) -> None:
        """A draft press (rank toggle, card group, hint, clear): no host call, a new panel."""
        view = self.held(actor.user_id, payload.room_id)
        if view is None:  # nothing held (a restart): ask the host for the hand
            reply = await self.ask(interaction, cmd.ShowHand(actor, place_of(interaction),
                                                             payload.room_id), update=True)
            if not reply.ok or reply.private is None:
                await self.say(interaction, reply.text)
                return
            view = reply.private
        since = view.prompt.since if view.prompt is not None else view.counter
        if not since <= payload.counter <= view.counter:  # a later view of the prompt: fine
            notice = translate("discord.panel_stale", actor.lang)
            await self.open_panel(interaction, view, notice=notice, update=True)
            return
        try:
            draft = read_draft(payload.code, view)
        except BadDraft:
            notice = f"⚠️ {translate('discord.bad_draft', actor.lang)}"
            await self.open_panel(interaction, view, notice=notice, update=True)
            return
        await self.open_panel(interaction, view, draft=draft, hint=next_hint(payload.code),
                              update=True)


def _describe(interaction: discord.Interaction[Any]) -> str:
    data = interaction.data or {}
    name = data.get("name") or data.get("custom_id") or "?"
    return clip(f"{interaction.type.name} {name} by {interaction.user.id}", 200)


def _on_its_message(interaction: discord.Interaction[Any], custom_id: str) -> bool:
    """Whether the pressed component is still on its message (where discord.py looks for it
    before it calls the dynamic item)."""
    message = interaction.message
    if message is None:
        return False
    view = discord.ui.View.from_message(message, timeout=None)
    return any(getattr(item, "custom_id", None) == custom_id for item in view.walk_children())


class SeedForm(discord.ui.Modal):
    """🎲 Seed under a table waiting to deal: the presser's own seed, mixed into every deal
    from the next one (`/paiju seed` as a form). Empty: the commitment alone, to anyone."""

    def __init__(self, inbound: Any, actor: cmd.Actor, room_id: str) -> None:
        super().__init__(title=translate("discord.seed_form.title", actor.lang)[:45],
                         custom_id=f"~seedform:{room_id}"[:100])
        self.inbound, self.actor, self.room_id = inbound, actor, room_id
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=translate("discord.seed_form.label", actor.lang)[:45], required=False,
            max_length=PLAYER_SEED_LIMIT,
            placeholder=translate("discord.seed_form.placeholder", actor.lang)[:100])
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        inbound = self.inbound
        async with inbound.serving(interaction):
            text = str(self.text.value or "").strip()
            command = cmd.Seed(actor_of(interaction), place_of(interaction), self.room_id,
                               text=text, tap=not text)
            reply = await inbound.ask(interaction, command)
            await inbound.say(interaction, reply.text)
