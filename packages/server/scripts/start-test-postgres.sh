#!/usr/bin/env bash
# Start a throw-away PostgreSQL cluster on 127.0.0.1 for the store contract tests and print the
# URL to export: eval "$(packages/server/scripts/start-test-postgres.sh)" sets PICTOR_TEST_DATABASE_URL.
# Uses the PostgreSQL server binaries (installs Debian's postgresql package when missing and run as
# root). Runs the server as the `postgres` user when started as root; data in /tmp, port 54329. Stop it with: scripts/start-test-postgres.sh stop
set -euo pipefail

PORT="${PICTOR_TEST_PG_PORT:-54329}"
DIR="${PICTOR_TEST_PG_DIR:-/tmp/pictor-test-pg-$PORT}"
DB=pictor_test

BIN="$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")"
if [[ ! -x "$BIN/initdb" ]]; then
  BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
if [[ ! -x "$BIN/initdb" && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "installing PostgreSQL from Debian's packages" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
  BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
[[ -x "$BIN/initdb" ]] || { echo "PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2; exit 1; }

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [[ "${1:-}" == stop ]]; then
  as_owner "$BIN/pg_ctl" -D "$DIR" -m fast stop >&2 || true
  exit 0
fi

if [[ ! -f "$DIR/PG_VERSION" ]]; then
  mkdir -p "$DIR"
  [[ "$(id -u)" == 0 ]] && chown postgres "$DIR"
  as_owner "$BIN/initdb" -D "$DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2
fi

if ! as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c max_connections=200" start >&2
fi

if ! as_owner "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "select 1 from pg_database where datname='$DB'" | grep -q 1; then
  as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
fi

echo "export PICTOR_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/$DB"
