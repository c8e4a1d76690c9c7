#!/usr/bin/env bash
# A throwaway Redis server (Debian's redis-server; Valkey speaks the same protocol) on a loopback port,
# for the shared-state suites and the two-server test.
#   .ci/redis.sh start DIR   -> prints the TEST_REDIS_URL on stdout
#   .ci/redis.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?server folder}

case "$cmd" in
  start)
    if ! command -v redis-server >/dev/null 2>&1; then
      echo "Redis server not found; installing Debian's redis-server" >&2
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2
    fi
    mkdir -p "$dir"
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no \
      --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >&2
    for _ in $(seq 1 100); do
      redis-cli -p "$port" ping >/dev/null 2>&1 && break
      sleep 0.1
    done
    redis-cli -p "$port" ping >/dev/null 2>&1 || { echo "Redis did not answer on port $port" >&2; exit 1; }
    echo "redis://127.0.0.1:$port"
    ;;
  stop)
    if [ -f "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
