#!/usr/bin/env bash
# Starts (or reuses) a throw-away PostgreSQL cluster for the server tests on a loopback port and prints
# its URL as the last line of stdout, e.g.  export TEST_DATABASE_URL="$(scripts/test-postgres.sh)"
#
#   scripts/test-postgres.sh          start, or reuse when already running
#   scripts/test-postgres.sh stop     stop it
#
# Env: PG_TEST_PORT (54329), PG_TEST_DIR (/tmp/flo-test-pg). Installs Debian's postgresql with apt-get
# when it is missing and we are root. Postgres refuses to run as root, so as root it runs as `postgres`.
# The cluster trusts loopback connections and runs without fsync: test data only, never real data.
set -euo pipefail

PORT="${PG_TEST_PORT:-54329}"
DIR="${PG_TEST_DIR:-/tmp/flo-test-pg}"
DATA="$DIR/data"
LOG="$DIR/postgres.log"

log() { echo "test-postgres: $*" >&2; }

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "postgresql is not installed; run: sudo apt-get install -y postgresql"
    exit 1
  fi
  log "installing Debian postgresql"
  # The package starts its own 'main' cluster when it can; we do not use it (policy-rc.d blocks it in containers).
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

# As root, every postgres command runs as the postgres user (created by the package).
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "${1:-start}" = "stop" ]; then
  if [ -f "$DATA/PG_VERSION" ]; then as_pg "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2 || true; fi
  exit 0
fi

mkdir -p "$DIR"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$DIR"; fi
# The postgres user may not be allowed into the checkout: run from the cluster's own directory.
cd "$DIR"

if [ ! -f "$DATA/PG_VERSION" ]; then
  log "initdb in $DATA"
  as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null 2>&1 \
    || as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
fi

if as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  log "already running on 127.0.0.1:$PORT"
else
  log "starting on 127.0.0.1:$PORT (log: $LOG)"
  as_pg "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start -o \
    "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR -c max_connections=300 \
     -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2 \
    || { cat "$LOG" >&2; exit 1; }
fi

echo "postgres://postgres@127.0.0.1:$PORT/postgres"
