"""Live tables: the referee at the table — it deals, keeps the hidden cards, and rules each move as it is made.

The package holds what a live table needs besides the game itself, which is the engine's live game API
(wrapped, thinly, by :mod:`referee.tables.game`):

- :mod:`~referee.tables.database` — which database (SQLite in a data folder by default, PostgreSQL by
  ``REFEREE_DATABASE_URL``) and the SQLAlchemy engine for it (WAL and a busy timeout on SQLite);
- :mod:`~referee.tables.schema` — the tables, seats and accepted steps, as SQLAlchemy Core tables;
- :mod:`~referee.tables.migrate` — the Alembic migrations shipped in the package (``referee db migrate``);
- :mod:`~referee.tables.tokens` — the seats' secret tokens: random, stored hashed, compared in constant time;
- :mod:`~referee.tables.store` — :class:`~referee.tables.store.TableStore`, storage behind one interface;
- :mod:`~referee.tables.cache` — live games kept per process, keyed by table and sequence number, bounded;
- :mod:`~referee.tables.history` — the round's public history paged, so late answers are as small as early ones;
- :mod:`~referee.tables.tables` — the table service: create, view, act, the record (no HTTP, no SQL);
- :mod:`~referee.tables.commands` — the operators' ``referee db`` and ``referee tables`` commands.

The HTTP face is :mod:`referee.service.tables`.
"""
