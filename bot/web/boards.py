"""Leaderboard pages: a community's boards (every metric, all time / week / season, past
seasons frozen and browsable), and each player's page with their history and beans chart."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.host import games as game_list
from bot.i18n import catalogue, translate
from bot.web.html import esc, name, t, with_query
from bot.web.links import Links
from storage.records import (
    METRICS,
    PERIODS,
    CommunityRow,
    LeaderRow,
    PlayerGame,
    PlayerStats,
    SeasonLine,
)

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 640, 200, 24
CURRENT = ' aria-current="page"'


def value_text(metric: str, value: float) -> str:
    """A board value as shown: rates as percentages, amounts with separators."""
    return f"{value:.0%}" if metric.endswith("rate") else f"{value:,.0f}"


def rated_text(game: str, role: str, lang: str) -> str:
    """What a rating rates, as HTML: the game, and the role in its words where it has one."""
    if game not in game_list.names():
        return esc(f"{game} · {role}" if role else game)
    key = f"host.role.{role}"
    word = t(key, lang) if role and key in catalogue() else esc(role)
    return f"{game_list.title(game, lang)} · {word}" if role else game_list.title(game, lang)


def season_label(season: str, lang: str) -> str:
    """"2026-12" as "December 2026" / "2026年12月" (a season named by its first month)."""
    year, month = season.split("-")
    return translate("web.lb.season_name", lang, year=year, month=int(month))


def _tabs(items: list[tuple[str, str, bool]], klass: str) -> str:
    links = "".join(
        f'<a href="{esc(href)}" class="tab{" current" if current else ""}"'
        f'{CURRENT if current else ""}>{label}</a>'
        for href, label, current in items)
    return f'<nav class="tabs {klass}">{links}</nav>'


def board_html(links: Links, community: CommunityRow, rows: list[LeaderRow], *, metric: str,
               period: str, season: str, current_season: str, seasons: list[str],
               lang: str, metrics: tuple[str, ...] = METRICS) -> str:
    """The body of a community's leaderboard page (`metrics`: the boards offered)."""
    cid = community.community_id

    def here(**query: str) -> str:
        chosen = {"metric": metric, "period": period, "season": season if period == "season"
                  else "", "lang": lang}
        chosen.update(query)
        return with_query(links.board_path(cid), **chosen)

    metric_tabs = _tabs([(here(metric=m), t(f"web.metric.{m}", lang), m == metric)
                         for m in metrics], "metrics")
    period_tabs = _tabs([(here(period=p, season=current_season if p == "season" else ""),
                          t(f"web.period.{p}", lang),
                          p == period and (p != "season" or season == current_season))
                         for p in PERIODS], "periods")
    past = [s for s in seasons if s != current_season]
    season_tabs = _tabs([(here(period="season", season=s), esc(season_label(s, lang)),
                          period == "season" and s == season) for s in past], "seasons") \
        if past else ""
    if period == "season":
        state = "web.lb.season_live" if season == current_season else "web.lb.season_frozen"
        caption = t(state, lang, season=season_label(season, lang))
    else:
        caption = t(f"web.period.{period}", lang)
    rated = metric == "rating"  # one line per game and role: say which
    body_rows = "".join(
        f'<tr data-player="{row.player_id}"><td class="rank">{row.rank}</td>'
        f'<td><a href="{esc(with_query(links.player_path(cid, row.player_id), lang=lang))}">'
        f"{name(row.name)}</a></td>"
        + (f'<td class="rated">{rated_text(row.game, row.role, lang)}</td>' if rated else "")
        + f'<td class="value">{esc(value_text(metric, row.value))}</td></tr>'
        for row in rows)
    if not rows:
        body_rows = (f'<tr><td colspan="{4 if rated else 3}" class="empty">'
                     f'{t("host.lb.empty", lang)}</td></tr>')
    head = (f'<tr><th>{t("web.lb.rank", lang)}</th><th>{t("web.lb.player", lang)}</th>'
            + (f'<th>{t("web.lb.rated", lang)}</th>' if rated else "")
            + f'<th>{t(f"web.metric.{metric}", lang)}</th></tr>')
    title = t("web.lb.title", lang, community=community.name or community.external_id)
    if season_tabs:
        season_tabs = f'<h3>{t("web.lb.past_seasons", lang)}</h3>{season_tabs}'
    shown_season = season if period == "season" else ""
    return (f"<h1>{title}</h1>{metric_tabs}{period_tabs}{season_tabs}"
            f'<table class="board" id="board" data-metric="{esc(metric)}" '
            f'data-period="{esc(period)}" data-season="{esc(shown_season)}">'
            f"<caption>{caption}</caption><thead>{head}</thead><tbody>{body_rows}</tbody></table>")


def chart_svg(series: list[tuple[float, int]], lang: str, *, chart_id: str = "beans-chart",
              label: str = "") -> str:
    """Beans (or a rating) over time as an SVG line, one step per change (server-drawn; no
    script)."""
    if len(series) < 2:
        return f'<p class="note">{t("web.player.no_chart", lang)}</p>'
    # One step per change, evenly spaced: a busy evening and a quiet month read alike.
    values = [value for _, value in series]
    low, high = min(values), max(values)
    start, end = series[0][0], series[-1][0]
    span_v = (high - low) or 1
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    last_index = len(series) - 1

    def point(index: int, value: int) -> str:
        x = CHART_PAD + index / last_index * inner_w
        y = CHART_PAD + (high - value) / span_v * inner_h
        return f"{x:.1f},{y:.1f}"

    points = " ".join(point(index, value) for index, value in enumerate(values))
    first = datetime.fromtimestamp(start, UTC).strftime("%Y-%m-%d")
    last = datetime.fromtimestamp(end, UTC).strftime("%Y-%m-%d")
    label = label or t("web.player.chart", lang)
    return (f'<svg id="{esc(chart_id)}" class="chart" role="img" aria-label="{label}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" data-points="{len(series)}">'
            f'<rect x="0" y="0" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" class="chart-bg"/>'
            f'<polyline points="{points}" class="chart-line" fill="none"/>'
            f'<text x="{CHART_PAD}" y="14" class="chart-label">{high:,}</text>'
            f'<text x="{CHART_PAD}" y="{CHART_HEIGHT - 4}" class="chart-label">{low:,} · '
            f'{first}</text><text x="{CHART_WIDTH - CHART_PAD}" y="{CHART_HEIGHT - 4}" '
            f'class="chart-label" text-anchor="end">{last} · {values[-1]:,}</text></svg>')


def rating_charts(stats: PlayerStats,
                  series: dict[tuple[str, str], list[tuple[float, float]]], lang: str) -> str:
    """One chart per game and role: the rating shown after each rated game."""
    return "".join(
        f'<h3>{rated_text(r.game, r.role, lang)}</h3>'
        + chart_svg([(at, round(value)) for at, value in series.get((r.game, r.role), [])],
                    lang, chart_id=f"rating-chart-{r.game}-{r.role}",
                    label=f'{t("web.metric.rating", lang)} · {rated_text(r.game, r.role, lang)}')
        for r in stats.ratings)


def player_html(links: Links, community: CommunityRow, stats: PlayerStats,
                season_rows: list[SeasonLine], history: list[PlayerGame],
                series: list[tuple[float, int]], lang: str,
                rating_series: dict[tuple[str, str], list[tuple[float, float]]] | None = None,
                ) -> str:
    """The body of a player's page: lifetime record, ratings, seasons, games, beans chart."""
    cid = community.community_id
    rate = f"{stats.wins / stats.games:.0%}" if stats.games else "-"
    # What this community saw: beans and points won here, never the wallet (which holds
    # the grant, the relief and every other community's games).
    lifetime = t("web.player.lifetime", lang, beans=f"{stats.won_beans:+,}", games=stats.games,
                 wins=stats.wins, win_rate=rate, points=f"{stats.won_points:+,}")
    # Each game's roles in its own words, as `/me` lists them (no landlord rate for all).
    known = set(game_list.names())
    roles = "".join(
        f'<li data-game="{esc(r.game)}" data-role="{esc(r.role)}">'
        + t("host.stats.role", lang, game=game_list.title(r.game, lang),
            role=translate(f"host.role.{r.role}", lang) if f"host.role.{r.role}" in catalogue()
            else r.role, games=r.games, wins=r.wins, rate=f"{r.wins / r.games:.0%}")
        + "</li>" for r in stats.roles if r.game in known and r.games)
    def season_link(season: str) -> str:
        return esc(with_query(links.board_path(cid), period="season", season=season, lang=lang))

    def replay_link(game_id: str) -> str:
        return esc(with_query(links.replay_path(game_id), lang=lang))

    seasons = "".join(
        f'<tr data-season="{esc(line.season)}"><td><a href="{season_link(line.season)}">'
        f"{esc(season_label(line.season, lang))}</a></td>"
        f"<td>{line.games}</td><td>{line.wins}</td><td>{line.beans:+,}</td></tr>"
        for line in season_rows)
    season_head = "".join(f"<th>{t(k, lang)}</th>" for k in (
        "web.player.season", "web.metric.games", "web.metric.wins", "web.metric.beans"))
    games = "".join(
        f'<tr data-game="{esc(game.game_id)}"><td>'
        f'{esc(datetime.fromtimestamp(game.finished_at, UTC).strftime("%Y-%m-%d %H:%M"))}</td>'
        f'<td>{game_list.title(game.game, lang)}</td>'
        f'<td>{t(f"host.role.{game.role}", lang) if game.role else ""}</td>'
        f'<td class="{"won" if game.won else "lost"}">'
        f'{t("web.player.won" if game.won else "web.player.lost", lang)}</td>'
        f"<td>{game.delta:+,}</td>"
        f'<td><a class="replay" href="{replay_link(game.game_id)}">'
        f'{t("web.player.replay", lang)}</a></td></tr>'
        for game in history)
    games_head = "".join(f"<th>{t(k, lang)}</th>" for k in (
        "web.player.when", "web.player.game", "web.settle.role", "web.player.result",
        "web.settle.amount", "web.player.replay"))
    ratings = "".join(
        f'<tr data-game="{esc(r.game)}" data-role="{esc(r.role)}">'
        f"<td>{rated_text(r.game, r.role, lang)}</td>"
        f'<td class="value">{esc(value_text("rating", r.value))}</td><td>{r.games}</td></tr>'
        for r in stats.ratings)
    ratings_head = "".join(f"<th>{t(k, lang)}</th>" for k in (
        "web.lb.rated", "web.metric.rating", "web.metric.games"))
    back = with_query(links.board_path(cid), lang=lang)
    return (f'<p><a href="{esc(back)}" id="back">← {t("web.player.back", lang)}</a></p>'
            f'<h1 id="player-name">{name(stats.name)}</h1>'
            f'<p class="lifetime" id="lifetime">{lifetime}</p>'
            f'<ul class="roles" id="roles">{roles}</ul>'
            f'<h2>{t("web.player.chart", lang)}</h2>{chart_svg(series, lang)}'
            f'<h2>{t("web.metric.rating", lang)}</h2><table id="ratings"><thead><tr>'
            f"{ratings_head}</tr></thead><tbody>{ratings}</tbody></table>"
            f"{rating_charts(stats, rating_series or {}, lang)}"
            f'<h2>{t("web.player.seasons", lang)}</h2><table id="seasons"><thead><tr>'
            f"{season_head}</tr></thead><tbody>{seasons}</tbody></table>"
            f'<h2>{t("web.player.history", lang)}</h2><table id="history"><thead><tr>'
            f"{games_head}</tr></thead><tbody>{games}</tbody></table>")
