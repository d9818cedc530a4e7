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
POST /echo/multipart               each part of a multipart/form-data body, in order: [{"name",
                                   "filename", "contentType", "body"}]
GET /echo?id=                      {"id": "…", "headers": {...}}: the id and the request's headers, for
                                   load tests that match every response to its request
GET /delay/{seconds}?then=         {"delayed": seconds} after that many seconds (at most 10), or a
                                   302 to `then`; each request has a thread of its own, so slow
                                   ones hold up no other
GET /requests                      how many requests each path got, for tests that count pages

A pet store, as the OpenAPI Initiative's Petstore-expanded document describes it (each test uses
a store of its own):
GET /petstore/{store}/pets?tags=&limit=
                                   the store's pets, those with one of the tags, at most `limit`
POST /petstore/{store}/pets        {"name", "tag"?} → the pet with its new id; no name → 400
GET|DELETE /petstore/{store}/pets/{id}
                                   the pet, or 204 once deleted; an unknown id → 404; errors are
                                   {"code", "message"}

Retries and refreshes (each test uses ids and realms of its own):
GET|POST /flaky/{id}?fail=&status=&retryAfter=
                                   the first `fail` requests for that id get `status` (503 by
                                   default) with `Retry-After: retryAfter` (seconds, or
                                   `date:N` for an HTTP date N seconds ahead); then
                                   {"attempts": n}
GET /flaky-status?id=              {"attempts": n, "times": [seconds since the first, …]}
GET /auth/{realm}/protected        401 unless `Authorization: Bearer <the realm's token>`, then
                                   {"attempts": 1, "token": "…"}; a realm's token is "token-0"
                                   until its first refresh
POST /auth/{realm}/refresh         a new token for the realm, "token-<n>", after 200 ms;
                                   `?fail=1` fails with 500 instead
GET /auth/{realm}/status           {"refreshes": n, "refused": n}

Streams (chunked `text/event-stream`, each event flushed as it is written):
GET /sse/ticks?count=&gate=&done=  `count` tick events {"index", "text"}; with `gate`, the first one,
                                   then nothing until /sse/open?gate= is called (at most 300 s),
                                   then the rest, their text "opened" (or "timed out"); with
                                   done=1 a last `data: [DONE]`
GET /sse/open?gate=                opens that gate
GET /sse/events                    tagged events with `event`, `id` and `retry` fields, a comment,
                                   CRLF line ends and data split over two lines
GET /sse/headers                   one event whose data is the request's headers (lowercased names)
POST /sse/echo                     {"message": "…"} → one tick per word, then `data: [DONE]`
POST /sse/ask                      {"message": "…", "stream": bool} (JSON, or a URL-encoded form with
                                   stream=true): with stream true, one tick per word, then
                                   `data: [DONE]`; else one JSON tick {"index": 0, "text": message}
GET /sse/malformed                 a tick, then an event whose data is not JSON, then a tick
GET /sse/cut?abrupt=               a tick, then half an event; the body then ends properly, or with
                                   abrupt=1 the connection closes without the chunked body's end
GET /sse/endless?id=               a tick every 50 ms until the client goes away (at most 300 s)
GET /sse/status?id=                {"closed": bool, "sent": n} for that endless stream
GET /lines/ticks?count=            `count` ticks as JSON lines (application/x-ndjson), the last
                                   one without its line feed
"""
import email.policy
import json
import sys
import threading
import time
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ITEMS = [{"id": i, "name": f"item {i}"} for i in range(1, 24)]  # 23 items: pages end unevenly
counts = {}
lock = threading.Lock()
gates = {}  # gate id → threading.Event
endless = {}  # stream id → {"closed": bool, "sent": int}
flaky = {}  # id → [time of each request]
realms = {}  # realm → {"token": str, "refreshes": int, "refused": int}
stores = {}  # store → {"next": int, "pets": {id: pet}}


def gate(name):
    with lock:
        return gates.setdefault(name, threading.Event())


def tick(index):
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return {"index": index, "text": words[index % 10]}


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
        self.request_body = self.rfile.read(length) if length else b""
        self.route()

    def do_GET(self):
        self.request_body = b""
        self.route()

    def do_DELETE(self):
        self.request_body = b""
        self.route()

    def petstore_route(self, url, query_lists):
        parts = url.path.split("/")  # ["", "petstore", store, "pets", id?]
        if len(parts) < 4 or parts[3] != "pets" or len(parts) > 5:
            return self.send_json(404, {"code": 404, "message": "no such path"})
        with lock:
            store = stores.setdefault(parts[2], {"next": 1, "pets": {}})
            if len(parts) == 4 and self.command == "GET":
                tags = query_lists.get("tags", [])
                pets = [pet for pet in store["pets"].values() if not tags or pet.get("tag") in tags]
                limit = query_lists.get("limit", [None])[-1]
                if limit is not None:
                    if not limit.isdigit():
                        return self.send_json(400, {"code": 400, "message": "limit must be a whole number"})
                    pets = pets[:int(limit)]
                return self.send_json(200, pets)
            if len(parts) == 4 and self.command == "POST":
                try:
                    body = json.loads(self.request_body or b"null")
                except ValueError:
                    body = None
                if not isinstance(body, dict) or not isinstance(body.get("name"), str) or not body["name"]:
                    return self.send_json(400, {"code": 400, "message": "a pet needs a name"})
                pet = {"id": store["next"], "name": body["name"]}
                if isinstance(body.get("tag"), str):
                    pet["tag"] = body["tag"]
                store["next"] += 1
                store["pets"][pet["id"]] = pet
                return self.send_json(200, pet)
            if len(parts) == 5 and parts[4].isdigit() and int(parts[4]) in store["pets"]:
                if self.command == "GET":
                    return self.send_json(200, store["pets"][int(parts[4])])
                if self.command == "DELETE":
                    del store["pets"][int(parts[4])]
                    self.send_response(204)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
            return self.send_json(404, {"code": 404, "message": f"no pet {parts[4] if len(parts) == 5 else ''} in this store"})

    def start_stream(self, content_type="text/event-stream", headers=()):
        self.send_response(200)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

    def chunk(self, text):
        data = text.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_stream(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def event(self, value):
        self.chunk("data: %s\n\n" % (value if isinstance(value, str) else json.dumps(value)))

    def resilience_route(self, url, query, number):
        parts = url.path.strip("/").split("/")
        if parts[0] == "flaky" and len(parts) == 2:
            with lock:
                times = flaky.setdefault(parts[1], [])
                times.append(time.time())
                attempt = len(times)
            if attempt <= (number("fail", 0) or 0):
                headers = []
                after = query.get("retryAfter")
                if after and after.startswith("date:"):
                    from email.utils import formatdate
                    headers.append(("Retry-After", formatdate(time.time() + int(after[5:]), usegmt=True)))
                elif after:
                    headers.append(("Retry-After", after))
                return self.send_json(number("status", 503) or 503, {"title": "try again", "attempt": attempt}, headers=headers)
            return self.send_json(200, {"attempts": attempt})
        if parts[0] == "dropped" and len(parts) == 2:
            # The first `fail` attempts lose the connection: closed with no reply (`mode=empty`) or
            # halfway through the body (`mode=partial`).
            with lock:
                times = flaky.setdefault(parts[1], [])
                times.append(time.time())
                attempt = len(times)
            if attempt <= (number("fail", 0) or 0):
                self.close_connection = True
                if query.get("mode") == "partial":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", "100")
                    self.end_headers()
                    self.wfile.write(b'{"attempts": ')
                    self.wfile.flush()
                return None
            return self.send_json(200, {"attempts": attempt})
        if url.path == "/flaky-status":
            with lock:
                times = list(flaky.get(query.get("id", ""), []))
            return self.send_json(200, {"attempts": len(times), "times": [t - times[0] for t in times]})
        if parts[0] == "auth" and len(parts) == 3:
            realm, action = parts[1], parts[2]
            with lock:
                state = realms.setdefault(realm, {"token": "token-0", "refreshes": 0, "refused": 0})
            if action == "protected":
                if self.headers.get("Authorization") != "Bearer " + state["token"]:
                    with lock:
                        state["refused"] += 1
                    return self.send_json(401, {"title": "token expired", "status": 401})
                return self.send_json(200, {"attempts": 1, "token": state["token"]})
            if action == "refresh" and self.command == "POST":
                time.sleep(0.2)
                if query.get("fail") == "1":
                    return self.send_json(500, {"title": "refresh failed", "status": 500})
                with lock:
                    state["refreshes"] += 1
                    state["token"] = "token-%d" % state["refreshes"]
                    return self.send_json(200, {"token": state["token"]})
            if action == "status":
                with lock:
                    return self.send_json(200, {"refreshes": state["refreshes"], "refused": state["refused"]})
        return self.send_json(404, {"title": "Not found", "status": 404})

    def stream_route(self, url, query, number):
        if url.path == "/sse/ticks":
            count, name = number("count", 3) or 0, query.get("gate")
            self.start_stream(headers=[("X-Tick-Count", str(count))])
            after = None
            for index in range(1, count + 1):
                self.event({"index": index, "text": after} if after else tick(index))
                if index == 1 and name:
                    after = "opened" if gate(name).wait(300) else "timed out"
            if query.get("done") == "1":
                self.event("[DONE]")
            return self.end_stream()
        if url.path == "/sse/open":
            gate(query.get("gate", "")).set()
            return self.send_json(200, {"opened": True})
        if url.path == "/sse/events":
            self.start_stream()
            self.chunk(": a comment the client ignores\n\n")
            self.chunk("retry: 1500\nid: 1\nevent: message\ndata: {\"type\": \"message\", \"text\": \"hello\"}\n\n")
            self.chunk("id: 2\r\nevent: progress\r\ndata: {\"type\": \"progress\",\r\ndata: \"percent\": 50}\r\n\r\n")
            self.chunk("event: message\ndata: {\"type\": \"mes")
            self.chunk("sage\", \"text\": \"caf\u00e9 \u2615\"}\n\n")
            self.chunk("data: {\"type\": \"future\", \"x\": 1}\n\n")
            return self.end_stream()
        if url.path == "/sse/headers":
            self.start_stream()
            self.event({name.lower(): value for name, value in self.headers.items()})
            return self.end_stream()
        if url.path == "/sse/echo":
            try:
                message = json.loads(self.request_body or b"{}").get("message", "")
            except ValueError:
                return self.send_json(400, {"title": "the body is not JSON", "status": 400})
            self.start_stream()
            for index, word in enumerate(message.split(), 1):
                self.event({"index": index, "text": word})
            self.event("[DONE]")
            return self.end_stream()
        if url.path == "/sse/ask":
            content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip()
            if content_type == "application/x-www-form-urlencoded":
                fields = parse_qs(self.request_body.decode("utf-8"), keep_blank_values=True)
                message, streamed = fields.get("message", [""])[0], fields.get("stream", [""])[0] == "true"
            else:
                try:
                    body = json.loads(self.request_body or b"{}")
                except ValueError:
                    return self.send_json(400, {"title": "the body is not JSON", "status": 400})
                message, streamed = body.get("message", ""), body.get("stream") is True
            if not streamed:
                return self.send_json(200, {"index": 0, "text": message})
            self.start_stream()
            for index, word in enumerate(message.split(), 1):
                self.event({"index": index, "text": word})
            self.event("[DONE]")
            return self.end_stream()
        if url.path == "/sse/malformed":
            self.start_stream()
            self.event(tick(1))
            self.event("not json")
            self.event(tick(3))
            return self.end_stream()
        if url.path == "/sse/cut":
            self.start_stream()
            self.event(tick(1))
            self.chunk('data: {"index": 2, "te')
            if query.get("abrupt") == "1":
                self.close_connection = True
                return
            return self.end_stream()
        if url.path == "/sse/endless":
            name = query.get("id", "")
            with lock:
                endless[name] = {"closed": False, "sent": 0}
            self.start_stream()
            deadline = time.time() + 300
            try:
                while time.time() < deadline:
                    self.event(tick(endless[name]["sent"] + 1))
                    with lock:
                        endless[name]["sent"] += 1
                    time.sleep(0.05)
            except OSError:
                with lock:
                    endless[name]["closed"] = True
                self.close_connection = True
                return
            return self.end_stream()
        if url.path == "/sse/status":
            with lock:
                return self.send_json(200, endless.get(query.get("id", ""), {"closed": False, "sent": 0}))
        if url.path == "/lines/ticks":
            count = number("count", 3) or 0
            self.start_stream("application/x-ndjson")
            lines = [json.dumps(tick(index)) for index in range(1, count + 1)]
            for index, line in enumerate(lines):
                self.chunk(line if index == len(lines) - 1 else line + "\n")
            return self.end_stream()
        return self.send_json(404, {"title": "Not found", "status": 404})

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
        if url.path == "/linked":
            # Link-header pages (RFC 8288), as GitHub sends them: the next page's address is
            # relative on odd pages and absolute on even ones; `away` points it at another server.
            page, size = number("page", 1), number("per_page", 10)
            if page is None or size is None or page < 1 or size <= 0:
                return self.send_json(400, {"title": "bad page", "status": 400})
            pages = max(1, (len(ITEMS) + size - 1) // size)
            links = [f'</linked?page={pages}&per_page={size}>; rel="last"']
            if page < pages:
                target = f"/linked?page={page + 1}&per_page={size}" + ("&away=1" if query.get("away") else "")
                if query.get("away"):
                    target = "http://elsewhere.invalid:8081" + target
                elif page % 2 == 0:
                    target = "http://" + self.headers.get("Host", "127.0.0.1") + target
                else:
                    target = "?" + target.split("?", 1)[1]
                links.append(f'<{target}>; title="a, b; c"; rel="next"')
            return self.send_json(200, ITEMS[(page - 1) * size:page * size], headers=[("Link", ", ".join(links))])
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
        if url.path == "/echo/query":
            # The query string as it came, undecoded, and the X-Tags header: how lists are sent.
            return self.send_json(200, {"query": url.query, "tags": self.headers.get("X-Tags")})
        if url.path == "/echo/multipart":
            # Each part of a multipart/form-data body as it came: its name, file name, content
            # type and text, in order.
            message = BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + (self.headers.get("Content-Type") or "").encode("latin-1") + b"\r\n\r\n" + self.request_body)
            if not message.is_multipart():
                return self.send_json(400, {"title": "not a multipart body", "status": 400})
            return self.send_json(200, [{
                "name": part.get_param("name", header="content-disposition"),
                "filename": part.get_filename(),
                "contentType": part.get("Content-Type"),
                "body": part.get_payload(decode=True).decode("utf-8", "replace"),
            } for part in message.iter_parts()])
        if url.path == "/echo":
            return self.send_json(200, {"id": query.get("id"), "headers": dict(self.headers.items())})
        if url.path.startswith("/delay/"):
            seconds = min(number("_", url.path.rsplit("/", 1)[1]) or 0, 10)
            time.sleep(max(seconds, 0))
            if "then" in query:
                return self.send_json(302, {"delayed": seconds}, headers=[("Location", query["then"])])
            return self.send_json(200, {"delayed": seconds})
        if url.path.startswith("/flaky") or url.path.startswith("/auth/") or url.path.startswith("/dropped/"):
            return self.resilience_route(url, query, number)
        if url.path.startswith("/sse/") or url.path.startswith("/lines/"):
            return self.stream_route(url, query, number)
        if url.path.startswith("/petstore/"):
            return self.petstore_route(url, parse_qs(url.query))
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
