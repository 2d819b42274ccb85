"""Replays that teach: the strong AI's rating of each decision people made, computed on the
first view of a replay, off the event loop, once, and kept.

A game's record says whether it offers this (`GameModule.teach`, bot.games.registry). The
first view of a finished game's replay claims the analysis in storage (an atomic upsert:
of two requests, two pages or two processes at once, one wins) and the winner runs it in a
worker process of its own (the search is CPU work for a second or so: on a thread it would
hold the interpreter the event loop needs); the page shows "being analysed" and its script
asks `/replay/<id>/teach` until the kept analysis is there. A claim whose process died goes
stale after `STALE_SECONDS` and the next view claims it again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.games import registry
from bot.host.presentation.render import renderer
from bot.host.runtime.thinking import leave_with_parent
from bot.web.html import esc, name, t
from storage.records import GameRecordRow

log = logging.getLogger(__name__)

STALE_SECONDS = 300.0  # a claim older than this is a worker that died: taken over
WORKERS = 1  # analyses run one at a time, beside the bot's own thinking workers
SETTLED_KEPT = 10_000  # games whose analysis is known final, remembered (then forgotten)


@dataclass(frozen=True, slots=True)
class Teaching:
    """What a replay shows of its analysis: not offered, being analysed, failed or done."""

    status: str  # "none" | "pending" | "failed" | "done"
    data: Any = None


NONE = Teaching("none")


def offered(record: GameRecordRow) -> bool:
    """A finished hand played out, of a game that teaches, with a person at the table. Asks
    the game's record whether it names a teacher, never loads it: the teacher (the strong
    AI and its search) is imported by the analysis worker; here, on the event loop, its
    first import held the loop 230 ms (the first burst of replays paid it)."""
    result = record.result or {}
    return (record.result is not None and not result.get("ended_by")
            and any(seat is not None for seat in record.seats)
            and registry.module(record.game).teach is not None)


def run(game: str, entry: Any, options: dict[str, Any], seed: int, result: dict[str, Any],
        actions: list[tuple[int, str]], people: list[bool],
        own: list[int] | None) -> dict[str, Any]:
    """The analysis, from plain data (in a worker process); `entry`: the game's registry
    entry, for a game registered after the worker started."""
    registry.ensure(game, entry)
    teach = registry.teacher(game)
    assert teach is not None
    return teach(game, options, seed, result, actions, people, own)  # type: ignore[no-any-return]


def analysis_worker(parent: int) -> None:
    """An analysis worker's start: it leaves with its parent, the process `parent` (a
    SIGKILL of `python -m bot web` left it, and so multiprocessing's resource tracker,
    running for good)."""
    leave_with_parent(parent)


class Analyser:
    """Claims, runs and keeps analyses; at most one run per game in this process."""

    def __init__(self, store: Any, workers: int = WORKERS) -> None:
        self.store = store
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._running: dict[str, asyncio.Task[None]] = {}
        self._settled: dict[str, Teaching] = {}  # done, or not offered: never changes again
        self.runs = 0  # analyses this process computed (tests count them)

    def settled(self, game_id: str) -> Teaching | None:
        """A game's analysis known to be final here (done, or not offered), else None."""
        return self._settled.get(game_id)

    def _settle(self, game_id: str, found: Teaching) -> Teaching:
        if len(self._settled) >= SETTLED_KEPT:
            self._settled.clear()
        self._settled[game_id] = found
        return found

    async def teaching(self, record: GameRecordRow) -> Teaching:
        """The analysis of a finished game as it stands; starts it if nobody has."""
        if not offered(record):
            return self._settle(record.game_id, NONE)
        kept = await self.store.analysis(record.game_id)
        if kept is not None and kept.status == "done":
            return self._settle(record.game_id, Teaching("done", kept.data))
        if record.game_id not in self._running \
                and await self.store.claim_analysis(record.game_id, STALE_SECONDS):
            task = asyncio.ensure_future(self._analyse(record))
            self._running[record.game_id] = task
            task.add_done_callback(lambda _: self._running.pop(record.game_id, None))
            return Teaching("pending")
        if kept is not None and kept.status == "failed":
            return Teaching("failed")
        return Teaching("pending")

    async def _analyse(self, record: GameRecordRow) -> None:
        result = dict(record.result or {})
        own = result.get("own")
        args = (record.game, registry.entry(record.game), dict(record.options), record.seed,
                result, list(record.actions), [seat is not None for seat in record.seats],
                list(own) if isinstance(own, list) else None)
        try:
            loop = asyncio.get_running_loop()
            data = await loop.run_in_executor(self._workers(), run, *args)
        except Exception as error:  # noqa: BLE001 - kept as failed; the page says so
            log.error("analysing %s failed: %r", record.game_id, error)
            await self.store.keep_analysis(record.game_id, "failed", repr(error))
            return
        self.runs += 1
        await self.store.keep_analysis(record.game_id, "done", data)

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, never a fork of a process with database threads
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=analysis_worker,
                                             initargs=(os.getpid(),))
        return self._pool

    async def wait(self) -> None:
        """Until the analyses this process started are kept (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    def close(self) -> None:
        """Stop the worker (a run in progress is dropped: its claim goes stale)."""
        for task in self._running.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


# -- what the replay shows -----------------------------------------------------------------

def _move(record: GameRecordRow, decision: dict[str, Any], part: str, lang: str) -> str:
    """A decision's move ("played" or "best") in the players' words: as the game said it
    (`words`), else as its text reads the action."""
    said = (decision.get("words") or {}).get(part) or {}
    if isinstance(said.get(lang), str):
        return esc(said[lang])
    return esc(renderer(record.game, record.options).action_text(str(decision[part]), lang))


def _verdict(record: GameRecordRow, decision: dict[str, Any], lang: str) -> str:
    """The AI agrees, or the move it would have played and the win chance the played one
    gave away (in points of a hundred)."""
    if decision["played"] == decision["best"]:
        return t("web.teach.agrees", lang)
    best = f'<b>{_move(record, decision, "best", lang)}</b>'
    would = t("web.teach.would", lang, move="\x00").replace("\x00", best)
    if decision.get("loss") is None:  # a call (叫分, 加倍): the AI's, without a number
        return would + t("web.teach.stop", lang)
    change = -float(decision["loss"]) * 100
    return f'{would} {t("web.teach.loss", lang, points=f"{change:+.0f}")}'


def _line(record: GameRecordRow, names: Sequence[str], decision: dict[str, Any],
          lang: str) -> str:
    """One rated decision: the step, who, what they played, the AI's verdict."""
    seat = int(decision["seat"])
    who = name(names[seat]) if 0 <= seat < len(names) else "?"
    played = _move(record, decision, "played", lang)
    step = int(decision["index"])
    return (f'<li data-step="{step}" data-loss="{float(decision.get("loss") or 0):.3f}">'
            f'<a href="#step-{step}" class="goto">{t("web.teach.step", lang, number=step)}</a>'
            f' {who}: <span class="played">{played}</span> — '
            f"{_verdict(record, decision, lang)}</li>")


def section_html(record: GameRecordRow, names: Sequence[str], teaching: Teaching,
                 lang: str) -> str:
    """The analysis at the top of the replay: the biggest mistakes, then every decision
    rated; "being analysed" (the page's script asks again) or "not available"."""
    if teaching.status == "none":
        return ""
    head = f'<h2>{t("web.teach.title", lang)}</h2>'
    if teaching.status == "pending":
        return (f'<section class="teach" id="teach" data-pending="1">{head}'
                f'<p class="note">{t("web.teach.pending", lang)}</p></section>')
    if teaching.status == "failed":
        return (f'<section class="teach" id="teach">{head}'
                f'<p class="note">{t("web.teach.failed", lang)}</p></section>')
    data = teaching.data or {}
    decisions = {int(d["index"]): d for d in data.get("decisions", [])}
    mistakes = [decisions[i] for i in data.get("mistakes", []) if i in decisions]
    if mistakes:
        listed = "".join(_line(record, names, d, lang) for d in mistakes)
        top = (f'<h3>{t("web.teach.mistakes", lang)}</h3>'
               f'<ol class="mistakes">{listed}</ol>')
    else:
        top = f'<p class="note clean">{t("web.teach.no_mistakes", lang)}</p>'
    every = "".join(_line(record, names, d, lang) for d in decisions.values())
    explained = t("web.teach.explain", lang, deals=data.get("deals", 0),
                  points=f"{float(data.get('threshold', 0)) * 100:.0f}")
    return (f'<section class="teach" id="teach">{head}{top}'
            f'<details><summary>{t("web.teach.every", lang, count=len(decisions))}</summary>'
            f'<ul class="decisions">{every}</ul></details>'
            f'<p class="note">{explained}</p></section>')


def step_notes(record: GameRecordRow, teaching: Teaching, lang: str) -> dict[int, str]:
    """Per step index, the AI's word on the decision made there (shown with the step)."""
    if teaching.status != "done":
        return {}
    data = teaching.data or {}
    mistakes = set(data.get("mistakes", []))
    notes = {}
    for decision in data.get("decisions", []):
        index = int(decision["index"])
        mistake = " mistake" if index in mistakes else ""
        notes[index] = (f'<p class="teach-note{mistake}">🎓 '
                        f"{_verdict(record, decision, lang)}</p>")
    return notes
