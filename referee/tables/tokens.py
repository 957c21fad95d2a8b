"""The seats' secret tokens and the tables' ids: unpredictable, and a token is never stored in clear.

A token is ``secrets.token_urlsafe(32)`` (256 random bits); the database keeps its SHA-256 only, so a
copy of the database lets no one act for a seat. A presented token is hashed and compared with
:func:`hmac.compare_digest`, in time that does not depend on where the two differ. A fast hash is
enough: the token is random and as long as the hash, so there is nothing to guess by brute force.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

__all__ = ["TABLE_ID", "digest", "matches", "new_table_id", "new_token"]

#: What a table id can be: a new one is 22 URL-safe characters (:func:`new_table_id`); the column holds 32. Any
#: other id is no table's, and is answered so without asking the database (a NUL, say, which PostgreSQL refuses).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_token() -> str:
    """A fresh seat token (43 URL-safe characters, 256 bits of ``secrets``)."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A fresh, unguessable table id (22 URL-safe characters of ``secrets``' 128 random bits), never beginning
    with ``-``: an operator passes it on a command line (``referee tables show ID``), where a leading ``-`` reads
    as an option. One id in 64 is drawn again; what is left is as unguessable (127.98 bits)."""
    found = secrets.token_urlsafe(16)
    while found.startswith("-"):
        found = secrets.token_urlsafe(16)
    return found


def digest(token: str) -> str:
    """What the database stores of ``token``: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """True when ``token`` is the one whose digest is ``stored`` (compared in constant time)."""
    if stored is None:
        return False
    return hmac.compare_digest(digest(token), stored)
