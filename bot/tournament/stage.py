"""A stage (初赛, 复赛, 决赛): its draw, its tables, and who goes on.

Who goes on, after every table of the stage is done:
- format "table": the best k of each table (ties broken at the table), plus the byes;
  when that leaves fewer players than one table needs, the best runners-up by stage
  score fill it;
- format "overall": the best N scores of the whole stage, byes counting toward N (the
  sheet's "如有直接进入复赛的则减去其占用名额").
A tie across tables at such a cut is decided by a play-off (the sheet's 决胜): the tied
players are drawn to play-off tables, filled up with players whose result no longer
matters, and play `tie_hands` hands; still tied, another round. If no table can be
seated, the seeded lot decides. Seats a play-off leaves empty (members who did not come or
withdrew) go down the stage order to the next best outside the play-offs. Withdrawn players
never go on; a player who forfeited their table never goes on from it (they are no
candidates for the cuts either).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from bot.tournament.config import CupConfig
from bot.tournament.draw import lot, spread
from bot.tournament.table import (
    DONE,
    GOAL_CUT,
    GOAL_NONE,
    GOAL_ORDER,
    Table,
    cut_tie,
    group_by,
    select,
)


@dataclass(slots=True)
class Playoff:
    """One round of a cross-table tie-break: `spots` of `members` go on."""

    round: int
    members: list[int]
    spots: int
    tables: list[Table] = field(default_factory=list)
    by_lot: bool = False  # no table could be seated: the seeded lot decided

    @property
    def done(self) -> bool:
        """Every play-off table is done."""
        return all(t.status == DONE for t in self.tables)

    def ranked(self) -> list[list[int]]:
        """Members who played it out, grouped by play-off score, best first."""
        scores: dict[int, tuple[int, int]] = {}
        for table in self.tables:
            for number in table.eligible():
                scores[number] = table.key_of(number)
        return group_by([m for m in self.members if m in scores], scores.__getitem__)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"round": self.round, "members": self.members, "spots": self.spots,
                "tables": [t.to_dict() for t in self.tables], "by_lot": self.by_lot}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Playoff:
        """Inverse of to_dict."""
        return cls(data["round"], list(data["members"]), data["spots"],
                   [Table.from_dict(t) for t in data["tables"]], data.get("by_lot", False))


@dataclass(slots=True)
class Stage:
    """One stage: its players, byes and tables, and (once resolved) who went on."""

    number: int
    players: list[int]
    byes: list[int]
    final: bool
    tables: list[Table]
    quota: int = 0  # how many go on (both formats; byes included)
    chosen: list[int] = field(default_factory=list)  # cross-table picks decided so far
    playoffs: list[Playoff] = field(default_factory=list)
    advanced: list[int] | None = None  # set when the stage is resolved
    filled: list[int] = field(default_factory=list)  # runners-up who filled a short stage
    leg: int = 0  # a final played in legs (halves, round robin): this leg's number, from 1
    legs: int = 0  # how many legs that final has
    carry: dict[int, int] = field(default_factory=dict)  # totals of the legs before this
    finalists: list[int] = field(default_factory=list)  # round robin: the lot's order

    @property
    def label(self) -> str:
        """The draw label of the stage ("s1")."""
        return f"s{self.number}"

    def all_tables(self) -> list[Table]:
        """The stage's tables and every play-off table, in order."""
        return [*self.tables, *(t for p in self.playoffs for t in p.tables)]

    def live_tables(self) -> list[Table]:
        """Tables not done yet."""
        return [t for t in self.all_tables() if t.status != DONE]

    @property
    def resolved(self) -> bool:
        """Who goes on (or the final places) is known."""
        return self.advanced is not None

    def table_of(self, number: int) -> Table | None:
        """The stage table (not a play-off) the entrant sat at, if any."""
        return next((t for t in self.tables if number in t.seats), None)

    def stage_score(self, number: int) -> int:
        """The entrant's regulation score at their stage table."""
        table = self.table_of(number)
        assert table is not None
        return table.score_of(number)

    def total(self, number: int, base: int = 0) -> int:
        """A leg final: the entrant's score over this leg and the legs before, the base
        points (基础分) counted once; sitting a leg out scores nothing in it."""
        table = self.table_of(number)
        here = 0 if table is None else table.score_of(number) - base
        return self.carry.get(number, base) + here

    # -- resolution ----------------------------------------------------------------------

    def candidates(self, withdrawn: set[int]) -> list[int]:
        """Players of this stage's tables who may still be picked on score."""
        out = []
        for table in self.tables:
            out.extend(n for n in table.eligible() if n not in withdrawn)
        return out

    def resolve(self, config: CupConfig, seed: str, withdrawn: set[int]) -> Playoff | None:
        """Decide who goes on once every table is done; a new play-off if a tie needs one.

        Call again when that play-off is done. Does nothing on a resolved stage.
        """
        if self.resolved or self.live_tables():
            return None
        size = config.table_size
        fixed = [n for n in self.byes if n not in withdrawn]
        if config.format == "table":
            for table in self.tables:
                fixed.extend(n for n in table.advancers() if n not in withdrawn)
            spots = max(0, size - len(fixed))
        else:
            spots = max(0, self.quota - len(fixed))
        pool = [n for n in self.candidates(withdrawn) if n not in fixed]
        if self.playoffs:
            last = self.playoffs[-1]
            groups = [[n for n in g if n not in withdrawn] for g in last.ranked()]
            groups, left = [g for g in groups if g], last.spots
            took = sum(len(g) for g in groups)
            if not last.by_lot and took < left:
                # Members who did not play it out (no-show, withdrawn) leave seats: those
                # who played go on, and the seats left go down the stage order to players
                # not in any play-off of the stage (a tie there: another play-off).
                self.chosen.extend(n for g in groups for n in g)
                out = {m for p in self.playoffs for m in p.members}
                groups = group_by([n for n in pool if n not in self.chosen and n not in out],
                                  self.stage_score)
                left -= took
        else:
            groups, left = group_by(pool, self.stage_score), spots
        tie = cut_tie(groups, left)
        if tie is None:
            self.chosen.extend(select(groups, left))
        else:
            above, tied, left = tie
            self.chosen.extend(above)
            playoff = self._playoff(tied, left, pool, fixed, config, seed)
            if not playoff.by_lot:
                return playoff
        # Someone picked by an earlier play-off round may have withdrawn since.
        chosen = [n for n in self.chosen if n not in withdrawn]
        self.filled = chosen if config.format == "table" else []
        self.advanced = sorted(set(fixed) | set(chosen))
        return None

    def _playoff(self, tied: list[int], spots: int, pool: list[int], fixed: list[int],
                 config: CupConfig, seed: str) -> Playoff:
        size = config.table_size
        number = len(self.playoffs) + 1
        label = f"{self.label}p{number}"
        playoff = Playoff(number, sorted(tied), spots)
        self.playoffs.append(playoff)
        count = math.ceil(len(tied) / size)
        needed = count * size - len(tied)
        # Fillers: players out of reach of this cut, the best-placed first, then those
        # already through (byes last); their play-off result changes nothing for them.
        others = sorted((n for n in pool if n not in tied and n not in self.chosen),
                        key=lambda n: (-self.stage_score(n), n))
        through = set(self.chosen) | set(fixed)
        others += sorted(n for n in through if n not in self.byes)
        others += sorted(n for n in through if n in self.byes)
        if len(others) < needed:
            playoff.by_lot = True
            self.chosen.extend(lot(seed, label, playoff.members)[:spots])
            return playoff
        fillers = others[:needed]
        for index, group in enumerate(spread(tied, seed, label, count)):
            extra = [fillers.pop(0) for _ in range(size - len(group))]
            key = f"{label}t{index + 1}"
            playoff.tables.append(Table.new(key, lot(seed, key, group + extra), GOAL_NONE,
                                            config, hands=config.tie_hands, fillers=extra))
        return playoff

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"number": self.number, "players": self.players, "byes": self.byes,
                "final": self.final, "tables": [t.to_dict() for t in self.tables],
                "quota": self.quota, "chosen": self.chosen,
                "playoffs": [p.to_dict() for p in self.playoffs], "advanced": self.advanced,
                "filled": self.filled, "leg": self.leg, "legs": self.legs,
                "carry": {str(k): v for k, v in self.carry.items()},
                "finalists": self.finalists}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stage:
        """Inverse of to_dict."""
        return cls(data["number"], list(data["players"]), list(data["byes"]), data["final"],
                   [Table.from_dict(t) for t in data["tables"]], data.get("quota", 0),
                   list(data.get("chosen", [])),
                   [Playoff.from_dict(p) for p in data.get("playoffs", [])],
                   data.get("advanced"), list(data.get("filled", [])), data.get("leg", 0),
                   data.get("legs", 0),
                   {int(k): v for k, v in data.get("carry", {}).items()},
                   list(data.get("finalists", [])))


def stage_tables(number: int, seats: tuple[tuple[int, ...], ...], final: bool,
                 config: CupConfig, earlier: dict[int, int] | None = None,
                 leg: bool = False) -> list[Table]:
    """The tables of a fresh stage from its draw; `earlier` holds each player's score of the
    stage before (ties=earlier_stage); a leg of a final ranks nothing at its tables."""
    if leg:
        goal, advance = GOAL_NONE, config.table_size
    elif final:
        goal, advance = GOAL_ORDER, config.table_size
    elif config.format == "table":
        goal, advance = GOAL_CUT, config.advance
    else:
        goal, advance = GOAL_NONE, config.advance
    return [Table.new(f"s{number}t{i + 1}", list(group), goal, config,
                      hands=config.hands_for(final), advance=advance,
                      time=config.time_for(number, final),
                      earlier=None if earlier is None else [earlier.get(n, 0) for n in group])
            for i, group in enumerate(seats)]
