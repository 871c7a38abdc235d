#!/usr/bin/env bash
# Start a PostgreSQL server on localhost for the storage tests.
#
# Installs Debian's postgresql package when it is missing, starts a cluster as the
# postgres user, creates a test role and database (idempotent: run it as often as you
# like), and prints the URL on stdout as one shell line for .ci/run to evaluate:
#
#     eval "$(bash .ci/postgres.sh)"     # sets DEALER_TRAINER_TEST_PG_URL
#
# Everything else goes to stderr. Settings (environment, all optional):
#   DEALER_TRAINER_PG_PORT      port of the cluster (default 5432)
#   DEALER_TRAINER_PG_DB        test database name (default dealer_trainer_test)
#   DEALER_TRAINER_PG_USER      test role (default dealer_trainer)
#   DEALER_TRAINER_PG_PASSWORD  its password (default dealer_trainer)
set -euo pipefail

_pg_port="${DEALER_TRAINER_PG_PORT:-5432}"
_pg_db="${DEALER_TRAINER_PG_DB:-dealer_trainer_test}"
_pg_user="${DEALER_TRAINER_PG_USER:-dealer_trainer}"
_pg_password="${DEALER_TRAINER_PG_PASSWORD:-dealer_trainer}"

_pg_log() { echo "postgres.sh: $*" >&2; }

if [ "$(id -u)" != 0 ]; then
    _pg_log "must run as root (it installs and starts the server as the postgres user)"
    exit 1
fi

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    _pg_log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
fi

_pg_version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
_pg_bin="/usr/lib/postgresql/${_pg_version}/bin"

# Debian's cluster tools: create the cluster if the package did not, then start it.
if ! pg_lsclusters --no-header 2>/dev/null | awk '{print $1, $2}' | grep -qx "${_pg_version} main"; then
    _pg_log "creating cluster ${_pg_version}/main on port ${_pg_port}"
    pg_createcluster --port "${_pg_port}" "${_pg_version}" main >&2
fi
_pg_cluster_port="$(pg_lsclusters --no-header | awk -v v="${_pg_version}" '$1 == v && $2 == "main" {print $3}')"
if [ "${_pg_cluster_port}" != "${_pg_port}" ]; then
    _pg_log "cluster ${_pg_version}/main is configured for port ${_pg_cluster_port}; using that"
    _pg_port="${_pg_cluster_port}"
fi
if ! "${_pg_bin}/pg_isready" -q -h localhost -p "${_pg_port}"; then
    _pg_log "starting cluster ${_pg_version}/main"
    # A stale pid file from a killed run would stop pg_ctlcluster; it checks the pid itself.
    pg_ctlcluster "${_pg_version}" main start >&2
fi
for _ in $(seq 1 60); do
    "${_pg_bin}/pg_isready" -q -h localhost -p "${_pg_port}" && break
    sleep 0.5
done
"${_pg_bin}/pg_isready" -h localhost -p "${_pg_port}" >&2

_pg_psql() {
    runuser -u postgres -- "${_pg_bin}/psql" -X -q -v ON_ERROR_STOP=1 -p "${_pg_port}" "$@"
}
if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '${_pg_user}'")" != 1 ]; then
    _pg_log "creating role ${_pg_user}"
    _pg_psql -c "CREATE ROLE \"${_pg_user}\" LOGIN PASSWORD '${_pg_password}'" >&2
else
    _pg_psql -c "ALTER ROLE \"${_pg_user}\" LOGIN PASSWORD '${_pg_password}'" >&2
fi
if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_database WHERE datname = '${_pg_db}'")" != 1 ]; then
    _pg_log "creating database ${_pg_db}"
    _pg_psql -c "CREATE DATABASE \"${_pg_db}\" OWNER \"${_pg_user}\"" >&2
fi

DEALER_TRAINER_TEST_PG_URL="postgresql+psycopg://${_pg_user}:${_pg_password}@localhost:${_pg_port}/${_pg_db}"
export DEALER_TRAINER_TEST_PG_URL
_pg_log "ready: ${DEALER_TRAINER_TEST_PG_URL}"
echo "export DEALER_TRAINER_TEST_PG_URL='${DEALER_TRAINER_TEST_PG_URL}'"
