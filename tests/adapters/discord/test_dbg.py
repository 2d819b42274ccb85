from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start

async def test_dbg(paiju: Paiju, fake_discord) -> None:
    fake_discord.refuse_dms("dave")
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "dave"])
    while paiju.to_act() != ["dave"]:
        [user] = paiju.to_act()
        await take_turn(paiju, user, "pass")
    r = paiju.room
    print("deadline", r.deadline, paiju.clock.now(), r.warned, paiju.host.changed_at[r.room_id])
    paiju.clock.advance(6)
    await paiju.settle()
    import asyncio; await asyncio.sleep(0.2)
    print("warned", paiju.room.warned)
    for m in fake_discord.messages_in(fake_discord.channel): print(repr(m.content[:80]))
    print([ (x.route, x.status, x.dm_user_id) for x in fake_discord.requests[-6:]])
