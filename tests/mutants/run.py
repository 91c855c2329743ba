#!/usr/bin/env python3
"""make mutants: does the suite catch realistic mistakes? (issue 28)

    tests/mutants/run.py [--work DIR] [WORD ...]

Reads tests/mutants/mutations.ini (one section a mutation: `file`, `from`
a snippet of one line found exactly once in that file, `to` its
replacement, `tests` the ctest names that should catch it). Copies the
tracked files of the tree into DIR (default build-mutants/), builds it once
and runs every listed test on the unmutated copy (they must pass), then for
each mutation: replaces the snippet, rebuilds (incrementally), runs its
tests, puts the file back. A mutation is **killed** when one of its tests
fails, **survived** when all pass, **invalid** when it does not compile
(counted apart: fix the list). Prints one line a mutation and the score;
exits 1 when one survived or was invalid. WORDs pick the mutations whose
names hold one of them (`run.py holm stall`). Takes long (a build and some
tests per mutation): it is not part of `make test`.
"""
import argparse
import configparser
import os
import shutil
import signal
import subprocess
import sys
import time

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LIST = os.path.join(SRC, "tests", "mutants", "mutations.ini")
# A mutant that makes a test loop: far above any listed test's time
HUNG_S = 900


def sh(cmd, cwd, log, timeout=None):
    with open(log, "ab") as f:
        f.write(("$ " + " ".join(cmd) + "\n").encode())
        f.flush()
        try:
            return subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            f.write(b"hung: no answer after %d s\n" % (timeout or 0))
            return 124


def load():
    ini = configparser.ConfigParser(delimiters=("=",), interpolation=None,
                                    comment_prefixes=("#",), strict=True)
    ini.optionxform = str
    with open(LIST, encoding="utf-8") as f:
        ini.read_file(f)
    muts = []
    for name in ini.sections():
        s = ini[name]
        muts.append({"name": name, "file": s["file"], "from": s["from"],
                     "to": s["to"], "tests": s["tests"].split()})
    return muts


def copy_tree(work):
    files = subprocess.run(["git", "ls-files", "-z"], cwd=SRC, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src, dst = os.path.join(SRC, rel), os.path.join(work, "tree", rel)
        if not os.path.lexists(src):
            continue   # deleted but not yet committed
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            if os.path.lexists(dst):
                os.remove(dst)
            os.symlink(os.readlink(src), dst)
            continue
        # only what changed, so that the build stays incremental; a new
        # mtime (not the source's), so that make rebuilds what it changed
        if not os.path.exists(dst) or open(src, "rb").read() != open(dst, "rb").read():
            shutil.copyfile(src, dst)
            shutil.copymode(src, dst)


def targets(tests):
    """What the tests need built: the binary, and each unit test's program
    (not every test program of the tree: relinking them all per mutation
    was most of the time)."""
    out = ["tpsreport"]
    out += [t.split("/", 1)[1] for t in tests if t.startswith("unit/")]
    return out


def build_for(build, tests, log):
    cmd = ["cmake", "--build", build, "-j", str(os.cpu_count() or 2), "--target"]
    return sh(cmd + targets(tests), build, log)


def run_tests(build, tests, log):
    pattern = "^(" + "|".join(t.replace("/", "/") for t in tests) + ")$"
    return sh(["ctest", "-R", pattern, "--timeout", str(HUNG_S)], build, log,
              timeout=HUNG_S * len(tests) + 60)


def _stop(signum, frame):
    raise KeyboardInterrupt   # so that the mutated file is put back


def main():
    signal.signal(signal.SIGTERM, _stop)
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(SRC, "build-mutants"))
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    muts = load()
    if args.names:
        muts = [m for m in muts if any(n in m["name"] for n in args.names)]
    work = os.path.abspath(args.work)
    tree, build, log = os.path.join(work, "tree"), os.path.join(work, "build"), \
        os.path.join(work, "mutants.log")
    os.makedirs(work, exist_ok=True)
    open(log, "w").close()
    copy_tree(work)
    # every snippet must be in its file once, before anything is built
    bad = []
    for m in muts:
        text = open(os.path.join(tree, m["file"]), encoding="utf-8").read()
        if text.count(m["from"]) != 1:
            bad.append(f"{m['name']}: 'from' found {text.count(m['from'])} times in {m['file']}")
    if bad:
        print("\n".join(bad))
        return 2
    tests = sorted({t for m in muts for t in m["tests"]})
    if sh(["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo"], work, log) or \
            build_for(build, tests, log):
        print(f"the unmutated copy does not build: see {log}")
        return 2
    if run_tests(build, tests, log):
        print(f"the listed tests fail on the unmutated copy: see {log}")
        return 2
    killed = survived = invalid = 0
    for m in muts:
        path = os.path.join(tree, m["file"])
        original = open(path, encoding="utf-8").read()
        t0 = time.monotonic()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(m["from"], m["to"]))
            with open(log, "a") as f:
                f.write(f"\n==== {m['name']}\n")
            if build_for(build, m["tests"], log):
                invalid += 1
                verdict = "INVALID (does not build)"
            elif run_tests(build, m["tests"], log):
                killed += 1
                verdict = "killed"
            else:
                survived += 1
                verdict = "SURVIVED"
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
            os.utime(path)   # rebuilt before the next mutation
        print(f"{verdict:26} {m['name']:34} ({time.monotonic() - t0:.0f} s; {' '.join(m['tests'])})",
              flush=True)
    build_for(build, tests, log)
    total = killed + survived
    print(f"mutation score: {killed} of {total} killed ({100 * killed / max(total, 1):.0f}%)"
          + (f"; {invalid} invalid" if invalid else "") + f"; log: {log}")
    return 0 if survived == 0 and invalid == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
