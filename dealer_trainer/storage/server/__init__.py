"""Server mode: a training centre's PostgreSQL server that enforces who may do what.

- ``policy``: the roles, grants, row-level security policies and ``SECURITY DEFINER``
  functions, as SQL that ``dealer-trainer server init`` runs as the database's owner;
- ``admin``: ``server init`` and ``server add-person`` without the command line;
- ``schema``: a workstation's check that the server is set up for this app;
- ``workstation``: ``open_server_store(url, login, password)``, what the sign-in
  window calls, and the store and desks that go through the server's functions;
- ``cli``: ``dealer-trainer server init URL`` and ``server add-person URL …``.

The setup, step by step, is the README's centre section; what the server does and
does not enforce is ``docs/server.md``.
"""
