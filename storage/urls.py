"""Database URLs: which setting names a server, the URL as the server is given it, and the
URL as a person may see it (never its password).

A password is often pasted in unencoded: `postgresql://bot:p@ss/word@db:5432/paiju`. The
user and password are then everything up to the last `@` (the host never holds one), and
are percent-encoded before the URL reaches the driver (which would split at the first `@`
and try the rest as a host name); in every message the password is `***`.
"""

from __future__ import annotations

URL_SCHEMES = ("postgresql://", "postgres://")
_UNSAFE = {"@": "%40", "/": "%2F", "?": "%3F", "#": "%23"}  # what ends a URL's user info


def is_postgres_url(database: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(database, str) and database.startswith(URL_SCHEMES)


def _parts(url: str) -> tuple[str, str | None, str | None, str]:
    """(scheme://, user, password, host and the rest); user and password None if absent."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "", None, None, url
    userinfo, at, hostpart = rest.rpartition("@")
    if not at:
        return f"{scheme}://", None, None, rest
    user, colon, password = userinfo.partition(":")
    return f"{scheme}://", user, password if colon else None, hostpart


def _encoded(text: str) -> str:
    return "".join(_UNSAFE.get(char, char) for char in text)


def server_url(url: str) -> str:
    """The URL as the driver must get it: the characters that would end the user info
    (`@ / ? #`) percent-encoded in the user and password; anything else untouched."""
    scheme, user, password, hostpart = _parts(url)
    if user is None:
        return url
    secret = "" if password is None else ":" + _encoded(password)
    return f"{scheme}{_encoded(user)}{secret}@{hostpart}"


def redacted(url: str) -> str:
    """The URL with its password replaced by `***`, for logs and messages."""
    scheme, user, password, hostpart = _parts(url)
    if user is None or password is None:
        return url
    return f"{scheme}{user}:***@{hostpart}"


def scrubbed(text: str, url: str) -> str:
    """`text` (a driver's error, say) with the URL's password and every piece of it after
    an `@` (what a driver that split at the first `@` took for a host) replaced by `***`."""
    _, _, password, _ = _parts(url)
    if not password:
        return text
    pieces = {password, _encoded(password)}
    pieces.update(password.split("@", i)[-1] for i in range(1, password.count("@") + 1))
    for piece in sorted(pieces, key=len, reverse=True):
        if len(piece) >= 3:
            text = text.replace(piece, "***")
    return text
