"""JupyterLab and the app as the four launchers start them (`make lab`, `ttr-nb lab`, `make app`,
`ttr-nb app`): real servers on free ports, checked with plain HTTP requests (no browser).

Each serves the computer's own user only: the URL it prints carries a token and opens the page;
without the token the page and the API are refused; a request naming another host (what a web page
reached through DNS rebinding sends) is refused even with the token. `make app NETWORK=1` and
`ttr-nb app --network` turn the token and the host check off, on purpose.

The Makefile's commands are read with `make -n` and run as they are printed; the network mode is
run on 127.0.0.1 instead of every address (`--Voila.ip=127.0.0.1`), so that the test serves nothing
to the machine's network (that it listens on every address is checked on the command line, in
tests/test_makefile.py and tests/test_cli.py)."""
from __future__ import annotations

import http.client
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
#: a kernel id no server has: the authenticated answer is 404, the refused one 403
NO_KERNEL = "/api/kernels/00000000-0000-0000-0000-000000000000"
FOREIGN = "rebinding.example"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    proc: subprocess.Popen
    lines: list[str] = field(default_factory=list)

    def wait_for(self, pattern: re.Pattern, timeout: float = 90) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if found := pattern.search(line):
                    return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        pytest.fail(f"no line matching {pattern.pattern!r} in {timeout} s; the server said:\n" + "".join(self.lines))

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)      # its own session: the launcher, the server, its kernels
        except ProcessLookupError:
            return
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)


def start(command: list[str], cwd: Path = ROOT, env: dict | None = None) -> Server:
    env = {k: v for k, v in (env or os.environ).items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS",
                                                                     "JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE")}
    env["BROWSER"] = "true"            # a server that opens a browser opens none (`true URL` does nothing)
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(proc)

    def read():
        for raw in iter(proc.stdout.readline, b""):
            server.lines.append(raw.decode("utf-8", "replace"))

    threading.Thread(target=read, daemon=True).start()
    return server


def wait_until_listening(server: Server, url: str, timeout: float = 60) -> None:
    """Jupyter Server prints its URLs before it listens (it binds its port in the first callback of
    its event loop, which a loaded machine may start seconds later): wait for the port to accept."""
    parts = urlsplit(url)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.proc.poll() is None:
        try:
            socket.create_connection((parts.hostname, parts.port), timeout=5).close()
            return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"nothing listens at {url} {timeout} s after it was printed; the server said:\n" + "".join(server.lines))


def make_command(target: str, *variables: str, local: bool = False) -> list[str]:
    """The server line of `make -n TARGET` (with the Makefile's variables given), as a shell command;
    `local`: on 127.0.0.1 instead of every address."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", target, *variables], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.replace("\\\n", " ").splitlines()
    line, = [line for line in lines if "/bin/voila " in line or "/bin/jupyter lab" in line]
    if local:
        assert line.count("--Voila.ip=0.0.0.0") == 1, line
        line = line.replace("--Voila.ip=0.0.0.0", "--Voila.ip=127.0.0.1")
    return ["sh", "-c", line]


def get(url: str, host: str | None = None, path: str | None = None) -> tuple[int, str, str]:
    """(status, Location, the start of the body) of a GET, redirects not followed. Only the start
    of a Voilà page is read: its headers come at once, the notebook's outputs as they are made."""
    parts = urlsplit(url)
    target = path if path is not None else (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request("GET", target, headers={"Host": f"{host}:{parts.port}"} if host else {})
        response = connection.getresponse()
        return response.status, response.getheader("Location") or "", response.read(4000).decode("utf-8", "replace")
    finally:
        connection.close()


def token_of(url: str) -> str:
    found = re.search(r"(?:^|&)token=([^&]+)", urlsplit(url).query)
    return found.group(1) if found else ""


# the URL each launcher prints, with its token
VOILA_URL = re.compile(r"^(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32,})\s*$")
TTR_NB_APP_URL = re.compile(r"^The app is at (http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32,})\s*$")
LAB_URL = re.compile(r"(http://127\.0\.0\.1:\d+/lab\?token=[0-9a-f]{32,})\s*$")


@dataclass(frozen=True)
class Launch:
    name: str
    page: str            # the path of the page the printed URL opens


LAUNCHES = {
    "make app": Launch("make app", "/"),
    "ttr-nb app": Launch("ttr-nb app", "/"),
    "make lab": Launch("make lab", "/lab"),
    "ttr-nb lab": Launch("ttr-nb lab", "/lab"),
}


@pytest.fixture(scope="module", params=list(LAUNCHES))
def launched(request, tmp_path_factory):
    """(launch, the URL it printed): one server per launcher, for this module's tests."""
    launch = LAUNCHES[request.param]
    port = _free_port()
    if launch.name == "make app":
        server, printed = start(make_command("app", f"APP_PORT={port}")), VOILA_URL
    elif launch.name == "make lab":
        server, printed = start(make_command("lab", f"LAB_PORT={port}")), LAB_URL
    elif launch.name == "ttr-nb app":
        folder = tmp_path_factory.mktemp("app-notebooks")
        server = start([PYTHON, "-m", "ttr_nb", "app", str(folder), f"--port={port}", "--no-browser"])
        printed = TTR_NB_APP_URL
    else:
        folder = tmp_path_factory.mktemp("lab-notebooks")
        server = start([PYTHON, "-m", "ttr_nb", "lab", str(folder), f"--port={port}", "--no-browser"])
        printed = LAB_URL
    try:
        url = server.wait_for(printed).group(1)
        wait_until_listening(server, url)
        yield launch, url
    finally:
        server.stop()


def test_the_printed_url_is_on_127_0_0_1_carries_a_token_and_opens_the_page(launched):
    launch, url = launched
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1" and parts.path == launch.page and len(token_of(url)) >= 32
    status, _, body = get(url)
    assert status == 200, body
    assert "<html" in body.lower()
    assert ("JupyterLab" in body) if launch.page == "/lab" else ("voila" in body.lower())


def test_without_the_token_the_page_and_the_api_are_refused(launched):
    launch, url = launched
    parts = urlsplit(url)
    status, location, _ = get(url, path=launch.page)
    assert status == 302 and location.startswith("/login"), (status, location)      # the token is asked for
    assert get(url, path=NO_KERNEL)[0] == 403
    assert get(url, path=f"{NO_KERNEL}?token=wrong{token_of(url)}")[0] == 403
    assert get(url, path=f"{NO_KERNEL}?token={token_of(url)}")[0] == 404            # with it: let in
    assert parts.port


def test_a_request_naming_another_host_is_refused_even_with_the_token(launched):
    _, url = launched
    with_token = f"{NO_KERNEL}?token={token_of(url)}"
    assert get(url, host=FOREIGN, path=with_token)[0] == 403
    assert get(url, host=f"127.0.0.1.{FOREIGN}", path=with_token)[0] == 403
    assert get(url, host=FOREIGN)[0] == 403                                         # the printed URL itself
    assert get(url, host="localhost", path=with_token)[0] == 404                    # the computer's own names
    assert get(url, host="127.0.0.1", path=with_token)[0] == 404


@pytest.mark.parametrize("launcher", ["make app NETWORK=1", "ttr-nb app --network"])
def test_serving_a_class_on_purpose_turns_the_token_and_the_host_check_off(launcher, tmp_path):
    port = _free_port()
    if launcher.startswith("make"):
        server = start(make_command("app", f"APP_PORT={port}", "NETWORK=1", local=True))
        printed = re.compile(rf"^(http://127\.0\.0\.1:{port}/)\s*$")
    else:
        server = start([PYTHON, "-m", "ttr_nb", "app", str(tmp_path), f"--port={port}", "--no-browser",
                        "--network", "--Voila.ip=127.0.0.1"])
        printed = re.compile(rf"^The app is served to the network on port {port}, with no token: students open "
                             rf"(http://127\.0\.0\.1:{port}/) ")
    try:
        url = server.wait_for(printed).group(1)
        wait_until_listening(server, url)
        assert get(url, path=NO_KERNEL)[0] == 404                           # no token wanted
        assert get(url, host=FOREIGN, path=NO_KERNEL)[0] == 404              # any host name
        assert get(url, host="192.168.1.20", path=NO_KERNEL)[0] == 404       # the address students type
    finally:
        server.stop()
