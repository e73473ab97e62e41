"""How the JupyterLite site is served: compressed, and cached by the browser.

"Transferred" is what crosses the wire, so a host should send the site compressed and let a
browser keep it. The build writes each compressible file also as `.br` (brotli) and `.gz`
(gzip) beside it (`precompress`), for a server that sends those as they are (nginx's
`gzip_static` / `brotli_static`, `make lite-serve`) instead of compressing on every request.

Cache rules (`cache_control`): a file whose name carries a hash of its content (JupyterLab's
`build/4680.34db628.js`, an extension's `static/remoteEntry.abcac41d5ca77040.js`) never changes
under that name: `max-age=31536000, immutable`. Every other file (the pages, `jupyter-lite.json`,
the notebooks, the Pyodide runtime, the wheels: their names stay when a new build changes them)
is kept but asked about again on each visit (`no-cache`, with an ETag): an unchanged file costs
a 304 answer of a few hundred bytes, and a changed one reaches every pupil the next visit.

`SiteServer` serves a folder so (HTTP/1.1, ETags, the precompressed files for the encodings the
browser accepts) and counts every byte it writes, headers included: the tests' "transferred".

    python scripts/lite_host.py --precompress build/lite   # (the build does it)
"""
from __future__ import annotations

import argparse
import collections
import email.utils
import gzip
import http.server
import mimetypes
import os
import re
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: compressed by the build (and by a host that compresses on the fly): text and WebAssembly;
#: not the wheels and zips (already compressed inside), not images or fonts
COMPRESSIBLE = {".js", ".mjs", ".css", ".json", ".html", ".wasm", ".svg", ".txt", ".md", ".ipynb", ".map", ".ico",
                ".ttf", ".eot", ".py", ".toml"}
MIN_SIZE = 1024                 # smaller files are sent as they are
#: a name with a content hash: `name.HASH.ext` or `HASH.ext` (hex, 7 or more digits, at least one a digit)
HASHED = re.compile(r"(^|[.-])(?=[0-9a-f]*[0-9])[0-9a-f]{7,}\.(js|mjs|css|wasm|woff2?|ttf|eot|svg|png|json)$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json",
         ".md": "text/markdown; charset=utf-8", ".html": "text/html; charset=utf-8", ".css": "text/css",
         ".svg": "image/svg+xml", ".zip": "application/zip", ".woff2": "font/woff2", ".woff": "font/woff"}
ENCODINGS = [("br", ".br"), ("gzip", ".gz")]          # the order of preference


def cache_control(path: str) -> str:
    """The Cache-Control header for a file of the site (its path or name)."""
    return IMMUTABLE if HASHED.search(path.rsplit("/", 1)[-1]) else REVALIDATE


def precompress(site: Path, brotli_quality: int = 9) -> dict[str, int]:
    """Write `f.gz` (and `f.br`, where the brotli module is installed) beside each compressible
    file of `site` that compression makes at least 10 % smaller; the bytes before and after."""
    try:
        import brotli
    except ImportError:
        brotli = None
    totals = collections.Counter()
    for f in sorted(site.rglob("*")):
        if not f.is_file() or f.suffix not in COMPRESSIBLE or f.stat().st_size < MIN_SIZE:
            continue
        data = f.read_bytes()
        totals["raw"] += len(data)
        variants = {".gz": gzip.compress(data, 9, mtime=0)}
        if brotli is not None:
            mode = brotli.MODE_TEXT if f.suffix != ".wasm" else brotli.MODE_GENERIC
            variants[".br"] = brotli.compress(data, quality=brotli_quality, lgwin=24, mode=mode)
        for ext, packed in variants.items():
            if len(packed) <= 0.9 * len(data):
                Path(f"{f}{ext}").write_bytes(packed)
                totals[ext] += len(packed)
            else:
                totals[ext] += len(data)
    return dict(totals)


class _Counting:
    """A writable file that adds what is written to its server's tally."""

    def __init__(self, raw, server, path_of):
        self.raw, self.server, self.path_of = raw, server, path_of

    def write(self, data) -> int:
        self.server.count(self.path_of(), len(data))    # before: the client may read it at once
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host as a site should have: the precompressed files, cache headers, ETags."""

    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.wfile = _Counting(self.wfile, self.server, lambda: urlsplit(getattr(self, "path", "")).path)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self):
        self._serve(body=True)

    def do_HEAD(self):
        self._serve(body=False)

    def _serve(self, body: bool) -> None:
        url_path = unquote(urlsplit(self.path).path)
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not url_path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", url_path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            path = path / "index.html"
        if not path.is_file() or path.suffix in (".gz", ".br"):
            self.send_error(404, "File not found")
            return
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        variants = [(enc, Path(f"{path}{ext}")) for enc, ext in ENCODINGS if Path(f"{path}{ext}").is_file()]
        encoding, file = next(((enc, f) for enc, f in variants if enc in accepted), (None, path))
        stat = file.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        headers = {"ETag": etag, "Cache-Control": cache_control(url_path),
                   "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)}
        if variants:
            headers["Vary"] = "Accept-Encoding"
        if etag in {t.strip() for t in self.headers.get("If-None-Match", "").split(",")}:
            self.send_response(304)
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
                         or "application/octet-stream")
        self.send_header("Content-Length", str(stat.st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        if body:
            with open(file, "rb") as f:
                self.copyfile(f, self.wfile)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves `site` (SiteHandler) and counts the bytes sent: `bytes_sent`, and by path `sent`."""

    daemon_threads = True

    def __init__(self, address, site: Path, verbose: bool = False):
        self.site, self.verbose = Path(site), verbose
        self.bytes_sent = 0
        self.sent: collections.Counter = collections.Counter()
        self._lock = threading.Lock()
        super().__init__(address, lambda *a, **k: SiteHandler(*a, directory=str(self.site), **k))

    def count(self, path: str, n: int) -> None:
        with self._lock:
            self.bytes_sent += n
            self.sent[path] += n

    def reset(self) -> None:
        with self._lock:
            self.bytes_sent = 0
            self.sent.clear()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--precompress", type=Path, metavar="SITE", required=True)
    args = parser.parse_args(argv)
    totals = precompress(args.precompress)
    print(f"[lite] compressed {totals.get('raw', 0) / 1e6:.1f} MB of text and WebAssembly: "
          f"{totals.get('.gz', 0) / 1e6:.1f} MB as gzip, "
          + (f"{totals['.br'] / 1e6:.1f} MB as brotli" if ".br" in totals else "no brotli module"), flush=True)
    return 0


if __name__ == "__main__":
    os.umask(0o022)
    sys.exit(main())
