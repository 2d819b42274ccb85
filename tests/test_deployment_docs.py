"""docs/deployment.md and the README's "Running it for real" stay true to the code (issue 57
point 6): every setting they name exists, every command they give parses, the proxy's
unbuffered location covers the routes that stream, and the unit waits on /readyz."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from bot.__main__ import build_parser
from bot.web.app import create_app
from bot.web.links import Links

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "deployment.md").read_text()
README = (ROOT / "README.md").read_text()
SETTINGS = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))


def test_every_setting_named_exists_in_env_example() -> None:
    section = README.split("## Running it for real", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"\b((?:PAIJU|TELEGRAM|DISCORD)_[A-Z_]+)\b", DOC + section))
    assert named and named <= SETTINGS, named - SETTINGS


def test_every_python_m_bot_command_given_parses() -> None:
    parser = build_parser()
    commands = re.findall(r"python -m bot ([a-z][^`'\n&|;)$#]*)", DOC + README)
    given = {c.strip() for c in commands if c.split()[0] in {"doctor", "backup", "restore"}}
    assert {"doctor"} <= {c.split()[0] for c in given} >= {"backup", "restore"}
    for command in given:
        words = [w if not w.startswith("<") else "x" for w in shlex.split(command)]
        parser.parse_args(words)  # SystemExit (an error) if the doc gives a wrong form


def test_the_proxy_streams_unbuffered_every_route_that_streams() -> None:
    class NoStore:  # the routes alone: nothing is read
        room_counters = room_snapshot = None

    app = create_app(NoStore(), Links("s" * 32, ""), playing=None)  # type: ignore[arg-type]
    streams = sorted({r.resource.canonical for r in app.router.routes()
                     if r.resource is not None and r.resource.canonical.endswith("/events")})
    assert streams == ["/live/{room}/events", "/play/{room}/events"]
    [pattern] = re.findall(r"location ~ (\^/\(live\|play\)[^ ]+) \{\n(?:.*\n)*?.*"
                           r"proxy_buffering off;", DOC)
    for route in streams:
        assert re.fullmatch(pattern, route.replace("{room}", "a1b2c3d4"))


def test_the_unit_waits_for_readiness_and_restarts_on_failure() -> None:
    unit = DOC.split("[Service]", 1)[1].split("```", 1)[0]
    assert re.search(r"ExecStartPost=.*curl -f\S* .*127\.0\.0\.1:9108/readyz", unit)
    assert "Restart=on-failure" in unit and "PAIJU_METRICS_PORT=9108" in DOC
    assert "Type=notify" in unit and re.search(r"^WatchdogSec=\d+", unit, re.M)
