#!/usr/bin/env python3
"""Scripted checks of a running cellfit-serve (issue 50), and its load test: not unit tests
(they take minutes and measure time), run by hand or by `make serve-checks` / `make load-test`.

    server_checks.py checks SERVE        the checks below; exit 1 if one fails
    server_checks.py load SERVE [--seconds 60 --connections 64]
                                         the load test: small and large requests mixed

Each starts its own server (SERVE: the cellfit-serve binary) on a free loopback port, from
the project's checkout (for the example cells), and stops it at the end.

The checks, each with proper `application/json` requests as the page sends them:
- who may use it: the page and the API with JSON answer; a foreign Origin (403), a
  text/plain or form body (415) and a Host that is not the server's (421) are refused,
  and a CORS preflight gets no Access-Control-Allow-Origin;
- starvation: with two slow /layout requests in flight (a template of 2,000 labels), a
  small /layout answers within 1 s;
- budgets: a /layout of 3,001 labels ends at its time budget (503), and repeating it
  does not grow the server's memory further;
- a client that goes away: its work stops (the server's CPU falls idle within 1 s);
- slow clients: 32 connections trickling a body byte every 2 s and 1,000 idle ones do
  not stop other clients, and are closed at the request deadline;
- shutdown: SIGTERM with work in flight ends the process within 5 s.
"""
import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
MESSAGE = open(os.path.join(ROOT, "Examples/Templates/MessageCells.json")).read()
MESSAGE_ROWS = json.load(open(os.path.join(ROOT, "Examples/Data/MessageCells.json")))
SMALL = json.dumps({"template": json.loads(MESSAGE), "width": 375}).encode()
FAILURES = []


def labels(n):
    """A template of n labels stacked top to bottom: slow to solve (the 2,000-view cell of ../shared/rel3)."""
    chain = "".join("[v%d]" % i for i in range(n))
    template = {"name": "stack%d" % n, "views": [{"name": "v%d" % i, "kind": "label", "text": "text"} for i in range(n)],
                "constraints": ["V:|" + chain + "|"] + ["H:|[v%d]|" % i for i in range(n)]}
    return json.dumps({"template": template, "width": 375}).encode()


def check(name, ok, detail=""):
    print("%s %s%s" % ("ok  " if ok else "FAIL", name, (": " + detail) if detail else ""))
    if not ok:
        FAILURES.append(name)


class Server:
    def __init__(self, binary, *options):
        self.process = subprocess.Popen([binary, "--port", "0", *options], cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        for line in self.process.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                break
        else:
            raise SystemExit("cellfit-serve did not start")

    def post(self, path, body, headers=None, timeout=120):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        all_headers = {"Content-Type": "application/json"}
        all_headers.update(headers or {})
        started = time.monotonic()
        connection.request("POST", path, body=body, headers=all_headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, text, time.monotonic() - started, dict(response.getheaders())

    def get(self, path, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status

    def rss_mb(self):
        with open("/proc/%d/status" % self.process.pid) as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) // 1024

    def cpu_ticks(self):
        with open("/proc/%d/stat" % self.process.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def in_background(function, *args):
    thread = threading.Thread(target=function, args=args, daemon=True)
    thread.start()
    return thread


def quietly(function, *args):
    try:
        function(*args)
    except OSError:
        pass


def checks(binary, cell=None):
    server = Server(binary, "--max-seconds", "10", "--request-timeout", "5")
    try:
        port = server.port
        # Who may use it.
        check("the page answers", server.get("/") == 200)
        status, _, _, _ = server.post("/layout", SMALL)
        check("a JSON /layout without Origin (curl) answers", status == 200, str(status))
        status, _, _, _ = server.post("/layout", SMALL, {"Origin": "http://127.0.0.1:%d" % port})
        check("the page's own origin answers", status == 200, str(status))
        status, _, _, _ = server.post("/layout", SMALL, {"Origin": "http://localhost:%d" % port, "Host": "localhost:%d" % port})
        check("localhost, as the browser names it, answers", status == 200, str(status))
        status, text, _, _ = server.post("/heights", SMALL, {"Origin": "http://127.0.0.1:40811"})
        check("a foreign origin is refused (403)", status == 403, "%d %s" % (status, text.strip()))
        status, _, _, _ = server.post("/layout", SMALL, {"Content-Type": "text/plain"})
        check("a text/plain body (a no-cors POST) is refused (415)", status == 415, str(status))
        status, _, _, _ = server.post("/layout", SMALL, {"Content-Type": "application/x-www-form-urlencoded"})
        check("a form body is refused (415)", status == 415, str(status))
        status, _, _, _ = server.post("/layout", SMALL, {"Host": "evil.example"})
        check("a Host that is not the server's (DNS rebinding) is refused (421)", status == 421, str(status))
        check("a GET with another Host is refused (421)", server.get("/examples", {"Host": "evil.example:%d" % port}) == 421)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("OPTIONS", "/layout", headers={"Origin": "http://127.0.0.1:40811", "Access-Control-Request-Method": "POST"})
        response = connection.getresponse()
        response.read()
        check("a CORS preflight gets no Access-Control-Allow-Origin", response.getheader("Access-Control-Allow-Origin") is None,
              str(response.status))
        connection.close()

        # Starvation: two slow requests in flight, then a small one.
        slow = labels(2000)
        threads = [in_background(quietly, server.post, "/layout", slow) for _ in range(2)]
        time.sleep(2)
        status, _, seconds, _ = server.post("/layout", SMALL)
        check("a small /layout answers within 1 s while two slow ones run", status == 200 and seconds < 1, "%d in %.3f s" % (status, seconds))
        for thread in threads:
            thread.join()

        # Budgets: the 3,001-label cell (generated, or the imported one of ../shared/rel3 given by --cell).
        big = open(cell, "rb").read() if cell else labels(3001)
        rss = [server.rss_mb()]
        for attempt in range(3):
            status, text, seconds, _ = server.post("/layout", big)
            rss.append(server.rss_mb())
            budget = re.search(r"time budget|Solver.maximumTableauCells|--max-views", text)
            check("3,001 labels end at a budget (attempt %d)" % (attempt + 1),
                  status in (413, 422, 503) and budget is not None and seconds < 14,
                  "%d in %.1f s: %s" % (status, seconds, budget.group(0) if budget else text[:200]))
        check("repeating it does not grow the server's memory further", rss[3] <= rss[1] * 1.1 + 20,
              "RSS %s MB (before, after each)" % rss)

        # A client that goes away: the work stops.
        try:
            server.post("/layout", slow, timeout=2)
        except (socket.timeout, TimeoutError):
            pass
        time.sleep(1)
        before = server.cpu_ticks()
        time.sleep(2)
        spent = server.cpu_ticks() - before
        check("a client's going away stops its work (CPU idle after 1 s)", spent < 20, "%d ticks in 2 s" % spent)

        # Slow clients.
        def trickle(seconds):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"POST /layout HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100000\r\n\r\n{" % port)
            started = time.monotonic()
            try:
                while time.monotonic() - started < seconds:
                    time.sleep(2)
                    s.sendall(b" ")
                return True
            except OSError:
                return False
            finally:
                s.close()
        closed = []
        for _ in range(32):
            in_background(lambda: closed.append(not trickle(20)))
        idle = []
        for _ in range(1000):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                break
        time.sleep(2)
        latencies = []
        ok = True
        for _ in range(5):
            status, _, seconds, _ = server.post("/layout", SMALL)
            ok = ok and status == 200
            latencies.append(seconds)
        check("other clients are answered while 32 trickle and 1,000 sit idle", ok, "%.3f s at most" % max(latencies))
        time.sleep(6)
        open_idle = 0
        for s in idle:
            s.settimeout(0.2)
            try:
                if s.recv(1) != b"":
                    open_idle += 1
            except socket.timeout:
                open_idle += 1
            except OSError:
                pass
            s.close()
        check("idle connections are closed at the request deadline (5 s)", open_idle == 0,
              "%d of %d still open after 8 s" % (open_idle, len(idle)))
        time.sleep(14)
        check("trickling connections are closed at the request deadline", len(closed) == 32 and all(closed),
              "%d of %d closed by the server" % (sum(closed), len(closed)))

        # Shutdown with work in flight.
        in_background(quietly, server.post, "/layout", slow)
        time.sleep(1)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        took = time.monotonic() - started
        check("SIGTERM with work in flight exits within 5 s", server.process.poll() is not None and took < 5, "%.2f s" % took)
    finally:
        server.stop()
    print("%d checks failed" % len(FAILURES) if FAILURES else "every check passed")
    return 1 if FAILURES else 0


def load(binary, seconds, connections, large_share):
    """`connections` clients for `seconds`, each sending requests back to back on a
    keep-alive connection: a small /layout (MessageCells, one row) or, one time in
    `1 / large_share`, a large /heights (200 rows at three widths)."""
    server = Server(binary)
    large = json.dumps({"template": json.loads(MESSAGE), "rows": MESSAGE_ROWS[:200], "widths": [320, 375, 414]}).encode()
    results = {"small": [], "large": []}
    errors = {}
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client(index):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        count = 0
        while time.monotonic() < stop_at:
            kind = "large" if (count * 7919 + index) % int(1 / large_share) == 0 else "small"
            path, body = ("/heights", large) if kind == "large" else ("/layout", SMALL)
            count += 1
            started = time.monotonic()
            try:
                connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as e:
                status = type(e).__name__
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            took = time.monotonic() - started
            with lock:
                if status == 200:
                    results[kind].append(took)
                else:
                    errors[(kind, status)] = errors.get((kind, status), 0) + 1
        connection.close()

    try:
        rss_before = server.rss_mb()
        threads = [in_background(client, i) for i in range(connections)]
        for thread in threads:
            thread.join()
        rss_after = server.rss_mb()
        print("load: %d s, %d connections, %d%% large; server RSS %d MB before, %d MB after" % (
            seconds, connections, round(large_share * 100), rss_before, rss_after))
        for kind, times in results.items():
            if not times:
                print("  %s: no answers" % kind)
                continue
            times.sort()
            pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
            print("  %s: %d answered (%.1f/s), latency p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms, mean %.0f ms" % (
                kind, len(times), len(times) / seconds, pick(0.5), pick(0.95), pick(0.99), times[-1] * 1000,
                statistics.mean(times) * 1000))
        print("  errors: %s" % (", ".join("%s %s: %d" % (k[0], k[1], n) for k, n in sorted(errors.items(), key=str)) or "none"))
    finally:
        server.stop()
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=["checks", "load"])
    p.add_argument("serve", help="the cellfit-serve binary")
    p.add_argument("--seconds", type=int, default=60)
    p.add_argument("--connections", type=int, default=64)
    p.add_argument("--large-share", type=float, default=0.1)
    p.add_argument("--cell", help="checks: a /layout body to hold to the budgets instead of 3,001 generated labels "
                   "(../shared/rel3/serve-3001-layout-body.json: the imported 3,001-label cell)")
    o = p.parse_args()
    if o.what == "checks":
        sys.exit(checks(o.serve, o.cell))
    sys.exit(load(o.serve, o.seconds, o.connections, o.large_share))


if __name__ == "__main__":
    main()
