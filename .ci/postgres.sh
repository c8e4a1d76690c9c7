#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster on a loopback port, for the conformance suites.
#   .ci/postgres.sh start DIR   -> prints the TEST_DATABASE_URL on stdout
#   .ci/postgres.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?cluster folder}
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    if [ -z "$pgbin" ]; then
      echo "PostgreSQL server not found; installing Debian's postgresql" >&2
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
      pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_postgres "$pgbin/initdb" -D "$dir/data" -U veracity --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1
    as_postgres "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >&2
    echo "$port" >"$dir/port"
    echo "postgres://veracity@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_postgres "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
