"""Telegram's Mini App init data, checked as Telegram's docs say: the data-check string
(every field but `hash`, "key=value" sorted by key, joined by line feeds) under
HMAC-SHA256 with the key HMAC-SHA256("WebAppData", bot token); `auth_date` not too old."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlencode

import pytest

from bot.web.play import InitDataRefused, check_init_data, sign_init_data

TOKEN = "123456:ABC-the-bot-token"
NOW = 1_800_000_000
USER = json.dumps({"id": 42, "first_name": "Ann", "last_name": "Lee", "language_code": "zh"})


def fields(**extra: str) -> dict[str, str]:
    return {"query_id": "AAQ", "auth_date": str(NOW - 10), "user": USER, **extra}


def test_init_data_signed_with_the_token_names_its_person() -> None:
    person = check_init_data(sign_init_data(fields(), TOKEN), TOKEN, NOW, 3600)
    assert (person.user_id, person.name, person.language) == ("42", "Ann Lee", "zh")


def test_the_hash_is_the_documented_one_whatever_the_field_order() -> None:
    data = fields(signature="abc", chat_instance="-99")
    secret = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    check = "\n".join(f"{k}={data[k]}" for k in sorted(data))
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    shuffled = dict(reversed(list({**data, "hash": digest}.items())))
    assert check_init_data(urlencode(shuffled), TOKEN, NOW, 3600).user_id == "42"


@pytest.mark.parametrize("tamper", [
    lambda text: text.replace("Ann", "Bob"),  # a field changed after signing
    lambda text: text + "&extra=1",  # a field added
    lambda text: text + "&user=" + USER,  # a field given twice
    lambda text: text.rsplit("&hash=", 1)[0],  # no hash
    lambda text: text[:-1] + ("0" if text[-1] != "0" else "1"),  # the hash changed
    lambda text: "",
    lambda text: "garbage",
])
def test_forged_init_data_is_refused(tamper) -> None:  # noqa: ANN001
    with pytest.raises(InitDataRefused) as refused:
        check_init_data(tamper(sign_init_data(fields(), TOKEN)), TOKEN, NOW, 3600)
    assert not refused.value.expired


def test_another_bots_init_data_is_refused() -> None:
    with pytest.raises(InitDataRefused):
        check_init_data(sign_init_data(fields(), "999:other"), TOKEN, NOW, 3600)


def test_old_init_data_has_expired_and_one_from_the_future_is_refused() -> None:
    old = sign_init_data(fields(auth_date=str(NOW - 3601)), TOKEN)
    with pytest.raises(InitDataRefused) as refused:
        check_init_data(old, TOKEN, NOW, 3600)
    assert refused.value.expired
    future = sign_init_data(fields(auth_date=str(NOW + 3600)), TOKEN)
    with pytest.raises(InitDataRefused) as refused:
        check_init_data(future, TOKEN, NOW, 3600)
    assert not refused.value.expired


@pytest.mark.parametrize("user", ["", "{}", '{"id": "42"}', '{"id": true}', '{"id": -5}',
                                  "[1]", "not json"])
def test_signed_init_data_without_a_proper_user_is_refused(user: str) -> None:
    with pytest.raises(InitDataRefused):
        check_init_data(sign_init_data(fields(user=user), TOKEN), TOKEN, NOW, 3600)
