# Sourced by scripts that time `activation serve` on loopback (load-test.sh, bench-kyc.sh).
# start_local_server BIN ARGS...: starts `BIN serve --host 127.0.0.1 --port 0 ARGS...` in the
# background, sets SERVER (its pid) and PORT (the port it listens on, read from its log), and
# stops it and removes the log when the calling script exits. Exits 1 if it does not start.
start_local_server() {
    local bin=$1
    shift
    SERVER_LOG=$(mktemp -t activation-serve.XXXXXX)
    "$bin" serve --host 127.0.0.1 --port 0 "$@" >"$SERVER_LOG" 2>&1 &
    SERVER=$!
    trap stop_local_server EXIT
    PORT=""
    for _ in $(seq 1 300); do
        PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$SERVER_LOG" | head -n1)
        [[ -n "$PORT" ]] && break
        kill -0 "$SERVER" 2>/dev/null || { cat "$SERVER_LOG" >&2; echo "the server exited" >&2; exit 1; }
        sleep 0.1
    done
    [[ -n "$PORT" ]] || { cat "$SERVER_LOG" >&2; echo "the server did not start" >&2; exit 1; }
}

# Stops the server start_local_server started and removes its log.
stop_local_server() {
    if kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        wait "$SERVER" 2>/dev/null || true
    fi
    rm -f "$SERVER_LOG"
}
