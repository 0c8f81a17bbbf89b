"""Fetches npm package tarballs and writes their documentation files as a JSONL corpus.

See npm-corpus.sh. The versions fetched are recorded in DIR/packages.txt and reused on later runs.
"""
import argparse
import concurrent.futures
import json
import os
import re
import sys
import tarfile
import urllib.parse
import urllib.request

DOC = re.compile(
    r"(^|/)(readme|license|licence|copying|changelog|changes|history|news|notice|authors|contributing)"
    r"[^/]*$|\.(md|markdown|txt)$",
    re.IGNORECASE,
)


def fetch(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.read()


def resolve(registry, name, pinned):
    """(name, version, tarball URL) of the pinned version, or of the latest."""
    quoted = urllib.parse.quote(name, safe="@")
    meta = json.loads(fetch(f"{registry}/{quoted}/{pinned or 'latest'}"))
    return name, meta["version"], meta["dist"]["tarball"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("packages")
    ap.add_argument("dir")
    ap.add_argument("--out", required=True)
    ap.add_argument("--registry", required=True)
    args = ap.parse_args()
    names = []
    with open(args.packages) as f:
        for line in f:
            if not line.startswith("#"):
                names.extend(line.split())
    manifest = os.path.join(args.dir, "packages.txt")
    pinned = {}
    if os.path.exists(manifest):
        with open(manifest) as f:
            pinned = dict(line.split()[:2] for line in f if line.strip())
    tgz_dir = os.path.join(args.dir, "tgz")
    os.makedirs(tgz_dir, exist_ok=True)

    def get(name):
        try:
            name, version, url = resolve(args.registry, name, pinned.get(name))
            path = os.path.join(tgz_dir, name.lstrip("@").replace("/", "-") + "-" + version + ".tgz")
            if not os.path.exists(path):
                data = fetch(url)
                with open(path + ".tmp", "wb") as out:
                    out.write(data)
                os.replace(path + ".tmp", path)
            return name, version, path
        except Exception as e:  # a package that cannot be fetched is left out, and said so
            print(f"npm-corpus.py: cannot fetch {name}: {e}", file=sys.stderr)
            return None

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        fetched = sorted(p for p in pool.map(get, names) if p)
    with open(manifest, "w") as f:
        for name, version, _ in fetched:
            f.write(f"{name} {version}\n")
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for name, version, path in fetched:
            with tarfile.open(path) as tar:
                for member in sorted(tar.getmembers(), key=lambda x: x.name):
                    inner = member.name.split("/", 1)[-1]
                    if not member.isfile() or not DOC.search(inner) or "node_modules/" in inner:
                        continue
                    if member.size > 2_000_000:
                        continue
                    try:
                        text = tar.extractfile(member).read().decode("utf-8")
                    except UnicodeDecodeError:
                        continue
                    if len(text.split()) < 20:
                        continue
                    doc = {"id": f"{name}@{version}/{inner}", "text": text}
                    out.write(json.dumps(doc, ensure_ascii=False) + "\n")
                    written += 1
    print(f"npm-corpus.py: {len(fetched)} packages, {written} documents", file=sys.stderr)


if __name__ == "__main__":
    main()
