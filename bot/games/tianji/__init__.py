"""田忌赛马 poker (RULES.md §3): group ranking, the three-round settlement, duel mode, the AI."""
