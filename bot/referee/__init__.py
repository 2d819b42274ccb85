"""The referee (裁判): JSON-lines inspectors behind `python -m bot judge <kind>`.

Each kind is a function from one decoded JSON object to one answer object, living beside its
game (`bot.games.<game>.referee`). This module owns the shared loop: read a line, decode it,
answer it, flush, go on; a bad line gets `{"error": ...}` and never stops the stream.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import Any, TextIO

from bot.errors import PaijuError
from bot.games import registry

log = logging.getLogger(__name__)

LineJudge = Callable[[dict[str, Any]], dict[str, Any]]

KINDS: dict[str, str] = registry.referee_kinds()
"""Referee kind → its line function, from the game modules' records."""


def load_judge(kind: str) -> LineJudge:
    """The line function for a referee kind."""
    return registry.load(KINDS[kind])


def answer_line(judge: LineJudge, line: str) -> dict[str, Any]:
    """One answer: the judge's, or an error object for bad JSON, bad cards or a bug."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"bad JSON: {exc.msg} (column {exc.colno})"}
    if not isinstance(request, dict):
        return {"error": "each line must be a JSON object"}
    try:
        return judge(request)
    except PaijuError as exc:
        return {"error": str(exc)}
    except (KeyError, TypeError, ValueError) as exc:
        return {"error": f"malformed request: {exc}"}
    except Exception as exc:  # a referee must answer every line
        log.exception("referee failed on %r", line)
        return {"error": f"internal error: {type(exc).__name__}"}


def run(kind: str, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer every non-blank line of stdin, one JSON line each, flushing as it goes."""
    judge = load_judge(kind)
    for line in stdin:
        if not line.strip():
            continue
        answer = answer_line(judge, line)
        stdout.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
