"""Competition texts: announcements of what happened, and the standings (`/cup`).

Everything is built from the competition's state and translated here; entrants appear as
"#<sign-up number> <name>", the numbers being what the published draw is run on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games import registry
from bot.i18n import translate as t
from bot.tournament import duplicate
from bot.tournament.competition import FINISHED, SIGNUP, Competition, Entrant, Note
from bot.tournament.presets import all_presets, preset
from bot.tournament.table import DONE, GOAL_CUT, WAITING, Table

Replay = Callable[[str], str | None]  # a game id → its replay's address
MAX_TEXT = 1900  # under Discord's 2,000 characters (Telegram allows 4,096)


def who(cup: Competition, number: int, lang: str = "en") -> str:
    """An entrant as shown everywhere: sign-up number and name (an AI seat: its name)."""
    if duplicate.is_ai(number):
        return ai_name(number, lang)
    try:
        return f"#{number} {cup.entrant(number).name}"
    except Exception:  # a struck entry (withdrew before the draw)
        return f"#{number}"


def names(cup: Competition, numbers: list[int], lang: str = "en") -> str:
    """Several entrants, comma separated."""
    return ", ".join(who(cup, n, lang) for n in numbers) or "-"


def clip(text: str) -> str:
    """Keep a message under the platforms' limits."""
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def ai_name(number: int, lang: str) -> str:
    """An AI seat's name ("AI 2")."""
    return t("cup.ai_name", lang, number=duplicate.AI_BASE - number + 1)


def stage_name(cup: Competition, number: int, lang: str) -> str:
    """初赛 / 复赛 / 决赛 style names: the final by name, the others by number."""
    stage = cup.stages[number - 1] if number <= len(cup.stages) else None
    if cup.config.format == "league" or (cup.config.format == "pairs"
                                         and not (stage is not None and stage.final)):
        return t("cup.stage.round", lang, number=number)
    if cup.config.format == "duplicate":
        return t("cup.stage.deal", lang, deal=number, deals=cup.deals)
    if stage is not None and stage.final and stage.leg:
        return t("cup.stage.final_leg", lang, leg=stage.leg, legs=stage.legs)
    if stage is not None and stage.final:
        return t("cup.stage.final", lang)
    return t("cup.stage.number", lang, number=number)


def summary(cup: Competition, lang: str) -> str:
    """The format in one line."""
    config = cup.config
    parts = [registry.module(config.game).display_name(lang)]
    if config.preset is not None:
        parts.insert(0, t("cup.summary.preset", lang, name=config.preset))
    if config.stages is not None:
        parts.append(t("cup.summary.stages", lang, stages=config.stages))
    if config.format == "duplicate":
        parts.append(t("cup.summary.duplicate", lang, deals=cup.deals, ai=config.ai_seats))
        return " · ".join(parts)
    if config.hands is not None:
        parts.append(t("cup.summary.hands", lang, hands=config.hands))
    if config.scoring == "beans":
        parts.append(t("cup.summary.beans", lang, beans=config.beans))
    elif config.scoring == "first_to":
        parts.append(t("cup.summary.first_to", lang, target=config.target))
    elif config.scoring in ("wins", "activity"):
        parts.append(t(f"cup.summary.{config.scoring}", lang))
    if config.win_points:
        parts.append(t("cup.summary.win_points", lang))
    if config.event_bonus:
        parts.append(t("cup.summary.event_bonus", lang))
    if config.stage_times:
        parts.append(t("cup.summary.times", lang,
                       minutes="/".join(str(round(s / 60)) for s in config.stage_times)))
    elif config.time_limit is not None:
        parts.append(t("cup.summary.time", lang, minutes=round(config.time_limit / 60)))
    if config.base_points:
        parts.append(t("cup.summary.base", lang, points=config.base_points))
    if config.final_halves > 1:
        parts.append(t("cup.summary.halves", lang, hands=config.hands_for(True)))
    if config.final == "round_robin":
        parts.append(t("cup.summary.round_robin", lang))
    if config.ties == "earlier_stage":
        parts.append(t("cup.summary.earlier_stage", lang))
    if config.merit:
        parts.append(t("cup.summary.merit", lang, k=config.merit))
    if config.format == "table":
        parts.append(t("cup.summary.per_table", lang, k=config.advance))
    elif config.format == "pairs":
        parts.append(t("cup.summary.pairs", lang, size=config.team_size))
    else:
        quotas = "/".join(map(str, config.quotas)) or "-"
        parts.append(t("cup.summary.overall", lang, quotas=quotas))
    parts.append(t("cup.summary.ties", lang, hands=config.tie_hands))
    return " · ".join(parts)


def help_text(lang: str, name: str = "") -> str:
    """`/cup help`: the commands and the presets, each by name and sheet; with a preset's
    `name` (`/cup help knockout`), its format and the settings it stands for."""
    if name.strip():
        one = preset(name)
        settings = " ".join(f"{k}={v}" for k, v in one.settings)
        return clip(t("cup.help.preset_detail", lang, name=one.name, sheet=one.sheet,
                      about=t(f"cup.preset.{one.name}", lang), settings=settings))
    lines = [t("cup.help", lang), t("cup.help.presets", lang)]
    lines += [t("cup.help.preset", lang, name=one.name, sheet=one.sheet)
              for one in all_presets().values()]
    lines.append(t("cup.help.more", lang))
    return clip("\n".join(lines))


def table_line(cup: Competition, table: Table, lang: str) -> str:
    """One table: seats with scores, hands played, and its state."""
    seats = []
    for seat, number in enumerate(table.seats):
        mark = ""
        if number in table.forfeits:
            mark = t("cup.mark.forfeit", lang)
        elif number in table.fillers:
            mark = t("cup.mark.filler", lang)
        elif table.status == WAITING and number in table.checked_in:
            mark = "✓"
        extra = f" ({table.extra[seat]:+d})" if table.extra_played else ""
        score = "" if table.status == WAITING else f" {table.scores[seat]:+d}{extra}"
        if cup.config.scoring == "beans" and table.status != WAITING:
            score = f" {table.scores[seat]}{extra}"
        seats.append(f"{who(cup, number, lang)}{score}{mark}")
    label = table_label(table, lang)
    if table.status == WAITING:
        state = t("cup.table.waiting", lang)
    elif table.status == DONE:
        state = t("cup.table.done", lang)
        if table.goal == GOAL_CUT and table.advancers():
            state = t("cup.table.goes_on", lang, names=names(cup, table.advancers(), lang))
    else:
        total = "?" if table.hands is None else str(table.hands)
        current = table.played + 1 if table.hands is None else min(table.played + 1,
                                                                     table.hands)
        state = t("cup.table.hand", lang, played=current, hands=total)
        if table.extra_due:
            state = t("cup.table.extra", lang, played=table.extra_played)
    return f"{label}: {' · '.join(seats)} — {state}"


def table_label(table: Table, lang: str) -> str:
    """"Table 3" or "Play-off 1, table 2" from a table key."""
    key = table.key
    if "p" in key:
        playoff, _, number = key.partition("p")[2].partition("t")
        return t("cup.table.playoff_label", lang, playoff=playoff, number=number)
    return t("cup.table.label", lang, number=key.partition("t")[2])


def standings(cup: Competition, lang: str) -> str:
    """The whole picture of a competition, for `/cup`."""
    lines = [t("cup.standings.title", lang, name=cup.name, id=cup.cup_id,
               phase=t(f"cup.phase.{cup.phase}", lang)), summary(cup, lang)]
    if cup.phase == SIGNUP:
        lines.append(t("cup.standings.entrants", lang, count=len(cup.entrants),
                       names=names(cup, [e.number for e in cup.entrants], lang)))
        for team in sorted({e.team for e in cup.entrants if e.team}):
            lines.append(t("cup.standings.team", lang, team=team,
                           names=names(cup, cup.members(team), lang)))
        lines.append(t("cup.standings.commitment", lang, commitment=cup.commitment))
        return clip("\n".join(lines))
    lines.append(t("cup.standings.seed", lang, seed=cup.seed))
    for stage in cup.stages:
        lines.append(f"— {stage_name(cup, stage.number, lang)} —")
        if stage is not cup.stage and stage.advanced is not None:
            lines.append(t("cup.standings.went_on", lang, names=names(cup, stage.advanced, lang)))
            continue
        lines += [table_line(cup, table, lang) for table in stage.all_tables()]
        if stage.byes:
            lines.append(t("cup.standings.byes", lang, names=names(cup, stage.byes, lang)))
        if stage.advanced is not None:
            lines.append(t("cup.standings.went_on", lang, names=names(cup, stage.advanced, lang)))
    lines += league_lines(cup, lang)
    if cup.config.format == "duplicate":
        lines += duplicate_totals_lines(cup, lang)
    if cup.phase == FINISHED:
        lines.append(places_text(cup, lang))
    else:
        lines += disqualified_lines(cup, lang)
    return clip("\n".join(lines))


def places_text(cup: Competition, lang: str) -> str:
    """The final places, one per line."""
    if not cup.places:
        return t("cup.places.none", lang)
    lines = [t("cup.places.title", lang)]
    for place, number in cup.places:
        team = cup.team_of(number)
        name = who(cup, number, lang) + (f" · {team}" if team else "")
        lines.append(t("cup.places.line", lang, place=place, name=name))
    if cup.merits:
        lines.append(t("cup.places.merit", lang, names=names(cup, cup.merits, lang)))
    lines += disqualified_lines(cup, lang)
    return "\n".join(lines)


def league_lines(cup: Competition, lang: str) -> list[str]:
    """The team leaderboard: league points, then point difference (工会 sheet)."""
    if cup.config.format != "league":
        return []
    lines = [t("cup.league.title", lang)]
    for rank, row in enumerate(cup.league_table(), start=1):
        left = 2 - len(cup.doubles.get(row.team, []))
        lines.append(t("cup.league.row", lang, rank=rank, team=row.team, played=row.played,
                       won=row.won, drawn=row.drawn, lost=row.lost, points=row.points,
                       difference=f"{row.difference:+d}", doubles=left))
    return lines


def disqualified_lines(cup: Competition, lang: str) -> list[str]:
    """Who was disqualified and why, grouped by reason (kept with the results)."""
    by_reason: dict[str, list[int]] = {}
    for number, reason in cup.disqualified.items():
        by_reason.setdefault(reason, []).append(number)
    return [t("cup.places.disqualified", lang, names=names(cup, numbers, lang), reason=reason)
            for reason, numbers in by_reason.items()]


def note_text(cup: Competition, note: Note, lang: str,
              replay: Replay | None = None) -> tuple[str, list[Entrant]]:
    """An announcement's text and the entrants it should mention (`replay`: a game id's
    replay address, where the web side runs)."""
    p: dict[str, Any] = note.params
    kind = note.kind
    mention: list[int] = []
    if kind == "cup.deal_done":
        text = "\n".join(deal_lines(cup, p["deal"], lang, replay)
                         + duplicate_totals_lines(cup, lang))
    elif kind == "cup.drawn":
        stage = cup.stages[p["stage"] - 1]
        lines = [t("cup.note.drawn", lang, stage=stage_name(cup, stage.number, lang))]
        lines += [table_line(cup, table, lang) for table in stage.tables]
        if stage.byes:
            lines.append(t("cup.standings.byes", lang, names=names(cup, stage.byes, lang)))
        if any(tb.status == WAITING for tb in stage.tables):
            lines.append(t("cup.note.check_in", lang,
                           minutes=max(1, round(cup.config.start_window / 60))))
        mention = [n for tb in stage.tables if tb.status == WAITING for n in tb.seats]
        text = "\n".join(lines)
    elif kind == "cup.playoff":
        stage = cup.stages[p["stage"] - 1]
        playoff = stage.playoffs[p["round"] - 1]
        lines = [t("cup.note.playoff", lang, spots=p["spots"],
                   names=names(cup, p["members"], lang))]
        lines += [table_line(cup, table, lang) for table in playoff.tables]
        if playoff.by_lot:
            lines.append(t("cup.note.by_lot", lang))
        elif any(tb.status == WAITING for tb in playoff.tables):
            lines.append(t("cup.note.check_in", lang,
                           minutes=max(1, round(cup.config.start_window / 60))))
        mention = [n for tb in playoff.tables if tb.status == WAITING for n in tb.seats]
        text = "\n".join(lines)
    elif kind in ("cup.table_started", "cup.table_done", "cup.extra_hands"):
        table = cup.table(p["table"])
        label = table_label(table, lang)
        if kind == "cup.table_started":
            text = t("cup.note.started", lang, table=label)
            mention = [n for n in table.seats if n not in table.forfeits]
            if p["forfeits"]:
                text += " " + t("cup.note.forfeits", lang, names=names(cup, p["forfeits"], lang))
        elif kind == "cup.extra_hands":
            tied = _tied(table)
            text = t("cup.note.extra", lang, table=label, names=names(cup, tied, lang),
                     hands=p["hands"])
        else:
            text = t("cup.note.table_done", lang, line=table_line(cup, table, lang))
    elif kind == "cup.stage_done":
        text = t("cup.note.stage_done", lang, stage=stage_name(cup, p["stage"], lang),
                 names=names(cup, p["advanced"], lang))
        if p["filled"]:
            text += " " + t("cup.note.filled", lang, names=names(cup, p["filled"], lang))
    elif kind == "cup.finished":
        text = t("cup.note.finished", lang, name=cup.name) + "\n" + places_text(cup, lang)
        mention = [n for _, n in cup.places]
    elif kind == "cup.created":
        text = t("cup.note.created", lang, name=cup.name, id=cup.cup_id,
                 summary=summary(cup, lang), commitment=cup.commitment)
    elif kind == "cup.seed":
        text = t("cup.note.seed", lang, count=p["count"], seed=p["seed"],
                 commitment=cup.commitment)
    elif kind == "cup.round_done":
        text = "\n".join([t("cup.note.round_done", lang, number=p["round"]),
                          *league_lines(cup, lang)])
    elif kind == "cup.doubled":
        text = t("cup.note.doubled", lang, team=p["team"])
    elif kind == "cup.disqualified":
        text = t("cup.note.disqualified", lang, names=names(cup, p["numbers"], lang),
                 reason=p["reason"])
    elif kind == "cup.ruled":
        text = t("cup.note.ruled", lang, table=table_label(cup.table(p["table"]), lang),
                 hand=p["hand"], name=who(cup, p["number"], lang), reason=p["reason"])
    elif kind == "cup.withdrawn":
        text = t("cup.note.withdrawn", lang, name=who(cup, p["number"], lang))
    elif kind == "cup.cancelled_too_few":
        text = t("cup.note.cancelled_too_few", lang, name=cup.name, need=p["need"],
                 have=p["have"])
    else:
        text = t(kind if kind.startswith("cup.note.") else f"cup.note.{kind[4:]}", lang,
                 name=cup.name)
    people = [e for e in cup.entrants if e.number in mention]
    return clip(text), people


def deal_lines(cup: Competition, deal: int, lang: str,
               replay: Replay | None = None) -> list[str]:
    """Duplicate: one deal's results, seat by seat (the same cards at every table): each
    table's player, their score and their duplicate score; then each table's replay."""
    stage = cup.stages[deal - 1]
    scores = cup.deal_results(stage)
    start = cup.start_score
    lines = [t("cup.dup.deal", lang, deal=deal, deals=cup.deals)]
    for seat in range(cup.config.table_size):
        cells = []
        for table, dup in zip(stage.tables, scores, strict=True):
            cells.append(t("cup.dup.cell", lang, table=table_label(table, lang),
                           name=who(cup, table.seats[seat], lang),
                           score=f"{table.scores[seat] - start:+d}", dup=f"{dup[seat]:+d}"))
        lines.append(t("cup.dup.seat", lang, seat=seat + 1, cells=" · ".join(cells)))
    links = []
    for table in stage.tables:
        url = replay(table.games[0]) if replay is not None and table.games else None
        if url:
            links.append(f"{table_label(table, lang)} {url}")
    if links:
        lines.append(t("cup.dup.replays", lang, links=" · ".join(links)))
    return lines


def duplicate_totals_lines(cup: Competition, lang: str) -> list[str]:
    """Duplicate: everyone's total over the deals, best first."""
    totals = cup.duplicate_totals()
    if not totals:
        return []
    ranked = sorted(totals, key=lambda n: (-totals[n], duplicate.is_ai(n), abs(n)))
    return [t("cup.dup.totals", lang,
              rows=" · ".join(f"{who(cup, n, lang)} {totals[n]:+d}" for n in ranked))]


def _tied(table: Table) -> list[int]:
    groups = table.order()
    for group in groups:
        if len(group) > 1:
            return group
    return []
