#!/usr/bin/env python3
"""Turns the documentation of extracted Debian packages into a JSONL corpus.

Called by real-corpus.sh, which downloads and extracts the packages: one directory per package
under ROOT, named after the package. Reads, per package and in sorted path order:

- man pages in /usr/share/man/man*/ (English only), rendered with mandoc to plain text; pages that
  are only a `.so` link to another page, and symbolic links, are skipped;
- /usr/share/doc/PACKAGE/: copyright, changelogs, NEWS, README and other plain text files
  (gzip-compressed or not), HTML and binary files skipped;
- with --html, instead: every HTML page under /usr/share/doc/ (generated documentation: javadoc,
  Sphinx), rendered to plain text by dropping the markup, scripts and styles: the pages' navigation,
  headers and footers stay in the text, as in pages taken from the web without main-text extraction.

A document is at most MAX_CHARS long: Debian changelogs are cut between version entries into
chunks of at least MIN_CHANGELOG_CHARS, other long texts between paragraphs (or lines). Only the first
MAX_PARTS parts of a text are kept (the newest entries of a changelog); texts shorter than MIN_CHARS
are dropped. Ids are PACKAGE/PATH (PATH without usr/share/ and .gz) with
#N for the N-th part (from 1) of a split text. When there are more than --docs texts, those
whose SHA-1 of the id is smallest are kept, an even sample of every package; the output is
sorted by id.
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import html.parser
import json
import os
import re
import subprocess
import sys

MAX_CHARS = 20_000
MIN_CHANGELOG_CHARS = 2_000
MIN_CHARS = 200
MAX_PARTS = 5

DOC_NAME = re.compile(
    r"^(copyright|changelog(\.Debian)?|news(\.Debian)?|readme[^/]*|todo|authors|thanks|faq|"
    r"bugs|credits|history|changes|[^/]*\.txt|[^/]*\.md)(\.gz)?$",
    re.IGNORECASE,
)
MAN_DIR = re.compile(r"^usr/share/man/man[1-9][a-z]*/[^/]+$")
DEBIAN_ENTRY = re.compile(r"^\S+ \([^)]*\) [^;]*; ", re.MULTILINE)
OVERSTRIKE = re.compile(".\x08")
HTML_PAGE = re.compile(r"^usr/share/doc/.+\.html?$", re.IGNORECASE)
BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "footer", "h1", "h2",
    "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
    "td", "th", "tr", "ul",
}


def read_bytes(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if path.endswith(".gz") else data


def decode(data):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def is_text(data):
    return b"\0" not in data[:8192]


def render_man(path):
    data = read_bytes(path)
    if not is_text(data):
        return None
    lines = [l for l in data.split(b"\n") if l.strip() and not l.startswith(b'.\\"')]
    if lines and lines[0].startswith(b".so ") and len(lines) <= 2:
        return None
    out = subprocess.run(
        ["mandoc", "-T", "utf8", "-O", "width=78"],
        input=data,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={"LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
    ).stdout
    return OVERSTRIKE.sub("", decode(out))


class _Text(html.parser.HTMLParser):
    """The text of an HTML page: blocks on lines of their own, script and style dropped."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in BLOCK_TAGS:
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        elif tag in BLOCK_TAGS:
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def render_html(path):
    data = read_bytes(path)
    if not is_text(data):
        return None
    parser = _Text()
    parser.feed(decode(data))
    parser.close()
    lines = (" ".join(l.split()) for l in "".join(parser.out).split("\n"))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"


def split_paragraphs(text):
    """Cuts text between paragraphs (lines when a paragraph is longer) into parts <= MAX_CHARS."""
    parts, current = [], ""
    for para in re.split(r"(?<=\n)(?=\s*\n)", text):
        pieces = [para]
        if len(para) > MAX_CHARS:
            pieces = para.splitlines(keepends=True)
        for piece in pieces:
            while len(piece) > MAX_CHARS:
                parts.append(piece[:MAX_CHARS])
                piece = piece[MAX_CHARS:]
            if current and len(current) + len(piece) > MAX_CHARS:
                parts.append(current)
                current = ""
            current += piece
    if current.strip():
        parts.append(current)
    return parts


def split_changelog(text):
    """Cuts a Debian changelog between version entries into parts of at least MIN_CHANGELOG_CHARS."""
    starts = [m.start() for m in DEBIAN_ENTRY.finditer(text)]
    if len(starts) < 2:
        return split_paragraphs(text)
    if starts[0] != 0:
        starts.insert(0, 0)
    entries = [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
    parts, current = [], ""
    for entry in entries:
        if current and len(current) + len(entry) > MAX_CHARS:
            parts.append(current)
            current = ""
        current += entry
        if len(current) >= MIN_CHANGELOG_CHARS:
            parts.append(current)
            current = ""
    if current:
        if parts and len(current) < MIN_CHANGELOG_CHARS and len(parts[-1]) + len(current) <= MAX_CHARS:
            parts[-1] += current
        else:
            parts.append(current)
    return [p for part in parts for p in split_paragraphs(part)]


def package_sources(pkg_dir, pkg, pages=False):
    """(relative path, kind) of the files of one extracted package, in sorted order: its man pages
    and documentation files, or with pages its HTML pages."""
    found = []
    for dirpath, dirnames, filenames in os.walk(pkg_dir):
        dirnames.sort()
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, pkg_dir)
            if os.path.islink(full) or not rel.isascii():
                continue
            if pages:
                if HTML_PAGE.match(rel):
                    found.append((rel, "html"))
            elif MAN_DIR.match(rel):
                found.append((rel, "man"))
            elif rel.startswith("usr/share/doc/" + pkg + "/") and DOC_NAME.match(name):
                found.append((rel, "doc"))
    return found


def doc_id(pkg, rel):
    rel = rel[len("usr/share/") :] if rel.startswith("usr/share/") else rel
    if rel.startswith("doc/" + pkg + "/"):
        rel = "doc/" + rel[len("doc/" + pkg + "/") :]
    return pkg + "/" + (rel[:-3] if rel.endswith(".gz") else rel)


def texts_of(item):
    pkg, pkg_dir, rel, kind = item
    path = os.path.join(pkg_dir, rel)
    if kind == "man":
        text = render_man(path)
    elif kind == "html":
        text = render_html(path)
    else:
        data = read_bytes(path)
        text = decode(data) if is_text(data) else None
    if text is None or len(text.strip()) < MIN_CHARS:
        return []
    base = doc_id(pkg, rel)
    name = os.path.basename(rel).lower()
    parts = split_changelog(text) if name.startswith("changelog") else split_paragraphs(text)
    parts = [p for p in parts if len(p.strip()) >= MIN_CHARS][:MAX_PARTS]
    if len(parts) == 1:
        return [(base, parts[0])]
    return [(base + "#" + str(i + 1), p) for i, p in enumerate(parts)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", help="directory with one extracted package per subdirectory")
    ap.add_argument("packages", help="file with the package names, one a line")
    ap.add_argument("--out", required=True)
    ap.add_argument("--docs", type=int, default=10_000, help="at most this many documents")
    ap.add_argument("--html", action="store_true", help="the packages' HTML pages instead")
    args = ap.parse_args()

    with open(args.packages) as f:
        packages = [l.strip() for l in f if l.strip()]
    items = []
    for pkg in packages:
        pkg_dir = os.path.join(args.root, pkg)
        items += [(pkg, pkg_dir, rel, kind) for rel, kind in package_sources(pkg_dir, pkg, args.html)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        docs = [d for texts in pool.map(texts_of, items) for d in texts]
    ids = {}
    for i, t in docs:
        if i in ids:
            sys.exit("real-corpus: duplicate id " + i)
        ids[i] = t
    total = len(ids)
    keep = sorted(ids, key=lambda i: hashlib.sha1(i.encode()).hexdigest())[: args.docs]
    with open(args.out, "w", encoding="utf-8") as out:
        for i in sorted(keep):
            out.write(json.dumps({"id": i, "text": ids[i]}, ensure_ascii=False) + "\n")
    chars = sum(len(ids[i]) for i in keep)
    print(
        "real-corpus: %d of %d texts from %d files of %d packages, %.1f M characters -> %s"
        % (len(keep), total, len(items), len(packages), chars / 1e6, args.out),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
