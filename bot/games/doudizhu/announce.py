"""From a 斗地主 event to the message the host announces (key + params for bot.i18n).

Templates take `{player}` for the event's seat, filled by the host with the display name.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Event


def announcement(event: Event) -> tuple[str, dict[str, Any]] | None:
    """(message key, params) announcing `event`, or None for events nobody needs told."""
    kind, params = event.kind, dict(event.params)
    if kind == "ddz.follow":
        return ("ddz.say.follow", {"bid": params["bid"]}) if params["followed"] \
            else ("ddz.say.no_follow", {})
    if kind == "ddz.bid":
        if params.get("named"):
            return "ddz.say.name", {"bid": params["bid"]}
        if params.get("lapsed"):
            return "ddz.say.bid_lapsed", {}
        return ("ddz.say.bid", params) if params["bid"] else ("ddz.say.bid_pass", {})
    if kind == "ddz.call":
        return ("ddz.say.call", {}) if params["called"] else ("ddz.say.call_pass", {})
    if kind == "ddz.grab":
        if params["grabbed"]:
            return "ddz.say.grab", {"multiplier": params["multiplier"]}
        return "ddz.say.no_grab", {}
    if kind in ("ddz.bomb", "ddz.rocket"):
        if params["counted"] and params.get("kind"):  # the 癞子 modes' kinds (RULES §2.1)
            return f"ddz.say.{params['kind']}", {"multiplier": params["multiplier"]}
        suffix = "" if params["counted"] else "_capped"
        return f"ddz.say.{kind[4:]}{suffix}", {"multiplier": params["multiplier"]}
    if kind == "ddz.double":
        if params.get("super"):
            return "ddz.say.super_double", {}
        return ("ddz.say.double", {}) if params["doubled"] else ("ddz.say.no_double", {})
    if kind == "ddz.wild":
        return f"ddz.say.wild_{params['kind']}", {"rank": params["rank"]}
    if kind == "ddz.show":
        if not params["shown"]:
            return None
        return "ddz.say.show", {"cards": params["cards"], "multiplier": params["multiplier"]}
    if kind == "ddz.result":
        key = "ddz.say.result_" + params["winner"]
        return key, {"multiplier": params["multiplier"]}
    simple = {"ddz.redeal": ("deal",), "ddz.no_bid_penalty": (),
              "ddz.landlord": ("base",), "ddz.bottom": ("cards",),
              "ddz.play": ("cards",), "ddz.pass": (), "ddz.cards_left": ("count",),
              "ddz.spring": (), "ddz.anti_spring": ()}
    if kind in simple:
        return "ddz.say." + kind[4:], {name: params[name] for name in simple[kind]}
    return None
