#!/usr/bin/env bash
# A throwaway ClickHouse server (Debian's clickhouse-server, 18.16) on loopback ports, for the HTTP test.
#   .ci/clickhouse.sh start DIR   -> prints the TEST_CLICKHOUSE_URL on stdout
#   .ci/clickhouse.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?server folder}

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "$cmd" in
  start)
    if ! command -v clickhouse-server >/dev/null 2>&1; then
      echo "ClickHouse server not found; installing Debian's clickhouse-server" >&2
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clickhouse-server >&2
    fi
    mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas"
    http_port=$(free_port)
    tcp_port=$(free_port)
    cat >"$dir/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles><default/></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default/></quotas>
</yandex>
XML
    cat >"$dir/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$dir/server.log</log>
    <errorlog>$dir/server.err.log</errorlog>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$http_port</http_port>
  <tcp_port>$tcp_port</tcp_port>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <format_schema_path>$dir/format_schemas/</format_schema_path>
  <users_config>$dir/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>20</max_concurrent_queries>
</yandex>
XML
    # In the foreground of a background job, so $! is the server (18.16 writes no --pid-file).
    clickhouse-server --config-file="$dir/config.xml" >"$dir/stdout.log" 2>&1 &
    echo $! >"$dir/server.pid"
    for _ in $(seq 1 60); do
      if [ "$(curl -fsS "http://127.0.0.1:$http_port/ping" 2>/dev/null)" = "Ok." ]; then
        echo "$http_port" >"$dir/port"
        echo "http://default@127.0.0.1:$http_port/default"
        exit 0
      fi
      sleep 0.5
    done
    echo "ClickHouse did not answer on port $http_port; its log:" >&2
    tail -n 30 "$dir/server.err.log" "$dir/stdout.log" >&2 || true
    exit 1
    ;;
  stop)
    if [ -f "$dir/server.pid" ]; then
      pid=$(cat "$dir/server.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
