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
#   DEALER_TRAINER_PG_OWNER     the server-mode owner role (default dealer_trainer_owner)
#   DEALER_TRAINER_PG_OWNER_PASSWORD  its password (default dealer_trainer_owner)
#   DEALER_TRAINER_PG_TLS_DIR   where the test CA and the server's certificate are made
#                               (default /etc/postgresql/dealer-trainer-ci-tls)
#
# For the server-mode security tests (tests/storage/server/) it also:
# - makes a test certificate authority and a certificate for "localhost" signed by it,
#   and turns TLS on with it, so that a client connects with sslmode=verify-full;
# - loads auth_delay (each failed sign-in waits auth_delay.milliseconds before the
#   server answers) and logs every connection (a failed sign-in is in the server log);
# - loads passwordcheck (PostgreSQL refuses a weak password whoever sets it, as
#   docs/server.md asks of a centre): shared_preload_libraries = 'auth_delay,passwordcheck',
#   with a restart the first time. The test roles' own passwords (their names, by default)
#   are weak on purpose, for a local test cluster only: they are written as SCRAM
#   verifiers straight into pg_authid, which passwordcheck does not see;
# - creates the owner role `dealer-trainer server init` runs as: LOGIN CREATEROLE
#   CREATEDB (CREATEROLE to make the group and people's roles, CREATEDB only so that
#   each test module gets a database of its own); a centre's owner needs no CREATEDB.
# and prints three more lines: DEALER_TRAINER_TEST_PG_OWNER_URL (no password in it),
# DEALER_TRAINER_TEST_PG_OWNER_PASSWORD and DEALER_TRAINER_TEST_PG_CA (the CA certificate).
set -euo pipefail

_pg_port="${DEALER_TRAINER_PG_PORT:-5432}"
_pg_db="${DEALER_TRAINER_PG_DB:-dealer_trainer_test}"
_pg_user="${DEALER_TRAINER_PG_USER:-dealer_trainer}"
_pg_password="${DEALER_TRAINER_PG_PASSWORD:-dealer_trainer}"
_pg_owner="${DEALER_TRAINER_PG_OWNER:-dealer_trainer_owner}"
_pg_owner_password="${DEALER_TRAINER_PG_OWNER_PASSWORD:-dealer_trainer_owner}"
_pg_tls="${DEALER_TRAINER_PG_TLS_DIR:-/etc/postgresql/dealer-trainer-ci-tls}"

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
_pg_wait() {
    for _ in $(seq 1 60); do
        "${_pg_bin}/pg_isready" -q -h localhost -p "${_pg_port}" && break
        sleep 0.5
    done
    "${_pg_bin}/pg_isready" -h localhost -p "${_pg_port}" >&2
}
_pg_wait

_pg_psql() {
    runuser -u postgres -- "${_pg_bin}/psql" -X -q -v ON_ERROR_STOP=1 -p "${_pg_port}" "$@"
}

# TLS: a test CA, and the server's certificate for localhost signed by it (made once).
if [ ! -s "${_pg_tls}/server.crt" ]; then
    _pg_log "making a test CA and a certificate for localhost in ${_pg_tls}"
    mkdir -p "${_pg_tls}"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Dealer Trainer CI CA" \
        -keyout "${_pg_tls}/ca.key" -out "${_pg_tls}/ca.crt" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "${_pg_tls}/server.key" -out "${_pg_tls}/server.csr" 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\n' >"${_pg_tls}/san.ext"
    openssl x509 -req -in "${_pg_tls}/server.csr" -CA "${_pg_tls}/ca.crt" \
        -CAkey "${_pg_tls}/ca.key" -CAcreateserial -days 3650 -extfile "${_pg_tls}/san.ext" \
        -out "${_pg_tls}/server.crt" 2>/dev/null
    chown postgres:postgres "${_pg_tls}/server.key" "${_pg_tls}/server.crt"
    chmod 0600 "${_pg_tls}/server.key" "${_pg_tls}/ca.key"
    chmod 0644 "${_pg_tls}/ca.crt" "${_pg_tls}/server.crt"
    chmod 0755 "${_pg_tls}"
fi
# Settings: TLS on, auth_delay and passwordcheck loaded, connections logged. Restart only
# when one of them needs it (shared_preload_libraries does, the first time), else a reload
# is enough.
_pg_libraries="auth_delay,passwordcheck"
_pg_psql -c "ALTER SYSTEM SET ssl = on" \
    -c "ALTER SYSTEM SET ssl_cert_file = '${_pg_tls}/server.crt'" \
    -c "ALTER SYSTEM SET ssl_key_file = '${_pg_tls}/server.key'" \
    -c "ALTER SYSTEM SET password_encryption = 'scram-sha-256'" \
    -c "ALTER SYSTEM SET shared_preload_libraries = ${_pg_libraries}" \
    -c "ALTER SYSTEM SET log_connections = on" >&2
_pg_psql -c "SELECT pg_reload_conf()" >/dev/null
sleep 0.5
if [ "$(_pg_psql -tAc "SELECT count(*) FROM pg_settings WHERE pending_restart")" != 0 ] \
    || [ "$(_pg_psql -tAc "SHOW shared_preload_libraries" | tr -d ' ')" != "${_pg_libraries}" ]; then
    _pg_log "restarting cluster ${_pg_version}/main to load ${_pg_libraries}"
    pg_ctlcluster "${_pg_version}" main restart >&2
    _pg_wait
fi
# Known to the server only once the library is loaded.
_pg_psql -c "ALTER SYSTEM SET auth_delay.milliseconds = '500'" -c "SELECT pg_reload_conf()" >/dev/null
# A test role's password as PostgreSQL keeps it (a SCRAM-SHA-256 verifier), written into
# pg_authid by the superuser: passwordcheck refuses a password equal to the role's name
# even hashed, and the CI defaults are just that. Never do this for a centre's people.
_pg_set_password() {
    local verifier
    verifier="$(DT_PW="$2" python3 -c '
import base64, hashlib, hmac, os
password, salt = os.environ["DT_PW"].encode(), os.urandom(16)
salted = hashlib.pbkdf2_hmac("sha256", password, salt, 4096)
client = hmac.new(salted, b"Client Key", "sha256").digest()
server = hmac.new(salted, b"Server Key", "sha256").digest()
b64 = lambda b: base64.b64encode(b).decode()
print(f"SCRAM-SHA-256$4096:{b64(salt)}${b64(hashlib.sha256(client).digest())}:{b64(server)}")
')"
    _pg_psql -v role="$1" -v verifier="${verifier}" >&2 <<'SQL'
UPDATE pg_authid SET rolpassword = :'verifier' WHERE rolname = :'role';
SQL
}

if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '${_pg_user}'")" != 1 ]; then
    _pg_log "creating role ${_pg_user}"
    _pg_psql -c "CREATE ROLE \"${_pg_user}\" LOGIN" >&2
else
    _pg_psql -c "ALTER ROLE \"${_pg_user}\" LOGIN" >&2
fi
_pg_set_password "${_pg_user}" "${_pg_password}"
if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_database WHERE datname = '${_pg_db}'")" != 1 ]; then
    _pg_log "creating database ${_pg_db}"
    _pg_psql -c "CREATE DATABASE \"${_pg_db}\" OWNER \"${_pg_user}\"" >&2
fi

# The server-mode owner: makes roles (CREATEROLE); CREATEDB for the tests' own databases.
if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '${_pg_owner}'")" != 1 ]; then
    _pg_log "creating role ${_pg_owner}"
    _pg_psql -c "CREATE ROLE \"${_pg_owner}\" LOGIN CREATEROLE CREATEDB" >&2
else
    _pg_psql -c "ALTER ROLE \"${_pg_owner}\" LOGIN CREATEROLE CREATEDB" >&2
fi
_pg_set_password "${_pg_owner}" "${_pg_owner_password}"
if [ "$(_pg_psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'dealer_trainer_server'")" != 1 ]; then
    _pg_psql -c "CREATE DATABASE dealer_trainer_server OWNER \"${_pg_owner}\"" >&2
fi

# Over TLS that verifies the server: a workstation refuses a server URL without it.
DEALER_TRAINER_TEST_PG_URL="postgresql+psycopg://${_pg_user}:${_pg_password}@localhost:${_pg_port}/${_pg_db}?sslmode=verify-full&sslrootcert=${_pg_tls}/ca.crt"
export DEALER_TRAINER_TEST_PG_URL
_pg_log "ready: ${DEALER_TRAINER_TEST_PG_URL}"
echo "export DEALER_TRAINER_TEST_PG_URL='${DEALER_TRAINER_TEST_PG_URL}'"
echo "export DEALER_TRAINER_TEST_PG_OWNER_URL='postgresql://${_pg_owner}@localhost:${_pg_port}/dealer_trainer_server'"
echo "export DEALER_TRAINER_TEST_PG_OWNER_PASSWORD='${_pg_owner_password}'"
echo "export DEALER_TRAINER_TEST_PG_CA='${_pg_tls}/ca.crt'"
