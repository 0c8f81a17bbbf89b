#!/usr/bin/env python3
"""Where a Spark run's time goes, by phase, from Spark's own event log (spark.eventLog.enabled).

The job names its stages by phase ("neardup analysis", "neardup verify", ...: the call site it sets
while each phase builds its RDDs); a stage Spark SQL makes on a thread of its own is counted to the
phase of its job. For each phase: stages, tasks, the stages' wall time (submission to completion;
stages of one job may overlap) and the tasks' run time and CPU time (executorRunTime, executorCpuTime, summed over
tasks: on a loaded machine the CPU time is the steadier), each with its share of the run, and the shuffle bytes written;
then the driver's time around the jobs (the session's start to the first job, the last job to the session's stop).

Usage: benchmarks/spark-stages.py EVENT_LOG   (a file or an event log directory, uncompressed or .zstd)
"""
import json
import os
import subprocess
import sys


def lines(path):
    if os.path.isdir(path):
        for f in sorted(os.listdir(path)):
            full = os.path.join(path, f)
            if os.path.isdir(full) or f.startswith("events_"):
                yield from lines(full)
        return
    if path.endswith(".zstd") or path.endswith(".zst"):
        out = subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
        yield from out.decode("utf-8").splitlines()
    else:
        with open(path, encoding="utf-8") as f:
            yield from f


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    stage_job, job_site = {}, {}
    stages = []
    first, last = None, None
    app_start, app_end = None, None
    for line in lines(sys.argv[1]):
        e = json.loads(line)
        kind = e.get("Event")
        if kind == "SparkListenerJobStart":
            site = (e.get("Properties") or {}).get("callSite.short") or "other"
            job_site[e["Job ID"]] = site
            for s in e["Stage IDs"]:
                stage_job[s] = e["Job ID"]
            first = e["Submission Time"] if first is None else first
        elif kind == "SparkListenerApplicationStart":
            app_start = e["Timestamp"]
        elif kind == "SparkListenerApplicationEnd":
            app_end = e["Timestamp"]
        elif kind == "SparkListenerJobEnd":
            last = e["Completion Time"]
        elif kind == "SparkListenerStageCompleted":
            stages.append(e["Stage Info"])
    phases = {}
    for s in stages:
        name = s["Stage Name"]
        if not name.startswith("neardup "):
            name = job_site.get(stage_job.get(s["Stage ID"]), "other")
            name = name if name.startswith("neardup ") else "other"
        acc = {a["Name"]: a.get("Value", 0) for a in s.get("Accumulables", [])}
        p = phases.setdefault(name[len("neardup "):] if name != "other" else name,
                              {"stages": 0, "tasks": 0, "wall": 0, "run": 0, "cpu": 0, "shuffle": 0})
        p["stages"] += 1
        p["tasks"] += s["Number of Tasks"]
        p["wall"] += s.get("Completion Time", 0) - s.get("Submission Time", 0)
        p["run"] += int(acc.get("internal.metrics.executorRunTime", 0))
        p["cpu"] += int(acc.get("internal.metrics.executorCpuTime", 0)) / 1e6
        p["shuffle"] += int(acc.get("internal.metrics.shuffle.write.bytesWritten", 0))
    wall = sum(p["wall"] for p in phases.values()) or 1
    run = sum(p["run"] for p in phases.values()) or 1
    cpu = sum(p["cpu"] for p in phases.values()) or 1
    print("| phase | stages | tasks | stage wall s | share | task run s | share | task CPU s | share | shuffle written MB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, p in sorted(phases.items(), key=lambda kv: -kv[1]["wall"]):
        print(f"| {name} | {p['stages']} | {p['tasks']} | {p['wall'] / 1000:.1f} | "
              f"{100 * p['wall'] / wall:.0f} % | {p['run'] / 1000:.1f} | {100 * p['run'] / run:.0f} % | "
              f"{p['cpu'] / 1000:.1f} | {100 * p['cpu'] / cpu:.0f} % | {p['shuffle'] / 1e6:.1f} |")
    print(f"| all | {sum(p['stages'] for p in phases.values())} | "
          f"{sum(p['tasks'] for p in phases.values())} | {wall / 1000:.1f} | | {run / 1000:.1f} | | {cpu / 1000:.1f} | | "
          f"{sum(p['shuffle'] for p in phases.values()) / 1e6:.1f} |")
    if first is not None and last is not None:
        print(f"\nfirst job submitted to last job done: {(last - first) / 1000:.1f} s")
        if app_start is not None:
            # outside the jobs: the session's start, the input's listing, the plans (driver only)
            print(f"session started to first job submitted: {(first - app_start) / 1000:.1f} s")
        if app_end is not None:
            print(f"last job done to session stopped: {(app_end - last) / 1000:.1f} s")


if __name__ == "__main__":
    main()
