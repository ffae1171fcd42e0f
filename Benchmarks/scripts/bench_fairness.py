#!/usr/bin/env python3
"""Fairness between connections, against a running chevrond.

Usage: bench_fairness.py SOCKET [SECONDS]
1. A light client alone: serial uncached MeasureText calls (a new text each), latency p50/p99.
2. The same while two heavy connections each pipeline SizeMany calls of 7,000 unique titles:
   target p99 under load <= 5 x p99 alone.
3. One connection pipelining 12 SizeMany of 2,000 unique titles: when each reply arrives (each
   should arrive when ready, not all at the end).
"""
import json, multiprocessing, socket, sys, threading, time

path = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5
run_id = int(time.time() * 1000) % 1_000_000_000


def connect():
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)
    return s


def receive(s, pending, parse=True):
    while b"\0" not in pending[0]:
        chunk = s.recv(1 << 20)
        if not chunk:
            raise RuntimeError("chevrond closed the connection")
        pending[0] += chunk
    message, pending[0] = pending[0].split(b"\0", 1)
    return json.loads(message) if parse else None


def call(s, pending, method, parameters):
    s.sendall(json.dumps({"method": method, "parameters": parameters}).encode() + b"\0")
    return receive(s, pending)


def light(duration, tag):
    s, pending, latencies, n = connect(), [b""], [], 0
    end = time.perf_counter() + duration
    while time.perf_counter() < end:
        started = time.perf_counter()
        call(s, pending, "io.chevron.Text.MeasureText", {"text": f"Light {tag} {run_id} {n}"})
        latencies.append(time.perf_counter() - started)
        n += 1
    latencies.sort()
    return latencies[len(latencies) // 2] * 1e6, latencies[int(len(latencies) * 0.99)] * 1e6, n


def heavy(ready, stop, index):
    # In a process of its own, with its messages built before the clock starts: making 7,000-title
    # messages must not take the light client's CPU and show up as the daemon's latency.
    messages = [
        json.dumps({"method": "io.chevron.BackButton.SizeMany",
                    "parameters": {"requests": [{"title": f"Heavy {run_id} {index} {batch} {k}"}
                                                for k in range(7000)]}}).encode() + b"\0"
        for batch in range(40)]
    s, pending = connect(), [b""]
    ready.release()
    for message in messages:
        if stop.is_set():
            break
        s.sendall(message)
        receive(s, pending, parse=False)  # 3 MB of JSON: not parsed, to leave the CPU to the daemon


alone = light(seconds, "alone")
print(f"light client alone: p50 {alone[0]:.0f} us, p99 {alone[1]:.0f} us ({alone[2]} calls)")

stop = multiprocessing.Event()
ready = multiprocessing.Semaphore(0)
heavies = [multiprocessing.Process(target=heavy, args=(ready, stop, i), daemon=True) for i in range(2)]
for process in heavies:
    process.start()
for _ in heavies:
    ready.acquire()
time.sleep(0.5)
loaded = light(seconds, "loaded")
stop.set()
verdict = "meets" if loaded[1] <= 5 * alone[1] else "misses"
print(f"light client beside 2 SizeMany(7000) connections: p50 {loaded[0]:.0f} us, p99 {loaded[1]:.0f} us "
      f"({loaded[2]} calls) = {loaded[1] / alone[1]:.1f} x alone (target <= 5: {verdict})")
for process in heavies:
    process.join(timeout=30)

s, pending = connect(), [b""]
messages = [
    json.dumps({"method": "io.chevron.BackButton.SizeMany",
                "parameters": {"requests": [{"title": f"Pipelined {run_id} {i} {k}"} for k in range(2000)]}}).encode()
    + b"\0" for i in range(12)]
started = time.perf_counter()
# Sent while the replies are read, as a client must: chevrond stops reading a connection whose
# replies pile up unread.
sender = threading.Thread(target=lambda: [s.sendall(message) for message in messages], daemon=True)
sender.start()
arrivals = []
for i in range(12):
    receive(s, pending)
    arrivals.append(time.perf_counter() - started)
print("12 pipelined SizeMany(2000): replies at " + ", ".join(f"{t:.2f}" for t in arrivals) + " s")
