"""Printing views on a terminal: the table when it changes, your hand and prompt, notes."""

from __future__ import annotations

import asyncio
from typing import TextIO

from bot.host.views import Announcement, Choice, Delivery, Place, PrivateView, TableView
from bot.i18n import translate

RULE = "─" * 48
PLACE = Place("console", "local", "", "local", "console")  # one game's room: + thread


GROUPS = "groups"  # a prompt built of groups (田忌赛马's A|B|C): its suggestions by number
PICKS = 3  # the suggestions a private view lists (host.private.suggestions)


def _numbered(text: str, suggestions: tuple[Choice, ...], lang: str) -> str:
    """The prompt's line of suggestions as a numbered list, each picked by its number."""
    listed = translate("host.private.suggestions", lang,
                       moves=" | ".join(choice.label for choice in suggestions))
    numbered = "\n".join(f"{number}. {choice.label}"
                         for number, choice in enumerate(suggestions, 1))
    return text.replace(listed, numbered) + "\n" + translate(
        "console.pick_suggestion", lang, last=len(suggestions))


class ConsoleAdapter:
    """An outlet for the platform "console": one person, one terminal."""

    platform = "console"

    def __init__(self, out: TextIO, user_id: str = "local") -> None:
        self.out = out
        self.user_id = user_id
        self.place = PLACE  # the room played this run (each game has its own)
        self.table: TableView | None = None
        self.private: PrivateView | None = None
        self.changed = asyncio.Event()  # set on every view; the table loop waits on it
        self._printed_table = ""
        self.hinted: tuple[int, str] | None = None  # (prompt counter, action) of the last hint
        self.muted = False  # views are kept but not printed (opening the table)
        self.gone = False  # the output was closed (nobody is watching any more)
        self.blocks = 0  # blocks printed so far (a prompt marker is shown once after each)
        # A prompt marker is on the screen and its line may be half typed: the next block
        # starts on a line of its own, so "> 3333" is never run into "» ⏳ 10 s left".
        self.prompt_open = False
        self._printed_private = ""
        self._printed_counter = -1  # the counter of the view printed last
        # "Auto-play (托管) is on" was said for the 托管 going on now: once per change, not
        # under every hand printed while the AI plays for me.
        self.auto_said = False
        self.auto_asked = False  # an Auto command is being answered: its reply says it
        # The finished table's "Play again?" waits for the result note: the question comes
        # after the result, not before it.
        self._again_line: str | None = None
        # At a terminal the reader's own prompt asks "Play again? (y/n)": the finished
        # table's question is not printed as well (a script's output keeps it).
        self.asks_again = False
        self._result_seen: str | None = None  # the room of the last result note printed
        self._last_block = ""

    def write(self, text: str) -> None:
        """Print a block and flush (a pipe must see it at once)."""
        if self.gone or self.muted:
            return
        if self.prompt_open:
            text = "\n" + text
            self.prompt_open = False
        self._last_block = text
        try:
            self.out.write(text.rstrip("\n") + "\n")
            self.out.flush()
        except (BrokenPipeError, ValueError):  # `... | head` closed the pipe: stop the table
            self.gone = True
            self.changed.set()
            return
        self.blocks += 1

    async def show_table(self, view: TableView) -> None:
        """Print the table if it changed (the console's "edit in place")."""
        if self.table is not None and view.room_id == self.table.room_id \
                and view.counter < self.table.counter:
            return
        self.table = view
        if view.text != self._printed_table:
            self._printed_table = view.text
            text = view.text
            again = translate("host.table.over", view.lang)
            if view.phase == "over" and text.endswith("\n" + again) \
                    and self._result_seen != f"{view.room_id}:{view.hand_id}":
                text, self._again_line = text[: -len(again) - 1], again
            self.write(f"{RULE}\n{text}")
            if len(view.to_act) > 1 and self.waiting_for_me() and self.private is not None:
                # Others arranging at the same time: my cards again, not scrolled away.
                self.write(self.private.text.splitlines()[0])
        self.changed.set()

    async def show_private(self, view: PrivateView) -> Delivery:
        """Print my hand and prompt (the console's private channel is the terminal itself)."""
        if view.user.user_id != self.user_id:
            return Delivery.REFUSED
        self.private = view
        if view.prompt is None and not view.hand:
            self.changed.set()
            return Delivery.SENT  # "your cards will come here": the table says it here
        if view.prompt is None and self.table is not None and self.table.phase == "over" \
                and self.table.room_id == view.room_id:
            self.changed.set()
            return Delivery.SENT  # the finished table shows every hand: nothing to add
        text = self._auto_once(view)
        prompt = view.prompt if not self._auto(view.seat) else None  # 托管 answers itself
        if prompt is not None and prompt.suggestions_pending:
            # The suggestions follow in a moment, in a fresh view: print the turn once, then
            # (never "Enter: Pass" while a play may be suggested).
            self.changed.set()
            return Delivery.SENT
        if prompt is not None and prompt.suggestions and prompt.build == GROUPS:
            text = _numbered(text, prompt.suggestions[:PICKS], view.lang)
        elif prompt is not None and prompt.suggestions:
            text += "\n" + translate("console.enter_plays", view.lang,
                                     move=prompt.suggestions[0].label)
        elif prompt is not None and prompt.choices:
            # Chat platforms show these as buttons; here they are typed (label or action).
            # Enter plays the hint (the game's best choice, which `hint` shows), never
            # merely the first listed (a bid of 1 where the hint says No bid).
            text += "\n" + translate("console.choices_hint", view.lang,
                                     choices=" · ".join(c.label for c in prompt.choices))
        # A pass that plays itself (要不起) is said each time, though the hand reads as at the
        # last one: the table will only say "passed" (as for a pass chosen).
        forced = translate("host.private.auto_pass", view.lang) in text.splitlines()
        if text != self._printed_private or forced and view.counter != self._printed_counter:
            self._printed_private = text
            self._printed_counter = view.counter
            head, _, rest = text.partition("\n")
            # My cards were just shown again under the table (others arranging): not twice.
            self.write(rest if rest and head == self._last_block else text)
        self.changed.set()
        return Delivery.SENT

    def _auto_once(self, view: PrivateView) -> str:
        """The view's text, its 托管 line kept only the first time in a row."""
        said = translate("host.private.auto_on", view.lang)
        lines = view.text.splitlines()
        if said not in lines:
            self.auto_said = False
            return view.text
        if self.auto_said or self.auto_asked:
            self.auto_said = True
            return "\n".join(line for line in lines if line != said)
        self.auto_said = True
        return view.text

    async def announce(self, note: Announcement) -> None:
        """Print a note (the result, then the finished table's question held for it)."""
        self.write(f"» {note.text}")
        if note.kind == "host.result":
            table = self.table
            self._result_seen = f"{note.room_id}:{table.hand_id if table else ''}"
            if self._again_line is not None and not self.asks_again:
                self.write(self._again_line)
                self._again_line = None
        self.changed.set()

    def _auto(self, seat: int) -> bool:
        table = self.table
        return table is not None and 0 <= seat < len(table.seats) and table.seats[seat].auto

    def my_seat(self) -> int | None:
        """My seat at the shown table."""
        if self.table is None:
            return None
        for seat in self.table.seats:
            if seat.user is not None and seat.user.user_id == self.user_id:
                return seat.seat
        return None

    def in_play(self) -> bool:
        """A hand is being played at my table."""
        return self.table is not None and self.table.phase == "playing" \
            and self.my_seat() is not None

    def waiting_for_me(self) -> bool:
        """The game waits for my decision (my prompt is up and I am not in 托管)."""
        seat = self.my_seat()
        if self.table is None or seat is None or self.private is None:
            return False
        line = self.table.seats[seat]
        # The views of one change arrive together (the host delivers them in one go), so
        # when the table says it is my turn, my private view already holds the new prompt.
        return (self.table.phase == "playing" and seat in self.table.to_act
                and not line.auto and self.private.prompt is not None)
