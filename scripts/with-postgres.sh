#!/usr/bin/env bash
# Runs CMD... against a throwaway PostgreSQL cluster, then removes it.
#
#   scripts/with-postgres.sh swift test --scratch-path .build --filter Postgres
#
# initdb into a temp dir, start the server on 127.0.0.1 with a free port (its Unix socket
# in the temp dir too), create a database, export
# ACTIVATION_TEST_POSTGRES_URL=postgres://USER@127.0.0.1:PORT/DB, run CMD, and stop and remove
# the cluster when CMD exits (or the script is interrupted). CMD's exit status is the script's.
#
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user
# (override with PG_OS_USER); CMD itself runs as the caller. PG_BIN picks the server binaries
# (default: the newest /usr/lib/postgresql/*/bin). The cluster trusts local connections and
# runs without fsync: it is for tests only.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 CMD [ARG...]" >&2
    exit 64
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "with-postgres: no PostgreSQL server binaries found (set PG_BIN; Debian: apt-get install postgresql)" >&2
    exit 69
fi

as_server_user() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
    PG_OS_USER="${PG_OS_USER:-postgres}"
    if ! id "$PG_OS_USER" >/dev/null 2>&1; then
        echo "with-postgres: running as root and there is no '$PG_OS_USER' user to run the server as" >&2
        exit 69
    fi
    as_server_user() { runuser -u "$PG_OS_USER" -- "$@"; }
fi

free_port() {
    python3 - <<'PY' 2>/dev/null && return
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
    # No python3: pick one at random and hope.
    echo $(( 20000 + RANDOM % 20000 ))
}

TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/activation-pg.XXXXXX")"
DATA_DIR="$TMP_DIR/data"
SOCKET_DIR="$TMP_DIR/socket"
mkdir -p "$SOCKET_DIR"
if [ "$(id -u)" -eq 0 ]; then chown -R "$PG_OS_USER" "$TMP_DIR"; fi
chmod 700 "$TMP_DIR"

DB_USER="activation"
DB_NAME="activation_test"
PORT=""

cleanup() {
    local status=$?
    if [ -f "$DATA_DIR/postmaster.pid" ]; then
        as_server_user "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$TMP_DIR"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_server_user "$PG_BIN/initdb" -D "$DATA_DIR" -U "$DB_USER" --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
    >"$TMP_DIR/initdb.log" 2>&1 || { cat "$TMP_DIR/initdb.log" >&2; exit 70; }

for attempt in 1 2 3 4 5; do
    PORT="$(free_port)"
    if as_server_user "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$TMP_DIR/server.log" -w -t 30 start \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCKET_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        >/dev/null 2>&1; then
        break
    fi
    PORT=""
done
if [ -z "$PORT" ]; then
    echo "with-postgres: the server did not start:" >&2
    cat "$TMP_DIR/server.log" >&2 || true
    exit 70
fi

as_server_user "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$DB_USER" "$DB_NAME"

export ACTIVATION_TEST_POSTGRES_URL="postgres://$DB_USER@127.0.0.1:$PORT/$DB_NAME"
echo "with-postgres: $ACTIVATION_TEST_POSTGRES_URL (server $($PG_BIN/postgres --version | awk '{print $3}'))" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
