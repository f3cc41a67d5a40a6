#!/bin/sh
# Like the official image: without a config file, listen on every interface with protected mode off.
set -e
if [ "$1" = redis-server ]; then
  shift
  case "${1:-}" in *.conf) ;; *) set -- --protected-mode no "$@" ;; esac
  set -- redis-server "$@"
  if [ "$(id -u)" = 0 ]; then chown -R redis:redis /data; exec setpriv --reuid=redis --regid=redis --init-groups "$@"; fi
fi
exec "$@"
