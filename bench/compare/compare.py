"""Runs every tool on every scenario, checks that they agree exactly, and prints the timings.

Usage: python compare.py [--rounds N] [--timeout S] [--only NAME ...]

Rounds interleave the tools (holodice, a Python per-die loop, icepool, dyce), each Python tool
in a fresh process per run, since they cache between calls. Each tool times its own computation
(imports and parsing excluded); holodice's time is the median over repeated in-process runs
through the library. The table reports each tool's median over the rounds.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

import scenarios

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOLODICE = os.path.join(ROOT, "target", "release", "examples", "compare")
TOOLS = {
    "holodice": lambda name: [HOLODICE, name],
    "python loop": lambda name: [sys.executable, os.path.join(HERE, "tool_loop.py"), name],
    "icepool 2.1.3": lambda name: [sys.executable, os.path.join(HERE, "tool_icepool.py"), name],
    "dyce 0.7.0": lambda name: [sys.executable, os.path.join(HERE, "tool_dyce.py"), name],
}


def run(command, timeout):
    """The tool's answer and time, or None when it did not finish in time."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout)


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, " \
           f"Python {platform.python_version()}"


def fmt(seconds):
    if seconds is None:
        return "—"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def ratio(med, tool, timed_out, timeout):
    """How many times holodice's time the tool took: a lower bound when it timed out."""
    if not med["holodice"]:
        return "—"
    if timed_out:
        return f"> {timeout / med['holodice']:,.0f}×"
    return f"{med[tool] / med['holodice']:,.0f}×" if med[tool] else "—"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per run of one tool")
    p.add_argument("--only", nargs="*", default=list(scenarios.ALL))
    args = p.parse_args()
    times = {(s, t): [] for s in args.only for t in TOOLS}
    answers = {}
    timed_out = set()
    for r in range(args.rounds):
        for s in args.only:
            for tool, command in TOOLS.items():
                if (s, tool) in timed_out:
                    continue
                result = run(command(s), args.timeout)
                if result is None:
                    timed_out.add((s, tool))
                    print(f"round {r + 1}: {s}: {tool} took over {args.timeout:g} s",
                          file=sys.stderr)
                    continue
                times[(s, tool)].append(result["seconds"])
                answers.setdefault(s, {})[tool] = result["pmf"]
                print(f"round {r + 1}: {s}: {tool} {fmt(result['seconds'])}", file=sys.stderr)
    failed = False
    for s, by_tool in answers.items():
        reference = by_tool.get("python loop") or next(iter(by_tool.values()))
        for tool, pmf in by_tool.items():
            if pmf != reference:
                failed = True
                print(f"MISMATCH: {s}: {tool} differs from the others", file=sys.stderr)
    print(f"Machine: {machine()}. Medians of {args.rounds} interleaved rounds.\n")
    names = list(TOOLS)
    others = names[1:]
    print("| scenario | " + " | ".join(names) + " | "
          + " | ".join(f"{t} ÷ holodice" for t in others) + " |")
    print("|---" * (len(names) + len(others) + 1) + "|")
    for s in args.only:
        med = {t: statistics.median(times[(s, t)]) if times[(s, t)] else None for t in names}
        cells = [fmt(med[t]) if (s, t) not in timed_out else f"> {args.timeout:g} s"
                 for t in names]
        print(f"| {s} | " + " | ".join(cells) + " | "
              + " | ".join(ratio(med, t, s in {x for x, y in timed_out if y == t}, args.timeout)
                           for t in others) + " |")
    agreed = "every tool that finished gave the same exact fractions"
    print(f"\n{'MISMATCH: see above' if failed else agreed}.")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
