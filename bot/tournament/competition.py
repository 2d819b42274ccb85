"""A competition (比赛) from sign-up to the final places, as a plain value (no I/O, no clock).

The service (`bot.tournament.service`) feeds it what happened — a sign-up, a check-in, a
finished hand, the time — and it answers with `Note`s to announce; the rooms to open or
deal in follow from its state (`live_tables`). Every method that changes it is
deterministic given its inputs and the seed, so a restart from `to_dict()` continues
exactly where it was.

Life: sign-up → (close) seed published, stage 1 drawn → tables check in, play, break
ties → when every table is done: play-offs if a cut is tied across tables, else the next
stage is drawn from those who went on (byes included) → … → the final table (one table
left) ranks first, second, third.

The sheets' formats (RULES §5) add: a fixed number of rounds (`stages`: the last is the
final however many reach it); a final played in legs — two halves re-drawn at half time
(`final_halves=2`), or a round robin (`final=round_robin`, bot.tournament.schedule) — that
ranks every finalist by the total of the legs, equal totals sharing a place (or split by the
earlier stage with `ties=earlier_stage`); 优秀奖 places for the next `merit` players below.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.errors import PaijuError
from bot.tournament import duplicate, league, pairs
from bot.tournament.config import CupConfig
from bot.tournament.draw import commitment, draw, lot, spread
from bot.tournament.schedule import legs as round_robin_legs
from bot.tournament.schedule import round_robin_size, single_round_robin
from bot.tournament.stage import Playoff, Stage, stage_tables
from bot.tournament.table import (
    DONE,
    GOAL_NONE,
    GOAL_TEAMS,
    PLAYING,
    WAITING,
    Table,
    group_by,
)

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A signed-up player; `number` is their sign-up number, the draw's public name."""

    number: int
    player_id: int
    user_id: str
    name: str
    lang: str = "en"
    team: str | None = None  # the team league: the team they signed up with


@dataclass(frozen=True, slots=True)
class Note:
    """Something to announce: `kind` is a message family ("cup.drawn"), params JSON-safe."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Competition:
    """One competition and everything that happened in it."""

    cup_id: int
    name: str
    config: CupConfig
    seed: str
    created_at: float
    organiser: int | None = None  # player id
    phase: str = SIGNUP
    entrants: list[Entrant] = field(default_factory=list)
    next_number: int = 1
    withdrawn: list[int] = field(default_factory=list)
    stages: list[Stage] = field(default_factory=list)
    places: list[tuple[int, int]] = field(default_factory=list)  # (place, entrant number)
    eliminated: dict[int, int] = field(default_factory=dict)  # entrant -> stage they left
    merits: list[int] = field(default_factory=list)  # 优秀奖, best first
    disqualified: dict[int, str] = field(default_factory=dict)  # entrant -> reason (取消资格)
    teams: list[str] = field(default_factory=list)  # the team league: the lot's order
    doubles: dict[str, list[int]] = field(default_factory=dict)  # team -> rounds doubled
    matches: list[dict[str, Any]] = field(default_factory=list)  # finished league matches
    base_tables: list[list[int]] = field(default_factory=list)  # duplicate: the lot's tables

    # -- entrants ------------------------------------------------------------------------

    @property
    def commitment(self) -> str:
        """The seed's SHA-256, shown from the start."""
        return commitment(self.seed)

    def entrant(self, number: int) -> Entrant:
        """An entrant by sign-up number."""
        for one in self.entrants:
            if one.number == number:
                return one
        raise PaijuError("cup.err.not_entered")

    def entrant_of(self, player_id: int) -> Entrant | None:
        """The entrant record of a player, if they signed up."""
        return next((e for e in self.entrants if e.player_id == player_id), None)

    def sign_up(self, player_id: int, user_id: str, name: str, lang: str,
                now: float) -> Entrant:
        """Enter a player while sign-up is open."""
        if self.phase != SIGNUP or self.signup_over(now):
            raise PaijuError("cup.err.signup_closed")
        if self.entrant_of(player_id) is not None:
            raise PaijuError("cup.err.already_entered")
        limit = self.config.max_entrants
        if limit is not None and len(self.entrants) >= limit:
            raise PaijuError("cup.err.full", limit=limit)
        entrant = Entrant(self.next_number, player_id, user_id, name, lang)
        self.next_number += 1
        self.entrants.append(entrant)
        return entrant

    def withdraw(self, player_id: int, now: float) -> list[Note]:
        """Leave the competition: before the draw, the entry is struck; after, the player
        forfeits their table (托管 plays it out) and goes no further."""
        entrant = self.entrant_of(player_id)
        if entrant is None or entrant.number in self.withdrawn:
            raise PaijuError("cup.err.not_entered")
        if self.phase == SIGNUP:
            self.entrants.remove(entrant)
            return [Note("cup.withdrawn", {"number": entrant.number})]
        if self.phase != RUNNING:
            raise PaijuError("cup.err.over")
        self.withdrawn.append(entrant.number)
        table = self.live_table_of(entrant.number)
        if table is not None:
            table.forfeit(entrant.number)
            if table.status == WAITING and table.all_present:
                table.start(now, self.config)
        return [Note("cup.withdrawn", {"number": entrant.number}),
                *self.progress(now)]

    # -- the team league (bot.tournament.league) ----------------------------------------

    def members(self, team: str) -> list[int]:
        """A team's entrant numbers in sign-up order."""
        return [e.number for e in self.entrants if e.team == team]

    def sign_up_team(self, player_id: int, user_id: str, name: str, lang: str, team: str,
                     now: float) -> Entrant:
        """Sign up with a team (created by its first member); `team_size` to a team."""
        size = self.config.team_size
        if not size:
            raise PaijuError("cup.err.not_league")
        team = " ".join(team.split())[:30]
        if not team:
            raise PaijuError("cup.err.team_name")
        current = self.entrant_of(player_id)
        if current is not None and current.team is not None:
            raise PaijuError("cup.err.already_entered")
        if len(self.members(team)) >= size:
            raise PaijuError("cup.err.team_full", team=team, size=size)
        if current is None:
            current = self.sign_up(player_id, user_id, name, lang, now)
        joined = replace(current, team=team)
        self.entrants[self.entrants.index(current)] = joined
        return joined

    def double(self, player_id: int) -> tuple[str, int]:
        """加倍: the sender's team doubles its next match; (team, doublings left)."""
        entrant = self.entrant_of(player_id)
        if self.config.format != "league" or entrant is None or entrant.team is None:
            raise PaijuError("cup.err.not_league")
        if self.phase not in (SIGNUP, RUNNING):
            raise PaijuError("cup.err.over")
        used = self.doubles.setdefault(entrant.team, [])
        target = self._next_round_of(entrant.team)
        if len(used) >= league.DOUBLINGS:
            raise PaijuError("cup.err.no_doubles", count=league.DOUBLINGS)
        if target is None or target in used:
            raise PaijuError("cup.err.doubled_already")
        used.append(target)
        return entrant.team, league.DOUBLINGS - len(used)

    def _next_round_of(self, team: str) -> int | None:
        """The round of the team's next match not yet finished (its current one if that is
        still being played), None when it has no match left."""
        schedule = league.rounds(self.teams or sorted({e.team for e in self.entrants
                                                       if e.team}))
        done = {m["round"] for m in self.matches if team in (m["first"], m["second"])}
        for number, matches in enumerate(schedule, start=1):
            if number not in done and any(team in match for match in matches):
                return number
        return None

    def _close_teams(self) -> list[Note]:
        """Close a team competition's sign-up: whole teams only (entrants without a team
        are struck), the lot orders the teams, the seed is published."""
        names = sorted({e.team for e in self.entrants if e.team})
        size = self.config.team_size
        short = [n for n in names if len(self.members(n)) != size]
        if short:
            raise PaijuError("cup.err.team_incomplete", teams=", ".join(short), size=size)
        if len(names) < 2:
            raise PaijuError("cup.err.too_few_teams", have=len(names))
        loners = [e.number for e in self.entrants if e.team is None]
        self.withdrawn.extend(n for n in loners if n not in self.withdrawn)
        self.phase = RUNNING
        self.teams = lot(self.seed, "teams", names)
        return [Note("cup.seed", {"seed": self.seed, "count": len(self.entrants)})]

    def _close_league(self, now: float) -> list[Note]:
        # A doubling declared during sign-up was for the team's first match.
        return self._close_teams() + self._draw_round(1, now)

    # -- partnership knockouts (bot.tournament.pairs) -------------------------------------

    def team_of(self, number: int) -> str | None:
        """The team an entrant signed up with."""
        return next((e.team for e in self.entrants if e.number == number), None)

    def _draw_pairs(self, teams: list[str], now: float) -> list[Note]:
        """A knockout round: the teams still in paired by the lot, partners seated
        alternately; the last two teams' table is the final."""
        number = len(self.stages) + 1
        before = self.stages[-1].byes if self.stages else []
        had = self.team_of(before[0]) if before else None
        drawn = pairs.draw_round(teams, self.seed, f"s{number}", had)
        final = len(teams) == 2
        tables = [Table.new(f"s{number}t{i + 1}",
                            pairs.seats(self.members(a), self.members(b)), GOAL_TEAMS,
                            self.config, hands=self.config.hands,
                            advance=self.config.table_size // self.config.team_size,
                            time=self.config.time_for(number, final))
                  for i, (a, b) in enumerate(drawn.matches)]
        players = sorted(n for team in teams for n in self.members(team))
        byes = self.members(drawn.bye) if drawn.bye is not None else []
        stage = Stage(number, players, byes, final, tables)
        for table in tables:
            self._open(table, now)
        self.stages.append(stage)
        notes = [Note("cup.drawn", {"stage": number, "final": final})]
        return notes + self._started(tables, now)

    def _pairs_round_done(self, stage: Stage, now: float) -> list[Note]:
        """The winners (and the bye) go on; the final's places, or the next round."""
        winners = [t.winning_team() for t in stage.tables]
        advanced = sorted([n for team in winners for n in team] + stage.byes)
        stage.advanced = advanced
        for number in stage.players:
            if number not in advanced:
                self.eliminated.setdefault(number, stage.number)
        notes = [Note("cup.stage_done", {"stage": stage.number, "advanced": advanced,
                                         "filled": []})]
        if not stage.final:
            teams = list(dict.fromkeys(self.team_of(n) or "" for n in advanced))
            return notes + self._draw_pairs(teams, now)
        (table,) = stage.tables
        (champions,) = winners
        places = [(1, n) for n in champions]
        places += [(2, n) for n in table.seats if n not in champions]
        if len(self.stages) > 1:  # the teams beaten in the round before share third
            places += [(3, n) for n in sorted(self.stages[-2].players)
                       if n not in self.stages[-2].advanced]  # type: ignore[operator]
        # Who withdrew or was disqualified places nowhere (托管 played their seat on).
        return notes + self._close([(p, n) for p, n in places if n not in self.withdrawn])

    def _draw_round(self, number: int, now: float) -> list[Note]:
        matches = league.rounds(self.teams)[number - 1]
        seats = tuple(t for a, b in matches
                      for t in league.match_tables(self.members(a), self.members(b)))
        playing = {n for t in seats for n in t}
        everyone = [n for team in self.teams for n in self.members(team)]
        stage = Stage(number, sorted(everyone), [n for n in everyone if n not in playing],
                      False, stage_tables(number, seats, False, self.config, leg=True),
                      leg=number, legs=len(league.rounds(self.teams)))
        for table in stage.tables:
            self._open(table, now)
        self.stages.append(stage)
        notes = [Note("cup.drawn", {"stage": number, "final": False, "leg": number,
                                    "legs": stage.legs})]
        return notes + self._started(stage.tables, now)

    def _league_round_done(self, stage: Stage, now: float) -> list[Note]:
        matches = league.rounds(self.teams)[stage.number - 1]
        for index, (first, second) in enumerate(matches):
            tables = stage.tables[2 * index:2 * index + 2]
            score = sum(t.score_of(n) for t in tables for n in t.seats
                        if n in self.members(first))
            doubled = any(stage.number in self.doubles.get(team, [])
                          for team in (first, second))
            self.matches.append({"round": stage.number, "first": first, "second": second,
                                 "score": score, "doubled": doubled})
        notes = [Note("cup.round_done", {"round": stage.number})]
        if stage.number < stage.legs:
            return notes + self._draw_round(stage.number + 1, now)
        places: list[tuple[int, int]] = []
        place = 1
        rows = self.league_table()
        for group in group_by([r.team for r in rows],
                              {r.team: (r.points, r.difference) for r in rows}.__getitem__):
            for team in group:
                places += [(place, n) for n in self.members(team)
                           if n not in self.disqualified]
            place += len(group)
        return notes + self._close(places)

    def league_table(self) -> list[league.Row]:
        """The team leaderboard: league points, then point difference."""
        matches = [league.Match(m["first"], m["second"], m["score"], m["doubled"])
                   for m in self.matches]
        return league.standings(self.teams or sorted({e.team for e in self.entrants
                                                      if e.team}), matches)

    # -- duplicate deals (bot.tournament.duplicate) ---------------------------------------

    def _close_duplicate(self, now: float) -> list[Note]:
        size = self.config.table_size
        people = [e.number for e in self.entrants if e.number not in self.disqualified]
        field_ = sorted(people) + duplicate.ai_numbers(self.config.ai_seats)
        if len(field_) % size or len(field_) < 2 * size:
            raise PaijuError("cup.err.duplicate_seats", people=len(people),
                             ai=self.config.ai_seats, size=size)
        self.phase = RUNNING
        order = lot(self.seed, "dup", field_)
        self.base_tables = [order[i:i + size] for i in range(0, len(order), size)]
        notes = [Note("cup.seed", {"seed": self.seed, "count": len(self.entrants)})]
        return notes + self._draw_deal(1, now)

    def _draw_deal(self, deal: int, now: float) -> list[Note]:
        """Deal `deal` at every table, the seats rotated by deal − 1; the AI seats and (after
        the first deal) everyone still in are present at once."""
        tables = []
        for index, base in enumerate(self.base_tables):
            seats = list(duplicate.seating(base, deal))
            table = Table.new(f"s{deal}t{index + 1}", seats, GOAL_NONE, self.config, hands=1,
                              time=None)
            table.checked_in = [n for n in seats if duplicate.is_ai(n) or deal > 1]
            tables.append(table)
        everyone = sorted(n for base in self.base_tables for n in base)
        stage = Stage(deal, everyone, [], False, tables, leg=deal, legs=self.deals)
        for table in tables:
            self._open(table, now)
        self.stages.append(stage)
        notes = [Note("cup.drawn", {"stage": deal, "final": False, "leg": deal,
                                    "legs": stage.legs})]
        return notes + self._started(tables, now)

    @property
    def deals(self) -> int:
        """Duplicate: how many deals every table plays (the `hands` setting)."""
        return self.config.hands or 1

    def cards_of(self, table: Table) -> tuple[int | None, int | None]:
        """The seed and dealer a table's next hand is dealt with: duplicate deals give every
        table of a deal the same (None: the host's own)."""
        if self.config.format != "duplicate":
            return None, None
        deal = next(s.number for s in self.stages if table in s.tables)
        return duplicate.deal_seed(self.seed, deal), 0

    def deal_results(self, stage: Stage) -> list[list[int]]:
        """Duplicate: per table of a deal, per seat, the duplicate score."""
        start = self.start_score
        return duplicate.deal_scores([[s - start for s in t.scores] for t in stage.tables])

    def duplicate_totals(self) -> dict[int, int]:
        """Duplicate: every seat's total over the deals played so far."""
        totals: dict[int, int] = {n: 0 for base in self.base_tables for n in base}
        for stage in self.stages:
            if stage.live_tables():
                continue
            for table, scores in zip(stage.tables, self.deal_results(stage), strict=True):
                for number, score in zip(table.seats, scores, strict=True):
                    totals[number] += score
        return totals

    def _deal_done(self, stage: Stage, now: float) -> list[Note]:
        notes = [Note("cup.deal_done", {"deal": stage.number})]
        if stage.number < self.deals:
            return notes + self._draw_deal(stage.number + 1, now)
        totals = self.duplicate_totals()
        out = set(self.withdrawn) | set(self.disqualified)
        ranked = [n for n in totals if not duplicate.is_ai(n) and n not in out]
        places: list[tuple[int, int]] = []
        place = 1
        for group in group_by(ranked, totals.__getitem__):
            places += [(place, n) for n in group]
            place += len(group)
        return notes + self._close(places)

    def disqualify(self, numbers: list[int], reason: str, now: float) -> list[Note]:
        """取消资格 (organisers): one entrant, or a pair of stand-ins (代赛者两人均取消参赛资格).
        Each forfeits: out of the draw before it, else their seat plays on in 托管 and they
        go no further; the reason is announced and kept with the results."""
        if self.phase not in (SIGNUP, RUNNING):
            raise PaijuError("cup.err.over")
        chosen = []
        for number in dict.fromkeys(numbers):
            entrant = next((e for e in self.entrants if e.number == number), None)
            if entrant is None or number in self.disqualified:
                raise PaijuError("cup.err.no_entrant", number=number)
            chosen.append(entrant)
        notes: list[Note] = []
        for entrant in chosen:
            self.disqualified[entrant.number] = reason
            if self.phase == SIGNUP:
                self.withdrawn.append(entrant.number)  # kept as an entrant: named in the record
                continue
            if entrant.number not in self.withdrawn:
                self.withdrawn.append(entrant.number)
            table = self.live_table_of(entrant.number)
            if table is not None:
                table.forfeit(entrant.number)
                if table.status == WAITING and table.all_present:
                    table.start(now, self.config)
        notes.append(Note("cup.disqualified", {"numbers": [e.number for e in chosen],
                                               "reason": reason}))
        return notes + (self.progress(now) if self.phase == RUNNING else [])

    def rule_lost(self, number: int, reason: str) -> list[Note]:
        """判输 (organisers): the hand the entrant is playing now is ruled lost for their side
        (询问或指点同伙出牌的一次判输); it is booked so when it ends (托管 may finish it)."""
        if self.phase != RUNNING:
            raise PaijuError("cup.err.over")
        table = self.live_table_of(number)
        if table is None or table.status != PLAYING:
            raise PaijuError("cup.err.rule_no_hand", number=number)
        if table.ruling() is not None:
            raise PaijuError("cup.err.rule_twice", table=table.key)
        table.ruled.append([table.hand_index, number])
        return [Note("cup.ruled", {"number": number, "table": table.key, "reason": reason,
                                   "hand": table.hand_index + 1})]

    def signup_over(self, now: float) -> bool:
        """The sign-up window (if any) has passed."""
        until = self.config.signup_until
        return until is not None and now >= until

    # -- the draw ------------------------------------------------------------------------

    def close_signup(self, now: float) -> list[Note]:
        """Close sign-up, publish the seed and draw stage 1."""
        if self.phase != SIGNUP:
            raise PaijuError("cup.err.not_signup")
        size = self.config.table_size
        if self.config.format == "league":
            return self._close_league(now)
        if self.config.format == "pairs":
            return self._close_teams() + self._draw_pairs(self.teams, now)
        if self.config.format == "duplicate":
            return self._close_duplicate(now)
        if len(self.entrants) < size:
            raise PaijuError("cup.err.too_few", need=size, have=len(self.entrants))
        self.phase = RUNNING
        notes = [Note("cup.seed", {"seed": self.seed, "count": len(self.entrants)})]
        drawn = [e.number for e in self.entrants if e.number not in self.disqualified]
        if len(drawn) < size:
            raise PaijuError("cup.err.too_few", need=size, have=len(drawn))
        return notes + self._draw_stage(drawn, now)

    def _is_final(self, number: int, players: list[int]) -> bool:
        config = self.config
        if len(players) == config.table_size:
            return True
        if config.stages is not None and number >= config.stages:
            return True
        return (config.final == "round_robin"
                and len(players) <= (config.final_size or config.table_size)
                and single_round_robin(len(players), config.table_size))

    def _in_legs(self, players: list[int]) -> bool:
        config = self.config
        return (config.final_halves > 1 or config.final == "round_robin"
                or len(players) > config.table_size)

    @property
    def start_score(self) -> int:
        """What every player starts a stage with (the bean stack, or the 基础分)."""
        config = self.config
        return config.beans if config.scoring == "beans" else config.base_points

    def _earlier(self) -> dict[int, int] | None:
        """ties=earlier_stage: each player's score in the stage before; a bye there neither
        won nor lost, so it counts as the stage's start (基础分), not as 0."""
        if self.config.ties != "earlier_stage" or not self.stages:
            return None
        before = self.stages[-1]
        scores = {n: self.start_score for n in before.players}
        scores.update({n: before.stage_score(n) for t in before.tables for n in t.seats})
        return scores

    def _draw_stage(self, players: list[int], now: float) -> list[Note]:
        number = len(self.stages) + 1
        size = self.config.table_size
        final = self._is_final(number, players)
        if final and self._in_legs(players):
            return self._draw_leg(sorted(players), 1, {}, now)
        before = self.stages[-1].byes if self.stages else []
        drawn = draw(players, self.seed, f"s{number}", size, had_bye=before)
        stage = Stage(number, sorted(players), list(drawn.byes), final,
                      stage_tables(number, drawn.tables, final, self.config,
                                   earlier=self._earlier()))
        stage.quota = self._quota(stage)
        for table in stage.tables:
            self._open(table, now)
        self.stages.append(stage)
        notes = [Note("cup.drawn", {"stage": number, "final": final})]
        return notes + self._started(stage.tables, now)

    def _draw_leg(self, players: list[int], leg: int, carry: dict[int, int],
                  now: float) -> list[Note]:
        """One leg of a final in legs: a half re-drawn by lot, or a round of the round
        robin (the finalists in the lot's order, fixed at the first leg)."""
        number = len(self.stages) + 1
        size = self.config.table_size
        finalists: list[int] = []
        if self.config.final == "round_robin":
            finalists = (self.stages[-1].finalists if leg > 1
                         else lot(self.seed, f"s{number}rr", players))
            schedule = round_robin_legs(finalists, size)
            count, seats = len(schedule), tuple(schedule[leg - 1])
        else:
            # Byes rotate (RULES §5): who sat the first half out plays the second.
            count = self.config.final_halves
            had = self.stages[-1].byes if leg > 1 else []
            seats = draw(players, self.seed, f"s{number}", size, had_bye=had).tables
        seated = {n for table in seats for n in table}
        stage = Stage(number, players, [n for n in players if n not in seated], True,
                      stage_tables(number, seats, True, self.config, leg=True), leg=leg,
                      legs=count, carry=dict(carry),
                      finalists=list(finalists))
        stage.quota = len(players)
        for table in stage.tables:
            self._open(table, now)
        self.stages.append(stage)
        notes = [Note("cup.drawn", {"stage": number, "final": True, "leg": leg,
                                    "legs": count})]
        return notes + self._started(stage.tables, now)

    def _quota(self, stage: Stage) -> int:
        # Overall format: the organiser's N for this stage, else as many as the per-table
        # format would send on; never all of the stage (no progress), never under a table.
        size = self.config.table_size
        default = len(stage.tables) * self.config.advance + len(stage.byes)
        quotas = self.config.quotas
        quota = quotas[stage.number - 1] if stage.number <= len(quotas) else default
        if quota >= len(stage.players):
            quota = default
        quota = max(quota, size)
        most = self.config.final_size or size
        if self.config.final == "round_robin" and quota <= most:
            # The cut sends on a number that can play a single round robin (3, 7 or 9).
            quota = round_robin_size(min(quota, len(stage.players) - 1), size)
        return quota

    def _open(self, table: Table, now: float) -> None:
        """Start the check-in window of a new table (or play at once without one)."""
        for number in table.seats:
            if number in self.withdrawn:
                table.forfeit(number)
        table.start_by = now + self.config.start_window
        if self.config.start_window <= 0:
            table.checked_in = [n for n in table.seats if n not in table.forfeits]
        if table.all_present:
            table.start(now, self.config)

    def _started(self, tables: list[Table], now: float) -> list[Note]:
        notes = []
        for table in tables:
            if table.status != WAITING:
                notes.append(Note("cup.table_started", {"table": table.key,
                                                        "forfeits": list(table.forfeits)}))
        return notes

    # -- tables --------------------------------------------------------------------------

    @property
    def stage(self) -> Stage | None:
        """The current (last drawn) stage."""
        return self.stages[-1] if self.stages else None

    def live_tables(self) -> list[Table]:
        """Tables of the current stage (play-offs included) that are not done."""
        stage = self.stage
        return [] if stage is None or self.phase != RUNNING else stage.live_tables()

    def table(self, key: str) -> Table:
        """A table of any stage by key."""
        for stage in self.stages:
            for table in stage.all_tables():
                if table.key == key:
                    return table
        raise KeyError(key)

    def table_of_room(self, room_id: str) -> Table | None:
        """The table played in a room."""
        for stage in self.stages:
            for table in stage.all_tables():
                if table.room_id == room_id:
                    return table
        return None

    def live_table_of(self, number: int) -> Table | None:
        """The live table an entrant sits at now."""
        return next((t for t in self.live_tables() if number in t.seats), None)

    def check_in(self, player_id: int, now: float) -> tuple[Table, list[Note]]:
        """An entrant reports at their table; the table starts once everyone is there."""
        entrant = self.entrant_of(player_id)
        if entrant is None or entrant.number in self.withdrawn:
            raise PaijuError("cup.err.not_entered")
        table = self.live_table_of(entrant.number)
        if table is None:
            raise PaijuError("cup.err.no_table")
        if entrant.number in table.forfeits:  # the window closed on them
            raise PaijuError("cup.err.forfeited")
        if table.status != WAITING or entrant.number in table.checked_in:
            raise PaijuError("cup.err.already_checked_in")
        if table.check_in(entrant.number):
            table.start(now, self.config)
            return table, self._started([table], now) + self.progress(now)
        return table, []

    def record_hand(self, key: str, game_id: str, scores: list[int], now: float,
                    won: list[bool] | None = None) -> list[Note]:
        """A hand finished at a table: book it, then advance whatever it decides."""
        table = self.table(key)
        rounds = table.tie_rounds
        if not table.record_hand(game_id, scores, now, self.config, won):
            return []
        return self._table_notes(table, rounds) + self.progress(now)

    def expire(self, key: str, now: float) -> list[Note]:
        """A table's time ran out while no hand was being played there: its regulation
        hands are over (see `Table.expire`); what that decides follows."""
        table = self.table(key)
        rounds = table.tie_rounds
        if not table.expire(now, self.config):
            return []
        return self._table_notes(table, rounds) + self.progress(now)

    def _table_notes(self, table: Table, rounds: int) -> list[Note]:
        notes = []
        if table.tie_rounds > rounds:
            notes.append(Note("cup.extra_hands", {"table": table.key,
                                                  "hands": table.extra_due,
                                                  "round": table.tie_rounds}))
        if table.status == DONE:
            notes.append(Note("cup.table_done", {"table": table.key}))
        return notes

    def tick(self, now: float) -> list[Note]:
        """What the time decides: sign-up closing, check-in windows ending."""
        notes: list[Note] = []
        if self.phase == SIGNUP and self.signup_over(now):
            try:
                notes += self.close_signup(now)
            except PaijuError:
                self.phase = CANCELLED
                return [Note("cup.cancelled_too_few", {"need": self.config.table_size,
                                                       "have": len(self.entrants)})]
        for table in self.live_tables():
            if table.status == WAITING and table.start_by is not None \
                    and now >= table.start_by:
                table.start(now, self.config)
                notes += self._started([table], now)
        return notes + self.progress(now)

    def next_due(self) -> float | None:
        """The next time `tick` has something to do."""
        times = []
        if self.phase == SIGNUP and self.config.signup_until is not None:
            times.append(self.config.signup_until)
        times += [t.start_by for t in self.live_tables()
                  if t.status == WAITING and t.start_by is not None]
        return min(times) if times else None

    # -- stages --------------------------------------------------------------------------

    def progress(self, now: float) -> list[Note]:
        """Resolve the stage once its tables are done: play-off, next stage or the end."""
        notes: list[Note] = []
        while self.phase == RUNNING and self.stage is not None and not self.live_tables():
            stage = self.stage
            if self.config.format == "league":
                notes += self._league_round_done(stage, now)
                continue
            if self.config.format == "duplicate":
                notes += self._deal_done(stage, now)
                continue
            if self.config.format == "pairs":
                notes += self._pairs_round_done(stage, now)
                continue
            if stage.final and stage.leg:
                if stage.leg < stage.legs:
                    base = self.config.base_points
                    carry = {n: stage.total(n, base) for n in stage.players}
                    notes += self._draw_leg(stage.players, stage.leg + 1, carry, now)
                    continue
                notes += self._finish_legs(stage, now)
                break
            if stage.final:
                notes += self._finish(stage)
                break
            playoff = stage.resolve(self.config, self.seed, set(self.withdrawn))
            if playoff is not None:
                for table in playoff.tables:
                    self._open(table, now)
                notes.append(Note("cup.playoff", {"stage": stage.number,
                                                  "round": playoff.round,
                                                  "members": playoff.members,
                                                  "spots": playoff.spots}))
                notes += self._started(playoff.tables, now)
                continue
            if not stage.resolved:
                break
            advanced = stage.advanced or []
            for number in stage.players:
                if number not in advanced:
                    self.eliminated.setdefault(number, stage.number)
            notes.append(Note("cup.stage_done", {"stage": stage.number, "advanced": advanced,
                                                 "filled": stage.filled}))
            if len(advanced) < self.config.table_size:
                notes += self._finish_short(stage, advanced)
                break
            notes += self._draw_stage(advanced, now)
        return notes

    def _finish(self, stage: Stage) -> list[Note]:
        table = stage.tables[0]
        groups = table.order()
        places: list[tuple[int, int]] = []
        if groups:
            first, rest = groups[0], [n for g in groups[1:] for n in g]
            places += [(1, n) for n in first]
            if self.config.final_ties == "share":
                # The sheet: after first, the others rank by score; equal scores share.
                groups = group_by(rest, table.place_key)
            else:
                groups = groups[1:]
            place = 1 + len(first)
            for group in groups:
                places += [(place, n) for n in group]
                place += len(group)
        for number in table.seats:
            if all(n != number for _, n in places):
                self.eliminated.setdefault(number, stage.number)
        return self._close(places)

    def _finish_legs(self, stage: Stage, now: float) -> list[Note]:
        """A final in legs: every finalist by the total of the legs (总积分将决定名次); the
        earlier stage's score splits equal totals first (ties=earlier_stage). A tie for first
        is played off with extra hands (RULES §4: ties after the final are broken by extra
        hands), round after round; equal totals below first too, unless final_ties=share.
        A finalist who forfeited any leg, or withdrew, places nowhere; one no leg seated
        places after those who played."""
        first = stage.number - stage.leg + 1
        legs = self.stages[first - 1:]
        out = set(self.withdrawn)
        for leg in legs:
            for table in leg.tables:
                out.update(table.forfeits)
        before = self.stages[first - 2] if first >= 2 else None
        earlier = self.config.ties == "earlier_stage" and before is not None

        def key(number: int) -> tuple[int, int]:
            score = stage.total(number, self.config.base_points)
            if earlier and before is not None:
                if before.table_of(number) is not None:
                    return score, before.stage_score(number)
                return score, self.start_score  # a bye: neither won nor lost
            return score, 0

        # 决赛…按积分多赛决出名次: a place is played for. A finalist no leg seated (the
        # sit-out of a final of one leg) places after every finalist who played.
        played = {n for leg in legs for table in leg.tables for n in table.seats}
        sitters = group_by([n for n in stage.players if n not in out and n not in played], key)
        groups = group_by([n for n in stage.players if n not in out and n in played], key)
        split = self._split_ties(stage, groups, out)
        # A tie for first is always played off; one below it only with final_ties=play
        # (share: the sheet's 并列第二名).
        tied = next((i for i, g in enumerate(split) if len(g) > 1
                     and (i == 0 or self.config.final_ties == "play")), None)
        if tied is not None:
            return self._playoff_tie(stage, split, tied, now)
        if split and self.config.final_ties == "share":
            # The extra hands decided first only: the others tied with the winner share
            # the next place, as equal totals do (并列).
            winner = split[0]
            groups = [winner, *[g for g in group_by([n for n in groups[0] if n not in winner],
                                                    key) if g], *groups[1:]]
        else:
            groups = split
        places: list[tuple[int, int]] = []
        place = 1
        for group in [*groups, *sitters]:
            places += [(place, n) for n in group]
            place += len(group)
        for number in stage.players:
            if number in out:
                self.eliminated.setdefault(number, stage.number)
        return self._close(places)

    def _split_ties(self, stage: Stage, groups: list[list[int]],
                    out: set[int]) -> list[list[int]]:
        """The groups with each tie split by the play-offs played for it so far, in order
        (a member who did not play one out goes below those who did). A play-off is for
        the group whose members it lists (those still in)."""
        for playoff in stage.playoffs:
            members = set(playoff.members) - out
            at = next((i for i, g in enumerate(groups) if g and set(g) == members), None)
            if at is None:
                continue
            head = groups[at]
            if playoff.by_lot:
                split = [[n] for n in lot(self.seed, f"{stage.label}p{playoff.round}", head)]
            else:
                split = [[n for n in g if n in head] for g in playoff.ranked()]
                split = [g for g in split if g]
                played = {n for g in split for n in g}
                missing = [n for n in head if n not in played]
                split += [missing] if missing else []
            groups = groups[:at] + split + groups[at + 1:]
        return [g for g in groups if g]

    def _playoff_tie(self, stage: Stage, groups: list[list[int]], at: int,
                     now: float) -> list[Note]:
        """Extra hands (加赛) for the finalists of tied group `at`, filled up with other
        finalists whose place it does not change (the best placed first); with nobody to
        fill a table, the seeded lot."""
        tied, size = groups[at], self.config.table_size
        number = len(stage.playoffs) + 1
        label = f"{stage.label}p{number}"
        playoff = Playoff(number, sorted(tied), 1)
        stage.playoffs.append(playoff)
        count = math.ceil(len(tied) / size)
        others = [n for i, g in enumerate(groups) if i != at for n in g]
        if len(others) < count * size - len(tied):
            playoff.by_lot = True
            return self._finish_legs(stage, now)
        for index, group in enumerate(spread(tied, self.seed, label, count)):
            extra = [others.pop(0) for _ in range(size - len(group))]
            key = f"{label}t{index + 1}"
            table = Table.new(key, lot(self.seed, key, group + extra), GOAL_NONE,
                              self.config, hands=self.config.tie_hands, fillers=extra)
            playoff.tables.append(table)
            self._open(table, now)
        notes = [Note("cup.playoff", {"stage": stage.number, "round": number,
                                      "members": playoff.members, "spots": 1})]
        return notes + self._started(playoff.tables, now)

    def _finish_short(self, stage: Stage, advanced: list[int]) -> list[Note]:
        # Too few left for a final table and nobody to fill it: they place by stage score
        # (byes, without one, after them), equal scores sharing, except that a runner-up
        # who filled places after an equal score that went on by itself (a tie broken at
        # their table must not be undone here).
        scored = [n for n in advanced if stage.table_of(n) is not None]
        filled = set(stage.filled)
        groups = group_by(scored, lambda n: (stage.stage_score(n), n not in filled))
        byes = sorted(n for n in advanced if n not in scored)
        if byes:
            groups.append(byes)
        places: list[tuple[int, int]] = []
        place = 1
        for group in groups:
            places += [(place, n) for n in group]
            place += len(group)
        return self._close(places)

    def _close(self, places: list[tuple[int, int]]) -> list[Note]:
        self.places = places
        self.phase = FINISHED
        self.merits = self._merits({n for _, n in places})
        return [Note("cup.finished", {"places": [list(p) for p in places],
                                      "merits": list(self.merits)})]

    def _merits(self, placed: set[int]) -> list[int]:
        """优秀奖 (`merit=K`): the next K players below the places by their last stage's
        score — those who went furthest first, then by score; a tie across the K-th place is
        split by the seeded lot ("merit"). Withdrawn players and forfeits at their last table
        get none."""
        if not self.config.merit:
            return []
        candidates: list[int] = []
        for number, left in self.eliminated.items():
            if number in placed or number in self.withdrawn:
                continue
            table = self.stages[left - 1].table_of(number)
            if table is not None and number not in table.forfeits:
                candidates.append(number)

        def key(number: int) -> tuple[int, int]:
            left = self.eliminated[number]
            return left, self.stages[left - 1].stage_score(number)

        chosen: list[int] = []
        for group in group_by(candidates, key):
            left = self.config.merit - len(chosen)
            if left <= 0:
                break
            chosen.extend(group if len(group) <= left else lot(self.seed, "merit", group)[:left])
        return chosen

    def cancel(self) -> list[Note]:
        """Stop the competition (organiser); nothing is booked."""
        if self.phase in (FINISHED, CANCELLED):
            raise PaijuError("cup.err.over")
        self.phase = CANCELLED
        return [Note("cup.cancelled")]

    def prizes(self) -> dict[int, int]:
        """Cup points per player id from the final places (shared places share the prize of
        their place each)."""
        awards: dict[int, int] = {}
        for place, number in self.places:
            if place <= len(self.config.prizes) and self.config.prizes[place - 1] > 0:
                player = self.entrant(number).player_id
                awards[player] = awards.get(player, 0) + self.config.prizes[place - 1]
        return awards

    @property
    def playing(self) -> set[int]:
        """Entrants seated at a live table."""
        return {n for t in self.live_tables() for n in t.seats}

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON form (survives a restart)."""
        return {
            "v": 1, "cup_id": self.cup_id, "name": self.name, "config": self.config.to_dict(),
            "seed": self.seed, "created_at": self.created_at, "organiser": self.organiser,
            "phase": self.phase, "entrants": [asdict(e) for e in self.entrants],
            "next_number": self.next_number, "withdrawn": self.withdrawn,
            "stages": [s.to_dict() for s in self.stages],
            "places": [list(p) for p in self.places],
            "eliminated": {str(k): v for k, v in self.eliminated.items()},
            "merits": self.merits,
            "disqualified": {str(k): v for k, v in self.disqualified.items()},
            "teams": self.teams, "doubles": self.doubles, "matches": self.matches,
            "base_tables": self.base_tables,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Competition:
        """Inverse of to_dict."""
        return cls(
            cup_id=data["cup_id"], name=data["name"],
            config=CupConfig.from_dict(data["config"]), seed=data["seed"],
            created_at=data["created_at"], organiser=data.get("organiser"),
            phase=data["phase"], entrants=[Entrant(**e) for e in data["entrants"]],
            next_number=data["next_number"], withdrawn=list(data.get("withdrawn", [])),
            stages=[Stage.from_dict(s) for s in data.get("stages", [])],
            places=[(p[0], p[1]) for p in data.get("places", [])],
            eliminated={int(k): v for k, v in data.get("eliminated", {}).items()},
            merits=list(data.get("merits", [])),
            disqualified={int(k): v for k, v in data.get("disqualified", {}).items()},
            teams=list(data.get("teams", [])),
            doubles={k: list(v) for k, v in data.get("doubles", {}).items()},
            matches=list(data.get("matches", [])),
            base_tables=[list(t) for t in data.get("base_tables", [])],
        )


__all__ = ["CANCELLED", "DONE", "FINISHED", "PLAYING", "RUNNING", "SIGNUP", "WAITING",
           "Competition", "Entrant", "Note"]
