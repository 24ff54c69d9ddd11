"""The store's schema as Alembic migrations, applied at start by `Store.migrate`."""
