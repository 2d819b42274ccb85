"""One competition table: who sits there, its check-in, its hands, scores and tie-breaks.

A table plays its regulation hands (or until its time, a broke player or the target ends
it); then, when its goal needs an order the scores do not give (the k-th and (k+1)-th
tied for the cut, or a tie for first at the final), it plays rounds of extra hands
(加赛) until the tie is broken. Extra hands only order the players who were tied: the
regulation score stays the first key, the extra hands' total the second.

A player who does not check in within the start window (不到者视为弃权), or withdraws,
forfeits: the AI plays their seat (托管) and they rank below everyone at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from bot.games.stakes import apply_bean_floor
from bot.tournament.config import CupConfig

WAITING, PLAYING, DONE = "waiting", "playing", "done"
UNSET = -1.0  # a table saved before per-stage time limits: the config's time_limit

GOAL_CUT = "cut"  # the best `advance` go on: a tie at the cut is played off here
GOAL_ORDER = "order"  # the final: first must be clear (all places with final_ties=play)
GOAL_NONE = "none"  # ordered by the stage (overall format, play-off tables)
GOAL_TEAMS = "teams"  # partnerships (bot.tournament.pairs): one team's total must be ahead


@dataclass(slots=True)
class Table:
    """A table of a stage or a play-off, and everything recorded at it."""

    key: str  # "s1t3": stage 1, table 3; "s2p1t1": stage 2, play-off 1, table 1
    seats: list[int]  # entrant numbers in seat order
    goal: str
    hands: int | None  # regulation hands (None: until time, beans or target)
    advance: int = 1  # with GOAL_CUT
    fillers: list[int] = field(default_factory=list)  # play-off seats whose result is moot
    status: str = WAITING
    room_id: str | None = None
    start_by: float | None = None  # end of the check-in window
    ends_at: float | None = None  # end of the time limit (set when play starts)
    checked_in: list[int] = field(default_factory=list)
    forfeits: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)  # per seat: points, or beans held
    extra: list[int] = field(default_factory=list)  # per seat: total of the extra hands
    played: int = 0  # regulation hands recorded
    extra_played: int = 0
    extra_due: int = 0  # extra hands left in the current tie-break round
    tie_rounds: int = 0  # tie-break rounds begun
    time_up: bool = False
    games: list[str] = field(default_factory=list)  # game ids recorded (each counts once)
    time: float | None = UNSET  # seconds this table may run (None: no limit)
    earlier: list[int] = field(default_factory=list)  # ties=earlier_stage: per seat
    ruled: list[list[int]] = field(default_factory=list)  # 判输: [hand index, entrant]
    won: list[int] = field(default_factory=list)  # per seat: regulation hands its side won

    @classmethod
    def new(cls, key: str, seats: list[int], goal: str, config: CupConfig, *,
            hands: int | None, advance: int = 1, fillers: list[int] | None = None,
            time: float | None = UNSET, earlier: list[int] | None = None) -> Table:
        """A table before check-in, scores at their start (the bean stack, or the sheet's
        基础分 `base_points`)."""
        start = config.beans if config.scoring == "beans" else config.base_points
        return cls(key, list(seats), goal, hands, advance, list(fillers or []),
                   scores=[start] * len(seats), extra=[0] * len(seats),
                   time=config.time_limit if time == UNSET else time,
                   earlier=list(earlier or []))

    # -- check-in and start ------------------------------------------------------------

    def seat_of(self, number: int) -> int:
        """The seat index of an entrant (ValueError if they do not sit here)."""
        return self.seats.index(number)

    def check_in(self, number: int) -> bool:
        """Mark an entrant present; True when everyone who has not forfeited is."""
        if number not in self.checked_in and number not in self.forfeits:
            self.checked_in.append(number)
        return self.all_present

    @property
    def all_present(self) -> bool:
        """Every seat checked in or forfeited."""
        return all(n in self.checked_in or n in self.forfeits for n in self.seats)

    def forfeit(self, number: int) -> None:
        """The entrant loses this table; 托管 plays their seat."""
        if number not in self.forfeits:
            self.forfeits.append(number)

    def start(self, now: float, config: CupConfig) -> None:
        """Begin play: absentees forfeit; a table of forfeits only is done at once."""
        for number in self.seats:
            if number not in self.checked_in:
                self.forfeit(number)
        self.status = PLAYING
        limit = config.time_limit if self.time == UNSET else self.time
        if limit is not None:
            self.ends_at = now + limit
        if len(self.forfeits) == len(self.seats):
            self.status = DONE

    # -- hands ---------------------------------------------------------------------------

    def record_hand(self, game_id: str, scores: list[int], now: float,
                    config: CupConfig, won: list[bool] | None = None) -> bool:
        """Book one finished hand (seat scores in stake units; `won`: per seat, whether its
        side won it, where the game says); False if already booked."""
        if game_id in self.games or self.status != PLAYING:
            return False
        if len(scores) != len(self.seats) or (config.zero_sum and sum(scores) != 0):
            raise ValueError(f"table {self.key}: bad hand scores {scores}")
        self.games.append(game_id)
        if self.regulation_over:
            self.extra = [a + b for a, b in zip(self.extra, scores, strict=True)]
            self.extra_played += 1
            self.extra_due = max(0, self.extra_due - 1)
        else:
            if config.scoring == "beans":
                scores = apply_bean_floor(scores, self.scores)
            self.scores = [a + b for a, b in zip(self.scores, scores, strict=True)]
            if won is not None:
                self.won = [a + int(b) for a, b in
                            zip(self.won or [0] * len(scores), won, strict=True)]
            self.played += 1
            if self.ends_at is not None and now >= self.ends_at:
                self.time_up = True
            self._end_regulation(config)
        self._after_hand(config)
        return True

    def expire(self, now: float, config: CupConfig) -> bool:
        """End the regulation hands when the time ran out with no hand in progress (the
        caller knows; e.g. the process was down across the time limit); False if not due."""
        if self.status != PLAYING or self.regulation_over or not self.timed_out(now):
            return False
        self.time_up = True
        self._end_regulation(config)
        self._after_hand(config)
        return True

    def _after_hand(self, config: CupConfig) -> None:
        # Done, or (the regulation over and a tie at the goal) another tie-break round.
        if self.regulation_over and self.extra_due == 0:
            if self.tied_at_goal(config):
                self.extra_due = config.tie_hands
                self.tie_rounds += 1
            else:
                self.status = DONE

    def _end_regulation(self, config: CupConfig) -> None:
        # The regulation end is kept as a fact, not recomputed, so that extra hands never
        # reopen it (a later time check or a new score cannot undo it).
        if self.time_up or (self.hands is not None and self.played >= self.hands):
            self.hands = self.played
        elif config.scoring == "beans" and min(self.scores) <= 0:
            self.hands = self.played
        elif config.scoring == "first_to" and max(self.scores) >= config.target:
            self.hands = self.played

    @property
    def regulation_over(self) -> bool:
        """The regulation hands are all played."""
        return self.hands is not None and self.played >= self.hands

    @property
    def needs_hand(self) -> bool:
        """Another hand is to be dealt here."""
        return self.status == PLAYING

    def timed_out(self, now: float) -> bool:
        """The time limit passed (the hand in progress still finishes)."""
        return self.ends_at is not None and now >= self.ends_at

    @property
    def hand_index(self) -> int:
        """The index (from 0) of the hand being played, extra hands included."""
        return self.played + self.extra_played

    def ruling(self) -> int | None:
        """判输: the entrant whose side the hand being played is ruled lost for, if any."""
        return next((n for index, n in self.ruled if index == self.hand_index), None)

    # -- order ---------------------------------------------------------------------------

    def score_of(self, number: int) -> int:
        """An entrant's regulation score (points, or beans held)."""
        return self.scores[self.seat_of(number)]

    def key_of(self, number: int) -> tuple[int, int, int]:
        """Regulation score first, the earlier stage's score second (ties=earlier_stage,
        复赛积分相同按初赛积分高者晋级; else 0), extra hands third."""
        seat = self.seat_of(number)
        earlier = self.earlier[seat] if self.earlier else 0
        return (self.scores[seat], earlier, self.extra[seat])

    def place_key(self, number: int) -> tuple[int, int]:
        """Regulation score, then the earlier stage's (final places shared on equal keys)."""
        return self.key_of(number)[:2]

    def eligible(self) -> list[int]:
        """Entrants who may still place here: not forfeited, not a play-off filler."""
        return [n for n in self.seats if n not in self.forfeits and n not in self.fillers]

    def order(self) -> list[list[int]]:
        """Groups of eligible entrants, best first; a group is tied on (score, extra)."""
        return group_by(self.eligible(), self.key_of)

    def tied_at_goal(self, config: CupConfig) -> bool:
        """The goal needs an order the scores do not give yet."""
        groups = self.order()
        if self.goal == GOAL_CUT:
            return cut_tie(groups, self.advance) is not None
        if self.goal == GOAL_TEAMS:
            return len(self.winning_team()) == 0
        if self.goal == GOAL_ORDER:
            if groups and len(groups[0]) > 1:
                return True
            return config.final_ties == "play" and any(len(g) > 1 for g in groups)
        return False

    def winning_team(self) -> list[int]:
        """GOAL_TEAMS: the members of the team ahead, in seat order; empty while two teams
        are level. A team whole at the table is ahead of one with a member who forfeited (托管
        played that seat), then the regulation total counts, then the extra hands'.
        `advance` is the team count: seat i plays for team i mod `advance`."""
        teams = self.advance

        def key(team: int) -> tuple[int, int, int, int]:
            seats = range(team, len(self.seats), teams)
            whole = all(self.seats[s] not in self.forfeits for s in seats)
            won = sum(self.won[s] for s in seats) if self.won else 0
            return (whole, sum(self.scores[s] for s in seats), won,
                    sum(self.extra[s] for s in seats))

        ranked = sorted(range(teams), key=key, reverse=True)
        if len(ranked) > 1 and key(ranked[0]) == key(ranked[1]):
            return []
        return self.seats[ranked[0]::teams]

    def advancers(self) -> list[int]:
        """The best `advance` eligible entrants (the tie at the cut is already broken)."""
        chosen: list[int] = []
        for group in self.order():
            if len(chosen) + len(group) > self.advance:
                break
            chosen.extend(group)
        return chosen

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return dict(zip(self.__slots__, attrgetter(*self.__slots__)(self), strict=True))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """Inverse of to_dict."""
        return cls(**data)


def group_by(numbers: list[int], key: Any) -> list[list[int]]:
    """Entrants grouped by equal key, best (highest key) first, numbers ascending inside."""
    groups: list[list[int]] = []
    last: object = None
    for number in sorted(numbers, key=lambda n: (_neg(key(n)), n)):
        value = key(number)
        if groups and value == last:
            groups[-1].append(number)
        else:
            groups.append([number])
        last = value
    return groups


def _neg(value: Any) -> Any:
    return tuple(-v for v in value) if isinstance(value, tuple) else -value


def cut_tie(groups: list[list[int]], spots: int) -> tuple[list[int], list[int], int] | None:
    """Where choosing the first `spots` entrants from ranked groups splits a group:
    (chosen above the tie, the tied group, spots left for it); None if the cut is clean."""
    chosen: list[int] = []
    for group in groups:
        left = spots - len(chosen)
        if left <= 0:
            return None
        if len(group) > left:
            return chosen, group, left
        chosen.extend(group)
    return None


def select(groups: list[list[int]], spots: int) -> list[int]:
    """The first `spots` entrants of ranked groups when the cut is clean."""
    chosen: list[int] = []
    for group in groups:
        if len(chosen) + len(group) > spots:
            break
        chosen.extend(group)
    return chosen
