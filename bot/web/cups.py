"""A competition's page (`/cup/<id>`): the published seed, the draw of every stage with each
table's seats, scores and hands (each hand a replay link), play-offs, byes, who went on, the
duplicate deals' results seat by seat, and the final places; in either language.

Built from the competition's stored state only (`bot.tournament.competition`), with the
competition texts' own words (`bot.tournament.present`), every name escaped and isolated.
"""

from __future__ import annotations

from bot.tournament import duplicate, present
from bot.tournament.competition import FINISHED, SIGNUP, Competition
from bot.tournament.stage import Stage
from bot.tournament.table import Table
from bot.web.html import esc, name, t
from bot.web.links import Links


def who(cup: Competition, number: int, lang: str) -> str:
    """An entrant (or AI seat) as HTML: "#4 <bdi>name</bdi>"."""
    if duplicate.is_ai(number):
        return esc(present.ai_name(number, lang))
    try:
        entrant = cup.entrant(number)
    except Exception:  # a struck entry
        return f"#{number}"
    team = f' <span class="team">· {name(entrant.team)}</span>' if entrant.team else ""
    return f"#{number} {name(entrant.name)}{team}"


def cup_html(cup: Competition, links: Links, lang: str) -> str:
    """The whole page body."""
    parts = [f"<h1>🏆 {name(cup.name)}</h1>",
             f'<p class="summary">{esc(present.summary(cup, lang))}</p>',
             _seed(cup, lang)]
    for stage in cup.stages:
        parts.append(_stage(cup, stage, links, lang))
    if cup.config.format == "duplicate" and cup.stages:
        parts.append(_duplicate_totals(cup, lang))
    if cup.phase == FINISHED:
        parts.append(_places(cup, lang))
    return "".join(parts)


def _seed(cup: Competition, lang: str) -> str:
    lines = [f'<p class="commitment">{t("web.cup.commitment", lang)} '
             f"<code>{esc(cup.commitment)}</code></p>"]
    if cup.phase != SIGNUP:
        lines.append(f'<p class="seed" id="seed">{t("web.cup.seed", lang)} '
                     f"<code>{esc(cup.seed)}</code></p>")
    else:
        entrants = ", ".join(who(cup, e.number, lang) for e in cup.entrants) or "-"
        lines.append(f'<p class="entrants">{t("web.cup.entrants", lang)} {entrants}</p>')
    return '<section class="draw-seed">' + "".join(lines) + "</section>"


def _stage(cup: Competition, stage: Stage, links: Links, lang: str) -> str:
    title = esc(present.stage_name(cup, stage.number, lang))
    rows = "".join(_table_rows(cup, table, links, lang) for table in stage.all_tables())
    extra = []
    if stage.byes:
        extra.append(f'<p class="byes">{t("web.cup.byes", lang)} '
                     f'{", ".join(who(cup, n, lang) for n in stage.byes)}</p>')
    if stage.advanced is not None:
        extra.append(f'<p class="went-on">{t("web.cup.went_on", lang)} '
                     f'{", ".join(who(cup, n, lang) for n in stage.advanced) or "-"}</p>')
    if cup.config.format == "duplicate" and not stage.live_tables():
        extra.append(_deal(cup, stage, lang))
    return (f'<section class="stage" data-stage="{stage.number}"><h2>{title}</h2>'
            f'<table class="tables"><thead><tr><th>{t("web.cup.table", lang)}</th>'
            f'<th>{t("web.cup.seats", lang)}</th><th>{t("web.cup.hands", lang)}</th>'
            f"</tr></thead><tbody>{rows}</tbody></table>{''.join(extra)}</section>")


def _table_rows(cup: Competition, table: Table, links: Links, lang: str) -> str:
    seats = []
    for seat, number in enumerate(table.seats):
        score = "" if table.status == "waiting" else f" <b>{table.scores[seat]:+d}</b>"
        if score and table.extra_played:  # the extra hands' total, as the chat text shows
            score += f" ({table.extra[seat]:+d})"
        mark = f" {t('cup.mark.forfeit', lang)}" if number in table.forfeits else ""
        seats.append(f'<li>{who(cup, number, lang)}{score}{mark}</li>')
    hands = "".join(f'<a class="replay" href="{esc(links.replay_path(game_id))}">'
                    f"{index + 1}</a> " for index, game_id in enumerate(table.games))
    return (f'<tr data-table="{esc(table.key)}"><td>{esc(present.table_label(table, lang))}'
            f"</td><td><ol>{''.join(seats)}</ol></td><td>{hands or '-'}</td></tr>")


def _deal(cup: Competition, stage: Stage, lang: str) -> str:
    """Duplicate: one deal's results, a row per seat's cards, a column per table."""
    scores = cup.deal_results(stage)
    head = "".join(f"<th>{esc(present.table_label(tb, lang))}</th>" for tb in stage.tables)
    rows = []
    for seat in range(cup.config.table_size):
        cells = "".join(
            f"<td>{who(cup, tb.seats[seat], lang)} {tb.scores[seat] - cup.start_score:+d}"
            f" → <b>{dup[seat]:+d}</b></td>"
            for tb, dup in zip(stage.tables, scores, strict=True))
        rows.append(f"<tr><th>{t('web.cup.seat', lang, seat=seat + 1)}</th>{cells}</tr>")
    return (f'<table class="deal"><caption>{t("web.cup.deal", lang)}</caption>'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _duplicate_totals(cup: Competition, lang: str) -> str:
    totals = cup.duplicate_totals()
    ranked = sorted(totals, key=lambda n: (-totals[n], duplicate.is_ai(n), abs(n)))
    rows = "".join(f"<tr><td>{who(cup, n, lang)}</td><td>{totals[n]:+d}</td></tr>"
                   for n in ranked)
    return (f'<table class="totals"><caption>{t("web.cup.totals", lang)}</caption>'
            f"<tbody>{rows}</tbody></table>")


def _places(cup: Competition, lang: str) -> str:
    rows = "".join(f"<li value=\"{place}\">{who(cup, number, lang)}</li>"
                   for place, number in cup.places)
    merits = ""
    if cup.merits:
        merits = (f'<p class="merits">{t("web.cup.merits", lang)} '
                  f'{", ".join(who(cup, n, lang) for n in cup.merits)}</p>')
    return (f'<section class="places"><h2>{t("web.cup.places", lang)}</h2>'
            f'<ol id="places">{rows}</ol>{merits}</section>')
