"""A scripted stand-in for the Anthropic Messages API, for the opt-in Claude Code end-to-end test.

The first request that offers the Bash tool is answered with a `tool_use` of Bash running
SCRIPT_COMMAND; the request that carries its `tool_result` is answered with a final text. Any
other request (titles, summaries) gets a short text. Every request body is kept for the test.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def _has_tool_result(body: dict[str, Any]) -> bool:
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list) and any(isinstance(c, dict) and c.get("type") == "tool_result" for c in content):
            return True
    return False


def _offers_bash(body: dict[str, Any]) -> bool:
    return any(t.get("name") == "Bash" for t in body.get("tools", []) if isinstance(t, dict))


class FakeAnthropic:
    def __init__(self, command: str, final_text: str = "The test run is done.") -> None:
        self.command = command
        self.final_text = final_text
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def do_GET(self) -> None:
                owner.paths.append("GET " + self.path)
                self._json({})

            def do_HEAD(self) -> None:
                self.send_response(200)
                self.end_headers()

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                owner.paths.append("POST " + self.path)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {}
                if "count_tokens" in self.path:
                    self._json({"input_tokens": 100})
                    return
                if not self.path.split("?")[0].endswith("/messages"):
                    self._json({})
                    return
                with owner._lock:
                    owner.requests.append(body)
                    if _has_tool_result(body):
                        blocks = [{"type": "text", "text": owner.final_text}]
                        stop = "end_turn"
                    elif _offers_bash(body):
                        blocks = [{"type": "tool_use", "id": f"toolu_{len(owner.requests):04d}", "name": "Bash",
                                   "input": {"command": owner.command, "description": "Run the tests"}}]
                        stop = "tool_use"
                    else:
                        blocks = [{"type": "text", "text": "Tests"}]
                        stop = "end_turn"
                message = {"id": f"msg_{len(owner.requests):04d}", "type": "message", "role": "assistant",
                           "model": body.get("model", "claude-sonnet-4-5"), "content": blocks, "stop_reason": stop,
                           "stop_sequence": None, "usage": {"input_tokens": 100, "output_tokens": 20}}
                if body.get("stream"):
                    self._stream(message)
                else:
                    self._json(message)

            def _json(self, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, message: dict[str, Any]) -> None:
                events = [("message_start", {"type": "message_start", "message": {**message, "content": [],
                                                                                 "stop_reason": None}})]
                for i, block in enumerate(message["content"]):
                    if block["type"] == "text":
                        events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                               "content_block": {"type": "text", "text": ""}}))
                        events.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                                               "delta": {"type": "text_delta", "text": block["text"]}}))
                    else:
                        events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                               "content_block": {**block, "input": {}}}))
                        events.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {
                            "type": "input_json_delta", "partial_json": json.dumps(block["input"])}}))
                    events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
                events.append(("message_delta", {"type": "message_delta", "delta": {
                    "stop_reason": message["stop_reason"], "stop_sequence": None}, "usage": {"output_tokens": 20}}))
                events.append(("message_stop", {"type": "message_stop"}))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.end_headers()
                for name, data in events:
                    self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
                    self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeAnthropic":
        self._thread.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def tool_results(self) -> list[str]:
        out = []
        for body in self.requests:
            for message in body.get("messages", []):
                content = message.get("content")
                if not isinstance(content, list):
                    continue
                for c in content:
                    if isinstance(c, dict) and c.get("type") == "tool_result":
                        inner = c.get("content")
                        if isinstance(inner, list):
                            inner = "".join(x.get("text", "") for x in inner if isinstance(x, dict))
                        out.append(str(inner))
        return out
