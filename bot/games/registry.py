"""The one list of games (after RLCard's `register(env_id, entry_point)` and OpenSpiel's
`register_game`): a game name → its `GameModule` record.

Every place that lists games derives from here: the host (names, aliases, specs,
renderers, timers), the referee kinds, the CLI choices, the Telegram shortcuts, the Discord
choices, the competition settings and the tests' parametrisation. An unknown game is an
error (`host.unknown_game`), never a fallback to another game.

Entries are either the record itself or a `"module:attribute"` string naming it, loaded
on first use, so that listing the games imports no engine. The built-in games are the
`register` lines at the end of this module (they fix the order games are listed in; the
first is the default); every other package under `bot/games/` whose `__init__.py` exports
`GameModule` records is found by `discover` and registered after them, so a new game is its
folder alone. The tests keep a game of their own the same way (`tests/games/kept/`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.errors import PaijuError
from bot.i18n import add_messages

SIDES = ("teams", "one_against_rest", "free_for_all")
"""How a game's seats side with each other, for ratings and standings (`GameModule.sides`):
"teams" — partnerships, the seats of one side score alike (打棒子's dealer and partner);
"one_against_rest" — one seat against the others, who score alike (斗地主's landlord);
"free_for_all" — everyone for themselves, each seat its own side (ties are ties)."""

TIMER_CLASSES = ("bid", "arrange", "play")
"""How long a prompt may wait (Settings.timeout_for): quick calls, arrangements, plays."""


def load(entry: Any) -> Any:
    """The object an entry names (`"package.module:attribute"`), or the entry itself."""
    if not isinstance(entry, str):
        return entry
    module_name, sep, attr = entry.partition(":")
    if not sep:
        raise ValueError(f"entry {entry!r} is not 'module:attribute'")
    target: Any = importlib.import_module(module_name)
    for part in attr.split("."):
        target = getattr(target, part)
    return target


@dataclass(frozen=True, slots=True)
class GameModule:
    """Everything the host, the adapters and the tools need to know about one game.

    `spec` is the engine (bot.games.base.GameSpec); `renderer` a callable from the room's
    options to the game's chat text (bot.games.text.Renderer); both may be
    entry strings.
    """

    name: str
    spec: Any
    names: Mapping[str, str]  # display name per language ("en", "zh")
    renderer: Any = "bot.games.text:GameText"  # the game's text; the default reads any game
    pictures: Any = "bot.games.pictures:GamePictures"  # what its pictures draw (an instance,
    # a class, or their entry)
    web: Any = "bot.games.web:GameWeb"  # how its replay steps and live table are drawn
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # words per language
    i18n_prefix: str = ""  # the catalogue area of the engine's reasons and events ("ddz.")
    prompt_kinds: Mapping[str, str] = field(default_factory=dict)  # action verb → prompt kind
    timers: Mapping[str, str] = field(default_factory=dict)  # prompt kind → timer class
    sides: str = "free_for_all"  # how its seats side (SIDES): ratings rate side against side
    # one_against_rest: the role of the seat alone against the others (斗地主's landlord);
    # people's hands in it are counted apart, for the alone-role win-rate board ("" none)
    alone_role: str = ""
    competition_seats: int | None = None  # players per competition table; None: no cups
    competition_teams: int = 0  # its seats play in teams of this many (seat i for team
    # i mod seats/teams): its competitions are partnership knockouts (bot.tournament.pairs)
    # Its own competition texts as presets (`/cup new … preset=<name>`): (name, the sheet's
    # title, settings as `key=value` pairs); the game is set to it. Each needs a catalogue
    # line `cup.preset.<name>` saying what it plays.
    cup_presets: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = ()
    rules_key: str = ""  # the catalogue key of the rules page
    referee: Mapping[str, str] = field(default_factory=dict)  # `judge` kind → line function
    judge: Any = None  # `/judge` in a chat: (text, lang) → text; None: not offered
    shortcuts: tuple[str, ...] = ()  # slash commands that open a room of this game
    public_cards: tuple[str, ...] = ()  # public-view keys whose cards the rules show while
    # someone still holds them (the bottom, 明牌); anywhere else a held card is a leak
    messages: Any = field(default_factory=dict)  # its own catalogue (or the entry naming it)
    warm_up: Any = None  # a function (or its entry) building the engine's tables at start-up
    # (state, seat) → the one action left to a seat with nothing to decide (斗地主's 要不起
    # pass), else None; a function or its entry. None: the game never leaves a seat so.
    forced: Any = None
    # (state, seat) → the action a seat's time-out takes instead of the AI's (a rule's
    # sanction for not acting: 斗地主's forced bid left unmade), else None; a function or its
    # entry. None: a time-out always plays the AI's choice.
    lapse: Any = None
    # (state, seat, rng) → the action a person's seat plays in 托管 or on a time-out when the
    # game's strongest level is not what its AI seats play (斗地主 at an easy or normal table),
    # else None; a function or its entry. None: the AI seats' choice.
    stand_in: Any = None
    # event kind → the picture its announcement carries ("shown": the cards shown apart,
    # e.g. 斗地主's bottom once the landlord takes it); the result card goes with every result
    picture_events: Mapping[str, str] = field(default_factory=dict)
    # Competitions: the sheet scorings and formats beyond the zero-sum score it offers
    # (bot.games.cups.CUP_EXTRAS), and the entry of its hand summary for them
    card_counter: bool = False  # the game has a 记牌器 (its text's `counter_line`)
    # Achievements in its own words: (state, outcome) → per seat what a finished hand awards
    # (a function or its entry; None: none), its catalogue's `<i18n_prefix>.achievement.<key>`
    # naming each; and role → (achievement, wins in a row) for a winning streak in a role.
    achievements: Any = None
    streaks: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    cup_extras: tuple[str, ...] = ()
    cup_hand: Any = None
    # Partnership competitions: (public view) → per seat, whether its side won the hand (a
    # function or its entry; None: none). A table's teams level on points after its
    # regulation hands are then ordered by hands won before extra hands are played.
    cup_winners: Any = None
    # Replays that teach: (game, options, seed, result, actions, people, own) → the strong
    # AI's rating of each decision people made (a function or its entry; None: not offered)
    teach: Any = None
    # The daily 残局 (`/puzzle`): an object with `daily(day)`, `check(puzzle, answer)`,
    # `text(puzzle, lang)` and `solution(puzzle, lang)` (or its entry; None: none offered)
    puzzle: Any = None

    def display_name(self, lang: str) -> str:
        """The game's name in a language (English when the language has none)."""
        return self.names.get(lang) or self.names["en"]

    def words(self) -> tuple[str, ...]:
        """Every word that names this game: its name and its aliases in every language."""
        return (self.name, *(word for words in self.aliases.values() for word in words))

    def prompt_kind(self, actions: list[str]) -> str:
        """The kind of decision these legal actions ask for ("play" unless a verb says)."""
        for action in actions:
            kind = self.prompt_kinds.get(action.split(" ", 1)[0])
            if kind is not None:
                return kind
        return "play"

    def timer_class(self, prompt_kind: str) -> str:
        """The timer class of a prompt kind ("play" unless the game says otherwise)."""
        return self.timers.get(prompt_kind, "play")


_ENTRIES: dict[str, Any] = {}
_LOADED: dict[str, GameModule] = {}
_SPECS: dict[str, Any] = {}
_RENDERERS: dict[str, Callable[[Mapping[str, Any] | None], Any]] = {}
_FORCED: dict[str, Callable[[Any, int], str | None]] = {}
_HOOKS: dict[tuple[str, str], Any] = {}


def register(name: str, entry: GameModule | str) -> None:
    """Add a game; registering a name twice is a mistake and raises."""
    if name in _ENTRIES:
        raise ValueError(f"game {name!r} is registered already")
    if isinstance(entry, GameModule) and entry.name != name:
        raise ValueError(f"record {entry.name!r} registered as {name!r}")
    _ENTRIES[name] = entry


def discover(package: str) -> tuple[str, ...]:
    """Register every game found in the packages directly under `package` (`"bot.games"`):
    each `GameModule` its `__init__.py` exports, in the order it defines them, as the entry
    `"<package>.<folder>:<attribute>"`. A folder some registered entry already points into
    is left alone (not even imported: the built-in games' lines name theirs). The names
    registered, in order."""
    found: list[str] = []
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        name = f"{package}.{info.name}"
        if any(isinstance(e, str) and e.partition(":")[0].split(".")[:name.count(".") + 1]
               == name.split(".") for e in _ENTRIES.values()):
            continue
        folder = importlib.import_module(name)
        seen: set[int] = set()
        for attr, value in vars(folder).items():
            if isinstance(value, GameModule) and id(value) not in seen:
                seen.add(id(value))
                register(value.name, f"{name}:{attr}")  # a name taken already raises
                found.append(value.name)
    return tuple(found)


def unregister(name: str) -> None:
    """Remove a game (tests that register a toy game put it away again)."""
    _ENTRIES.pop(name, None)
    _LOADED.pop(name, None)
    _SPECS.pop(name, None)
    _RENDERERS.pop(name, None)
    _FORCED.pop(name, None)
    for key in [key for key in _HOOKS if key[0] == name]:
        del _HOOKS[key]


def entry(name: str) -> GameModule | str:
    """A game's registry entry as registered (its record, or the entry naming it)."""
    if name not in _ENTRIES:
        raise PaijuError("host.unknown_game", game=name, games=", ".join(_ENTRIES))
    return _ENTRIES[name]  # type: ignore[no-any-return]


def ensure(name: str, found: GameModule | str) -> None:
    """Register a game under an entry another process gave, unless it is here already (a
    worker process starts with the built-in games only)."""
    if name not in _ENTRIES:
        register(name, found)


def names() -> tuple[str, ...]:
    """Every registered game, in registration order."""
    return tuple(_ENTRIES)


def module(name: str) -> GameModule:
    """The record of a game by its exact name; raises `host.unknown_game` otherwise."""
    record = _LOADED.get(name)
    if record is not None:
        return record
    if name not in _ENTRIES:
        raise PaijuError("host.unknown_game", game=name, games=", ".join(_ENTRIES))
    record = load(_ENTRIES[name])
    if not isinstance(record, GameModule) or record.name != name:
        raise ValueError(f"entry of {name!r} is not its GameModule record")
    if record.messages:
        add_messages(load(record.messages))
    _LOADED[name] = record
    return record


def modules() -> tuple[GameModule, ...]:
    """Every registered game's record, in registration order."""
    return tuple(module(name) for name in _ENTRIES)


def spec(name: str) -> Any:
    """The engine of a game (bot.games.base.GameSpec)."""
    found = _SPECS.get(name)
    if found is None:
        found = _SPECS[name] = load(module(name).spec)
    return found


def renderer(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """The chat text of a game for a room's options (bot.games.text.Renderer)."""
    factory = _RENDERERS.get(name)
    if factory is None:  # looked up once: every view asks for it
        factory = _RENDERERS[name] = load(module(name).renderer)
    text = factory(options)
    if not getattr(text, "i18n_prefix", "x"):  # the defaults' catalogue area: the game's
        text.i18n_prefix = module(name).i18n_prefix
    return text


def _hooks(name: str, part: str) -> Any:
    """A record's hook object (`pictures`, `web`): its entry loaded once, a class made."""
    found = _HOOKS.get((name, part))
    if found is None:
        found = load(getattr(module(name), part))
        if isinstance(found, type):
            found = found()
        _HOOKS[(name, part)] = found
    return found


def pictures(name: str) -> Any:
    """What a game's pictures draw (bot.games.pictures.GamePictures)."""
    return _hooks(name, "pictures")


def web(name: str) -> Any:
    """How a game's replay steps and live table are drawn (bot.games.web.GameWeb)."""
    return _hooks(name, "web")


def default_game() -> str:
    """The game a room opens with when none is named: the first registered."""
    return next(iter(_ENTRIES))


def aliases() -> dict[str, str]:
    """Every word that names a game (folded to lower case) → the game."""
    return {word.lower(): record.name for record in modules() for word in record.words()}


def resolve(text: str) -> str:
    """The game a word means ("ddz", "田忌赛马", "tianji-duel"); raises on an unknown word."""
    word = text.strip().lower()
    found = aliases().get(word)
    if found is None:
        raise PaijuError("host.unknown_game", game=text.strip(), games=", ".join(_ENTRIES))
    return found


def forced_action(name: str, state: Any, seat: int) -> str | None:
    """The one action open to `seat` when they have nothing to decide (要不起: the pass),
    or None when they have a choice (or the game never forces one)."""
    found = _FORCED.get(name)
    if found is None:
        entry = module(name).forced
        found = _FORCED[name] = load(entry) if entry is not None else _no_forced_action
    return found(state, seat)  # type: ignore[no-any-return]


def _no_forced_action(state: Any, seat: int) -> None:
    return None


def lapse_action(name: str, state: Any, seat: int) -> str | None:
    """The action `seat`'s time-out takes instead of the AI's choice, or None (the AI's)."""
    entry = module(name).lapse
    return None if entry is None else load(entry)(state, seat)  # type: ignore[no-any-return]


def stand_in_action(name: str, state: Any, seat: int, rng: Any) -> str | None:
    """The action a person's seat plays in 托管 or on a time-out, or None (the AI's)."""
    entry = module(name).stand_in
    return None if entry is None else load(entry)(state, seat, rng)  # type: ignore[no-any-return]


def achievements(name: str, state: Any, outcome: Any) -> tuple[tuple[str, ...], ...]:
    """Per seat, the achievements a finished hand awards (none unless the game says)."""
    entry = module(name).achievements
    if entry is None:
        return tuple(() for _ in outcome.scores)
    return load(entry)(state, outcome)  # type: ignore[no-any-return]


def teacher(name: str) -> Callable[..., dict[str, Any]] | None:
    """The function that rates the decisions of a finished hand of a game, or None."""
    entry = module(name).teach
    return None if entry is None else load(entry)  # type: ignore[no-any-return]


def puzzle_game() -> str | None:
    """The first registered game that sets a daily puzzle (`/puzzle`), or None."""
    return next((record.name for record in modules() if record.puzzle is not None), None)


def puzzles(name: str) -> Any:
    """A game's daily puzzles (its record's `puzzle` object, loaded once)."""
    return _hooks(name, "puzzle")


def warm_up() -> None:
    """Build every game's lookup tables now (at start-up, not inside the first hand)."""
    for record in modules():
        if record.warm_up is not None:
            load(record.warm_up)()


def referee_kinds() -> dict[str, str]:
    """Every `python -m bot judge` kind → its line function's entry."""
    return {kind: entry for record in modules() for kind, entry in record.referee.items()}


def competition_games() -> dict[str, int]:
    """The games a competition may use → players per table."""
    return {record.name: record.competition_seats for record in modules()
            if record.competition_seats}


register("doudizhu3", "bot.games.doudizhu:DOUDIZHU3")
register("doudizhu2", "bot.games.doudizhu:DOUDIZHU2")
register("tianji", "bot.games.tianji:TIANJI")
register("tianji-duel", "bot.games.tianji:TIANJI_DUEL")
register("dabangzi", "bot.games.dabangzi:DABANGZI")
discover(__name__.rpartition(".")[0])  # any other game: its folder is enough
