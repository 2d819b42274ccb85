"""HTML building blocks: escaping, names, the page frame, the security headers.

Every piece of text that came from a person or storage goes through `esc` (or `name`, which
also isolates right-to-left names in a <bdi> so they cannot reorder the text around them).
A name written into plain text (a page's <title>, a line a script shows) goes through
`plain_name`: cleaned the same way and isolated with FSI … PDI. The web reads the names of a
game's seats through `plain_name` where it gets them (`bot.web.app`, `bot.web.live`), so a
section added later that only escapes them still writes them isolated.
No inline script or style anywhere: the Content-Security-Policy allows only our own files.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterable
from urllib.parse import urlencode

from bot.i18n import translate
from bot.i18n.bidi import FSI, PDI, clean, needs_isolating

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # The signed link is the key to the page: never hand it to another site in a Referer.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
MAX_NAME_CHARS = 64


def esc(text: object) -> str:
    """Text safe inside HTML elements and quoted attributes."""
    return html.escape(str(text), quote=True)


def _cleaned(text: str) -> str:
    """A name without control characters and direction controls, cut to length."""
    cleaned = "".join(c for c in clean(text) if unicodedata.category(c) != "Cc")
    if len(cleaned) > MAX_NAME_CHARS:
        cleaned = cleaned[:MAX_NAME_CHARS - 1] + "…"
    return cleaned


def name(text: str) -> str:
    """A person's name in HTML: control characters and direction overrides dropped, cut to
    length, escaped, bidi-isolated."""
    return f"<bdi>{esc(_cleaned(text))}</bdi>"


def plain_name(text: str) -> str:
    """A person's name in plain text (not escaped): cleaned as `name` does, and isolated
    (FSI … PDI) when it had a direction of its own (a mark, an override)."""
    cleaned = _cleaned(text)
    return f"{FSI}{cleaned}{PDI}" if needs_isolating(text) else cleaned


def t(key: str, lang: str, **params: object) -> str:
    """A catalogue message, escaped (parameters too: they may be names)."""
    return esc(translate(key, lang, **params))


def with_query(path: str, **params: str) -> str:
    """A path with query parameters added (the signed `k` stays as it is)."""
    query = urlencode({k: v for k, v in params.items() if v})
    if not query:
        return path
    return f"{path}{'&' if '?' in path else '?'}{query}"


def page(title: str, lang: str, body: str, *, scripts: Iterable[str] = (),
         here: str = "", body_class: str = "") -> str:
    """A whole page: head with our stylesheet and scripts, a language switch, the body.

    `title` is plain text (escaped here); `body` is HTML already escaped by its builder;
    `here` is the page's own signed path, for the language switch."""
    script_tags = "".join(f'<script src="/static/{esc(s)}" defer></script>' for s in scripts)
    other = "zh" if lang == "en" else "en"
    switch = (f'<a class="lang" id="lang-switch" href="{esc(with_query(here, lang=other))}" '
              f'hreflang="{other}">{t("web.lang." + other, lang)}</a>') if here else ""
    klass = f' class="{esc(body_class)}"' if body_class else ""
    return (
        "<!doctype html>"
        f'<html lang="{"zh-Hans" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        '<link rel="stylesheet" href="/static/site.css">'
        f"{script_tags}</head><body{klass}>"
        f'<header class="top"><span class="brand">paiju 牌局</span>{switch}</header>'
        f"<main>{body}</main></body></html>"
    )


def message_page(title_key: str, text_key: str, lang: str) -> str:
    """A small page with one message (not found, not finished yet, ...)."""
    title = translate(title_key, lang)
    return page(title, lang, f'<h1>{esc(title)}</h1><p class="note">{t(text_key, lang)}</p>')
