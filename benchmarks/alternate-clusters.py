#!/usr/bin/env python3
"""The clustering API and reconcile's dry run on several nodes at once, round by round: each round visits every
node (in a rotated order) and times both calls on it (which goes first alternates), so nodes of different builds
meet the same load on a shared machine. Each node serves its own copy of one corpus index (rest-bench.sh's data).

usage: benchmarks/alternate-clusters.py [--index I] [--rounds R] [--warmup W] NAME=PORT ...
prints each node's answers (they must agree), the medians and the per-round ratio reconcile / clusters."""
import argparse
import json
import statistics
import time
import urllib.request

parser = argparse.ArgumentParser()
parser.add_argument("--index", default="bench-20000-exact")
parser.add_argument("--rounds", type=int, default=21)
parser.add_argument("--warmup", type=int, default=5)
parser.add_argument("nodes", nargs="+", help="NAME=PORT")
args = parser.parse_args()
nodes = [n.split("=") for n in args.nodes]
calls = {
    "clusters": (f"/{args.index}/_neardup/clusters", {"field": "body.dup", "size": 10}),
    "reconcile": (f"/{args.index}/_neardup/reconcile", {"field": "body.dup", "dry_run": True}),
}


def post(port, call):
    path, body = calls[call]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        answer = json.load(response)
    return (time.perf_counter() - start) * 1000, answer


answers = {}
for name, port in nodes:
    for _ in range(args.warmup):
        _, clusters = post(port, "clusters")
        _, reconciled = post(port, "reconcile")
    answers[name] = (clusters["total_clusters"], reconciled["documents"], reconciled["clusters"])
times = {name: {"clusters": [], "reconcile": []} for name, _ in nodes}
for r in range(args.rounds):
    for name, port in nodes[r % len(nodes):] + nodes[: r % len(nodes)]:
        for call in ("clusters", "reconcile") if r % 2 == 0 else ("reconcile", "clusters"):
            times[name][call].append(post(port, call)[0])
print("answers (clusters, reconcile documents, reconcile clusters):", answers)
for name, _ in nodes:
    c, r = times[name]["clusters"], times[name]["reconcile"]
    print(
        f"{name}: clusters median {statistics.median(c):.0f} ms, reconcile dry_run median {statistics.median(r):.0f} ms,"
        f" reconcile / clusters per round median {statistics.median([b / a for a, b in zip(c, r)]):.2f}"
    )
