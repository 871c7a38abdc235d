"""Alembic environment and revisions, shipped inside the package (run at ``Store.open``)."""
