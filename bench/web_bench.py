"""Load test of the web API on the loopback address (issue 10's quality bar).

Run from the repository root (needs the [web] extra):

    python bench/web_bench.py                       # 200 concurrent requests, 2 workers
    python bench/web_bench.py --requests 400 --workers 2 --malformed 1000

Starts ``numpuzzles serve`` in a child process on a free loopback port, then sends
``--requests`` requests at once (half ``generate`` of 10x10 Numberlink puzzles from
different seeds, half ``solve`` of one such puzzle, alternating) and prints the p50, p99
and maximum latency and the count of each status; then ``--malformed`` bad requests (bad
JSON, wrong types, huge numbers, unknown families, oversized bodies), the count of 5xx
among them, and whether the server still answers.  Target: zero 5xx in both.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, workers: int = 2) -> subprocess.Popen[bytes]:
    code = ("from numpuzzles.cli.main import main; "
            f"main(['serve', '--port', '{port}', '--workers', '{workers}'])")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


async def _timed(client: httpx.AsyncClient, method: str, path: str,
                 **kwargs: Any) -> tuple[int, float]:
    started = time.perf_counter()
    answer = await client.request(method, path, **kwargs)
    return answer.status_code, time.perf_counter() - started


async def _load(base: str, count: int) -> None:
    limits = httpx.Limits(max_connections=count, max_keepalive_connections=count)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=600) as client:
        made = await client.post("/api/numberlink/generate",
                                 json={"params": {"size": "10x10"}, "seed": 0})
        puzzle = made.json()["puzzle"]
        jobs = []
        for index in range(count):
            if index % 2:
                jobs.append(_timed(client, "POST", "/api/numberlink/solve",
                                   json={"puzzle": puzzle, "unique": True}))
            else:
                jobs.append(_timed(client, "POST", "/api/numberlink/generate",
                                   json={"params": {"size": "10x10"}, "seed": index}))
        started = time.perf_counter()
        answers = await asyncio.gather(*jobs)
        wall = time.perf_counter() - started
    seconds = sorted(s for _, s in answers)
    p99 = seconds[min(len(seconds) - 1, round(0.99 * len(seconds)) - 1)]
    statuses = Counter(status for status, _ in answers)
    print(f"{count} concurrent requests (generate 10x10 / solve --unique 10x10): "
          f"all done in {wall:.2f} s")
    print(f"  p50 {statistics.median(seconds):.3f} s, p99 {p99:.3f} s, max {seconds[-1]:.3f} s")
    print(f"  statuses {dict(sorted(statuses.items()))}, 5xx: "
          f"{sum(n for s, n in statuses.items() if s >= 500)}")


def _malformed(index: int) -> tuple[str, str, dict[str, Any]]:
    names = ["fubuki", "nummatch", "numberlink", "arukone", "sudoku", "%2e%2e"]
    verbs = ["generate", "solve", "check", "hint"]
    path = f"/api/{names[index % len(names)]}/{verbs[index // len(names) % len(verbs)]}"
    kind = index % 5
    json_header = {"content-type": "application/json"}
    if kind == 0:
        return "POST", path, {"content": b"{not json", "headers": json_header}
    if kind == 1:
        return "POST", path, {"json": {"puzzle": 12, "seed": "x", "limit": []}}
    if kind == 2:
        return "POST", path, {"json": {"seed": 10**300, "params": {"size": 10**50}}}
    if kind == 3:
        return "POST", path, {"content": b"1" * (300 * 1024), "headers": json_header}
    return "POST", path, {"content": b'{"seed": ' + b"9" * 5000 + b"}", "headers": json_header}


async def _bad(base: str, count: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        statuses: Counter[int] = Counter()
        for start in range(0, count, 50):
            batch = [client.request(m, p, **k)
                     for m, p, k in map(_malformed, range(start, min(count, start + 50)))]
            for answer in await asyncio.gather(*batch):
                statuses[answer.status_code] += 1
        alive = (await client.get("/api/families")).status_code
    print(f"{count} malformed requests: statuses {dict(sorted(statuses.items()))}, 5xx: "
          f"{sum(n for s, n in statuses.items() if s >= 500)}; afterwards /api/families "
          f"answers {alive}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--malformed", type=int, default=1000)
    args = parser.parse_args()
    port = free_port()
    server = start_server(port, args.workers)
    try:
        base = f"http://127.0.0.1:{port}"
        asyncio.run(_load(base, args.requests))
        asyncio.run(_bad(base, args.malformed))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
