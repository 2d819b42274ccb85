"""Settings from the environment and `.env` (pydantic-settings): one `Settings` value,
built once in `bootstrap`, never a module-level singleton.

Every setting is documented in `.env.example`. Tokens are `SecretStr`: they print as
`**********` in reprs and logs; only the adapter that needs one calls `get_secret_value()`.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def _env(name: str) -> AliasChoices:
    # Environment names are fixed contracts (PAIJU_DATABASE, TELEGRAM_TOKEN, ...); the field
    # name is accepted too so code and tests can build Settings(database=...).
    return AliasChoices(name, name.lower())


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True,
        case_sensitive=False,
        env_ignore_empty=True,  # `DISCORD_SHARD_COUNT=` in .env means "not set"
    )

    # A SQLite file (Path), or a PostgreSQL server's URL (str, kept out of reprs: it may hold
    # a password) for several bot processes on one database.
    database: Path | str = Field(Path("data/paiju.sqlite3"), repr=False,
                                 validation_alias=_env("PAIJU_DATABASE"))
    # Several processes on one PostgreSQL database: how long a room's lease lasts without a
    # heartbeat (a dead process's rooms are taken over within it), and this process's name.
    lease_seconds: float = Field(15.0, gt=0, validation_alias=_env("PAIJU_LEASE_SECONDS"))
    lease_owner: str | None = Field(None, validation_alias=_env("PAIJU_LEASE_OWNER"))
    language: Literal["en", "zh"] = Field("en", validation_alias=_env("PAIJU_LANGUAGE"))
    log_level: str = Field("INFO", validation_alias=_env("PAIJU_LOG_LEVEL"))

    # Rooms
    stake: int = Field(10, ge=1, validation_alias=_env("PAIJU_STAKE"))
    mode: Literal["beans", "points"] = Field("beans", validation_alias=_env("PAIJU_MODE"))

    # Turn timers (seconds) and the warning before they expire
    play_timeout: float = Field(30, gt=0, validation_alias=_env("PAIJU_PLAY_TIMEOUT"))
    bid_timeout: float = Field(15, gt=0, validation_alias=_env("PAIJU_BID_TIMEOUT"))
    arrange_timeout: float = Field(60, gt=0, validation_alias=_env("PAIJU_ARRANGE_TIMEOUT"))
    warn_before: float = Field(10, ge=0, validation_alias=_env("PAIJU_WARN_BEFORE"))
    # Off: nobody is ever timed out (the console table alone with one person, by default).
    turn_timers: bool = Field(True, validation_alias=_env("PAIJU_TURN_TIMERS"))
    console_timers: bool = Field(False, validation_alias=_env("PAIJU_CONSOLE_TIMERS"))
    ai_delay: float = Field(1.0, ge=0, validation_alias=_env("PAIJU_AI_DELAY"))
    ai_workers: int = Field(8, ge=1, validation_alias=_env("PAIJU_AI_WORKERS"))
    ai_processes: int = Field(1, ge=0, validation_alias=_env("PAIJU_AI_PROCESSES"))
    # How long /puzzle waits on the day's puzzle being made before it answers anyway (the
    # puzzle is made off the loop and kept; the next day's is made ahead).
    puzzle_wait: float = Field(2.0, ge=0, validation_alias=_env("PAIJU_PUZZLE_WAIT"))

    # The bean economy
    starting_grant: int = Field(1000, ge=0, validation_alias=_env("PAIJU_STARTING_GRANT"))
    daily_relief: int = Field(500, ge=0, validation_alias=_env("PAIJU_DAILY_RELIEF"))
    relief_threshold: int = Field(100, ge=0, validation_alias=_env("PAIJU_RELIEF_THRESHOLD"))

    # Card art (hands, bottom cards, result cards as pictures) in Telegram and Discord rooms
    # that have not switched it off (settings pictures=off); off: text only, everywhere.
    pictures: bool = Field(True, validation_alias=_env("PAIJU_PICTURES"))

    # Seasons of the leaderboards: months per season (1 monthly, 3 quarterly, 12 yearly)
    season_months: Literal[1, 2, 3, 4, 6, 12] = Field(
        1, validation_alias=_env("PAIJU_SEASON_MONTHS"))

    # The web pages (bot.web): replays, live tables, leaderboards
    web_port: int | None = Field(None, ge=1, le=65535, validation_alias=_env("PAIJU_WEB_PORT"))
    web_host: str = Field("127.0.0.1", validation_alias=_env("PAIJU_WEB_HOST"))
    web_url: str | None = Field(None, validation_alias=_env("PAIJU_WEB_URL"))
    web_secret: SecretStr | None = Field(None, validation_alias=_env("PAIJU_WEB_SECRET"))
    # Live tables: open streams in all, from one client address, and on one room's table.
    web_max_spectators: int = Field(10_000, ge=1,
                                    validation_alias=_env("PAIJU_WEB_MAX_SPECTATORS"))
    web_max_per_client: int = Field(8, ge=1, validation_alias=_env("PAIJU_WEB_MAX_PER_CLIENT"))
    web_max_per_room: int = Field(500, ge=1, validation_alias=_env("PAIJU_WEB_MAX_PER_ROOM"))
    # The play page (a Telegram Mini App): how old Telegram's init data may be, in seconds.
    play_max_age: int = Field(3600, ge=60, validation_alias=_env("PAIJU_PLAY_MAX_AGE"))

    # Operations: /metrics (Prometheus), /healthz and /readyz, served with the web pages
    # (PAIJU_WEB_PORT) and on a port of their own when PAIJU_METRICS_PORT is set. Who may read
    # /metrics: a bearer token, or client addresses (networks); neither set: nobody.
    metrics_port: int | None = Field(None, ge=1, le=65535,
                                     validation_alias=_env("PAIJU_METRICS_PORT"))
    metrics_host: str = Field("127.0.0.1", validation_alias=_env("PAIJU_METRICS_HOST"))
    metrics_token: SecretStr | None = Field(None, validation_alias=_env("PAIJU_METRICS_TOKEN"))
    metrics_allow: Annotated[list[str], NoDecode] = Field(
        default_factory=list, validation_alias=_env("PAIJU_METRICS_ALLOW"))
    # /readyz fails while the event loop wakes later than this (s).
    ready_max_lag: float = Field(1.0, gt=0, validation_alias=_env("PAIJU_READY_MAX_LAG"))

    # Telegram
    telegram_token: SecretStr | None = Field(None, validation_alias=_env("TELEGRAM_TOKEN"))
    telegram_base_url: str = Field("https://api.telegram.org/bot",
                                   validation_alias=_env("TELEGRAM_BASE_URL"))
    telegram_bot_username: str | None = Field(None,
                                              validation_alias=_env("TELEGRAM_BOT_USERNAME"))
    telegram_webhook_url: str | None = Field(None, validation_alias=_env("TELEGRAM_WEBHOOK_URL"))
    telegram_webhook_port: int = Field(8443, validation_alias=_env("TELEGRAM_WEBHOOK_PORT"))

    # Discord
    discord_token: SecretStr | None = Field(None, validation_alias=_env("DISCORD_TOKEN"))
    discord_api_base: str = Field("https://discord.com/api/v10",
                                  validation_alias=_env("DISCORD_API_BASE"))
    discord_guild_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, validation_alias=_env("DISCORD_GUILD_IDS"))
    discord_shard_count: int | None = Field(None, ge=1,
                                            validation_alias=_env("DISCORD_SHARD_COUNT"))
    discord_shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        None, validation_alias=_env("DISCORD_SHARD_IDS"))

    @field_validator("discord_guild_ids", "discord_shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        # "1,2, 3" (what people write in .env) as well as a real list.
        if isinstance(value, str):
            return [int(part) for part in value.replace(";", ",").split(",") if part.strip()]
        return value

    @field_validator("metrics_allow", mode="before")
    @classmethod
    def _networks(cls, value: object) -> object:
        # "127.0.0.1, 10.0.0.0/8" as written in .env; each must be an address or network.
        parts = [p.strip() for p in value.replace(";", ",").split(",")] \
            if isinstance(value, str) else value
        if isinstance(parts, list):
            parts = [p for p in parts if p]
            for part in parts:
                ipaddress.ip_network(str(part), strict=False)  # ValueError: said plainly
        return parts

    @field_validator("database", mode="after")
    @classmethod
    def _path_unless_url(cls, value: Path | str) -> Path | str:
        # A URL stays text: as a Path, "postgresql://h/db" would lose a slash.
        if isinstance(value, str) and not value.startswith(DATABASE_URL_SCHEMES):
            return Path(value)
        return value

    @property
    def on_server(self) -> bool:
        """Whether the database is a PostgreSQL server (several processes may share it)."""
        return isinstance(self.database, str)

    @property
    def data_folder(self) -> Path:
        """Where files beside the database go (logs, the Telegram table memory)."""
        return Path("data") if isinstance(self.database, str) else self.database.parent

    @field_validator("telegram_token", "discord_token", "web_secret", "metrics_token",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        # `TELEGRAM_TOKEN=` in .env means "no Telegram", not an empty token.
        return None if isinstance(value, str) and not value.strip() else value

    def timeout_for(self, prompt_kind: str) -> float:
        """The turn timer for a prompt kind (bids 15 s, arrangements 60 s, plays 30 s)."""
        if prompt_kind in BID_PROMPTS:
            return self.bid_timeout
        if prompt_kind in ARRANGE_PROMPTS:
            return self.arrange_timeout
        return self.play_timeout


DATABASE_URL_SCHEMES = ("postgresql://", "postgres://")
BID_PROMPTS = frozenset({"bid", "grab", "double", "show"})
ARRANGE_PROMPTS = frozenset({"arrange", "keep"})
