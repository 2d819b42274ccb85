"""`python -m bot picture hand|result`: write a card picture to a file.

- `picture hand "<cards>" --out FILE [--order down|up] [--selected ...] [--bottom ...]`: a
  hand as a player would see it. Suited cards (`3s 3h Ts B R`, `♠10 ♥J`); ranks alone
  (`33344TJQKA2BR`) get suits in the order ♠ ♥ ♣ ♦.
- `picture result --game-id ID --out FILE [--lang zh]`: the result card of a recorded game,
  replayed from the database of the settings.

Prints one JSON line (the file, its size, what it depicts); a bad argument gets one short
line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.cards import Card, Suit, parse_cards, parse_ranks
from bot.errors import CardParseError, PaijuError
from bot.games import registry
from bot.host import games
from bot.i18n import translate
from bot.pictures import ORDERS, Picture, Pictures, summary_of
from bot.settings import Settings
from storage import Storage

SUITS_IN_TURN = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def add_parser(sub: Any) -> None:
    """The `picture` subcommand and its two kinds."""
    picture = sub.add_parser("picture", help="write a card picture (PNG) to a file")
    kinds = picture.add_subparsers(dest="kind", required=True)
    hand = kinds.add_parser("hand", help="a hand, fanned and sorted")
    hand.add_argument("cards", help='e.g. "3s 3h Ts B R" or "33344TJQKA2BR"')
    hand.add_argument("--out", required=True, type=Path)
    hand.add_argument("--order", choices=ORDERS, default="down",
                      help="down: big to small (default); up: small to big")
    hand.add_argument("--selected", default="", help="cards drawn raised")
    hand.add_argument("--bottom", default="", help="cards marked as the bottom cards")
    hand.add_argument("--game", default=None,
                      help="the game whose order sorts the hand (any name or alias of "
                           "one; default: the first game's)")
    result = kinds.add_parser("result", help="the result card of a recorded game")
    result.add_argument("--game-id", required=True)
    result.add_argument("--out", required=True, type=Path)
    result.add_argument("--lang", choices=("en", "zh"), default=None)


def read_cards(text: str) -> list[str]:
    """Card codes from suited text, or from ranks alone (suits given in turn)."""
    try:
        return [c.code for c in parse_cards(text)]
    except CardParseError as error:
        if error.key != "cards.missing_suit":
            raise
    cards: list[str] = []
    seen: dict[int, int] = {}
    for rank in parse_ranks(text):
        if rank.is_joker:
            card = Card(rank)
        else:
            count = seen.get(rank, 0)
            if count >= len(SUITS_IN_TURN):
                raise CardParseError("cards.duplicate", card=rank.label)
            seen[rank] = count + 1
            card = Card(rank, SUITS_IN_TURN[count])
        if card.code in cards:
            raise CardParseError("cards.duplicate", card=card.code)
        cards.append(card.code)
    return cards


def run(args: argparse.Namespace) -> int:
    """Entry point of `picture`."""
    settings = Settings()
    lang = getattr(args, "lang", None) or settings.language
    try:
        if args.kind == "hand":
            picture = _hand(args)
        else:
            picture = asyncio.run(_result(settings, args.game_id, lang))
    except PaijuError as error:
        print(error.render(lang), file=sys.stderr)
        return 2
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(picture.png)
    except OSError as error:
        print(translate("pictures.cli.cannot_write", lang, path=str(args.out),
                        reason=error.strerror or str(error)), file=sys.stderr)
        return 2
    layout = picture.layout
    print(json.dumps({"out": str(args.out), "kind": layout.kind, "bytes": len(picture.png),
                      "width": layout.width, "height": layout.height,
                      "cards": len(layout.cards), "depicts": layout.describe()},
                     ensure_ascii=False))
    return 0


def _hand(args: argparse.Namespace) -> Picture:
    cards = read_cards(args.cards)
    if not cards:
        raise PaijuError("pictures.cli.no_cards")
    selected = read_cards(args.selected) if args.selected else []
    bottom = read_cards(args.bottom) if args.bottom else []
    stray = [c for c in (*selected, *bottom) if c not in cards]
    if stray:
        raise PaijuError("pictures.cli.not_in_hand", cards=" ".join(stray))
    game = registry.resolve(args.game) if args.game else registry.default_game()
    return Pictures().hand(cards, order=args.order, selected=selected, bottom=bottom,
                           game=game)


async def _result(settings: Settings, game_id: str, lang: str) -> Picture:
    # A PostgreSQL database is a URL: only a SQLite file can be missing.
    if not settings.on_server and not Path(settings.database).exists():
        raise PaijuError("pictures.cli.no_game", game_id=game_id)
    store = await Storage.open(settings.database, starting_grant=settings.starting_grant,
                               daily_relief=settings.daily_relief,
                               relief_threshold=settings.relief_threshold)
    try:
        row = await store.game_record(game_id)
        names = [{"name": await store.player_name(player), "is_ai": False}
                 if player is not None else {"name": "", "is_ai": True}
                 for player in (row.seats if row is not None else [])]
    finally:
        await store.close()
    if row is None:
        raise PaijuError("pictures.cli.no_game", game_id=game_id)
    result = row.result or {}
    if row.result is None:
        raise PaijuError("pictures.cli.not_finished", game_id=game_id)
    spec = games.spec(row.game)
    state = games.redeal(row.game, len(row.seats), row.options, row.seed, result)
    for seat, action in row.actions:
        state = spec.step(state, seat, action).state
    public = state.public_view()
    # each seat's role as the game's outcome names it (what the table's result card shows)
    roles = list(spec.outcome(state).roles) if state.is_over else []
    finals = result.get("final") or [0] * len(row.seats)
    ai = 0
    for entry in names:  # AI seats are numbered in seat order, as at the table
        if entry["is_ai"]:
            ai += 1
            entry["name"] = ai
    outcome = {"mode": row.mode, "stake": row.stake, "ended_by": result.get("ended_by"),
               "seats": [{"final": amount,
                          "role": roles[i] if i < len(roles) else None,
                          "left": state.private(i).hand,
                          **(names[i] if i < len(names) else {})}
                         for i, amount in enumerate(finals)]}
    return Pictures().result(summary_of(row.game, public, outcome), lang)
