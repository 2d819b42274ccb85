"""The first replays a fresh process serves pay nothing on its event loop that the later ones
do not: no module is imported on the loop's thread while the first burst of fresh replay
requests is served (the analysis' teacher module was, 230 ms on a bare `python -m bot web`).
Run in a fresh interpreter: a test process has imported everything already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

def _script() -> str:
    return r'''
import asyncio, json, random, sys, tempfile, threading
from pathlib import Path

import aiohttp

from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.room import room_id_for
from bot.host.views import Place
from bot.settings import Settings
from bot.web.server import start_web
from storage import Storage

SECRET = "test-secret-of-the-web-pages-0123456789"
loaded_on_loop = []


class Watch:
    """Records each module first imported on the main (the event loop's) thread."""

    def find_spec(self, name, path=None, target=None):
        if threading.current_thread() is threading.main_thread() and name not in sys.modules:
            loaded_on_loop.append(name)
        return None


async def games(database):
    settings = Settings(_env_file=None, database=database, ai_delay=0, ai_processes=0)
    host = await open_host(settings, rng=random.Random(1))
    await host.start()
    place = Place("sim", "c", "", "g")
    person = cmd.Actor("sim", "u0", "A")
    ids = []
    for command in (cmd.NewRoom(person, place, game="doudizhu3"), cmd.AddAI(person, place),
                    cmd.AddAI(person, place), cmd.Auto(person, place, on=True)):
        assert (await host.handle(command)).ok
    for hand in range(4):
        command = (cmd.Start if hand == 0 else cmd.Rematch)(person, place)
        assert (await host.handle(command)).ok
        await host.quiesce()
        ids.append(host.rooms[room_id_for(place)].game_id)
    await close_host(host)
    return ids


async def main():
    database = Path(tempfile.mkdtemp()) / "web.sqlite3"
    ids = await games(database)
    settings = Settings(_env_file=None, database=database, web_secret=SECRET,
                        web_url="http://x")
    store = await Storage.open(database)
    server = await start_web(settings, store, port=0)
    from bot.web.links import Links
    links = Links(SECRET)
    sys.meta_path.insert(0, Watch())
    async with aiohttp.ClientSession() as client:
        async def get(game_id):
            url = f"http://127.0.0.1:{server.port}{links.replay_path(game_id)}"
            async with client.get(url) as response:
                assert response.status == 200
                await response.read()
        await asyncio.gather(*(get(game_id) for game_id in ids))
    sys.meta_path.pop(0)
    await server.stop()
    await store.close()
    print(json.dumps(loaded_on_loop))

asyncio.run(main())
'''


def test_the_first_replays_import_nothing_on_the_event_loop() -> None:
    done = subprocess.run([sys.executable, "-c", _script()], cwd=ROOT, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert [name for name in loaded if name.startswith("bot.")] == []
