"""Views from rooms: the table for the channel, private views, announcements.

Privacy is decided here: the table and announcements are built from the engine's public
view (`state.public()`) and events only; a hand appears only in a private view
(`state.private(seat)`), for its own seat. Renderers get those typed views as they are.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from bot.cards import parse_cards
from bot.fairness import deal_commitment, fingerprint
from bot.games import registry
from bot.games.base import Event
from bot.host import games, pictures
from bot.host.payload import encode_payload
from bot.host.presentation.render import MEMO_LIMIT, Private, Public, SeatInfo, renderer, t
from bot.host.views import (
    Announcement,
    Button,
    Choice,
    Phase,
    PrivateView,
    Prompt,
    SeatLine,
    TableView,
    end_cards,
)
from bot.i18n import catalogue, translate
from bot.i18n.bidi import isolate

if TYPE_CHECKING:
    from bot.host.context import ViewContext
    from bot.host.room import Room
    from bot.web.links import Links

log = logging.getLogger(__name__)

MAX_TABLE_CHARS = 1800  # under Discord's 2,000 characters per message, with room for markup
COMMITMENTS_KEPT = 16384  # hands whose commitment is remembered (a table per live room)


def prompt_kind(game: str, actions: list[str]) -> str:
    """The kind of decision a list of legal actions asks for (it sets the turn timer)."""
    return registry.module(game).prompt_kind(actions)


def timer_class(game: str, actions: list[str]) -> str:
    """The turn timer's class for these legal actions ("bid", "arrange" or "play")."""
    record = registry.module(game)
    return record.timer_class(record.prompt_kind(actions))


def names_of(room: Room, lang: str) -> list[str]:
    """Display names by seat (AI seats named in the reader's language)."""
    return [t("host.ai_name", lang, number=s.name) if s.is_ai else isolate(s.name)
            for s in room.seats]


def _public(room: Room) -> Public | None:
    """The engine's public view while a game is on the table (None: no game)."""
    if room.state is None or room.phase not in (Phase.PLAYING, Phase.OVER):
        return None
    return room.public_view()


def _button(room: Room, label_key: str, code: str, lang: str, style: str = "secondary") -> Button:
    return Button(t(label_key, lang), encode_payload(room.room_id, room.counter, code), style)


def table_view(host: ViewContext, room: Room, lang: str | None = None) -> TableView:
    """The channel's table of a room."""
    lang = lang or room.lang
    text = renderer(room.game, room.options)
    names = names_of(room, lang)
    public = _public(room)
    to_act = room.to_act()
    seats: list[SeatLine] = []
    for index, seat in enumerate(room.seats):
        info = text.seat_info(public, index, lang) if public is not None else SeatInfo()
        line = _seat_text(room, index, names[index], info, index in to_act, lang)
        seats.append(SeatLine(index, names[index], seat.is_ai, seat.auto, info.cards_left,
                              info.role, index in to_act, seat.user(room.place.platform), line))
    title = t("host.table.title", lang, game=games.title(room.game, lang),
              room=room.room_id, stake=room.stake, mode=t(f"host.mode.{room.mode}", lang))
    lines = [title, *(s.text for s in seats)]
    lines.extend(_phase_lines(host, room, public, names, to_act, lang))
    commitment, shown = _committed(room.game_id, room.seed) \
        if room.game_id and room.seed is not None and room.phase is not Phase.LOBBY else ("", "")
    if commitment and room.phase is Phase.PLAYING:
        lines.append(t("host.table.commitment", lang, fingerprint=shown, game_id=room.game_id))
    elif room.phase in (Phase.LOBBY, Phase.OVER) and room.next_seed is not None \
            and not room.competition:  # before a deal: what the next one is committed to
        _, ahead = _committed(room.next_game_id(), room.next_seed)
        line = t("host.table.next_commitment", lang, fingerprint=ahead,
                 game_id=room.next_game_id())
        # a finished table still ends with its question (Play again?)
        lines.insert(len(lines) - 1 if room.phase is Phase.OVER else len(lines), line)
    watch = ""
    if host.links is not None and room.phase is not Phase.CLOSED:
        watch = "\n" + t("web.link.watch", lang,
                         url=host.links.url(host.links.live_path(room.room_id,
                                                                  room.links_epoch)))
    body = "\n".join(lines)
    if len(body) + len(watch) > MAX_TABLE_CHARS:
        body = body[:MAX_TABLE_CHARS - len(watch) - 1] + "…"
    body += watch
    return TableView(room.room_id, room.place, room.counter, lang, room.phase, room.game,
                     title, body, tuple(seats), _table_buttons(room, lang), tuple(to_act),
                     room.deadline if to_act else None,
                     {} if public is None else room.public_dict(),
                     commitment=commitment, **pictures.table_fields(room, public))


@lru_cache(maxsize=COMMITMENTS_KEPT)
def _committed(game_id: str, seed: int) -> tuple[str, str]:
    """A hand's commitment and its fingerprint (a SHA-256 each time the table is drawn,
    otherwise: the same for the whole hand)."""
    commitment = deal_commitment(game_id, seed)
    return commitment, fingerprint(commitment)


def _seat_text(room: Room, index: int, name: str, info: SeatInfo, acting: bool,
               lang: str) -> str:
    parts = ["▶" if acting else "•", name]
    if room.seats[index].is_ai:
        parts.append("🤖")
    if info.role:
        parts.append(f"[{t(f'host.role.{info.role}', lang)}]")
    if info.cards_left is not None:
        parts.append(t("host.table.cards", lang, count=info.cards_left))
    if info.status:
        parts.append(info.status)
    if room.seats[index].auto:
        parts.append(t("host.table.auto", lang))
    if room.seats[index].leaving:
        parts.append(t("host.table.leaving", lang))
    if not room.seats[index].reachable:
        parts.append(t("host.table.unreachable", lang))
    return " ".join(parts)


def _phase_lines(host: ViewContext, room: Room, public: Public | None, names: list[str],
                 to_act: list[int], lang: str) -> list[str]:
    text = renderer(room.game, room.options)
    spec = room.spec
    if room.phase is Phase.LOBBY:
        if len(room.seats) >= spec.max_players:
            return [t("host.table.lobby_full", lang, have=len(room.seats))]
        if spec.min_players == spec.max_players:
            waiting = t("host.table.lobby_exact", lang, have=len(room.seats),
                        need=spec.min_players)
        else:
            waiting = t("host.table.lobby", lang, have=len(room.seats), need=spec.min_players,
                        most=spec.max_players)
        return [waiting]  # the last hand's result was its own note
    if room.phase is Phase.CLOSED:
        return [t("host.table.closed", lang)]
    if room.phase is Phase.OVER:
        # The final play and the cards left; the result itself is said once, in its note.
        over = text.over_lines(public, names, lang) if public is not None else []
        ends = text.end_lines(end_cards(room.last_result), names, lang)
        return [*over, *ends, t("host.table.over", lang)]
    lines = text.table_lines(public, names, lang)
    if to_act:
        who = t("host.list_sep", lang).join(names[s] for s in to_act)
        lines.append(t("host.table.turn", lang, players=who))
        if room.deadline is not None and room.place.platform == "discord":
            # Discord counts a relative timestamp down by itself; a table message is not
            # edited every second, so "⏱ 30 s" would stand still.
            lines.append(t("host.table.timer_at", lang, stamp=f"<t:{int(room.deadline)}:R>"))
        elif room.deadline is not None:
            left = max(0, round(room.deadline - host.clock.now()))
            lines.append(t("host.table.timer", lang, seconds=left))
    return lines


def result_amounts(room: Room, lang: str) -> list[str]:
    """Each seat's result of the last game, with the amount booked."""
    result = room.last_result or {}
    unit = t(f"host.mode.{result.get('mode', room.mode)}", lang)
    stake = result.get("stake")
    public = _public(room) if room.phase is Phase.OVER and not result.get("ended_by") else None
    kept = result.get("public")
    if public is None and kept and not result.get("ended_by"):  # seats moved on since
        public = room.spec.public_from_dict(kept)
    render = renderer(room.game, room.options)
    lines = []
    for index, seat in enumerate(result.get("seats", [])):
        name = t("host.ai_name", lang, number=seat["name"]) if seat["is_ai"] \
            else isolate(seat["name"])
        full = seat["score"] * stake if isinstance(stake, int) else seat["final"]
        formula = render.formula(public, index, stake, lang) \
            if public is not None and isinstance(stake, int) else None
        if formula is not None:
            key = "end.line" if full == seat["final"] else "end.line_floored"
            lines.append(t(key, lang, player=name, amount=f"{seat['final']:+d}", unit=unit,
                           formula=formula, full=abs(full), cut=abs(seat["final"])))
            continue
        if full != seat["final"]:  # the bean floor: nobody pays more than they hold
            lines.append(t("host.result.line_floored", lang, player=name,
                           amount=f"{seat['final']:+d}", unit=unit, full=f"{full:+d}"))
            continue
        lines.append(t("host.result.line", lang, player=name, amount=f"{seat['final']:+d}",
                       unit=unit))
    ended = result.get("ended_by") or ""
    if ended.startswith("escape:"):
        lines.insert(0, t("host.result.escape", lang))
    return lines


def _table_buttons(room: Room, lang: str) -> tuple[Button, ...]:
    if room.competition:
        # The competition's draw seats the players (the one lobby button checks in), AI
        # seats are not allowed and it deals every hand itself: nothing else would be taken.
        if room.phase is Phase.LOBBY:
            return (_button(room, "host.button.check_in", "!start", lang, "success"),)
        if room.phase is Phase.PLAYING:
            return (_button(room, "host.button.hand", "!hand", lang, "primary"),
                    _button(room, "host.button.auto", "!auto", lang))
        return ()
    # 🎲 / 🔒: the commitment in full and the presser's own seed, a tap away (fairness)
    seed = _button(room, "host.button.seed", "!seed", lang)
    if room.phase is Phase.LOBBY:
        if len(room.seats) >= room.spec.max_players:  # full: nobody can join or be added
            return (_button(room, "host.button.leave", "!leave", lang),
                    _button(room, "host.button.start", "!start", lang, "success"), seed)
        return (_button(room, "host.button.join", "!join", lang, "primary"),
                _button(room, "host.button.leave", "!leave", lang),
                _button(room, "host.button.add_ai", "!ai", lang),
                _button(room, "host.button.start", "!start", lang, "success"), seed)
    if room.phase is Phase.PLAYING:
        return (_button(room, "host.button.hand", "!hand", lang, "primary"),
                _button(room, "host.button.auto", "!auto", lang),
                _button(room, "host.button.commitment", "!seed", lang))
    if room.phase is Phase.OVER:
        return (_button(room, "host.button.again", "!again", lang, "success"),
                _button(room, "host.button.join", "!join", lang),
                _button(room, "host.button.leave", "!leave", lang), seed)
    return ()


def private_view(host: ViewContext, room: Room, seat: int, lang: str | None = None) -> PrivateView:
    """One seat's hand and prompt (only ever sent to that seat's person)."""
    person = room.seats[seat]
    lang = lang or person.lang
    user = person.user(room.place.platform)
    assert user is not None, "AI seats have no private view"
    if room.state is None or room.phase in (Phase.LOBBY, Phase.CLOSED):
        text = t("host.private.waiting", lang, room=room.room_id, seat=seat + 1,
                 game=games.title(room.game, lang))
        return PrivateView(room.room_id, room.counter, user, seat, lang, room.game, text, (), "")
    render = renderer(room.game, room.options)
    private = room.private_view(seat)
    public = _public(room)
    codes, ranks = render.hand(private)
    fields = pictures.private_fields(room, public, codes, private)
    cards = arranged_hand(render.hand_text(private, lang), codes, fields["marked"],
                          person.order, lang)
    lines = [t("host.private.hand", lang, cards=cards,
               count=len(codes))] if codes else []  # no "Your cards (0):" after the last
    counter = render.counter_line(private, lang) if room.card_counter else None
    if counter and room.phase is Phase.PLAYING:
        lines.append(counter)  # 记牌器 beside the hand it is read with, before the prompt
    prompt = None
    if room.phase is Phase.PLAYING and room.forced_action(seat) is not None:
        # 要不起: the pass plays itself, so no prompt (and no suggestions asked for)
        lines.append(t("host.private.auto_pass", lang))
    elif room.phase is Phase.PLAYING and seat in room.to_act():
        assert public is not None
        prompt = _prompt(host, room, seat, public, private, lang)
        lines.extend(_prompt_lines(prompt, lang))
    elif room.phase is Phase.OVER:
        lines.append(t("host.private.over", lang))
    if person.auto:
        lines.append(t("host.private.auto_on", lang))
    buttons = _private_buttons(room, lang, playing=room.phase is Phase.PLAYING,
                               auto=person.auto)
    return PrivateView(room.room_id, room.counter, user, seat, lang, room.game,
                       "\n".join(lines), codes, ranks, prompt, buttons, private.to_dict(),
                       order=hand_order(room, seat) if fields["pictures"] and codes else "",
                       **fields)


def with_suggestions(host: ViewContext, room: Room, seat: int,
                     view: PrivateView) -> PrivateView:
    """`view` (this seat's view at the room's counter, its suggestions pending) with the
    prompt built again now that they are ready; the hand, the pictures and the buttons are
    the same, so only the prompt's lines change (what `private_view` would build)."""
    old = view.prompt
    public = _public(room)
    if old is None or public is None or view.counter != room.counter:
        return private_view(host, room, seat, view.lang)
    prompt = _prompt(host, room, seat, public, room.private_view(seat), view.lang)
    head, found, tail = view.text.rpartition(old.text)
    if not found:
        return private_view(host, room, seat, view.lang)
    block = "\n".join(_prompt_lines(prompt, view.lang))
    return replace(view, text=head + block + tail, prompt=prompt)


def _prompt_lines(prompt: Prompt, lang: str) -> list[str]:
    """A prompt's lines in a private view: its text, then its first suggestions if any."""
    lines = [prompt.text]
    if prompt.suggestions:
        lines.append(t("host.private.suggestions", lang,
                       moves=" | ".join(c.label for c in prompt.suggestions[:3])))
    return lines


@cache  # card codes are few; every hand's line sorts by them
def _rank_of(code: str) -> int:
    try:
        return int(parse_cards(code)[0].rank)
    except Exception:  # a code the engine gave us: leave it where it is
        return 0


def hand_order(room: Room, seat: int) -> str:
    """How the seat's hand reads now: "down" (big→small) or "up" (small→big)."""
    order = room.seats[seat].order
    if order in ("up", "down"):
        return order
    if room.state is not None and room.phase is not Phase.LOBBY:
        codes, _ = renderer(room.game, room.options).hand(room.private_view(seat))
        if len(codes) > 1 and _rank_of(codes[0]) > _rank_of(codes[-1]):
            return "down"
    return "up"


@lru_cache(maxsize=MEMO_LIMIT)  # a hand is shown again, unchanged, at each of its turns
def arranged_hand(text: str, codes: tuple[str, ...], marked: tuple[str, ...], order: str,
                  lang: str) -> str:
    """The hand's line in the seat's order ("down" big→small, "up" small→big, "" as the
    game shows it), the cards picked up from the bottom in [brackets]. Card by card: the
    line's words are the hand's cards in their order (else it is left as it is)."""
    first, sep, rest = text.partition("\n")
    words = first.split(" ")
    if len(words) != len(codes):
        return text
    pairs = list(zip(words, codes, strict=True))
    if order in ("up", "down"):  # stable: equal ranks keep the game's own order
        pairs.sort(key=lambda pair: _rank_of(pair[1]), reverse=order == "down")
    left = list(marked)
    shown = []
    for word, code in pairs:
        if code in left:
            left.remove(code)
            word = f"[{word}]"
        shown.append(word)
    line = " ".join(shown)
    if marked:
        line += " " + t("host.private.bottom_marked", lang)
    return line + sep + rest


def _prompt(host: ViewContext, room: Room, seat: int, public: Public, private: Private,
            lang: str) -> Prompt:
    assert room.state is not None
    render = renderer(room.game, room.options)
    legal = room.legal_actions(seat) if render.lists_legal else []
    # In 托管 the AI decides anyway: skip the (costly) suggestions; Hint still gives them.
    # Otherwise they come from the thinking pool: the prompt goes out now with its legal
    # choices, and the suggestions follow in a fresh view when they are ready.
    ready = [] if room.seats[seat].plays_itself or not render.suggests(public) \
        else host.hints_ready(room, seat)
    hints = ready or []
    parts = render.prompt(public, private, legal, hints, lang)

    def choices(pairs: tuple[tuple[str, str], ...]) -> tuple[Choice, ...]:
        out = []
        for action, label in pairs:
            try:
                out.append(Choice(action, label,
                                  encode_payload(room.room_id, room.counter, action)))
            except ValueError:  # too long for a button: typing it still works
                log.warning("room %s: no button for %r", room.room_id, action)
        return tuple(out)

    deadline = room.deadline if not room.seats[seat].plays_itself else None
    return Prompt(parts.kind, parts.text, choices(parts.choices), choices(parts.suggestions),
                  parts.build, parts.to_beat, parts.can_pass, deadline,
                  suggestions_pending=ready is None,
                  since=room.prompt_since[seat] if seat < len(room.prompt_since) else room.counter)


def _private_buttons(room: Room, lang: str, playing: bool,
                     auto: bool = False) -> tuple[Button, ...]:
    if playing:
        # The seat's own 托管 button says what a press does: switch it on, or take over.
        return (_button(room, "host.button.hint", "!hint", lang),
                _button(room, "host.button.auto_off" if auto else "host.button.auto", "!auto",
                        lang, "primary" if auto else "secondary"))
    if room.phase is Phase.OVER and not room.competition:  # a competition deals on itself
        return (_button(room, "host.button.again", "!again", lang, "success"),)
    return ()


def announcements(room: Room, events: list[Event]) -> list[Announcement]:
    """The channel's notes for a game's events (only those worth a message)."""
    render = renderer(room.game, room.options)
    pictured = registry.module(room.game).picture_events
    names = names_of(room, room.lang)
    out = []
    public = None
    for event in events:
        text = render.event(event, names, room.lang)
        if text:
            picture = pictured.get(event.kind)
            if picture is not None and public is None:
                public = _public(room)
            out.append(Announcement(room.room_id, room.place, room.lang, event.kind, text,
                                    picture=picture,
                                    art=pictures.note_art(room, picture, public)))
    return out


def private_notes(room: Room, events: list[Event]) -> list[tuple[int, Announcement]]:
    """Notes for one seat alone (with the seat), e.g. the two-player farmer's hand switch."""
    render = renderer(room.game, room.options)
    out = []
    for event in events:
        seat = event.seat
        if seat is None or not 0 <= seat < len(room.seats) or room.seats[seat].is_ai:
            continue
        person = room.seats[seat]
        text = render.private_event(event, person.lang)
        user = person.user(room.place.platform)
        if text and user is not None:
            out.append((seat, Announcement(room.room_id, room.place, person.lang, event.kind,
                                           text, mentions=(user,), private_to=user)))
    return out


def note(room: Room, kind: str, params: dict[str, Any],
         links: Links | None = None) -> Announcement:
    """A host announcement: the result (with its Replay link when the web pages are on), a
    timeout into 托管, a timer warning, an escape.

    The result and the escape are told from the finished game's own record (its seats as
    they were, its last public view), so they name the right people and show the whole
    result even when leavers' seats are gone."""
    lang = room.lang
    if kind == "host.result":
        names = result_names(room, lang)
        public = _public(room)
        kept = (room.last_result or {}).get("public")
        if public is None and kept:  # the seats moved on: the result as the game ended
            public = room.spec.public_from_dict(kept)
        render = renderer(room.game, room.options)
        lines = [t("host.result.title", lang),
                 *(render.result_lines(public, names, lang) if public is not None else ()),
                 *result_amounts(room, lang)]
        if room.game_id and room.seed is not None:  # the seed committed to at the deal
            lines.append(t("host.result.seed", lang, seed=room.seed, fingerprint=fingerprint(
                deal_commitment(room.game_id, room.seed))))
        if links is not None and room.game_id:
            url = links.url(links.replay_path(room.game_id))
            lines.append(t("web.link.replay", lang, url=url))
        return Announcement(room.room_id, room.place, lang, kind, "\n".join(lines),
                            picture="result", art=pictures.note_art(room, "result", public))
    if "result_seat" in params:
        names = result_names(room, lang)
        seat = params["result_seat"]
        name = names[seat] if 0 <= seat < len(names) else "?"
        rest = {k: v for k, v in params.items() if k != "result_seat"}
        return Announcement(room.room_id, room.place, lang, kind,
                            t(kind, lang, player=name, **rest))
    names = names_of(room, lang)
    seat = params.get("seat")
    person = room.seats[seat] if isinstance(seat, int) and 0 <= seat < len(room.seats) \
        else None
    mention = person.user(room.place.platform) if person is not None else None
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    text = t(kind, lang, player=name, **{k: v for k, v in params.items() if k != "seat"})
    return Announcement(room.room_id, room.place, lang, kind, text,
                        mentions=(mention,) if mention else (),
                        private_to=mention if kind == "host.timer_warning" else None)


def result_names(room: Room, lang: str) -> list[str]:
    """Display names by seat of the last finished game (seats as that game had them)."""
    seats = (room.last_result or {}).get("seats")
    if not seats:
        return names_of(room, lang)
    return [t("host.ai_name", lang, number=s["name"]) if s["is_ai"] else isolate(s["name"])
            for s in seats]


def hint_text(room: Room, action: str, index: int, total: int, lang: str) -> str:
    """The reply to 提示: one suggestion, and where it is in the cycle."""
    render = renderer(room.game, room.options)
    public = _public(room)
    label = render.hint_text(public, action, lang) if public is not None \
        else render.action_text(action, lang)
    return t("host.hint", lang, move=label, number=index + 1, total=total)


def settings_text(room: Room, lang: str) -> str:
    """The room's settings, one per line; rule options by name in the reader's language."""
    shown = {k: v for k, v in room.options.items() if k != "players"
             and not (k == "dummy_visible" and room.options.get("players") != 2)}
    options = t("host.list_sep", lang).join(
        f"{option_name(k, lang)}={_option_text(v, lang)}" for k, v in shown.items()) or "-"
    text = t("host.settings.text", lang, game=games.title(room.game, lang),
             stake=room.stake, mode=t(f"host.mode.{room.mode}", lang),
             language=t(f"host.language.{room.lang}", lang),
             options=options)
    text = f"{text}\n{pictures.setting_text(room, lang)}"
    record = registry.module(room.game)
    if record.card_counter:
        text += "\n" + t("host.settings.counter", lang, value=_option_text(room.card_counter, lang))
    if record.forced is not None:  # only a game that can leave a seat a forced pass
        text += "\n" + t("host.settings.auto_pass", lang,
                         value=_option_text(room.auto_pass, lang))
        low, high = room.pass_delay
        text += "\n" + t("host.settings.pass_delay", lang, low=f"{low:g}", high=f"{high:g}")
    return text


def option_name(key: str, lang: str) -> str:
    """A rule option's name in `lang` (the key itself when it has none)."""
    return translate(f"option.{key}", lang) if f"option.{key}" in catalogue() else key


def _option_text(value: Any, lang: str) -> str:
    """A rule option's value as it is typed back (on/off, none), not Python's True/None."""
    if isinstance(value, bool):
        return t("host.option.on" if value else "host.option.off", lang)
    if value is None:
        return t("host.option.none", lang)
    if isinstance(value, str) and f"option.value.{value}" in catalogue():
        return translate(f"option.value.{value}", lang)
    return str(value)
