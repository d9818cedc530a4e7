#!/usr/bin/env bash
# The whole test suite: the example packages (plugins), a smoke run of the benchmark harness,
# then unit, golden and end-to-end tests.
# It installs httpbin (and PyYAML, for the YAML reader's differential test) from PyPI into .venv,
# starts httpbin and scripts/fixture_server.py on 127.0.0.1 for the end-to-end tests,
# runs scripts/test-examples.sh and `swift test`, and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
if ! "$venv/bin/python" -c 'import httpbin, gunicorn, yaml' 2>/dev/null; then
    echo "test.sh: installing httpbin and PyYAML into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/requirements-e2e.txt
fi

port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
log=$(mktemp)
"$venv/bin/gunicorn" --bind "127.0.0.1:$port" --workers 4 --threads 2 --timeout 30 httpbin:app >"$log" 2>&1 &
server=$!
fixtures_port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 scripts/fixture_server.py "$fixtures_port" >>"$log" 2>&1 &
fixtures=$!
trap 'kill "$server" "$fixtures" 2>/dev/null || true; wait "$server" "$fixtures" 2>/dev/null || true; rm -f "$log"' EXIT

# wait_for NAME PID URL: until URL answers, or fail with the log when the server PID has exited.
wait_for() {
    for _ in $(seq 1 100); do
        if "$venv/bin/python" -c "import urllib.request; urllib.request.urlopen('$3', timeout=1)" 2>/dev/null; then
            return
        fi
        if ! kill -0 "$2" 2>/dev/null; then
            echo "test.sh: $1 did not start:" >&2
            cat "$log" >&2
            exit 1
        fi
        sleep 0.1
    done
}
wait_for httpbin "$server" "http://127.0.0.1:$port/get"
echo "test.sh: httpbin is serving on 127.0.0.1:$port"
wait_for "the fixture server" "$fixtures" "http://127.0.0.1:$fixtures_port/requests"
echo "test.sh: fixtures are served on 127.0.0.1:$fixtures_port"

export HTTPBIN_URL="http://127.0.0.1:$port" FIXTURES_URL="http://127.0.0.1:$fixtures_port" ENDPOINTGEN_REQUIRE_E2E=1
bash scripts/test-examples.sh
# The benchmark harness on a tiny size, so it cannot rot (python3 Benchmarks/bench.py for the figures).
python3 Benchmarks/bench.py --smoke
swift test "$@"
