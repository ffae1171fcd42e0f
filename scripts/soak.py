#!/usr/bin/env python3
"""A soak and chaos run against a chevrond it starts; scripts/soak.sh builds and calls it.
Usage: soak.py CHEVROND CHEVRON MINUTES

For MINUTES it keeps up, all at once:
- mixed load: `chevron bench` (cached and unique titles, MeasureText, Render) on 4 connections;
- big batches: a connection pipelining SizeMany calls of 2,000 unique titles, reading as it goes;
- SIGHUP storms: 10 SIGHUPs 100 ms apart, every 30 s;
- non-readers: 20 connections that each send a 10,000-title SizeMany and never read, for 15 s of
  every 30 s;
- slow senders: 20 connections that send one byte every 100 ms and never a NUL, every 30 s;
- a second user (nobody, through setpriv; when run as root): every 30 s, asks for 10 more
  connections than its per-user share, one after the other, and holds those it gets for 15 s;
- the descriptor limit: chevrond runs under `prlimit --nofile=256:256`, so its connections are
  capped below 256 descriptors; once, halfway, a root client opens connections until 50 are
  refused, and holds the rest for 5 s.
Every 10 s it samples the daemon's resident memory and open file descriptors, and a light
client's p50/p99 (serial uncached MeasureText calls). At the end it gives a verdict on each
bound; the exit status is 1 when one fails.
"""
import json, os, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time

chevrond, chevron, minutes = sys.argv[1], sys.argv[2], float(sys.argv[3])
duration = minutes * 60
work = tempfile.mkdtemp(prefix="chevron-soak-")
path = os.path.join(work, "chevrond.sock")
log = open(os.path.join(work, "chevrond.log"), "w")
os.chmod(work, 0o755)  # the second user reaches the socket (mode 0666) through it
descriptor_limit = 256
launcher = ["prlimit", f"--nofile={descriptor_limit}:{descriptor_limit}", "--"] if shutil.which("prlimit") else []
daemon = subprocess.Popen(
    launcher + [chevrond, "--socket", path, "--max-connections", "256", "--idle-timeout", "20", "--message-timeout", "5",
     "--log-level", "notice"], stderr=log, stdout=log)
for _ in range(200):
    if os.path.exists(path):
        break
    time.sleep(0.05)
time.sleep(1)
stop = threading.Event()
log_text = lambda: open(log.name).read()
# The bound in force: 256, or what chevrond lowered it to for the descriptor limit (a warning,
# logged at --log-level notice); a user's share is a quarter of it, as chevrond computes it.
lowered = re.search(r"serving at most (\d+) connections", log_text())
total = int(lowered.group(1)) if lowered else 256
per_user = max(1, total // 4)
second_user = os.getuid() == 0 and shutil.which("setpriv") is not None
# One at a time: a round of the second user, or the flood at the descriptor limit.
exclusive = threading.Lock()
GET_INFO = b'{"method":"org.varlink.service.GetInfo"}\0'
run_id = int(time.time())


def connect():
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(30)
    s.connect(path)
    return s


def receive(s, pending):
    while b"\0" not in pending[0]:
        chunk = s.recv(1 << 20)
        if not chunk:
            raise ConnectionError("closed")
        pending[0] += chunk
    message, pending[0] = pending[0].split(b"\0", 1)
    return message


def rss_mib():
    with open(f"/proc/{daemon.pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


def open_fds():
    return len(os.listdir(f"/proc/{daemon.pid}/fd"))


def light_sample(tag, calls=200):
    s, pending, latencies = connect(), [b""], []
    for n in range(calls):
        started = time.perf_counter()
        s.sendall(json.dumps({"method": "io.chevron.Text.MeasureText",
                              "parameters": {"text": f"Soak {run_id} {tag} {n}"}}).encode() + b"\0")
        receive(s, pending)
        latencies.append((time.perf_counter() - started) * 1000)
    s.close()
    latencies.sort()
    return latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]


def big_batches():
    s, pending, batch = connect(), [b""], 0
    while not stop.is_set():
        requests = [{"title": f"Batch {run_id} {batch} {k}"} for k in range(2000)]
        s.sendall(json.dumps({"method": "io.chevron.BackButton.SizeMany",
                              "parameters": {"requests": requests}}).encode() + b"\0")
        receive(s, pending)
        batch += 1


def hangups():
    while not stop.wait(30):
        for _ in range(10):
            daemon.send_signal(signal.SIGHUP)
            time.sleep(0.1)


def non_readers():
    message = json.dumps({"method": "io.chevron.BackButton.SizeMany",
                          "parameters": {"requests": [{"title": "a"}] * 10000}}).encode() + b"\0"
    while not stop.wait(15):
        held = []
        for _ in range(20):
            try:
                s = connect()
                s.sendall(message)
                held.append(s)
            except OSError:
                pass
        stop.wait(15)
        for s in held:
            s.close()


def slow_senders():
    while not stop.wait(30):
        held = []
        for _ in range(20):
            try:
                held.append(connect())
            except OSError:
                pass
        for _ in range(60):  # 6 s of one byte every 100 ms, never a NUL
            for s in list(held):
                try:
                    s.send(b"{")
                except OSError:
                    held.remove(s)
            time.sleep(0.1)
        for s in held:
            s.close()


# Run as the second user: COUNT connections one after the other, each calling GetInfo, then
# those served held for HOLD seconds (a call each 5 s); prints the counts as JSON.
HOLDER = r"""
import json, socket, sys, time
path, count, hold = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def call(s):
    s.sendall(b'{"method":"org.varlink.service.GetInfo"}\0')
    data = b""
    while not data.endswith(b"\0"):
        chunk = s.recv(65536)
        if not chunk: raise ConnectionResetError()
        data += chunk
counts, held = {"served": 0, "refused": 0, "timeout": 0, "dropped": 0}, []
for n in range(count):
    s = socket.socket(socket.AF_UNIX); s.settimeout(5)
    try:
        s.connect(path); call(s); held.append(s); counts["served"] += 1
    except socket.timeout:
        counts["timeout"] += 1
    except OSError:
        counts["refused"] += 1
end = time.time() + hold
while time.time() < end:
    time.sleep(min(5, max(0, end - time.time())))
    for s in list(held):
        try:
            call(s)
        except OSError:
            held.remove(s); counts["dropped"] += 1
print(json.dumps(counts))
"""
rounds = []


def second_user_rounds():
    while not stop.wait(30):
        with exclusive:
            result = subprocess.run(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", HOLDER, path,
                 str(per_user + 10), "15"], capture_output=True, text=True)
        try:
            rounds.append(json.loads(result.stdout))
        except ValueError:
            rounds.append({"error": result.stderr.strip()[-200:]})


def flood():
    """Root opens connections until 50 are refused, holds the rest 5 s, then closes them."""
    held, counts = [], {"served": 0, "refused": 0, "hanging": 0}
    attempts = 0
    with exclusive:
        while counts["refused"] < 50 and attempts < total + 300:
            attempts += 1
            s = socket.socket(socket.AF_UNIX)
            s.settimeout(2)
            try:
                s.connect(path)
                s.sendall(GET_INFO)
                if s.recv(65536):
                    counts["served"] += 1
                    held.append(s)
                    continue
                counts["refused"] += 1
            except socket.timeout:
                counts["hanging"] += 1
            except OSError:
                counts["refused"] += 1
            s.close()
        counts["fds"] = open_fds()
        time.sleep(5)
        for s in held:
            s.close()
    return counts


bench = subprocess.Popen(
    [chevron, "bench", "--socket", path, "--connections", "4", "--depth", "8", "--duration", str(int(duration)),
     "--mix", "size=6,unique=2,measure=1,render=1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
threads = [threading.Thread(target=f, daemon=True) for f in (big_batches, hangups, non_readers, slow_senders)]
rounds_thread = threading.Thread(target=second_user_rounds, daemon=True) if second_user else None
if rounds_thread:
    threads.append(rounds_thread)
for thread in threads:
    thread.start()

baseline_fds = open_fds()
samples = []
started = time.time()
print(f"soak: {minutes:g} min against pid {daemon.pid}; log {log.name}")
print(f"open files limit {descriptor_limit if launcher else 'unchanged'}: at most {total} connections, {per_user} per user")
flooded = None
print(" time    RSS MiB  fds   light p50 ms  p99 ms")
while time.time() - started < duration:
    time.sleep(10)
    if daemon.poll() is not None:
        break
    p50, p99 = light_sample(len(samples))
    sample = (time.time() - started, rss_mib(), open_fds(), p50, p99)
    samples.append(sample)
    print(f"{sample[0]:5.0f} s  {sample[1]:7.1f}  {sample[2]:4d}  {sample[3]:11.2f}  {sample[4]:7.2f}", flush=True)
    if flooded is None and time.time() - started >= duration / 2:
        flooded = flood()
        print(f"flood at the descriptor limit: {flooded}", flush=True)

stop.set()
if rounds_thread:
    rounds_thread.join(timeout=40)  # a round in progress ends within its 15 s hold
bench_output = bench.communicate()[0].decode()
time.sleep(25)  # non-readers and slow senders closed, idle connections timed out
alive = daemon.poll() is None
end_fds = open_fds() if alive else -1
end_rss = rss_mib() if alive else -1
served = False
if alive:
    try:
        s, pending = connect(), [b""]
        s.sendall(b'{"method":"org.varlink.service.GetInfo"}\0')
        served = b'"error"' not in receive(s, pending)
    except OSError:
        pass
daemon.send_signal(signal.SIGTERM)
exit_status = daemon.wait(timeout=20)

rss_peak = max(s[1] for s in samples) if samples else 0
p99_worst = max(s[4] for s in samples) if samples else 0
p99_median = sorted(s[4] for s in samples)[len(samples) // 2] if samples else 0
verdicts = [
    ("never crashed, served at the end, exit 0 on SIGTERM", alive and served and exit_status == 0,
     f"alive {alive}, served {served}, exit {exit_status}"),
    ("resident memory under 1 GiB throughout", rss_peak < 1024, f"peak {rss_peak:.0f} MiB"),
    ("memory returned after the load (within 150 MiB of the first sample)",
     alive and samples and end_rss < samples[0][1] + 150, f"end {end_rss:.0f} MiB, first {samples[0][1]:.0f} MiB"
     if samples else "no sample"),
    ("file descriptors back to the start (within 8)", alive and end_fds <= baseline_fds + 8,
     f"start {baseline_fds}, end {end_fds}"),
    ("light client p99 under 50 ms in every sample", p99_worst < 50,
     f"worst {p99_worst:.1f} ms, median {p99_median:.1f} ms"),
]
accept_failures = log_text().count("cannot accept connections")
if second_user:
    fair = bool(rounds) and all(r.get("served") == per_user and r.get("refused") == 10 and r.get("timeout") == 0
                                and r.get("dropped") == 0 for r in rounds)
    verdicts.append((f"a second user gets its share ({per_user} of {total}) each round, the rest refused at once", fair,
                     f"{len(rounds)} rounds: {rounds}"))
else:
    print("SKIP  a second user: needs root and setpriv")
if flooded is not None:
    verdicts.append((f"at the descriptor limit ({descriptor_limit if launcher else 'unchanged'}): connections beyond "
                     f"the bound refused at once, none left waiting, accept never failed, descriptors to spare",
                     flooded["hanging"] == 0 and flooded["refused"] >= 50 and accept_failures == 0
                     and flooded["fds"] < descriptor_limit,
                     f"{flooded}, 'cannot accept' lines {accept_failures}"))
print("\n".join(line for line in bench_output.splitlines() if line.strip()))
failed = False
for name, ok, detail in verdicts:
    failed |= not ok
    print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
sys.exit(1 if failed else 0)
