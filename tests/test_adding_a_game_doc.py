"""docs/adding-a-game.md keeps up with the contract (issue 55 point 5): every field of the
record and every hook of the default text, pictures and web pages is in it, the files it
points to exist, and it says what a newcomer needs (no registry line, an action word's
translation, every seat's cards at the end, sides for ratings, where rules tests go, and
what the contract tests assume)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from bot.games.pictures import GamePictures
from bot.games.registry import GameModule
from bot.games.text import GameText
from bot.games.web import GameWeb

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")


def hooks(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


def test_every_record_field_and_hook_is_documented() -> None:
    fields = {f.name for f in dataclasses.fields(GameModule)}
    missing = {f for f in fields if not re.search(rf"\b{f}\b", DOC)}
    for cls in (GameText, GamePictures, GameWeb):
        missing |= {h for h in hooks(cls) if f"`{h}" not in DOC and h not in (
            "sort_key", "wild", "advice", "refusal_params", "typing_help", "lists_legal",
            "i18n_prefix")}
    assert not missing, sorted(missing)


def test_the_files_it_names_exist() -> None:
    named = set(re.findall(r"`((?:tests|bot|docs)/[\w/.-]+)`", DOC))
    assert named and not [p for p in named if "<" not in p and not (ROOT / p).exists()]


def test_it_says_what_a_new_game_needs() -> None:
    for needed in ("registry.discover", "action.<verb>", "cards_left", "alone_role",
                   "sides", "tests/games/<game>/", "one seat acts at a time", "end_lines",
                   "role_bands", "tests/games/kept/highcard_kept/"):
        assert needed in DOC, needed
    assert "one line" not in DOC.split("## 4.")[0]  # no registry line to add
