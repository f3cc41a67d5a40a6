#!/bin/bash
# First start: initdb as POSTGRES_USER with POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE), create
# POSTGRES_DB; then run as postgres.
set -euo pipefail
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD=$(< "$POSTGRES_PASSWORD_FILE"); fi
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user="${POSTGRES_USER:-postgres}"; db="${POSTGRES_DB:-$user}"
  pwfile=$(mktemp); printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Like the official entrypoint: the temporary server gets the command's own settings (its
    # socket directory, say), without TCP.
    pg_ctl -D "$PGDATA" -o "$(printf '%q ' "${@:2}") -c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$db\"" >/dev/null
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "database initialised: user $user, database $db"
fi
exec "$@"
