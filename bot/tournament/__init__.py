"""Competitions (比赛, RULES.md §4): sign-up, seeded draws, tables, stages, advancement.

The pure part (`config`, `draw`, `table`, `stage`, `competition`) has no I/O and no clock;
`service` drives it through the host, one room per table.
"""
