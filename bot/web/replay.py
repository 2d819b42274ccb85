"""The replay of a finished game: every action re-applied through its engine, all hands open.

`build_replay` re-deals the record's seed and applies its actions one by one; each step keeps
the public view after the action, every seat's hand, and the referee's reading of the move
(its type and what it beat). `replay_html` lays the steps out, one <section> each; the page's
script shows one at a time (← → Home End). Only finished games have a replay: a running
game's hands are secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.fairness import deal_commitment, fingerprint
from bot.games import registry
from bot.games.base import Event
from bot.games.web import Reading
from bot.host import games
from bot.host.presentation.render import renderer
from bot.i18n import translate
from bot.i18n.bidi import isolate
from bot.web import cards as svg
from bot.web import felt
from bot.web import teach as teaching
from bot.web.html import esc, name, t
from storage.records import GameRecordRow


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one action (index 0: the deal, before any action)."""

    index: int
    seat: int | None
    action: str
    public: dict[str, Any]
    hands: tuple[str, ...]  # each seat's cards (space-separated codes) after the action
    extra_hand: str  # cards dealt to no seat (二人斗地主's dummy hand, out of play)
    reading: Reading  # the referee's reading of the action (the game's web hooks)
    view: Any = None  # the engine's typed public view after the action (for the game's text)
    events: tuple[Event, ...] = ()  # what the engine said of the action


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole finished game, ready to show."""

    record: GameRecordRow
    names: tuple[str, ...]
    steps: tuple[Step, ...]


def build_replay(record: GameRecordRow, names: list[str], lang: str = "en") -> Replay:
    """Re-apply a finished record's actions; raises ValueError for an unfinished game."""
    if record.result is None:
        raise ValueError(f"game {record.game_id} is not finished")
    spec = games.spec(record.game)
    hooks = registry.web(record.game)
    players = len(record.seats)
    state = games.redeal(record.game, players, record.options, record.seed, record.result)
    hands, extra = hooks.hands(state, players)
    views = [state.public()]
    held = [(hands, extra)]
    said: list[tuple[Event, ...]] = [()]
    for seat, action in record.actions:
        step = spec.step(state, seat, action)
        state = step.state
        views.append(state.public())
        held.append(hooks.hands(state, players))
        said.append(tuple(step.events))
    steps = [Step(0, None, "", views[0].to_dict(), hands, extra, Reading(), views[0])]
    for index, (seat, action) in enumerate(record.actions, start=1):
        reading = hooks.reading(views[index - 1], views[index], seat, action, views[-1], lang)
        steps.append(Step(index, seat, action, views[index].to_dict(), *held[index], reading,
                          views[index], said[index]))
    return Replay(record, tuple(names), tuple(steps))


def _seat_name(replay: Replay, seat: int | None, lang: str) -> str:
    if seat is None or not 0 <= seat < len(replay.names):
        return "?"
    return name(replay.names[seat])


def _move_text(replay: Replay, step: Step, lang: str) -> str:
    text = renderer(replay.record.game, replay.record.options)
    if step.seat is None:
        return t("web.replay.deal", lang)
    # A move reads as the position before it names it (in the auction "pass" is 不叫, no
    # bid; in play 不出): the game's text says, from the view before the action.
    before = replay.steps[step.index - 1].view if 0 < step.index <= len(replay.steps) else None
    said = text.hint_text(before, step.action, lang) if before is not None else \
        text.action_text(step.action, lang)
    return f"{_seat_name(replay, step.seat, lang)}: {esc(said)}"


def _referee(replay: Replay, step: Step, lang: str) -> str:
    """The referee's reading: the move's type, and what it beat (or passed on)."""
    reading = step.reading
    if reading.passed and reading.beat:
        return f"{t('web.referee.passes', lang)} {svg.cards(reading.beat)}"
    if reading.kind and reading.beat:
        return " ".join((t("web.referee.beats", lang, type=esc(reading.kind)),
                         svg.cards(reading.beat), t("web.referee.by", lang),
                         _seat_name(replay, reading.beat_seat, lang)))
    if reading.kind:
        return t("web.referee.leads", lang, type=esc(reading.kind))
    if reading.note:
        return esc(reading.note)
    # No reading of its own: what the engine said of the move, in the game's words (a
    # trick won, a 魂儿 named), as the chat says it.
    text = renderer(replay.record.game, replay.record.options)
    names = [isolate(n) for n in replay.names]
    said = [text.event(event, names, lang) for event in step.events]
    return esc(" · ".join(line for line in said if line))


def _over(replay: Replay, step: Step) -> bool:
    """True at the last step of a game played to its end (not one ended by an escape)."""
    result = replay.record.result or {}
    return step.index == len(replay.steps) - 1 and not result.get("ended_by")


def _table_lines(replay: Replay, step: Step, lang: str) -> list[str]:
    text = renderer(replay.record.game, replay.record.options)
    names = [isolate(n) for n in replay.names]  # inside text: isolated (FSI … PDI)
    if _over(replay, step):  # as the console ends: the table, then the result
        lines = [*text.over_lines(step.view, names, lang),
                 *text.result_lines(step.view, names, lang)]
    else:
        lines = text.table_lines(step.view, names, lang)
    return [esc(line) for line in lines]


def _amounts(replay: Replay, step: Step, lang: str) -> list[str]:
    """At the end, each seat's booked amount and the game's formula for it."""
    result = replay.record.result or {}
    if not _over(replay, step):
        return []
    text = renderer(replay.record.game, replay.record.options)
    stake = result.get("stake", replay.record.stake)
    return [felt.amount(int(paid), text.formula(step.view, seat, stake, lang), lang)
            for seat, paid in enumerate(result.get("final") or [])]


def _step_html(replay: Replay, step: Step, lang: str, last: int, note: str = "") -> str:
    rows = registry.web(replay.record.game).rows(step.view, _over(replay, step)) \
        if step.view is not None else ()
    amounts = _amounts(replay, step, lang)
    seats = []
    for seat, hand in enumerate(step.hands):
        acting = " acting" if seat == step.seat else ""
        own = felt.seat_rows(rows, seat)
        cards = "".join(felt.groups(row) if row.groups else svg.cards(row.cards)
                        for row in own) if own else svg.cards(hand)
        seats.append(f'<div class="seat s{seat}{acting}" data-seat="{seat}">'
                     f'<div class="who">{_seat_name(replay, seat, lang)}</div>'
                     f'<div class="hand" data-cards="{len(svg.codes(hand))}">{cards}</div>'
                     f'{amounts[seat] if seat < len(amounts) else ""}</div>')
    middle = []
    if step.reading.played:
        middle.append(f'<div class="played"><span class="label">'
                      f'{_seat_name(replay, step.seat, lang)}</span>'
                      f"{svg.cards(step.reading.played)}</div>")
    middle += [felt.row_html(row, replay.names, lang) for row in rows if row.seat is None]
    middle.append(f'<p class="referee">{_referee(replay, step, lang)}</p>')
    dummy = ""
    if step.extra_hand:
        dummy = (f'<div class="seat dummy"><div class="who">{t("web.replay.dummy", lang)}'
                 f'</div><div class="hand">{svg.cards(step.extra_hand)}</div></div>')
    lines = "".join(f"<li>{line}</li>" for line in _table_lines(replay, step, lang))
    hidden = "" if step.index == 0 else " hidden"
    return (
        f'<section class="step" id="step-{step.index}" data-step="{step.index}"{hidden}>'
        f'<h2 class="move">{t("web.replay.step", lang, number=step.index, total=last)} · '
        f"{_move_text(replay, step, lang)}</h2>{note}"
        f'{felt.felt(seats, "".join(middle), open_hands=True)}{dummy}'
        f'<ul class="lines">{lines}</ul></section>'
    )


def settlement_html(replay: Replay, lang: str) -> str:
    """The whole formula: base × multiplier (its causes), score × stake, the bean floor."""
    record = replay.record
    result = record.result or {}
    scores, final = result.get("scores") or [], result.get("final") or []
    stake = result.get("stake", record.stake)
    final_view = replay.steps[-1].view
    text = renderer(record.game, record.options)
    rows = []
    for seat, score in enumerate(scores):
        account = record.seats[seat] if seat < len(record.seats) else None
        amount = score * stake
        paid = final[seat] if seat < len(final) else amount
        # AI seats all book against the house: each shows its own share of it.
        booked = paid if account is None else record.deltas.get(account, 0)
        house = f" {t('web.settle.house', lang)}" if account is None else ""
        floor = t("web.settle.floored", lang) if paid != amount else ""
        role = text.seat_info(final_view, seat, lang).role if final_view is not None else None
        rows.append(
            f'<tr data-seat="{seat}"><td>{_seat_name(replay, seat, lang)}</td>'
            f"<td>{t(f'host.role.{role}', lang) if role else ''}</td>"
            f"<td>{score:+d}</td><td>× {stake}</td><td>= {amount:+d}</td>"
            f'<td class="final">{paid:+d} {floor}</td>'
            f'<td class="ledger">{booked:+d}{house}</td></tr>')
    lines = [esc(line) for line in registry.web(record.game).settlement(final_view, lang)] \
        if final_view is not None else []
    if str(result.get("ended_by") or "").startswith("escape:"):
        lines.append(t("host.result.escape", lang))
    unit = translate(f"host.mode.{record.mode}", lang)
    head = "".join(f"<th>{t(key, lang)}</th>" for key in (
        "web.settle.player", "web.settle.role", "web.settle.score", "web.settle.stake",
        "web.settle.amount", "web.settle.final", "web.settle.ledger"))
    formula = "".join(f'<p class="formula">{line}</p>' for line in lines)
    title = t("web.settle.title", lang, unit=unit)
    return (f'<section class="settlement" id="settlement"><h2>{title}</h2>{formula}'
            f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></section>')


def replay_html(replay: Replay, lang: str,
                taught: teaching.Teaching = teaching.NONE) -> str:
    """The body of the replay page (with the strong AI's analysis, when `taught` has one)."""
    used: set[str] = set()
    hooks = registry.web(replay.record.game)
    for step in replay.steps:
        for hand in (*step.hands, step.extra_hand, step.reading.played, step.reading.beat):
            used.update(svg.codes(hand))
        for row in hooks.rows(step.view, _over(replay, step)) if step.view is not None else ():
            used.update((*row.cards, *(code for group in row.groups for code in group)))
    last = len(replay.steps) - 1
    record = replay.record
    title = t("web.replay.title", lang, game=games.title(record.game, lang),
              game_id=record.game_id)
    controls = (
        '<nav class="controls">'
        f'<button type="button" id="first">⏮ {t("web.replay.first", lang)}</button>'
        f'<button type="button" id="prev">◀ {t("web.replay.prev", lang)}</button>'
        f'<span id="position" aria-live="polite">0 / {last}</span>'
        f'<button type="button" id="next">{t("web.replay.next", lang)} ▶</button>'
        f'<button type="button" id="last">{t("web.replay.last", lang)} ⏭</button>'
        f'</nav><p class="keys">{t("web.replay.keys", lang)}</p>')
    notes = teaching.step_notes(record, taught, lang)
    steps = "".join(_step_html(replay, step, lang, last, notes.get(step.index, ""))
                    for step in replay.steps)
    analysis = teaching.section_html(record, replay.names, taught, lang)
    meta = t("web.replay.meta", lang, stake=record.stake, actions=last,
             mode=translate(f"host.mode.{record.mode}", lang))
    kept = (record.result or {}).get("fairness")
    server_seed = kept["server_seed"] if isinstance(kept, dict) \
        and type(kept.get("server_seed")) is int else record.seed
    seeds = [s for s in (kept or {}).get("seeds") or () if isinstance(s, str)]
    committed = deal_commitment(record.game_id, server_seed)
    fairness = t("web.replay.fairness", lang, seed=server_seed, commitment=committed,
                 fingerprint=fingerprint(committed), game_id=record.game_id)
    if any(seeds):
        fairness += " " + t("web.replay.player_seeds", lang, deal_seed=record.seed,
                            seeds=" | ".join(repr(s) for s in seeds))
    final = replay.steps[-1].view if replay.steps else None
    wild = registry.web(record.game).wild(final) if final is not None else ""
    return (f"{svg.defs(used, wild)}<h1>{title}</h1><p class=\"meta\">{meta}</p>"
            f'<p class="fairness" id="fairness">{fairness}</p>{analysis}'
            f'<div id="replay" data-last="{last}">{controls}{steps}</div>'
            f"{settlement_html(replay, lang)}")
