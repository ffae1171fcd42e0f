#!/usr/bin/env python3
"""Runs `chevron check --look all` over catalogues through a fresh release chevrond and in process,
and prints rows per second, wall time and peak memory, with each row's cost against the floor.

Usage: bench_check.py FLOOR_US RUNS WORK_DIR CATALOG...   (called by Benchmarks/scripts/bench-check.sh)
CHEVRON_BIN_DIR names the folder of the release chevron and chevrond (default Benchmarks/.build/release).
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import time

RELEASE = os.environ.get("CHEVRON_BIN_DIR", "Benchmarks/.build/release")
AIM_SECONDS = 2.0


def check(catalog, mode, daemon=None, cpu=None):
    """One run: wall seconds, rows, peak RSS of the CLI in KiB. With `cpu` (a list), appends the
    run's CPU seconds: the CLI's user and system time, and chevrond's (`daemon`'s pid) over the run."""
    command = ["/usr/bin/time", "-f", "%M %U %S", f"{RELEASE}/chevron", "check", "--look", "all", catalog] + mode
    before = daemon_cpu(daemon) if daemon else (0.0, 0.0)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"check failed ({result.returncode}): {result.stderr[-2000:]}")
    summary = result.stdout.strip().splitlines()[-1]
    rows = int(re.search(r", (\d+) rows in", summary).group(1))
    peak, user, system = result.stderr.strip().splitlines()[-1].split()
    if cpu is not None:
        after = daemon_cpu(daemon) if daemon else (0.0, 0.0)
        cpu.append((float(user), float(system), after[0] - before[0], after[1] - before[1]))
    return wall, rows, int(peak)


def daemon_cpu(pid):
    """chevrond's user and system CPU seconds so far (/proc/PID/stat, fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


def cpu_line(label, samples):
    """The median CPU seconds of a mode's runs: the CLI's and chevrond's, user and system."""
    if not samples:
        return
    cli_user, cli_system, daemon_user, daemon_system = (statistics.median(column) for column in zip(*samples))
    total = cli_user + cli_system + daemon_user + daemon_system
    daemon = f", chevrond {daemon_user:.2f} u + {daemon_system:.2f} s" if daemon_user + daemon_system > 0 else ""
    print(f"  CPU, {label} (median): CLI {cli_user:.2f} u + {cli_system:.2f} s{daemon}; {total:.2f} s in all")


def report_format(catalog, form):
    """One in-process run printing the report as `form`: wall seconds and the CLI's peak RSS in KiB."""
    command = ["/usr/bin/time", "-f", "%M", f"{RELEASE}/chevron", "check", "--look", "all", catalog, "--local",
               "--format", form]
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"check --format {form} failed ({result.returncode}): {result.stderr[-2000:]}")
    return wall, int(result.stderr.strip().splitlines()[-1])


def daemon_peak(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s*(\d+) kB", status.read()).group(1))


def start_daemon(work):
    socket = os.path.join(work, "chevrond.sock")
    if os.path.exists(socket):
        os.unlink(socket)
    daemon = subprocess.Popen(
        [f"{RELEASE}/chevrond", "--socket", socket, "--log-level", "warning"], stderr=subprocess.DEVNULL)
    for _ in range(400):
        if os.path.exists(socket):
            break
        time.sleep(0.025)
    time.sleep(0.5)  # the fingerprint's first hashing runs after READY; let it finish
    return daemon, socket


def report(label, runs, floor_us):
    walls = sorted(wall for wall, _, _ in runs)
    rows = runs[0][1]
    peak = max(peak for _, _, peak in runs)
    worst = walls[-1]
    per_row_us = worst / rows * 1e6
    print(f"{label}: {rows} rows, wall min {walls[0]:.2f} s, worst {worst:.2f} s "
          f"({rows / worst:,.0f} rows/s at worst), {per_row_us:.1f} us/row = {per_row_us / floor_us:.1f} x floor "
          f"hb_shape {floor_us:.3f} us/title; CLI peak RSS {peak / 1024:.0f} MiB")
    return worst


def pango(catalog, local):
    """The plain Pango loop over the same titles and look fonts (Benchmarks/check/pango_loop.py,
    run by Debian's python3, whose python3-gi it needs), against the check in process: the check's
    rows per second at its worst round, whole command included, over the loop's best run, which
    leaves out the loop's start."""
    result = subprocess.run(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "../check/pango_loop.py"),
                             f"{RELEASE}/chevron", catalog], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        print(f"  pango loop did not run: {result.stderr.strip().splitlines()[-1:]}")
        return
    check_rate = local[0][1] / max(wall for wall, _, _ in local)
    for line in result.stdout.strip().splitlines():
        mode = line.split(":")[0]
        rate = float(re.search(r"([0-9.]+) rows/s", line).group(1))
        print(f"  {line}")
        print(f"  in process against {mode}: {check_rate / rate:.2f} x the rows per second "
              f"(target >= 4: {'meets' if check_rate / rate >= 4 else 'misses'})")


def main():
    floor_us, count, work, catalogs = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    for index, catalog in enumerate(catalogs):
        name = os.path.basename(catalog)
        # Rounds, so that the machine's load moves the three modes alike: a fresh chevrond's
        # first run, the warm run after it, then a run in process.
        first, warm, local = [], [], []
        cpu = {"first": [], "warm": [], "local": []}
        daemon_kib = 0
        for _ in range(count):
            daemon, socket = start_daemon(work)
            try:
                first.append(check(catalog, ["--socket", socket, "--daemon"], daemon.pid, cpu["first"]))
                warm.append(check(catalog, ["--socket", socket, "--daemon"], daemon.pid, cpu["warm"]))
                daemon_kib = max(daemon_kib, daemon_peak(daemon.pid))
            finally:
                daemon.send_signal(signal.SIGTERM)
                daemon.wait()
            local.append(check(catalog, ["--local"], cpu=cpu["local"]))
        print(f"-- {name}")
        first_worst = report(f"  chevrond, first run after start ({count} rounds)", first, floor_us)
        warm_worst = report(f"  chevrond, warm ({count} rounds)", warm, floor_us)
        local_worst = report(f"  in process ({count} rounds)", local, floor_us)
        print(f"  chevrond peak RSS {daemon_kib / 1024:.0f} MiB")
        # Where the time goes: a first run does the in-process run's work plus the socket's.
        for label, key in (("first run", "first"), ("warm", "warm"), ("in process", "local")):
            cpu_line(label, cpu[key])
        if index == len(catalogs) - 1:
            # The targets: through chevrond, the socket and JSON cost at most a quarter more than
            # in process once warm, and half more on a first run after start, in every round.
            for label, runs, target in (("first run", first, 1.5), ("warm", warm, 1.25)):
                ratios = [daemon[0] / alone[0] for daemon, alone in zip(runs, local)]
                print(f"  through chevrond against in process, {label}: "
                      f"{' '.join(f'{ratio:.2f}' for ratio in ratios)} x by round, median "
                      f"{statistics.median(ratios):.2f} x (target <= {target} in every round: "
                      f"{'meets' if max(ratios) <= target else 'misses'})")
        if index == 0:
            pango(catalog, local)
            for label, worst in (("first run", first_worst), ("warm", warm_worst), ("in process", local_worst)):
                verdict = "meets" if worst < AIM_SECONDS else "misses"
                print(f"  aim: the catalogue in all six looks under {AIM_SECONDS:.0f} s, {label}: "
                      f"{worst:.2f} s at worst ({verdict})")
    # What each report costs on the largest catalogue: one in-process run per format.
    print(f"-- reports of {os.path.basename(catalogs[-1])}, in process")
    for form in ("text", "json", "sarif", "junit", "github"):
        wall, peak = report_format(catalogs[-1], form)
        print(f"  --format {form}: {wall:.2f} s, CLI peak RSS {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
