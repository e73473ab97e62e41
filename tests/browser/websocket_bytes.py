"""What a page received over its kernel websockets, message by message and widget by widget.

Playwright hands every websocket frame to `Frames` (`page.on("websocket")`).  Jupyter's servers
speak the v1 kernel protocol: a frame is a count and offsets (little-endian uint64), then the
channel, header, parent header, metadata, content (JSON) and the binary buffers.  `by_model()`
adds up, for each widget model, the bytes of the frames addressed to its comm, and its share of
the front end's one "update_states" answer (its state's JSON and buffers).
"""
from __future__ import annotations

import json
import struct
from collections import defaultdict


def parse(frame: bytes) -> dict | None:
    """A v1 frame as {"channel", "header", "content", "buffers"} (None for anything else)."""
    if len(frame) < 8:
        return None
    (n,) = struct.unpack_from("<Q", frame, 0)
    if not 5 <= n < 1000 or len(frame) < 8 * (n + 1):
        return None
    offsets = list(struct.unpack_from(f"<{n}Q", frame, 8)) + [len(frame)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(n)]
    try:
        return dict(channel=parts[0].decode(), header=json.loads(parts[1]), content=json.loads(parts[4]),
                    buffers=[len(b) for b in parts[5:]])
    except (UnicodeDecodeError, ValueError):
        return None


class Frames:
    """Every frame a page received over its websockets (attach with `Frames(page)`)."""

    def __init__(self, page):
        self.received: list[bytes] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda p: self.received.append(p if isinstance(p, bytes) else p.encode()))

    @property
    def total(self) -> int:
        return sum(map(len, self.received))

    def by_model(self) -> tuple[dict[str, int], dict[str, dict]]:
        """Bytes received for each widget model id, and each model's last state seen (its keys)."""
        size: dict[str, int] = defaultdict(int)
        states: dict[str, dict] = {}
        for frame in self.received:
            msg = parse(frame)
            if msg is None:
                continue
            content = msg["content"]
            data = content.get("data") or {}
            if isinstance(data, dict) and data.get("method") == "update_states":
                for model_id, state in data["states"].items():
                    size[model_id] += len(json.dumps(state))
                    states[model_id] = state.get("state", state)
                continue
            comm = content.get("comm_id")
            if comm:
                size[comm] += len(frame)
                if isinstance(data, dict) and isinstance(data.get("state"), dict):
                    states.setdefault(comm, data["state"])
        return dict(size), states
