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

from bot.cards import parse_cards
from bot.games.doudizhu.moves import classify
from bot.host import games
from bot.host.presentation.render import renderer
from bot.i18n import translate
from bot.web import cards as svg
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
    extra_hand: str  # 二人斗地主: the dummy hand, out of play
    beat: dict[str, Any] | None  # the move this one had to beat (斗地主), if any
    played: dict[str, Any] | None  # 斗地主: the move as the referee reads it
    beat_cards: str = ""  # the suited cards of `beat` (from the public history)
    played_cards: str = ""  # the suited cards this action laid down
    phase_before: str = ""  # the game's phase when the action was taken
    view: Any = None  # the engine's typed public view after the action (for the game's text)


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole finished game, ready to show."""

    record: GameRecordRow
    names: tuple[str, ...]
    steps: tuple[Step, ...]


def _hands(state: Any, players: int) -> tuple[tuple[str, ...], str]:
    """Every seat's cards, and a dealt hand no seat holds (二人斗地主's third hand, out of
    play once the landlord is known): after the game it is open like the others."""
    views = [state.private_view(seat) for seat in range(players)]
    hands = tuple(str(view.get("hand", "")) for view in views)
    held = {view.get("hand_index", seat) for seat, view in enumerate(views)}
    dealt = state.to_dict().get("hands") if "hand_index" in views[0] else None
    extra = [str(hand) for index, hand in enumerate(dealt or []) if index not in held]
    return hands, " ".join(extra)


def build_replay(record: GameRecordRow, names: list[str]) -> Replay:
    """Re-apply a finished record's actions; raises ValueError for an unfinished game."""
    if record.result is None:
        raise ValueError(f"game {record.game_id} is not finished")
    spec = games.spec(record.game)
    players = len(record.seats)
    state = spec.new_game(players, record.options, record.seed,
                          dealer=record.result.get("dealer") or 0)
    hands, extra = _hands(state, players)
    view = state.public()
    steps = [Step(0, None, "", view.to_dict(), hands, extra, None, None, view=view)]
    for index, (seat, action) in enumerate(record.actions, start=1):
        before = view.to_dict()
        state = spec.step(state, seat, action).state
        view = state.public()
        after = view.to_dict()
        beat = played = None
        if action.startswith("play") and "trick" in after:
            played = after.get("trick") or _last_play(after, seat)
            previous = before.get("trick")
            if previous and previous.get("seat") != seat:
                beat = previous
        elif action == "pass" and before.get("phase") == "playing":
            beat = before.get("trick")
        hands, extra = _hands(state, players)
        steps.append(Step(index, seat, action, after, hands, extra, beat, played,
                          _shown_by(before, beat), _shown_by(after, played),
                          str(before.get("phase") or ""), view))
    return Replay(record, tuple(names), tuple(steps))


def _last_play(public: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's last move, when the table was cleared by it (the game's last play): the
    referee reads its type from the cards, as it does every move."""
    for who, shown in reversed(public.get("history") or []):
        if who == seat and shown:
            readings = classify(parse_cards(shown))
            kind = readings[0].type.value if readings else None
            return {"seat": seat, "cards": shown, "type": kind}
    return None


def _shown_by(public: dict[str, Any], trick: dict[str, Any] | None) -> str:
    """The suited cards of a trick's move: its player's last play in the public history
    (the trick itself carries ranks only)."""
    if not trick:
        return ""
    for who, shown in reversed(public.get("history") or []):
        if who == trick.get("seat") and shown:
            return str(shown)
    return ""


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
    if step.played and step.action.startswith("play"):
        kind = step.played.get("type")
        kind_text = translate(f"host.ddz.type.{kind}", lang) if kind else ""
        if step.beat:
            return " ".join((t("web.referee.beats", lang, type=kind_text),
                             svg.cards(step.beat_cards), t("web.referee.by", lang),
                             _seat_name(replay, step.beat.get("seat"), lang)))
        return t("web.referee.leads", lang, type=kind_text) if kind else ""
    if step.action == "pass" and step.beat:
        return f"{t('web.referee.passes', lang)} {svg.cards(step.beat_cards)}"
    if step.action.startswith("arrange") and step.seat is not None:
        final = replay.steps[-1].public
        types, points = final.get("c_types") or [], final.get("b_points") or []
        if step.seat < min(len(types), len(points)):
            return t("web.referee.arranged", lang, points=f"{points[step.seat]:g}",
                     type=translate(f"tianji.type.{types[step.seat]}", lang))
    return ""


def _table_lines(replay: Replay, step: Step, lang: str) -> list[str]:
    text = renderer(replay.record.game, replay.record.options)
    names = list(replay.names)
    lines = text.table_lines(step.view, names, lang) if step.public.get("phase") != "over" \
        else text.result_lines(step.view, names, lang)
    return [esc(line) for line in lines]


def _step_html(replay: Replay, step: Step, lang: str, last: int) -> str:
    seats = []
    for seat, hand in enumerate(step.hands):
        acting = " acting" if seat == step.seat else ""
        seats.append(f'<div class="seat{acting}" data-seat="{seat}">'
                     f'<div class="who">{_seat_name(replay, seat, lang)}</div>'
                     f'<div class="hand" data-cards="{len(svg.codes(hand))}">{svg.cards(hand)}'
                     "</div></div>")
    if step.extra_hand:
        seats.append(f'<div class="seat dummy"><div class="who">{t("web.replay.dummy", lang)}'
                     f'</div><div class="hand">{svg.cards(step.extra_hand)}</div></div>')
    referee = _referee(replay, step, lang)
    played = ""
    if step.played_cards:
        played = f'<div class="played">{svg.cards(step.played_cards)}</div>'
    elif step.action.startswith("play") and replay.record.game == "tianji-duel":
        played = f'<div class="played">{svg.cards(step.action.split()[1:])}</div>'
    lines = "".join(f"<li>{line}</li>" for line in _table_lines(replay, step, lang))
    hidden = "" if step.index == 0 else " hidden"
    return (
        f'<section class="step" id="step-{step.index}" data-step="{step.index}"{hidden}>'
        f'<h2 class="move">{t("web.replay.step", lang, number=step.index, total=last)} · '
        f"{_move_text(replay, step, lang)}</h2>{played}"
        f'<p class="referee">{referee}</p>'
        f'<div class="table">{"".join(seats)}</div><ul class="lines">{lines}</ul></section>'
    )


def settlement_html(replay: Replay, lang: str) -> str:
    """The whole formula: base × multiplier (its causes), score × stake, the bean floor."""
    record = replay.record
    result = record.result or {}
    scores, final = result.get("scores") or [], result.get("final") or []
    stake = result.get("stake", record.stake)
    public = replay.steps[-1].public
    rows = []
    for seat, score in enumerate(scores):
        account = record.seats[seat] if seat < len(record.seats) else None
        amount = score * stake
        paid = final[seat] if seat < len(final) else amount
        # AI seats all book against the house: each shows its own share of it.
        booked = paid if account is None else record.deltas.get(account, 0)
        house = f" {t('web.settle.house', lang)}" if account is None else ""
        floor = t("web.settle.floored", lang) if paid != amount else ""
        seat_views = public.get("seats") or []
        role = seat_views[seat].get("role") if seat < len(seat_views) else None
        rows.append(
            f'<tr data-seat="{seat}"><td>{_seat_name(replay, seat, lang)}</td>'
            f"<td>{t(f'host.role.{role}', lang) if role else ''}</td>"
            f"<td>{score:+d}</td><td>× {stake}</td><td>= {amount:+d}</td>"
            f'<td class="final">{paid:+d} {floor}</td>'
            f'<td class="ledger">{booked:+d}{house}</td></tr>')
    lines = []
    if record.game.startswith("doudizhu") and "multiplier" in public:
        causes = [t(f"ddz.cause.{c['cause']}", lang) for c in public.get("causes", [])]
        lines.append(t("web.settle.ddz", lang, base=public.get("base") or 1,
                       multiplier=public.get("multiplier", 1),
                       unit=(public.get("base") or 1) * public.get("multiplier", 1))
                     + (f" ({', '.join(causes)})" if causes else ""))
    if str(result.get("ended_by") or "").startswith("escape:"):
        lines.append(t("host.result.escape", lang))
    unit = translate(f"host.mode.{record.mode}", lang)
    head = "".join(f"<th>{t(key, lang)}</th>" for key in (
        "web.settle.player", "web.settle.role", "web.settle.score", "web.settle.stake",
        "web.settle.amount", "web.settle.final", "web.settle.ledger"))
    formula = "".join(f'<p class="formula">{line}</p>' for line in lines)
    title = t("web.settle.title", lang, unit=unit)
    return (f'<section class="settlement" id="settlement"><h2>{title}</h2>{formula}'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            "</section>")


def replay_html(replay: Replay, lang: str) -> str:
    """The body of the replay page."""
    used: set[str] = set()
    for step in replay.steps:
        for hand in (*step.hands, step.extra_hand):
            used.update(svg.codes(hand))
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
    steps = "".join(_step_html(replay, step, lang, last) for step in replay.steps)
    meta = t("web.replay.meta", lang, stake=record.stake, actions=last,
             mode=translate(f"host.mode.{record.mode}", lang))
    return (f"{svg.defs(used)}<h1>{title}</h1><p class=\"meta\">{meta}</p>"
            f'<div id="replay" data-last="{last}">{controls}{steps}</div>'
            f"{settlement_html(replay, lang)}")
