"""Alembic revisions, oldest first; each one step from its ``down_revision``."""
