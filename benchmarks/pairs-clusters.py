#!/usr/bin/env python3
"""The clusters of a pairs file: its connected components, as JSONL in the shape `neardup dedup`
writes (members, size; the first member as the canonical), for `neardup evaluate --clusters` to
score a tool that lists pairs only (the clusters a user of it would make with connected components).

Usage: benchmarks/pairs-clusters.py PAIRS.tsv CLUSTERS.jsonl   (PAIRS: id_a, id_b, similarity; header allowed)
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    parent = {}

    def root(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 2 or cols[:2] == ["id_a", "id_b"]:
                continue
            a, b = root(cols[0]), root(cols[1])
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups = {}
    for x in parent:
        groups.setdefault(root(x), []).append(x)
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for members in sorted((sorted(m) for m in groups.values()), key=lambda m: m[0]):
            out.write(json.dumps({"canonical": members[0], "members": members, "size": len(members)}) + "\n")


if __name__ == "__main__":
    main()
