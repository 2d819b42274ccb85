"""Rooms per bot token: busy 斗地主 rooms of people who think, through the real Telegram
adapter (python-telegram-bot) and host, against the fake Bot API enforcing Telegram's limits
(20 messages a minute per group, 30 a second overall: 429 with retry_after past them).

Each room is a group of three people who opened the bot privately; each, when the panel
shows their turn, thinks (exponential, `--think` s mean) and presses a move (the first
suggestion, the top bid, or pass); when a hand ends the first person types /again after a
think. Measured after `--warmup` s, until `--duration` s:
- `table_stale_p50_s` / `_p99_s` / `_max_s`: from an accepted move to the group's table
  message showing it (a table call whose buttons carry that counter or a later one);
- `prompt_p50_s` / `_p99_s`: from a move that makes it a person's turn to their private
  chat getting the panel of that turn;
- `hands_finished`, `results_delivered` (each hand's result posted once, with its own seed
  in the caption, in the order the hands ended), `results_in_order`;
- `calls_per_move` (every Bot API call but polling, over accepted moves), `calls_per_s`,
  `flood_429s` (what the fake refused), `loop_lag_p99_ms`.
Prints one JSON line.

`--solo`: the default pace of a newcomer's table instead: one person in 托管 with two AI
seats (`PAIJU_AI_DELAY`, 1 s), who types /again the moment a hand ends.

    python benchmarks/platform_capacity.py --rooms 60 --think 3 --duration 180
    python benchmarks/platform_capacity.py --solo --rooms 1 --duration 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.telegram import TelegramAdapter  # noqa: E402
from bot.host.bootstrap import close_host, open_host  # noqa: E402
from bot.host.payload import decode_payload  # noqa: E402
from bot.host.room import room_id_for  # noqa: E402
from bot.host.views import Phase, Place  # noqa: E402
from bot.i18n import translate  # noqa: E402
from bot.settings import Settings  # noqa: E402
from tests.fakes.telegram import FakeTelegram  # noqa: E402

QUIET = ("getUpdates", "getMe", "deleteWebhook", "setMyCommands", "getMyCommands",
         "deleteMyCommands")
RESULT = translate("host.result.title", "en")
MOVE = re.compile(r"^(play |pass$|bid 3$|no-double$|no-show$|no-grab$|grab$|double$)")


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def payload_counters(params: dict[str, Any], room_id: str) -> list[int]:
    markup = params.get("reply_markup")
    rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
    found = []
    for button in (b for row in rows for b in row):
        data = str(button.get("callback_data") or "")
        if data.startswith(room_id + ":"):
            try:
                found.append(decode_payload(data).counter)
            except Exception:  # noqa: BLE001 - a draft code
                continue
    return found


class Bench:
    def __init__(self, args: argparse.Namespace, fake: FakeTelegram, folder: Path) -> None:
        self.args = args
        self.fake = fake
        self.rng = random.Random(args.seed)
        self.settings = Settings(_env_file=None, database=folder / "paiju.sqlite3",
                                 telegram_token=fake.token, telegram_base_url=fake.base_url,
                                 pictures=args.pictures == "on")
        self.host: Any = None
        self.adapter: TelegramAdapter | None = None
        self.moves: list[tuple[str, int, float]] = []  # (room, counter, when)
        self.turns: list[tuple[str, int, int, float]] = []  # (room, counter, user id, when)
        self.ended: dict[str, list[tuple[str, int, float]]] = defaultdict(list)  # hands
        self.counters: dict[str, int] = {}
        self.stop_at = 0.0

    # -- the bot ---------------------------------------------------------------------------

    async def start(self) -> None:
        self.host = await open_host(self.settings)
        self.adapter = TelegramAdapter(self.settings)
        self.host.attach(self.adapter)
        await self.host.load()
        await self.adapter.start(self.host)
        await self.host.resume()
        self.host.change_watchers.append(self.watch)

    async def stop(self) -> None:
        assert self.adapter is not None
        await self.adapter.stop()
        await close_host(self.host)

    def watch(self, room_id: str) -> None:
        room = self.host.rooms.get(room_id)
        if room is None or room.counter == self.counters.get(room_id):
            return
        self.counters[room_id] = room.counter
        now = time.monotonic()
        if room.phase in (Phase.PLAYING, Phase.OVER):
            self.moves.append((room_id, room.counter, now))
        if room.phase is Phase.OVER and room.game_id and room.seed is not None and (
                not self.ended[room_id] or self.ended[room_id][-1][0] != room.game_id):
            self.ended[room_id].append((room.game_id, room.seed, now))
        if room.phase is Phase.PLAYING:
            for seat in room.to_act():
                person = room.seats[seat]
                if person.user_id and not person.auto and room.forced_action(seat) is None:
                    self.turns.append((room_id, room.counter, int(person.user_id), now))

    # -- the people ------------------------------------------------------------------------

    async def think(self) -> None:
        await asyncio.sleep(self.rng.expovariate(1 / self.args.think))

    def table_message(self, room_id: str) -> dict[str, Any] | None:
        assert self.adapter is not None
        slot = self.adapter.tables.get(room_id)
        if slot is None or slot.message_id is None:
            return None
        return self.fake.message(slot.chat_id, slot.message_id)

    async def until(self, probe: Any, timeout: float = 120.0) -> Any:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = probe()
            if value:
                return value
            await asyncio.sleep(0.1)
        raise TimeoutError

    async def room(self, index: int) -> None:
        fake = self.fake
        group = fake.new_group(f"Bench {index}")
        people = [fake.new_user(f"P{index}-{n}") for n in range(1 if self.args.solo else 3)]
        for user in people:
            fake.user_says(user, "/start")
        room_id = room_id_for(Place("telegram", str(group.id)))
        fake.command(people[0], "new", "ddz", chat=group)
        await self.until(lambda: self.table_message(room_id))
        for user in people[1:]:
            fake.command(user, "join", chat=group)
        if self.args.solo:
            for _ in range(2):
                fake.command(people[0], "addbot", chat=group)
        await self.until(lambda: room_id in self.host.rooms
                         and len(self.host.rooms[room_id].seats) == 3)

        def start_button() -> str | None:
            table = self.table_message(room_id) or {}
            return next((d for _, d in fake.buttons(table) if d and d.endswith(":!start")),
                        None)

        data = await self.until(start_button)
        fake.press(people[0], self.table_message(room_id) or {}, data)
        if self.args.solo:  # 托管 from the first prompt on
            await self.until(lambda: self.host.rooms[room_id].phase is Phase.PLAYING)
            fake.command(people[0], "auto", "on", chat=group)
        await asyncio.gather(*(self.person(room_id, group, user, first=n == 0)
                               for n, user in enumerate(people)))

    def live_move(self, room_id: str, user: Any) -> tuple[dict[str, Any], str] | None:
        room = self.host.rooms.get(room_id)
        if room is None or room.phase is not Phase.PLAYING:
            return None
        seat = next((i for i, s in enumerate(room.seats) if s.user_id == str(user.id)), None)
        if seat is None or seat not in room.to_act() or room.forced_action(seat) is not None:
            return None
        since = room.prompt_since[seat] if seat < len(room.prompt_since) else room.counter
        for message in reversed(self.fake.messages(self.fake.private_chat(user))):
            for _, data in self.fake.buttons(message):
                if not data or not data.startswith(room_id + ":"):
                    continue
                payload = decode_payload(data)
                if payload.counter >= since and MOVE.match(payload.code):
                    return message, data
            if message.get("reply_markup"):
                return None  # the newest panel offers no move yet
        return None

    async def person(self, room_id: str, group: Any, user: Any, first: bool) -> None:
        while time.monotonic() < self.stop_at:
            room = self.host.rooms.get(room_id)
            if first and room is not None and room.phase is Phase.OVER:
                if not self.args.solo:
                    await self.think()
                self.fake.command(user, "again", chat=group)
                await asyncio.sleep(1.0)
                continue
            found = self.live_move(room_id, user)
            if found is None:
                await asyncio.sleep(0.1)
                continue
            await self.think()
            found = self.live_move(room_id, user)  # what the panel offers now
            if found is None:
                continue
            try:
                self.fake.press(user, *found)
            except ValueError:  # the panel moved on meanwhile
                continue
            await asyncio.sleep(0.3)

    # -- the figures -----------------------------------------------------------------------

    def figures(self, since: float, until: float) -> dict[str, Any]:
        fake = self.fake
        calls = [c for c in fake.calls if c.method not in QUIET and since <= c.at <= until]
        moves = [m for m in self.moves if since <= m[2] <= until]
        tables: dict[str, list[tuple[float, int]]] = defaultdict(list)
        prompts: dict[tuple[str, int], list[tuple[float, int]]] = defaultdict(list)
        group_of = {room_id: int(self.host.rooms[room_id].place.channel)
                    for room_id in self.ended} | {
            room_id: int(room.place.channel) for room_id, room in self.host.rooms.items()}
        for call in fake.calls:
            if not call.ok or call.method not in ("sendMessage", "editMessageText", "sendPhoto",
                                                  "editMessageCaption", "editMessageMedia"):
                continue
            for room_id, chat in group_of.items():
                counters = payload_counters(call.params, room_id)
                if not counters:
                    continue
                if call.chat_id == chat:
                    tables[room_id].append((call.at, max(counters)))
                elif isinstance(call.chat_id, int) and call.chat_id > 0:
                    prompts[(room_id, call.chat_id)].append((call.at, max(counters)))
        stale = []
        unshown = 0
        for room_id, counter, when in moves:
            shown = [t for t, c in tables[room_id] if t >= when and c >= counter]
            if shown:
                stale.append(min(shown) - when)
            elif when < until - 10:
                unshown += 1
        prompt = [min(t for t, c in prompts[(room_id, user)] if t >= when and c >= counter)
                  - when
                  for room_id, counter, user, when in self.turns if since <= when <= until
                  and any(t >= when and c >= counter for t, c in prompts[(room_id, user)])]
        finished = delivered = 0
        in_order = True
        for room_id, hands in self.ended.items():
            chat = group_of[room_id]
            posted = [c for c in fake.calls if c.ok and c.chat_id == chat
                      and RESULT in c.visible_text()]
            seeds = [next((h[1] for h in hands if str(h[1]) in c.visible_text()), None)
                     for c in posted]
            finished += len(hands)
            delivered += len([s for s in seeds if s is not None])
            in_order = in_order and seeds == [h[1] for h in hands][:len(seeds)] \
                and len(set(seeds)) == len(seeds)
        return {
            "moves": len(moves), "moves_per_s": round(len(moves) / (until - since), 2),
            "table_stale_p50_s": quantile(stale, 0.5), "table_stale_p99_s": quantile(stale, 0.99),
            "table_stale_max_s": round(max(stale), 3) if stale else None,
            "moves_never_shown": unshown,
            "prompt_p50_s": quantile(prompt, 0.5), "prompt_p99_s": quantile(prompt, 0.99),
            "hands_finished": finished, "results_delivered": delivered,
            "results_in_order": in_order,
            "calls_per_move": round(len(calls) / max(1, len(moves)), 3),
            "calls_per_s": round(len(calls) / (until - since), 2),
            "flood_429s": fake.flood_refusals,
        }


async def lag_probe(samples: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        began = loop.time()
        await asyncio.sleep(0.05)
        samples.append(max(0.0, loop.time() - began - 0.05))


async def main(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram() as fake:
            fake.enforce_group_limit(20, 60)
            fake.enforce_overall_limit(30, 1)
            bench = Bench(args, fake, Path(folder))
            await bench.start()
            began = time.monotonic()
            bench.stop_at = began + args.duration
            lags: list[float] = []
            stop = asyncio.Event()
            probe = asyncio.create_task(lag_probe(lags, stop))
            rooms = []
            for index in range(args.rooms):  # rooms open over the first seconds, as groups do
                rooms.append(asyncio.create_task(bench.room(index)))
                await asyncio.sleep(args.warmup / 2 / max(1, args.rooms))
            await asyncio.sleep(max(0.0, bench.stop_at - time.monotonic()))
            for task in rooms:
                task.cancel()
            await asyncio.gather(*rooms, return_exceptions=True)
            await asyncio.sleep(args.drain)  # what is queued goes out (results above all)
            stop.set()
            await probe
            figures = bench.figures(began + args.warmup, bench.stop_at)
            figures["results_delivered_after_drain"] = bench.figures(
                began, time.monotonic())["results_delivered"]
            figures["hands_finished_all"] = sum(len(h) for h in bench.ended.values())
            await bench.stop()
            fake.problems.clear()  # a long poll cut by the stop is no fault of the bot's
    return {"rooms": args.rooms, "solo": args.solo, "think_s": args.think,
            "duration_s": args.duration, "warmup_s": args.warmup, "pictures": args.pictures,
            **figures,
            "loop_lag_p99_ms": round((quantile(lags, 0.99) or 0) * 1000, 2)}


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=60)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=180.0)
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--drain", type=float, default=30.0)
    parser.add_argument("--pictures", choices=("on", "off"), default="on")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solo", action="store_true",
                        help="one person in 托管 and two AI seats a room, again at once")
    return parser.parse_args()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(parse()))))
