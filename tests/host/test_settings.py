"""Settings from the environment: names, defaults, lists, secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings


def test_defaults_match_the_issue(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PAIJU_DATABASE", "TELEGRAM_TOKEN", "DISCORD_TOKEN", "PAIJU_AI_DELAY"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert settings.database == Path("data/paiju.sqlite3")
    assert (settings.play_timeout, settings.bid_timeout, settings.arrange_timeout) == (30, 15, 60)
    assert settings.telegram_token is None and settings.discord_token is None
    assert settings.timeout_for("bid") == 15 and settings.timeout_for("arrange") == 60
    assert settings.timeout_for("play") == 30


def test_environment_names_lists_and_blank_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIJU_DATABASE", "/tmp/x.sqlite3")
    monkeypatch.setenv("DISCORD_GUILD_IDS", "1, 2,3")
    monkeypatch.setenv("DISCORD_SHARD_COUNT", "")
    monkeypatch.setenv("TELEGRAM_TOKEN", "")
    monkeypatch.setenv("PAIJU_LANGUAGE", "zh")
    settings = Settings(_env_file=None)
    assert settings.database == Path("/tmp/x.sqlite3") and settings.language == "zh"
    assert settings.discord_guild_ids == [1, 2, 3] and settings.discord_shard_count is None
    assert settings.telegram_token is None


def test_a_postgresql_url_selects_the_server_and_stays_out_of_reprs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PAIJU_DATABASE", "postgresql://bot:SECRET-pw@db.example:5432/paiju")
    settings = Settings(_env_file=None)
    assert settings.database == "postgresql://bot:SECRET-pw@db.example:5432/paiju"
    assert settings.on_server and settings.data_folder == Path("data")
    assert "SECRET" not in repr(settings)
    assert not Settings(_env_file=None, database="x/y.db").on_server
    assert Settings(_env_file=None, database="x/y.db").data_folder == Path("x")


def test_tokens_never_show_in_reprs_or_logs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_TOKEN", "123456:SECRET-telegram")
    monkeypatch.setenv("DISCORD_TOKEN", "SECRET-discord")
    settings = Settings(_env_file=None)
    assert "SECRET" not in repr(settings) and "SECRET" not in str(settings.model_dump())
    assert settings.telegram_token.get_secret_value() == "123456:SECRET-telegram"


def test_the_example_env_file_names_every_setting() -> None:
    example = (Path(__file__).parents[2] / ".env.example").read_text()
    for field in Settings.model_fields.values():
        names = field.validation_alias.choices  # type: ignore[union-attr]
        assert any(f"{name}=" in example for name in names if name.isupper()), names
