#!/usr/bin/env python3
"""A small loopback HTTP/1.1 server for the request benchmarks: GET /pets/stats answers
{"count": 1}. Usage: server.py PORT (binds 127.0.0.1 only)."""
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = b'{"count": 1}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body in one buffered write, and no Nagle delay on a kept-alive connection:
    # otherwise every response waits ~40 ms for a delayed ACK and the server is the bottleneck.
    wbufsize = -1

    def setup(self):
        super().setup()
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        if self.path.rstrip("/").endswith("/pets/stats"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(BODY)))
            self.end_headers()
            self.wfile.write(BODY)
            self.wfile.flush()
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.wfile.flush()

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
