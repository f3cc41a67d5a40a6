#!/usr/bin/env bash
# The compose stack's secrets, as files (decision 0930). Run it once before the first
# `docker compose up -d`, and again after an upgrade from a version that kept them in .env: it
# writes each secret that is missing and never touches one that exists.
#
#   scripts/compose-secrets.sh                       into SECRETS_DIR (default .secrets/ here)
#   SMTP_URL=smtp://mailpit:1025 scripts/compose-secrets.sh    the demo's mail catcher
#
# Each file's first value, in this order: the old variable in the environment or in .env
# (POSTGRES_PASSWORD, JWT_SECRET, REDIS_PASSWORD, SMTP_URL, S3_SECRET_ACCESS_KEY), so an upgrade
# keeps the database's password; else 64 random hex digits for postgres_password, jwt_secret and
# redis_password, and nothing for smtp_url and s3_secret_access_key (an empty file is an unset
# variable: write your SMTP URL into smtp_url, `printf '%s' 'smtp://…' > .secrets/smtp_url`).
#
# The folder is 0700 (no other user of the host can open it); the files in it are 0644, because
# compose mounts each one into the containers as it is (it cannot change owner or mode outside
# Swarm) and PostgreSQL, Redis and the app run as different users. No value is printed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
env_file=${ENV_FILE:-$root/.env}

# NAME from the environment, else from the .env file (NAME=value, optionally quoted).
value_of() {
  local name=$1 line
  if [ -n "${!name:-}" ]; then printf '%s' "${!name}"; return; fi
  [ -r "$env_file" ] || return 0
  line=$(grep -E "^[[:space:]]*${name}=" "$env_file" | tail -1 || true)
  line=${line#*=}
  line=${line%$'\r'}
  case "$line" in \"*\") line=${line:1:-1} ;; \'*\') line=${line:1:-1} ;; esac
  printf '%s' "$line"
}

dir=$(value_of SECRETS_DIR)
dir=${dir:-.secrets}
case "$dir" in /*) ;; *) dir=$root/${dir#./} ;; esac
mkdir -p "$dir"
chmod 700 "$dir"

random() { od -An -N32 -tx1 /dev/urandom | tr -d ' \n'; }

# write <file> <old variable> <random|empty>
write() {
  local file=$dir/$1 from=$2 otherwise=$3 value how
  if [ -e "$file" ]; then echo "$1: kept"; return; fi
  value=$(value_of "$from")
  if [ -n "$value" ]; then how="from $from"
  elif [ "$otherwise" = random ]; then value=$(random); how="random"
  else how="empty (unset)"; fi
  (umask 022; printf '%s' "$value" > "$file.new" && mv "$file.new" "$file")
  echo "$1: written, $how"
}

write postgres_password POSTGRES_PASSWORD random
write jwt_secret JWT_SECRET random
write redis_password REDIS_PASSWORD random
write smtp_url SMTP_URL empty
write s3_secret_access_key S3_SECRET_ACCESS_KEY empty
# The Redis exporter's form of redis_password (monitoring profile, decision 0980): a JSON map from
# the address it scrapes to the password. Written from redis_password when missing; remove it after
# changing redis_password, and run this again.
if [ -e "$dir/redis_exporter_password" ]; then echo "redis_exporter_password: kept"
else
  addr=$(value_of REDIS_EXPORTER_ADDR)
  (umask 022; printf '{"%s":"%s"}' "${addr:-redis://redis:6379}" "$(cat "$dir/redis_password")" > "$dir/redis_exporter_password.new" \
    && mv "$dir/redis_exporter_password.new" "$dir/redis_exporter_password")
  echo "redis_exporter_password: written, from redis_password"
fi
echo "secrets in $dir (0700; never commit it). With values taken from .env, remove them from it."
if [ ! -s "$dir/smtp_url" ]; then echo "smtp_url is empty: the stack refuses to start without one (write it, or SMTP_URL=smtp://mailpit:1025 for the demo profile)."; fi
