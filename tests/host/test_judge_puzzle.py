"""`/judge` with a typed position answers with the AI's move and a one-line reason (残局)."""

from __future__ import annotations

import json

from bot.games.doudizhu.ai_service import explain_request
from bot.host import commands as cmd
from bot.i18n import translate
from tests.host.conftest import PLACE, actor

OPENING = {"players": 3, "seat": 1, "landlord": 0, "hand": "3344556677889TJQK",
           "bottom": "AAR", "history": [[0, "3"]]}


async def test_a_typed_position_gets_the_services_move_and_reason(host_and_recorder) -> None:
    host, _ = host_and_recorder
    answer, key, params = explain_request(OPENING)
    reply = await host.handle(cmd.Judge(actor(0, "zh"), PLACE, text=json.dumps(OPENING)))
    assert reply.ok
    assert translate(key, "zh", **params) in reply.text
    assert (answer["play"] or translate("host.ddz.label.pass", "zh")) in reply.text


async def test_a_bidding_position_gets_a_bid(host_and_recorder) -> None:
    host, _ = host_and_recorder
    bid = {"players": 3, "seat": 2, "phase": "bid", "hand": "BR2222AAAKKQQJJT9", "bids": []}
    reply = await host.handle(cmd.Judge(actor(0), PLACE, text=json.dumps(bid)))
    assert reply.ok and translate("host.ddz.label.bid", "en", bid=3) in reply.text


async def test_an_unreadable_or_impossible_position_is_refused_with_a_reason(
        host_and_recorder) -> None:
    host, _ = host_and_recorder
    broken = await host.handle(cmd.Judge(actor(0), PLACE, text="{not json"))
    assert not broken.ok and broken.key == "host.judge.bad_position"
    impossible = dict(OPENING, hand="3333333")
    refused = await host.handle(cmd.Judge(actor(0), PLACE, text=json.dumps(impossible)))
    assert not refused.ok and refused.text and "Traceback" not in refused.text
