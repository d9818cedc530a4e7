#!/usr/bin/env python3
"""Fixtures httpbin does not serve, for the end-to-end tests: paginated lists in three styles,
JSON error bodies and status/message envelopes. Standard library only; loopback only.

    python3 scripts/fixture_server.py PORT

GET /items?offset=&limit=          offset pagination: {"offset", "total", "records": [...]}
GET /pages?page=&per_page=         page pagination: {"data": [...], "total_pages"}
GET /cursor?cursor=&limit=         cursor pagination: {"items": [...], "next": "…" | null}
GET /problem/{status}              {"title", "detail", "status"} with that status
GET /challenge                     401 with `WWW-Authenticate: Basic` and {"title", "status"}
GET /envelope/user?name=           {"fetchStatus": 1, "message": "OK", "realUser": {...}};
                                   fetchStatus 0 and a message when name is "nobody"
POST /envelope/ack?ok=             {"fetchStatus": 1 | 0, "message": "…"}
GET /echo?id=                      {"id": "…", "headers": {...}}: the id and the request's headers, for
                                   load tests that match every response to its request
GET /delay/{seconds}?then=         {"delayed": seconds} after that many seconds (at most 10), or a
                                   302 to `then`; each request has a thread of its own, so slow
                                   ones hold up no other
GET /requests                      how many requests each path got, for tests that count pages
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ITEMS = [{"id": i, "name": f"item {i}"} for i in range(1, 24)]  # 23 items: pages end unevenly
counts = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The headers and the body go out in two writes: without TCP_NODELAY the body waits for the
    # client's delayed ACK of the headers (40 ms) on a kept-alive connection.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def send_json(self, status, value, headers=()):
        body = json.dumps(value).encode()
        self.send_response(status)
        for name, header in headers:
            self.send_header(name, header)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.route()

    def do_GET(self):
        self.route()

    def route(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        with lock:
            counts[url.path] = counts.get(url.path, 0) + 1

        def number(name, default):
            try:
                return int(query.get(name, default))
            except ValueError:
                return None

        if url.path == "/items":
            offset, limit = number("offset", 0), number("limit", 10)
            if offset is None or limit is None or offset < 0 or limit <= 0:
                return self.send_json(400, {"title": "bad offset or limit", "status": 400})
            return self.send_json(200, {"offset": offset, "total": len(ITEMS), "records": ITEMS[offset:offset + limit]})
        if url.path == "/pages":
            page, size = number("page", 1), number("per_page", 10)
            if page is None or size is None or page < 1 or size <= 0:
                return self.send_json(400, {"title": "bad page", "status": 400})
            pages = (len(ITEMS) + size - 1) // size
            return self.send_json(200, {"data": ITEMS[(page - 1) * size:page * size], "total_pages": pages})
        if url.path == "/cursor":
            limit = number("limit", 10) or 10
            start = int(query["cursor"][1:]) if query.get("cursor", "").startswith("c") else 0
            end = start + limit
            return self.send_json(200, {"items": ITEMS[start:end], "next": f"c{end}" if end < len(ITEMS) else None})
        if url.path.startswith("/problem/"):
            status = number("_", url.path.rsplit("/", 1)[1]) or 500
            return self.send_json(status, {"title": "Out of stock", "detail": "Item 7 is out of stock.", "status": status})
        if url.path == "/challenge":
            return self.send_json(401, {"title": "Sign in first", "status": 401},
                                  headers=[("WWW-Authenticate", 'Basic realm="fixtures"')])
        if url.path == "/envelope/user":
            if query.get("name") == "nobody":
                return self.send_json(200, {"fetchStatus": 0, "message": "No such user", "realUser": None})
            return self.send_json(200, {"fetchStatus": 1, "message": "OK", "realUser": {"name": query.get("name", "Bach"), "age": 21}})
        if url.path == "/envelope/ack":
            ok = query.get("ok", "true") == "true"
            return self.send_json(200, {"fetchStatus": 1 if ok else 0, "message": "OK" if ok else "Try again later"})
        if url.path == "/echo":
            return self.send_json(200, {"id": query.get("id"), "headers": dict(self.headers.items())})
        if url.path.startswith("/delay/"):
            seconds = min(number("_", url.path.rsplit("/", 1)[1]) or 0, 10)
            time.sleep(max(seconds, 0))
            if "then" in query:
                return self.send_json(302, {"delayed": seconds}, headers=[("Location", query["then"])])
            return self.send_json(200, {"delayed": seconds})
        if url.path == "/requests":
            with lock:
                return self.send_json(200, dict(counts))
        self.send_json(404, {"title": "Not found", "status": 404})


class Server(ThreadingHTTPServer):
    # Load tests open many connections at once: a longer listen queue than the default 5.
    request_queue_size = 256


if __name__ == "__main__":
    server = Server(("127.0.0.1", int(sys.argv[1])), Handler)
    server.daemon_threads = True
    server.serve_forever()
