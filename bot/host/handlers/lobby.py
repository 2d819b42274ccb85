"""Rooms and seats: open a room, join, leave, AI seats, start and rematch, settings, close."""

from __future__ import annotations

import secrets
from functools import cache
from typing import TYPE_CHECKING, Any

from bot.errors import NoRoom, NotSeated, PaijuError
from bot.fairness import SEED_BITS, mixed_seed
from bot.host import commands as cmd
from bot.host import games
from bot.host.change import Change
from bot.host.handlers.fairness import player_seed
from bot.host.handlers.play import next_deadline
from bot.host.handlers.settle import finish_game
from bot.host.presentation import present
from bot.host.room import PASS_DELAY_LIMIT, Room, Seat, room_id_for
from bot.host.views import Phase, Reply, Status
from bot.i18n import LANGUAGES, catalogue
from bot.i18n.bidi import isolate
from storage.records import GameStart

if TYPE_CHECKING:
    from bot.host.context import HandlerContext

OPEN_PHASES = (Phase.LOBBY, Phase.OVER)
POINTS_STAKE = 1  # RULES §1.6: room stake 1 at points tables
MAX_STAKE = 1_000_000  # stake × the largest multiplier stays far inside a ledger integer


def _may_manage(room: Room, player: int, actor: cmd.Actor) -> None:
    if room.owner != player and not actor.is_admin:
        raise PaijuError("host.not_owner")


def _not_running(room: Room) -> None:
    if room.phase is Phase.PLAYING:
        raise PaijuError("host.game_running")


def _reopen(room: Room) -> None:
    """Seats or rules change after a hand: back to the lobby, the finished hand put away
    (its seat numbers no longer match, so nobody's view may read it)."""
    if room.phase is Phase.OVER:
        room.phase = Phase.LOBBY
        room.state = None
        room.deadline = None


async def _check_free(host: HandlerContext, player: int, room_id: str) -> None:
    elsewhere = host.seated.get(player)
    if elsewhere is not None and elsewhere != room_id:
        raise PaijuError("host.seated_elsewhere")


async def _check_not_barred(host: HandlerContext, player: int, community: int | None) -> None:
    """Refuse a seat to a person an admin barred from this community's tables (handlers/
    admin.py)."""
    if community is not None and await host.store.is_barred(community, player):
        raise PaijuError("admin.barred")


async def _check_beans(host: HandlerContext, player: int, stake: int, mode: str) -> None:
    if mode != "beans":
        return
    have = await host.beans(player)
    if have < stake:
        settings = host.settings
        if settings.daily_relief and have < settings.relief_threshold:
            # still broke after `beans` looked: today's 低保 is claimed; say when the next is
            raise PaijuError("host.not_enough_beans_today", need=stake, have=have,
                             relief=settings.daily_relief)
        raise PaijuError("host.not_enough_beans", need=stake, have=have)


async def new_room(host: HandlerContext, command: cmd.NewRoom) -> Reply:
    """Open a room at the command's place; the sender sits at seat 0."""
    place = command.place
    if place is None:
        raise PaijuError("host.need_channel")
    game = games.game_name(command.game)
    spec = games.spec(game)
    mode = command.mode or host.settings.mode
    given = dict(command.options)
    if mode not in ("beans", "points"):  # `/new <game> mode=laizi`: the game's mode option
        given[_mode_option(spec, mode)], mode = mode, host.settings.mode
    options = spec.validate_options(given)
    # RULES §1.6: a points table's stake is 1 unless chosen; a bean table's is the room's.
    default = host.settings.stake if mode == "beans" else POINTS_STAKE
    stake = default if command.stake is None else command.stake
    if not 1 <= stake <= MAX_STAKE:
        raise PaijuError("host.bad_stake", value=stake, most=MAX_STAKE)
    player = await host.player_id(command.actor)
    community = await host.community_id(place)
    room_id = room_id_for(place)
    await _check_free(host, player, room_id)
    await _check_not_barred(host, player, community)
    await _check_beans(host, player, stake, mode)
    actor = command.actor

    async def build(before: Room | None) -> Change:
        if before is not None and before.phase is Phase.PLAYING:
            raise PaijuError("host.room_busy")
        counter = before.counter + 1 if before is not None else 1
        room = Room(
            room_id=room_id, place=place, game=game, options=options, stake=stake, mode=mode,
            lang=actor.lang, owner=player, community_id=community,
            seats=[Seat(False, actor.name, player, actor.user_id, actor.lang)],
            counter=counter, hands=await hands_dealt(host, room_id, before),
            prompt_since=[counter], links_epoch=fresh_links_epoch(),
            channel_links=before.channel_links if before is not None else 0,
            # the first hand's server seed, committed from now (players' seeds come later)
            next_seed=host.rng.getrandbits(SEED_BITS),
        )
        return Change(room, "host.room_opened", {"game": game}, privates={0}, actor_seat=0,
                      check_reach=True)

    return await host.change(room_id, actor, build)


async def join(host: HandlerContext, command: cmd.Join) -> Reply:
    """Take the next free seat (between hands too)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command)
    await _check_free(host, player, room.room_id)
    if room.seat_of(player) is not None:
        raise PaijuError("host.already_seated")
    await _check_not_barred(host, player, room.community_id)
    await _check_beans(host, player, room.stake, room.mode)
    actor = command.actor

    async def build(before: Room | None) -> Change:
        if before is None or before.phase is Phase.CLOSED:
            raise PaijuError("host.room_gone")
        if before.phase not in OPEN_PHASES:
            raise PaijuError("host.game_running")
        if before.seat_of(player) is not None:
            raise PaijuError("host.already_seated")
        if len(before.seats) >= before.spec.max_players:
            raise PaijuError("host.room_full", seats=before.spec.max_players)
        room = before.copy()
        room.counter += 1
        _reopen(room)
        room.seats.append(Seat(False, actor.name, player, actor.user_id, actor.lang))
        room.prompt_since.append(room.counter)
        if room.owner is None:
            room.owner = player
        seat = len(room.seats) - 1
        return Change(room, "host.joined", {"seat": seat + 1}, privates={seat},
                      actor_seat=seat, check_reach=True)

    return await host.change(room.room_id, actor, build)


async def leave(host: HandlerContext, command: cmd.Leave) -> Reply:
    """Leave the seat; in a running hand: the escape penalty (斗地主 option) or 托管 to the end."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)

    async def build(before: Room | None) -> Change:
        if before is None:
            raise NoRoom()
        seat = before.seat_of(player)
        if seat is None:
            raise NotSeated()
        room = before.copy()
        room.counter += 1
        if before.phase is Phase.PLAYING:
            return await _leave_running(host, before, room, seat, command.confirmed)
        _reopen(room)
        del room.seats[seat]
        room.prompt_since = [room.counter] * len(room.seats)
        people = [s for s in room.seats if s.player_id is not None]
        if not people:
            room.phase, room.seats, room.prompt_since = Phase.CLOSED, [], []
            return Change(room, "host.left_closed")
        if room.owner == player:
            room.owner = people[0].player_id
        return Change(room, "host.left")

    return await host.change(room.room_id, command.actor, build)


async def _leave_running(host: HandlerContext, before: Room, room: Room, seat: int,
                         confirmed: bool) -> Change:
    assert before.state is not None
    outcome = before.spec.leave(before.state, seat)
    if outcome is not None:
        player = before.seats[seat].player_id
        if not confirmed and player not in before.escape_warned:
            # RULES §1.5: "you will lose N — leave?"; the next Leave of this hand confirms.
            warned = before.copy()
            warned.escape_warned = (*before.escape_warned, player)
            penalty = -min(outcome.scores) * before.stake
            key = f"host.confirm_escape.{before.place.platform}"  # how to confirm there
            return Change(warned, key if key in catalogue() else "host.confirm_escape",
                          {"amount": penalty}, ok=False, table=False)
        room.seats[seat].leaving = True
        change = Change(room, "host.left_escaped")
        await finish_game(host, room, change, outcome)
        # The notice names the seat as the finished game had it (seats move up after).
        change.notes.append(("host.escaped", {"result_seat": seat}))
        return change
    room.seats[seat].auto = True
    room.seats[seat].leaving = True
    return Change(room, "host.left_auto", privates={seat})


def _may_arrange(before: Room | None, player: int, actor: cmd.Actor) -> Room:
    """Raises unless `player` may seat AI players or deal here: a room not playing, in which
    they sit (or they are an admin)."""
    if before is None:
        raise NoRoom()
    _not_running(before)
    if before.seat_of(player) is None and not actor.is_admin:
        raise NotSeated()
    return before


async def add_ai(host: HandlerContext, command: cmd.AddAI) -> Reply:
    """Seat an AI player."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)

    async def build(before: Room | None) -> Change:
        before = _may_arrange(before, player, command.actor)
        if len(before.seats) >= before.spec.max_players:
            raise PaijuError("host.room_full", seats=before.spec.max_players)
        room = before.copy()
        room.counter += 1
        _reopen(room)
        taken = {s.name for s in room.seats if s.is_ai}
        number = next(n for n in range(1, 100) if str(n) not in taken)
        room.seats.append(Seat(True, str(number)))
        room.prompt_since.append(room.counter)
        return Change(room, "host.ai_added")

    return await host.change(room.room_id, command.actor, build)


async def remove_ai(host: HandlerContext, command: cmd.RemoveAI) -> Reply:
    """Remove an AI seat (the last one unless a seat is named)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)

    async def build(before: Room | None) -> Change:
        before = _may_arrange(before, player, command.actor)
        ai_seats = [i for i, s in enumerate(before.seats) if s.is_ai]
        target = command.seat if command.seat in ai_seats else (
            ai_seats[-1] if ai_seats and command.seat is None else None)
        if target is None:
            raise PaijuError("host.no_ai_seat")
        room = before.copy()
        room.counter += 1
        _reopen(room)
        del room.seats[target]
        room.prompt_since = [room.counter] * len(room.seats)
        return Change(room, "host.ai_removed")

    return await host.change(room.room_id, command.actor, build)


async def start(host: HandlerContext, command: cmd.Start | cmd.Rematch) -> Reply:
    """Deal a hand: the first, or the next with the same seats (rematch)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)

    async def build(before: Room | None) -> Change:
        before = _may_arrange(before, player, command.actor)
        spec = before.spec
        if len(before.seats) < spec.min_players:
            raise PaijuError("host.not_enough_players", need=spec.min_players,
                             have=len(before.seats))
        if len(before.seats) > spec.max_players:
            raise PaijuError("host.room_full", seats=spec.max_players)
        if before.mode == "beans":
            for seat in before.seats:
                if seat.player_id is not None \
                        and await host.beans(seat.player_id) < before.stake:
                    raise PaijuError("host.player_broke", name=isolate(seat.name),
                                     need=before.stake)
        return deal(host, before)

    return await host.change(room.room_id, command.actor, build)


async def hands_dealt(host: HandlerContext, room_id: str, before: Room | None) -> int:
    """How many hands a room (re)opened over `before` has dealt so far. Game ids are
    `<room_id>-<hand>` and room ids are fixed (by the place, or the competition table): a
    room opened where the snapshot of an earlier one was lost, or left alone as unreadable,
    counts on after the recorded games instead of reusing their ids."""
    if before is not None:
        return before.hands
    return await host.store.hands_recorded(room_id)


def next_dealer(room: Room, seed: int) -> int:
    """Who deals the next game: the finished game's own word (`Outcome.next_dealer`) while
    its seats are still the room's; the table's first hand by lot (第一局抽签: the hand's own
    seed, so the host's random stream is not disturbed); else the seats in turn by the hands
    dealt so far."""
    seats = len(room.seats)
    if room.last_result is None and not room.competition:
        # A competition table (no owner) is seated by the competition's lot already.
        return seed % seats
    result = room.last_result or {}
    following = (result.get("outcome") or {}).get("next_dealer")
    if isinstance(following, int) and len(result.get("seats") or ()) == seats \
            and 0 <= following < seats:
        return following
    return room.hands % seats


def carried(room: Room) -> dict[str, Any] | None:
    """What the finished game hands on to the next (`Outcome.carry`: a 升级 game's levels)
    while its seats are still the room's; None otherwise, and for most games."""
    result = room.last_result or {}
    carry = (result.get("outcome") or {}).get("carry")
    if isinstance(carry, dict) and carry and len(result.get("seats") or ()) == len(room.seats):
        return carry
    return None


def deal(host: HandlerContext, before: Room, seed: int | None = None,
         dealer: int | None = None) -> Change:
    """The change that deals a new game in a room (a given `seed` and `dealer`: the same
    cards as every other table dealt them, as duplicate deals need)."""
    room = before.copy()
    game_id = room.next_game_id()
    if seed is not None:  # a competition's duplicate deal: its own seed, no player's
        server_seed, seeds = seed, ()
    else:  # committed since it was drawn (bot.fairness); the seats' seeds mixed in now
        server_seed = before.next_seed if before.next_seed is not None \
            else host.rng.getrandbits(SEED_BITS)
        seeds = tuple(s.seed for s in room.seats)
    dealt = mixed_seed(game_id, server_seed, seeds)
    carry = carried(before)
    room.state = room.spec.new_game(len(room.seats), room.options, dealt,
                                    dealer=next_dealer(before, dealt) if dealer is None
                                    else dealer, **({"carry": carry} if carry else {}))
    room.seed, room.deal_seed = server_seed, dealt
    room.hand_seeds = seeds if any(seeds) else ()
    room.hands += 1
    room.game_id = game_id
    room.next_seed = host.rng.getrandbits(SEED_BITS)  # the next hand's, committed from now
    room.phase = Phase.PLAYING
    room.counter += 1
    room.actions = 0
    for seat in room.seats:
        seat.own_moves = seat.carried_moves = 0
        seat.own_actions = []
    room.last_result = None
    room.last_play = None
    room.prompt_since = [room.counter] * len(room.seats)
    room.deadline = next_deadline(host, before, room)
    room.warned = False
    room.escape_warned = ()
    start_record = GameStart(
        room.game_id, room.room_id, room.community_id, room.game, dict(room.options), dealt,
        [s.player_id for s in room.seats], room.stake, room.mode, host.clock.now())
    return Change(room, "host.started", game_start=start_record, privates=set(room.people()))


async def table(host: HandlerContext, command: cmd.Table) -> Reply:
    """The table, as a reply (the adapter decides whether to post it again)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)
    view = present.table_view(host, room, lang=command.actor.lang)
    return Reply(True, view.text, "host.table", room.room_id, table=view, status=Status.INFO)


def _option_value(text: str) -> Any:
    folded = text.strip().lower()
    if folded in ("on", "true", "yes", "1", "开", "是"):
        return True
    if folded in ("off", "false", "no", "0", "关", "否"):
        return False
    if folded in ("none", "null", "无"):
        return None
    try:
        return int(folded)
    except ValueError:
        return text.strip()


async def room_settings(host: HandlerContext, command: cmd.RoomSettings) -> Reply:
    """Show the room's settings, or change them (owner or community admin, between hands)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)
    if not command.changes:
        return Reply(True, present.settings_text(room, command.actor.lang), "host.settings",
                     room.room_id, status=Status.INFO)

    keys = {SETTING_WORDS.get(_name_key(key), _name_key(key)) for key in command.changes}
    if keys == {"links"}:
        return await _revoke_links(host, command, room.room_id)
    if keys == {"seed"}:  # a person's own seed (any seated person, any time): not the room's
        text = next(iter(command.changes.values()))
        return await player_seed(host, cmd.Seed(command.actor, command.place, command.room,
                                                text=text))

    async def build(before: Room | None) -> Change:
        if before is None:
            raise NoRoom()
        _may_manage(before, player, command.actor)
        _not_running(before)
        room = before.copy()
        _reopen(room)
        option_changes: dict[str, Any] = {}
        for key, value in command.changes.items():
            apply_setting(room, _name_key(key), value, option_changes)
        room.options = room.spec.validate_options({**room.options, **option_changes})
        if len(room.seats) > room.spec.max_players:
            raise PaijuError("host.room_full", seats=room.spec.max_players)
        room.counter += 1
        # `lang=zh` is answered in Chinese: the table speaks it from now on.
        lang = room.lang if room.lang != before.lang else command.actor.lang
        return Change(room, "host.settings_changed",
                      {"settings": present.settings_text(room, lang)},
                      reply_lang=lang if room.lang != before.lang else None)

    return await host.change(room.room_id, command.actor, build)


REVOKE_WORDS = ("revoke", "撤销", "作废")
CHANNEL_WORDS = ("channel", "频道")


def fresh_links_epoch() -> int:
    """A new table's links epoch: random, so no link of an earlier table in the channel
    (whose room may be gone from storage) opens it."""
    return secrets.randbelow(2**31 - 1) + 1


async def _revoke_links(host: HandlerContext, command: cmd.RoomSettings, room_id: str) -> Reply:
    """`settings links=revoke`: a community admin voids every Watch link posted for this
    table and the channel's link (the next epochs), mid-hand too; the table shows its new
    link at once. `links=channel`: the channel's link, which follows every table there."""
    value = next(iter(command.changes.values())).strip().lower()
    if value not in REVOKE_WORDS + CHANNEL_WORDS:
        raise PaijuError("web.links.bad_value", value=value)
    if not command.actor.is_admin:
        raise PaijuError("web.links.admin_only")
    if value in CHANNEL_WORDS:
        return await _channel_link(host, command, room_id)

    async def build(before: Room | None) -> Change:
        if before is None:
            raise NoRoom()
        room = before.copy()
        room.links_epoch += 1
        room.channel_links += 1 if room.channel_links else 0
        room.counter += 1
        return Change(room, "web.links.revoked", {})

    return await host.change(room_id, command.actor, build)


async def _channel_link(host: HandlerContext, command: cmd.RoomSettings, room_id: str) -> Reply:
    """The channel's Watch link for an admin who asked for it (made on first ask)."""
    links = host.links
    if links is None:
        raise PaijuError("web.links.off")

    async def build(before: Room | None) -> Change:
        if before is None:
            raise NoRoom()
        room = before.copy()
        if not room.channel_links:
            room.channel_links = fresh_links_epoch()
        room.counter += 1
        url = links.url(links.live_path(room_id, room.channel_links, channel=True))
        return Change(room, "web.links.channel", {"url": url}, table=False)

    return await host.change(room_id, command.actor, build)


# Chinese words for the room settings and their values (设置 底注=50 模式=积分 语言=英文)
SETTING_WORDS = {"底注": "stake", "模式": "mode", "语言": "lang", "游戏": "game",
                 "记牌器": "counter", "card_counter": "counter",
                 "自动过": "auto_pass", "要不起自动过": "auto_pass", "autopass": "auto_pass",
                 "auto-pass": "auto_pass",
                 "要不起延迟": "pass_delay", "过牌延迟": "pass_delay", "pass_pace": "pass_delay",
                 "图片": "pictures", "牌图": "pictures", "链接": "links",
                 "种子": "seed", "我的种子": "seed", "my_seed": "seed"}
VALUE_WORDS = {"欢乐豆": "beans", "豆": "beans", "积分": "points", "中文": "zh", "英文": "en",
               "english": "en", "chinese": "zh"}


@cache
def option_words() -> tuple[dict[str, str], dict[str, str]]:
    """Rule options' names (加倍, bomb cap) → keys, and value words (抢地主) → values, in
    every language of the catalogue (bot/i18n/messages/options.py)."""
    names: dict[str, str] = {}
    values: dict[str, str] = {}
    for message, texts in catalogue().items():
        if message.startswith("option.value."):
            for text in texts.values():
                values[text.strip().lower()] = message.removeprefix("option.value.")
        elif message.startswith("option."):
            for text in texts.values():
                names["_".join(text.lower().split())] = message.removeprefix("option.")
    return names, values


ROOM_SETTINGS = ("stake", "mode", "lang", "language", "game", "counter", "pictures",
                 "auto_pass", "pass_delay", "links", "seed")


def _name_key(text: str) -> str:
    """A setting's name as looked up: lower case, words joined by "_" ("bomb cap" →
    "bomb_cap"), so a name shown with spaces is read whether typed with spaces or not."""
    return "_".join(text.strip().lower().split())


@cache
def setting_names() -> frozenset[str]:
    """Every name a setting may be typed by (room settings, rule option keys and their
    names in every language), as `_name_key` gives them."""
    names, _ = option_words()
    return frozenset({*ROOM_SETTINGS, *SETTING_WORDS, *names, *names.values()})


def read_settings(text: str) -> dict[str, str]:
    """`bomb cap=3 first bidder=face-up card` (names and values as the settings list shows
    them, spaces and all) as changes {name: value}; a lone `name value` pair too.

    Between two "=" the words are the last value and the next name: the next name is the
    longest run of final words that names a setting (else the last word alone)."""
    text = text.replace("＝", "=").strip()
    known = setting_names()
    if "=" not in text:
        words = text.split()
        for cut in range(len(words) - 1, 0, -1):  # `bomb cap 3`: the longest known name
            if _name_key(" ".join(words[:cut])) in known:
                return {_name_key(" ".join(words[:cut])): " ".join(words[cut:])}
        return {words[0]: words[1]} if len(words) == 2 else {}
    pieces = text.split("=")
    names = [pieces[0]]
    values = []
    for middle in pieces[1:-1]:
        words = middle.split()
        cut = len(words) - 1
        for start in range(1, len(words)):  # the longest known name, a value word kept
            if _name_key(" ".join(words[start:])) in known:
                cut = start
                break
        values.append(" ".join(words[:cut]))
        names.append(" ".join(words[cut:]))
    values.append(pieces[-1])
    return {_name_key(name): value.strip() for name, value in zip(names, values, strict=True)
            if name.strip()}


def _mode_option(spec: object, value: str) -> str:
    """The game's rule option that `mode=<value>` sets when the value is not beans or
    points (a game may name one, `mode_option`: 斗地主's variant); the game checks the
    value. A game without one refuses the word as a mode."""
    option = getattr(spec, "mode_option", None)
    if option is None:
        raise PaijuError("host.bad_mode", value=value)
    return str(option)


def apply_setting(room: Room, key: str, value: str, option_changes: dict[str, Any]) -> None:
    """Apply one `key=value` to a room copy (game options are collected, checked later)."""
    key = SETTING_WORDS.get(key, key)
    names, values = option_words()
    key = names.get(key, key)
    if key in ("mode", "lang", "language"):
        value = value.strip().lower()
        if key != "mode" and value.endswith(")") and "(" in value:  # 中文(zh), as shown
            value = value.rsplit("(", 1)[1][:-1].strip()
        value = VALUE_WORDS.get(value, value)
    if key == "stake":
        amount = _option_value(value)
        if not isinstance(amount, int) or isinstance(amount, bool) \
                or not 1 <= amount <= MAX_STAKE:
            raise PaijuError("host.bad_stake", value=value, most=MAX_STAKE)
        room.stake = amount
    elif key == "mode":
        if value not in ("beans", "points"):
            option = _mode_option(room.spec, value)
            option_changes[option] = _option_value(values.get(value, value))
            return
        room.mode = value
    elif key in ("lang", "language"):
        if value not in LANGUAGES:
            raise PaijuError("host.bad_language", value=value, languages=", ".join(LANGUAGES))
        room.lang = value
    elif key == "game":
        room.game = games.game_name(value)
        room.options = room.spec.default_options()
    elif key == "counter":
        shown = _option_value(value)
        if not isinstance(shown, bool):
            raise PaijuError("host.bad_counter", value=value)
        room.card_counter = shown
    elif key == "auto_pass":
        on = _option_value(value)
        if not isinstance(on, bool):
            raise PaijuError("host.bad_auto_pass", value=value)
        room.auto_pass = on
    elif key == "pass_delay":
        room.pass_delay = read_pass_delay(value)
    elif key == "pictures":
        shown = _option_value(value)
        if not isinstance(shown, bool):
            raise PaijuError("pictures.bad_setting", value=value)
        room.pictures = shown
    else:
        option_changes[key] = _option_value(values.get(value.strip().lower(), value))


def read_pass_delay(value: str) -> tuple[float, float]:
    """`1-3` (or one number) as a range of multiples of the AI pause; PaijuError if not."""
    low, _, high = value.strip().replace("–", "-").replace("~", "-").partition("-")
    try:
        found = (float(low), float(high or low))
    except ValueError:
        found = (-1.0, -1.0)
    if not 0 <= found[0] <= found[1] <= PASS_DELAY_LIMIT:
        raise PaijuError("host.bad_pass_delay", value=value, limit=f"{PASS_DELAY_LIMIT:g}")
    return found


async def close_room(host: HandlerContext, command: cmd.CloseRoom) -> Reply:
    """Close the room (owner or admin, between hands)."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)

    async def build(before: Room | None) -> Change:
        if before is None:
            raise NoRoom()
        _may_manage(before, player, command.actor)
        _not_running(before)
        room = before.copy()
        room.counter += 1
        room.phase, room.seats, room.prompt_since = Phase.CLOSED, [], []
        return Change(room, "host.closed")

    return await host.change(room.room_id, command.actor, build)

