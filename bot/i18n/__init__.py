"""Message catalogues (English and Chinese).

Each module of `bot.i18n.messages` defines `MESSAGES = {key: {"en": ..., "zh": ...}}` for its
own area (one file per package, so parts of the code never edit the same catalogue). Texts
are `str.format` templates. Keys are namespaced by area: `cards.`, `host.`, a game's own prefix, ...
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.i18n import messages as areas  # the package of catalogue modules, one per area

LANGUAGES = ("en", "zh")
DEFAULT_LANGUAGE = "en"

log = logging.getLogger(__name__)

_ADDED: dict[str, dict[str, str]] = {}  # messages of registered game modules


def add_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add a game module's own messages (its record's catalogue) to the catalogue."""
    merged = catalogue()
    for key, texts in messages.items():
        if key in merged and merged[key] != dict(texts):
            raise ValueError(f"message key {key!r} defined twice")
        _ADDED[key] = merged[key] = dict(texts)
    _BY_LANGUAGE.clear()  # built again with them on next use


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every message of every area, merged; loaded once on first use."""
    merged: dict[str, dict[str, str]] = {}
    for info in sorted(pkgutil.iter_modules(areas.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{areas.__name__}.{info.name}")
        for key, texts in module.MESSAGES.items():
            if key in merged:
                raise ValueError(f"message key {key!r} defined twice ({info.name})")
            merged[key] = texts
    merged.update(_ADDED)
    return merged


def normalise_language(lang: str | None) -> str:
    """Map a platform locale (`zh-CN`, `zh_TW`, `en-US`, None) to a catalogue language."""
    if lang in LANGUAGES:  # the common case: a catalogue language already
        return lang
    if not lang:
        return DEFAULT_LANGUAGE
    base = lang.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def _templates(lang: str) -> dict[str, str]:
    """Every key's template in one catalogue language (English where it has none), built
    on first use: a view asks for tens of texts, each one dictionary look-up here."""
    table = _BY_LANGUAGE.get(lang)
    if table is None:
        table = _BY_LANGUAGE[lang] = {
            key: texts.get(lang) or texts[DEFAULT_LANGUAGE]
            for key, texts in catalogue().items()}
    return table


_BY_LANGUAGE: dict[str, dict[str, str]] = {}


def translate(key: str, lang: str | None = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The text of `key` in `lang`, formatted with `params`; never raises to a user."""
    table = _BY_LANGUAGE.get(lang)  # type: ignore[arg-type]
    if table is None:
        table = _templates(normalise_language(lang))
    template = table.get(key)
    if template is None:
        log.error("missing message key %r", key)
        return key
    if not params and "{" not in template and "}" not in template:
        return template  # what format() would give
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        log.exception("bad parameters %r for message %r", params, key)
        return template


t = translate
