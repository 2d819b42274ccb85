"""`python -m bot doctor`: is this deployment right? One line per check, what is wrong and
how to fix it; exit 1 if any fails.

The checks here are the platform-neutral ones (settings, the database and its migrations,
the PostgreSQL role's rights, the web URL, fonts for pictures); each chat platform adds its
own (`adapters.<platform>.doctor`: the token, the gateway or webhook), composed by
`bot.compose.doctor`. A check reads, never writes: the doctor may run beside the bot.
Nothing here prints a token or a password (a database URL is shown with `***`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError

from bot.i18n import translate
from bot.pictures import faces
from bot.settings import Settings
from storage.factory import inspect_database
from storage.urls import redacted

EMOJI_FONTS = (Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),)
MIN_SECRET = 16  # characters of PAIJU_WEB_SECRET (bot.web.server.links_for)


@dataclass(frozen=True, slots=True)
class Finding:
    """One check's outcome: its name, whether it passed, and what to say (a catalogue key)."""

    check: str
    ok: bool
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def line(self, lang: str) -> str:
        """The line the doctor prints."""
        mark = "ok  " if self.ok else "FAIL"
        return f"{mark} {self.check}: {translate(self.key, lang, **self.params)}"


def settings_findings(error: ValidationError) -> list[Finding]:
    """A line per setting that could not be read (a secret's value never repeated)."""
    found = []
    for problem in error.errors():
        name = ".".join(str(part) for part in problem.get("loc", ())) or "?"
        reason = str(problem.get("msg", "invalid"))
        secret = any(word in name.upper() for word in ("TOKEN", "SECRET", "DATABASE"))
        value = "***" if secret else str(problem.get("input", ""))[:80]
        found.append(Finding("settings", False, "doctor.settings_bad",
                             {"name": name.upper(), "value": value, "reason": reason}))
    return found


def settings_finding(settings: Settings) -> Finding:
    """The settings were read; the web pages' secret is long enough where they are served."""
    secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
    if (settings.web_port is not None or settings.web_url) and len(secret) < MIN_SECRET:
        return Finding("settings", False, "doctor.web_secret_short", {"least": MIN_SECRET})
    platforms = [name for name, token in (("Telegram", settings.telegram_token),
                                          ("Discord", settings.discord_token)) if token]
    return Finding("settings", True, "doctor.settings_ok",
                   {"platforms": ", ".join(platforms) or "-"})


async def database_findings(settings: Settings) -> list[Finding]:
    """The database: there (or to be created), ours, migrated; on a server, the role's rights."""
    where = redacted(settings.database) if settings.on_server else str(settings.database)
    state = await inspect_database(settings.database)
    params = {"where": where, "version": state.version, "latest": state.latest}
    if state.problems:
        found = [Finding("database", False, "doctor.db_problem", {**params, "problem": p})
                 for p in state.problems]
        if settings.on_server and state.exists:
            found = [replace_check(f, "database.rights") if "role " in f.params["problem"]
                     else f for f in found]
        return found
    if not state.exists:
        return [Finding("database", True, "doctor.db_new", params)]
    key = "doctor.db_ok" if state.version == state.latest else "doctor.db_behind"
    found = [Finding("database", True, key, params)]
    if settings.on_server:
        found.append(Finding("database.rights", True, "doctor.rights_ok", params))
    return found


def replace_check(finding: Finding, check: str) -> Finding:
    """The same finding under another check's name."""
    return Finding(check, finding.ok, finding.key, finding.params)


def web_finding(settings: Settings) -> Finding:
    """The public web URL: https for Telegram's Mini App (the play page), served by this bot."""
    url = settings.web_url
    if not url:
        return Finding("web.url", True, "doctor.web_off")
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.netloc:
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return Finding("web.url", False, "doctor.web_bad", {"url": url})
        if settings.telegram_token is not None:
            return Finding("web.url", False, "doctor.web_not_https", {"url": url})
    if settings.web_port is None:
        return Finding("web.url", True, "doctor.web_elsewhere", {"url": url})
    return Finding("web.url", True, "doctor.web_ok", {"url": url, "port": settings.web_port})


def font_findings(settings: Settings) -> list[Finding]:
    """Fonts for the pictures: Chinese (result cards, names) and emoji."""
    if not settings.pictures:
        return [Finding("fonts", True, "doctor.pictures_off")]
    cjk = next((path for path in faces.CJK_FONTS if path.exists()), None)
    found = [Finding("fonts.chinese", True, "doctor.font_ok", {"path": str(cjk)})
             if cjk is not None else
             Finding("fonts.chinese", False, "doctor.font_cjk_missing",
                     {"path": str(faces.CJK_FONTS[0])})]
    emoji = next((path for path in EMOJI_FONTS if path.exists()), None)
    found.append(Finding("fonts.emoji", True, "doctor.font_emoji_ok", {"path": str(emoji)})
                 if emoji is not None else
                 Finding("fonts.emoji", False, "doctor.font_emoji_missing",
                         {"path": str(EMOJI_FONTS[0])}))
    return found


async def host_findings(settings: Settings) -> list[Finding]:
    """Every platform-neutral check, in the order printed."""
    return [settings_finding(settings), *await database_findings(settings),
            web_finding(settings), *font_findings(settings)]


def report(findings: list[Finding], lang: str) -> tuple[list[str], int]:
    """The lines to print (the findings, then a summary) and the exit code."""
    failed = sum(1 for f in findings if not f.ok)
    lines = [f.line(lang) for f in findings]
    lines.append(translate("doctor.summary_fail" if failed else "doctor.summary_ok", lang,
                           failed=failed, total=len(findings)))
    return lines, 1 if failed else 0
