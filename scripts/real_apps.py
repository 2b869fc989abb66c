#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Re-extracts the bar icon families of Reports/real-apps/apps.json from local git mirrors.

    scripts/real_apps.py families OUT [--mirror DIR]... [--mirrors ROOT] [--apps FILE] [--only NAME]...
    scripts/real_apps.py full OUT     [same options]
    scripts/real_apps.py check        [same options]   which mirrors are found, which commits present
    scripts/real_apps.py audit OUT --bin BIN [--root DIR]...   audits every extracted app folder
    scripts/real_apps.py diff BEFORE AFTER                     findings gone, new or reworded
    scripts/real_apps.py score RUN [--warnings]                errors (and warnings) right/debatable/wrong

`families` writes OUT/<app>/<folder>/<set>.imageset (or .symbolset): one folder per bar as apps.json
names it (TabBar, Toolbar, NavigationBar, or NavigationBar/<screen> when an app has several bars of
one role), each tab item's selected set next to it; an item's loose "files" (images of the app bundle
outside any asset catalog) are copied into the bar's folder as they are. `full` writes every asset catalog of each app
(apps.json "catalogs" and "looseImageFolders", also those of "wholeRepositoryOnly") to
OUT/<app>/<catalog path in the repo>.

Mirrors are bare git directories (what the workplace `fetch` tool returns, or `git clone --mirror`):
given with --mirror DIR (repeatable; the repository is recognised by the commit it holds), or found
under --mirrors ROOT (default /work/.mirror) as ROOT/<owner>+<name>/repo or ROOT/<owner>+<name>.git
or ROOT/<owner>/<name>.git. Nothing is fetched: no network is used. Files are read at the commit
recorded in apps.json, so the output is the same whatever the mirror's newest commit is. The apps'
files are theirs (various licences): extract them outside this repository and never commit them.

`audit` runs BIN (`iconaudit audit DIR --format json`) on every app folder under each --root (default:
the workplace's extractions, /work/apps, /work/apps-full, /work/apps-new… as far as they exist) into
OUT/<root>--<app>.json, with its exit code in OUT/<root>--<app>.err. `diff` compares two such runs
finding by finding, keyed by (ruleId, path, severity) as a rule change is checked ("no right finding
lost"), and lists the icons audited that changed count; exit 1 when anything differs. `score` joins
a run's errors (with --warnings, its warnings too) with the verdicts by eye recorded in
Reports/real-apps (error-verdicts.json first, then the held-out rounds' held-out-apps-N.json, same
path, rule and severity) and prints right / debatable / wrong per round and in all, and every finding
no verdict covers (a new finding needs one by eye before the figure means anything); exit 1 when
one is unjudged.
"""
import argparse
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_APPS = os.path.join(HERE, "..", "Reports", "real-apps", "apps.json")


def git(gitdir, *args, check=True):
    result = subprocess.run(["git", "--git-dir", gitdir, *args], capture_output=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {gitdir}: {result.stderr.decode(errors='replace').strip()}")
    return result


def has_commit(gitdir, commit):
    return git(gitdir, "cat-file", "-e", f"{commit}^{{commit}}", check=False).returncode == 0


def candidates(root, repo):
    owner, name = repo.split("/")
    return [os.path.join(root, f"{owner}+{name}", "repo"), os.path.join(root, f"{owner}+{name}.git"),
            os.path.join(root, owner, f"{name}.git"), os.path.join(root, f"{name}.git")]


def find_mirror(repo, commit, explicit, root):
    """The first mirror that holds `commit`: the explicit ones first, then the conventional paths."""
    for gitdir in explicit:
        if has_commit(gitdir, commit):
            return gitdir
    for gitdir in candidates(root, repo):
        if os.path.isdir(gitdir) and has_commit(gitdir, commit):
            return gitdir
    return None


def tree_files(gitdir, commit, path):
    """Blob paths under `path` at `commit` (recursive), with their sizes (None when absent)."""
    out = git(gitdir, "ls-tree", "-r", "-l", "-z", commit, "--", path).stdout.decode("utf-8", "surrogateescape")
    files = []
    for entry in out.split("\0"):
        if not entry:
            continue
        meta, name = entry.split("\t", 1)
        mode, kind, sha, size = meta.split()
        if kind == "blob":
            files.append((name, sha))
    return files


def write_blob(gitdir, sha, target):
    result = git(gitdir, "cat-file", "blob", sha, check=False)
    if result.returncode != 0:
        return False  # a large blob the snapshot lacks
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as handle:
        handle.write(result.stdout)
    return True


def copy_dir(gitdir, commit, source, target, missing):
    """Copies the folder `source` of the repository at `commit` to `target`; returns the file count."""
    count = 0
    for name, sha in tree_files(gitdir, commit, source):
        relative = os.path.relpath(name, source)
        if write_blob(gitdir, sha, os.path.join(target, relative)):
            count += 1
        else:
            missing.append(name)
    return count


def set_target(out, app, folder, set_path):
    return os.path.join(out, app["name"], *folder.split("/"), os.path.basename(set_path))


def extract_families(app, gitdir, out, mirrors, root, missing):
    count = 0
    symbols = app.get("symbolSource")
    symbols_dir = None
    if symbols:
        symbols_dir = find_mirror(symbols["repo"], symbols["commit"], mirrors, root)
        if symbols_dir is None:
            print(f"{app['name']}: no mirror of {symbols['repo']} holds {symbols['commit']}: its custom symbols stay empty",
                  file=sys.stderr)
    for bar in app["bars"]:
        for item in bar["items"]:
            for path in item.get("files", []):
                # A loose image of the app bundle (no asset catalog): copied into the bar's folder.
                blobs = tree_files(gitdir, app["commit"], path)
                target = os.path.join(out, app["name"], *bar["folder"].split("/"), os.path.basename(path))
                if blobs and write_blob(gitdir, blobs[0][1], target):
                    count += 1
                else:
                    missing.append(path)
            if "imageset" not in item:
                continue
            sets = [item["imageset"]]
            if item.get("selectedImageset") and item["selectedImageset"] != item["imageset"]:
                sets.append(item["selectedImageset"])
            for set_path in sets:
                target = set_target(out, app, bar["folder"], set_path)
                count += copy_dir(gitdir, app["commit"], set_path, target, missing)
                if set_path.endswith(".symbolset") and symbols_dir:
                    has_svg = any(n.endswith(".svg") for n in os.listdir(target)) if os.path.isdir(target) else False
                    if not has_svg:
                        stem = os.path.basename(set_path)[: -len(".symbolset")]
                        source = f"{symbols['dir']}/{stem}.svg"
                        blobs = tree_files(symbols_dir, symbols["commit"], source)
                        for _, sha in blobs:
                            if write_blob(symbols_dir, sha, os.path.join(target, f"{stem}.svg")):
                                count += 1
                                # What the app's build writes beside the copied SVG (brave-ios:
                                # LeoAssetCatalogGenerator.symbolSetContentsJSON).
                                with open(os.path.join(target, "Contents.json"), "w", encoding="utf-8") as handle:
                                    json.dump({"info": {"author": "xcode", "version": 1},
                                               "symbols": [{"filename": f"{stem}.svg", "idiom": "universal"}]},
                                              handle, indent=2)
                                    handle.write("\n")
                        if not blobs:
                            missing.append(f"{symbols['repo']}:{source}")
    return count


def extract_full(app, gitdir, out, missing):
    count = 0
    for catalog in app["catalogs"] + app.get("looseImageFolders", []):
        count += copy_dir(gitdir, app["commit"], catalog, os.path.join(out, app["name"], catalog), missing)
    return count


DEFAULT_ROOTS = [f"/work/apps{suffix}{full}" for suffix in ("", "-new", "-new2", "-new3", "-new4", "-new5") for full in ("", "-full")]


def audit_all(binary, roots, out):
    """Audits each folder of each root into OUT/<root>--<app>.json; returns the number audited."""
    os.makedirs(out, exist_ok=True)
    count = 0
    for root in roots:
        if not os.path.isdir(root):
            continue
        for app in sorted(os.listdir(root)):
            folder = os.path.join(root, app)
            if not os.path.isdir(folder):
                continue
            stem = os.path.join(out, f"{os.path.basename(root)}--{app}")
            if os.path.exists(stem + ".json"):
                os.remove(stem + ".json")  # a failed audit leaves no report, not an earlier run's
            result = subprocess.run([binary, "audit", folder, "--format", "json", "--output", stem + ".json"],
                                    capture_output=True)
            with open(stem + ".err", "wb") as handle:
                handle.write(result.stderr + f"exit {result.returncode}\n".encode())
            print(f"{os.path.basename(root)}/{app}: exit {result.returncode}")
            count += 1
    return count


def findings_of(path):
    """(ruleId, path, severity) -> the sorted messages of the findings with that key (a file can
    hold several: a different drawing at two scales, canvas_size said of two sides), and the
    number of icons audited."""
    with open(path, encoding="utf-8") as handle:
        report = json.load(handle)
    findings = defaultdict(list)
    for f in report["findings"]:
        findings[(f["ruleId"], f["path"], f["severity"])].append(f["message"])
    return {key: sorted(messages) for key, messages in findings.items()}, len(report["icons"])


def diff_runs(before, after):
    """Prints what moved between two `audit` runs; returns the number of folders that changed."""
    changed = 0
    names = sorted(n for n in set(os.listdir(before)) | set(os.listdir(after)) if n.endswith(".json"))
    for name in names:
        if not (os.path.exists(os.path.join(before, name)) and os.path.exists(os.path.join(after, name))):
            print(f"== {name}: only in {'after' if os.path.exists(os.path.join(after, name)) else 'before'}")
            changed += 1
            continue
        old, old_icons = findings_of(os.path.join(before, name))
        new, new_icons = findings_of(os.path.join(after, name))
        # Per key, the findings gone and new (a key's count counts: one of two findings gone on
        # one file is a finding lost), and those reworded (as many before as after, other words).
        gone, added, reworded = [], [], []
        for key in sorted(set(old) | set(new)):
            was, now = Counter(old.get(key, [])), Counter(new.get(key, []))
            lost, came = sorted((was - now).elements()), sorted((now - was).elements())
            if len(lost) == len(came):
                reworded += [(key, a, b) for a, b in zip(lost, came)]
            else:
                gone += [(key, m) for m in lost]
                added += [(key, m) for m in came]
        if not (gone or added or reworded) and old_icons == new_icons:
            continue
        changed += 1
        print(f"== {name}: icons {old_icons} -> {new_icons}")
        for key, message in gone:
            print(f"  - {key[2]} {key[0]} {key[1]} | {message}")
        for key, message in added:
            print(f"  + {key[2]} {key[0]} {key[1]} | {message}")
        for key, a, b in reworded:
            print(f"  ~ {key[2]} {key[0]} {key[1]} | {a} => {b}")
    print(f"{changed} of {len(names)} audits changed")
    return changed


ROUND_FILES = {"held-out-apps.json": "-new", "held-out-apps-2.json": "-new2", "held-out-apps-3.json": "-new3",
               "held-out-apps-4.json": "-new4", "held-out-apps-5.json": "-new5"}


def recorded_verdicts(folder):
    """(audit, path, ruleId, severity) -> (verdict, source): error-verdicts.json over the rounds' files."""
    verdicts = {}
    for name, suffix in sorted(ROUND_FILES.items()):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as handle:
            spec = json.load(handle)
        for app in spec.get("apps", []) + spec.get("wholeRepositoryOnly", []):
            for group, items in (app.get("verdicts") or {}).items():
                if not isinstance(items, list):
                    continue
                root = "apps" + suffix + ("-full" if group == "wholeRepository" else "")
                for item in items:
                    verdicts[(f"{root}--{app['name']}", item["path"], item["ruleId"], item["severity"])] = (item["verdict"], name)
    ledger = os.path.join(folder, "error-verdicts.json")
    if os.path.exists(ledger):
        with open(ledger, encoding="utf-8") as handle:
            for item in json.load(handle)["verdicts"]:
                verdicts[(item["audit"], item["path"], item["ruleId"], item["severity"])] = (item["verdict"], "error-verdicts.json")
    return verdicts


def round_of(audit):
    root = audit.split("--", 1)[0]
    base = root[:-len("-full")] if root.endswith("-full") else root
    return {"apps": "1", "apps-new": "2a", "apps-new2": "2b", "apps-new3": "3", "apps-new4": "4", "apps-new5": "5"}.get(base, base)


def score_run(run, with_warnings):
    verdicts = recorded_verdicts(os.path.join(HERE, "..", "Reports", "real-apps"))
    severities = ["error"] + (["warning"] if with_warnings else [])
    table = defaultdict(Counter)
    unjudged = []
    for name in sorted(os.listdir(run)):
        if not name.endswith(".json"):
            continue
        audit = name[:-5]
        with open(os.path.join(run, name), encoding="utf-8") as handle:
            report = json.load(handle)
        for finding in report.get("findings", []):
            severity = finding["severity"]
            if severity not in severities:
                continue
            found = verdicts.get((audit, finding["path"], finding["ruleId"], severity))
            verdict = found[0] if found else "unjudged"
            for key in ((round_of(audit), severity), ("all", severity)):
                table[key][verdict] += 1
            if not found:
                unjudged.append(f"{audit} {severity} {finding['ruleId']} {finding['path']} | {finding['message']}")
    print("round  severity  right  debatable  wrong  unjudged  right share")
    for (round_, severity), counts in sorted(table.items(), key=lambda kv: (kv[0][0] == "all", kv[0])):
        total = sum(counts.values())
        print(f"{round_:<6} {severity:<9} {counts['right']:>5}  {counts['debatable']:>9}  {counts['wrong']:>5}  "
              f"{counts['unjudged']:>8}  {counts['right']}/{total} ({100 * counts['right'] / max(total, 1):.0f}%)")
    for line in unjudged:
        print("unjudged:", line)
    return not unjudged


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("audit", "diff", "score"):
        sub = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.add_argument("command", choices=["audit", "diff", "score"])
        sub.add_argument("paths", nargs="+", help="audit: OUT; diff: BEFORE AFTER; score: RUN")
        sub.add_argument("--warnings", action="store_true", help="score: warnings too")
        sub.add_argument("--bin", help="the iconaudit binary (audit)")
        sub.add_argument("--root", action="append", default=[], help="a folder of extracted apps (repeatable)")
        args = sub.parse_args()
        if args.command == "audit":
            if not args.bin or len(args.paths) != 1:
                sub.error("audit needs OUT and --bin")
            return 0 if audit_all(args.bin, args.root or DEFAULT_ROOTS, args.paths[0]) else 1
        if args.command == "score":
            if len(args.paths) != 1:
                sub.error("score needs RUN")
            return 0 if score_run(args.paths[0], args.warnings) else 1
        if len(args.paths) != 2:
            sub.error("diff needs BEFORE and AFTER")
        return 1 if diff_runs(*args.paths) else 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["families", "full", "check"])
    parser.add_argument("out", nargs="?")
    parser.add_argument("--apps", default=DEFAULT_APPS, help="apps.json (default: Reports/real-apps/apps.json)")
    parser.add_argument("--mirror", action="append", default=[], help="a bare git dir of one repository")
    parser.add_argument("--mirrors", default="/work/.mirror", help="folder searched for mirrors")
    parser.add_argument("--only", action="append", default=[], help="an app name (repeatable)")
    args = parser.parse_args()
    if args.command != "check" and not args.out:
        parser.error("OUT is required")
    with open(args.apps, encoding="utf-8") as handle:
        spec = json.load(handle)
    apps = spec["apps"] + (spec.get("wholeRepositoryOnly", []) if args.command != "families" else [])
    if args.only:
        apps = [a for a in apps if a["name"] in args.only]
    status = 0
    for app in apps:
        gitdir = find_mirror(app["repo"], app["commit"], args.mirror, args.mirrors)
        if gitdir is None:
            print(f"{app['name']}: no mirror of {app['repo']} holds {app['commit']} "
                  f"(pass --mirror DIR, or clone it under {args.mirrors})", file=sys.stderr)
            status = 1
            continue
        if args.command == "check":
            print(f"{app['name']}: {app['repo']} {app['commit'][:12]} in {gitdir}")
            continue
        missing = []
        if args.command == "families":
            count = extract_families(app, gitdir, args.out, args.mirror, args.mirrors, missing)
        else:
            count = extract_full(app, gitdir, args.out, missing)
        print(f"{app['name']}: {count} files")
        for name in missing:
            print(f"{app['name']}: missing from the mirror (a large blob or LFS): {name}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
