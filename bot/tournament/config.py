"""A competition's settings (RULES.md §4): game, hands, advancement, tie-breaks, scoring.

A `CupConfig` is an immutable value checked once when the organiser creates the
competition; the rest of the package trusts it. Times are seconds (epoch seconds for
`signup_until`, durations for the rest).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.errors import PaijuError
from bot.games import registry
from bot.tournament import league
from bot.tournament.presets import preset
from bot.tournament.schedule import ROUND_ROBIN_SIZES, single_round_robin


def competition_games() -> dict[str, int]:
    """The games a competition may use, with their table size (read from the registry each
    time: a game registered after start-up is there too)."""
    return registry.competition_games()


def game_aliases() -> dict[str, str]:
    """Every word that names a competition game → the game."""
    games = competition_games()
    return {word: game for word, game in registry.aliases().items() if game in games}
SCORINGS = ("points", "beans", "first_to", "wins", "activity")
HAND_SCORINGS = ("points", "wins", "activity")  # a fixed number of hands per table
FORMATS = ("table", "overall", "league", "duplicate", "pairs")  # top k of each table | best
# N of a stage | teams | the same deals at every table (复式赛, bot.tournament.duplicate) |
# a knockout of partnerships (bot.tournament.pairs)

FINAL_TIES = ("share", "play")  # equal places after first are shared (the sheet) | played off
TIES = ("play", "earlier_stage")  # a tie at a table: extra hands | the earlier stage's score
FINALS = ("table", "round_robin")  # one final table | every finalist meets every other

DEFAULT_HANDS = 9  # the sheets play 9 or 10 hands a table
DEFAULT_BEAN_TIME = 3600.0  # the sheet: 15 beans, one hour
DEFAULT_FIRST_TO_TIME = 1800.0  # the sheet: 30 points or 30 minutes


@dataclass(frozen=True, slots=True)
class CupConfig:
    """Everything an organiser chooses; defaults follow RULES.md §4 and the sheets."""

    game: str = field(default_factory=registry.default_game)
    hands: int | None = None  # regulation hands per table (None: 9 in points mode; in the
    # timed modes, no cap: until the time, the beans or the target ends the table)
    final_hands: int | None = None  # hands at the final table (None: same as `hands`)
    advance: int = 1  # k: how many go on from each table (format "table")
    format: str = "table"
    quotas: tuple[int, ...] = ()  # format "overall": how many go on from stage 1, 2, ...
    tie_hands: int = 1  # extra hands per tie-break round, repeated until the tie is broken
    scoring: str = "points"
    beans: int = 15  # bean mode: beans each player starts every stage with
    target: int = 30  # first-to-N: the score that ends a table
    time_limit: float | None = None  # seconds a table may run (bean and first-to modes)
    untimed: bool = False  # `time=none`: no time limit, not even the timed modes' default
    start_window: float = 300.0  # seconds to check in at a table before 不到者视为弃权
    signup_until: float | None = None  # sign-up closes by itself then (None: organiser)
    final_ties: str = "play"  # RULES §4: ties after the final are broken by extra hands
    win_points: bool = False  # the activity sheet: 2 / 1 a win, doubled per bomb, no losses
    event_bonus: bool = False  # the activity sheet: bonuses for bombs, rockets and wins
    prizes: tuple[int, ...] = (3, 2, 1)  # cup points for 1st, 2nd, 3rd
    max_entrants: int | None = None
    preset: str | None = None  # the sheet format it was made from (bot.tournament.presets)
    stage_times: tuple[float, ...] = ()  # per-stage time limits (the final takes the last)
    ties: str = "play"
    base_points: int = 0  # every player starts each stage with this (每人基础分30分)
    merit: int = 0  # 优秀奖: places for the next K below the podium
    stages: int | None = None  # fixed rounds: the last one is the final, however many
    final_halves: int = 1  # 2: the final's hands in two halves, re-drawn at half time
    final: str = "table"
    final_size: int | None = None  # round-robin final: how many meet in it
    ai_seats: int = 0  # duplicate: AI seats drawn with the people (to fill the tables)
    options: dict[str, Any] = field(default_factory=dict)  # rule options of the tables

    @property
    def zero_sum(self) -> bool:
        """Every hand's scores sum to zero (the §1.5 settlement, no sheet options)."""
        return not (self.win_points or self.event_bonus
                    or self.scoring in ("wins", "activity"))

    @property
    def team_size(self) -> int:
        """Members of a team (0: entrants play for themselves)."""
        if self.format == "league":
            return league.TEAM_SIZE
        if self.format == "pairs":
            return registry.module(self.game).competition_teams
        return 0

    @property
    def table_size(self) -> int:
        """Players per table: three, or two for the two-player game."""
        return competition_games()[self.game]

    def hands_for(self, final: bool) -> int | None:
        """Regulation hands at a stage table or at the final table (one half of it when the
        final is played in halves)."""
        if final and self.final_hands is not None:
            return self.final_hands // self.final_halves
        return self.hands

    def time_for(self, stage: int, final: bool) -> float | None:
        """The time limit of a stage's tables: `stage_times` by stage (the final takes the
        last one, as the sheet's 决赛：游戏时间为25分钟), else `time_limit`."""
        if self.stage_times:
            if final:
                return self.stage_times[-1]
            if stage <= len(self.stage_times):
                return self.stage_times[stage - 1]
        return self.time_limit

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        data = asdict(self)
        data["quotas"] = list(self.quotas)
        data["prizes"] = list(self.prizes)
        data["stage_times"] = list(self.stage_times)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CupConfig:
        """Inverse of to_dict."""
        values = dict(data)
        values["quotas"] = tuple(values.get("quotas", ()))
        values["prizes"] = tuple(values.get("prizes", (3, 2, 1)))
        values["options"] = dict(values.get("options", {}))
        values["stage_times"] = tuple(values.get("stage_times", ()))
        return cls(**values)


def _bad(key: str, value: object) -> PaijuError:
    return PaijuError("cup.err.bad_setting", setting=key, value=str(value))


def checked(config: CupConfig) -> CupConfig:
    """The config with mode-dependent defaults filled in; raises on any bad value."""
    if config.game not in competition_games():
        raise _bad("game", config.game)
    if config.scoring not in SCORINGS:
        raise _bad("scoring", config.scoring)
    if config.format not in FORMATS:
        raise _bad("format", config.format)
    if config.final_ties not in FINAL_TIES:
        raise _bad("final_ties", config.final_ties)
    if config.ties not in TIES:
        raise _bad("ties", config.ties)
    if config.final not in FINALS:
        raise _bad("final", config.final)
    if config.merit < 0 or config.merit > 100:
        raise _bad("merit", config.merit)
    if config.stages is not None and not 1 <= config.stages <= 10:
        raise _bad("stages", config.stages)
    if config.final_halves not in (1, 2):
        raise _bad("halves", config.final_halves)
    if config.final_halves > 1 and config.final_hands is not None \
            and (config.final_hands < config.final_halves
                 or config.final_hands % config.final_halves):
        # 18局制分上下两个回合…每个回合9局: the final's hands split evenly into its halves.
        raise PaijuError("cup.err.halves_split", hands=config.final_hands,
                         halves=config.final_halves)
    if any(s <= 0 for s in config.stage_times):
        raise _bad("times", ",".join(str(round(s / 60)) for s in config.stage_times))
    if config.final == "round_robin":
        seats = competition_games()[config.game]
        size = config.final_size or seats
        if size < seats or size > 12:
            raise _bad("final_size", size)
        # 单循环: every finalist meets every other once, all playing as many hands. At tables
        # of three only 3, 7 or 9 finalists can; the overall cut sends exactly such a number.
        if seats > 2 and config.format != "overall":
            raise PaijuError("cup.err.round_robin_format")
        wrong = [q for q in config.quotas if q <= size and not single_round_robin(q, seats)]
        if wrong:
            raise PaijuError("cup.err.round_robin_size", count=wrong[0],
                             sizes=", ".join(map(str, ROUND_ROBIN_SIZES)))
    time_limit = config.time_limit
    hands = config.hands
    if config.untimed:
        time_limit = None
    if config.scoring not in HAND_SCORINGS or config.stage_times:
        if time_limit is None and not config.untimed and not config.stage_times:
            time_limit = DEFAULT_BEAN_TIME if config.scoring == "beans" else DEFAULT_FIRST_TO_TIME
    elif hands is None:
        hands = DEFAULT_HANDS
    for key, value in (("hands", hands), ("final_hands", config.final_hands)):
        if value is not None and not 1 <= value <= 100:
            raise _bad(key, value)
    if not 1 <= config.advance < competition_games()[config.game]:
        raise _bad("advance", config.advance)
    if not 1 <= config.tie_hands <= 10:
        raise _bad("tie_hands", config.tie_hands)
    if any(q < 1 for q in config.quotas):
        raise _bad("quotas", ",".join(map(str, config.quotas)))
    if config.beans < 1:
        raise _bad("beans", config.beans)
    if config.target < 1:
        raise _bad("target", config.target)
    if time_limit is not None and time_limit <= 0:
        raise _bad("time", time_limit)
    if config.start_window < 0:
        raise _bad("window", config.start_window)
    if any(p < 0 for p in config.prizes):
        raise _bad("prizes", ",".join(map(str, config.prizes)))
    if config.max_entrants is not None and config.max_entrants < competition_games()[config.game]:
        raise _bad("max", config.max_entrants)
    if not 0 <= config.ai_seats <= 30 or (config.ai_seats and config.format != "duplicate"):
        raise _bad("ai", config.ai_seats)
    if config.format == "duplicate" and (config.scoring not in HAND_SCORINGS
                                         or config.stage_times or time_limit is not None):
        # Every table plays deal k once: a time or a bean stack would end tables unequally.
        raise PaijuError("cup.err.duplicate_hands")
    extras = registry.module(config.game).cup_extras
    partners = registry.module(config.game).competition_teams
    if (config.format == "pairs") != bool(partners):
        # A partnership game's seats are teams: its competitions are knockouts of teams
        # (打棒子: 单淘汰制, 自由组队); a knockout of teams needs a game played in teams.
        raise PaijuError("cup.err.pairs_only" if partners else "cup.err.pairs_game",
                         game=config.game)
    if partners:
        if config.scoring != "points" or config.stages is not None \
                or config.final != "table" or config.final_halves != 1:
            raise _bad("format", config.format)
        hands = config.hands or 1  # a match a table unless the organiser says more
    if config.format == "league":
        # The 工会 sheet: teams of three at the three-player game, each deal one table.
        if "league" not in extras or config.scoring != "points":
            raise _bad("format", config.format)
        hands = 1
    # The activity sheet's scores are for three players, and are not zero-sum: no beans.
    for key, on in (("win_points", config.win_points), ("event_bonus", config.event_bonus)):
        if on and (key not in extras or config.scoring not in ("points", "first_to")):
            raise _bad(key, "on")
    if config.scoring == "activity" and "activity" not in extras:
        raise _bad("scoring", config.scoring)
    return replace(config, time_limit=time_limit, hands=hands)


def _number(key: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise _bad(key, text) from None


def _minutes(key: str, text: str) -> float | None:
    folded = text.strip().lower()
    if folded in ("none", "off", "无"):
        return None
    try:
        return float(folded) * 60.0
    except ValueError:
        raise _bad(key, text) from None


def _numbers(key: str, text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace("/", ",").replace(" ", ",").split(",") if p]
    return tuple(_number(key, p) for p in parts)


def parse_settings(changes: dict[str, str], now: float,
                   base: CupConfig | None = None) -> CupConfig:
    """A checked config from `key=value` texts, as an organiser types them.

    Keys: preset (a sheet's format, bot.tournament.presets; the other keys override it),
    game, hands, final_hands, advance, format (table|overall), quotas ("9,3"), tie_hands,
    scoring (points|beans|first_to|wins|activity), beans, target, time (minutes), times
    (minutes per stage, "15,20,25"), window (minutes to check in), signup (minutes from
    now), final_ties (share|play), ties (play|earlier_stage), base (基础分), merit (优秀奖
    places), stages (fixed rounds), halves (1|2), final (table|round_robin), final_size,
    prizes ("3,2,1"), max, win_points, event_bonus (on|off); anything else is a rule option
    of the tables ("bidding=grab").
    """
    config = base or CupConfig()
    changes = dict(changes)
    named = next((k for k in changes if k.strip().lower() == "preset"), None)
    if named is not None:
        from_sheet = preset(changes.pop(named))
        config = parse_settings(dict(from_sheet.settings), now, config)
        config = replace(config, preset=from_sheet.name)
    options = dict(config.options)
    values: dict[str, Any] = {}
    for raw_key, text in changes.items():
        key = raw_key.strip().lower()
        if key == "game":
            name = text.strip().lower()
            values["game"] = game_aliases().get(name, name)
        elif key in ("hands", "final_hands"):
            folded = text.strip().lower()
            values[key] = None if folded in ("none", "off", "无") else _number(key, text)
        elif key in ("advance", "tie_hands", "beans", "target", "max", "base", "merit",
                     "halves", "final_size", "ai"):
            names = {"max": "max_entrants", "base": "base_points", "halves": "final_halves",
                     "ai": "ai_seats"}
            values[names.get(key, key)] = _number(key, text)
        elif key == "stages":
            folded = text.strip().lower()
            values[key] = None if folded in ("none", "off", "无") else _number(key, text)
        elif key == "times":
            values["stage_times"] = tuple(60.0 * m for m in _numbers(key, text))
        elif key in ("win_points", "event_bonus"):
            flag = _option_value(text)
            if not isinstance(flag, bool):
                raise _bad(key, text)
            values[key] = flag
        elif key in ("format", "scoring", "final_ties", "ties", "final"):
            values[key] = text.strip().lower().replace("-", "_")
        elif key in ("quotas", "prizes"):
            values[key] = _numbers(key, text)
        elif key == "time":
            values["time_limit"] = _minutes(key, text)
            values["untimed"] = values["time_limit"] is None
        elif key == "window":
            values["start_window"] = _minutes(key, text) or 0.0
        elif key == "signup":
            minutes = _minutes(key, text)
            values["signup_until"] = None if minutes is None else now + minutes
        else:
            options[key] = _option_value(text)
    return checked(replace(config, options=options, **values))


def _option_value(text: str) -> Any:
    folded = text.strip().lower()
    if folded in ("on", "true", "yes", "开", "是"):
        return True
    if folded in ("off", "false", "no", "关", "否"):
        return False
    try:
        return int(folded)
    except ValueError:
        return text.strip()
