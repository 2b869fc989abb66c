#!/usr/bin/env python3
"""Compares what `iconaudit audit APP_FOLDER` finds in an app's code with Reports/real-apps/apps.json.

    scripts/code_scan_compare.py BIN APPSRC [--apps FILE] [--only NAME]...

BIN is an iconaudit binary; APPSRC holds each app's source tree as APPSRC/<name> (extracted at the
commit apps.json records). For each app it runs `BIN audit APPSRC/<name> --format markdown`, reads
the "Bar icons found in the code" table, and counts, per bar icon of apps.json (items and their
selected images): found (a use of that image in the same role), found in another role, missed;
and the selected images the code names that the scan paired. Prints a Markdown table."""
import argparse, json, os, re, subprocess, sys

def loose(name):
    return re.sub(r"[^0-9a-z]", "", name.lower())

def rows(binary, folder):
    out = subprocess.run([binary, "audit", folder, "--format", "markdown"], capture_output=True, text=True).stdout
    table, found = [], False
    for line in out.splitlines():
        if line.startswith("## Bar icons found in the code"):
            found = True
            continue
        if found and line.startswith("| ") and not line.startswith("| image"):
            cells = [c.strip().replace("\\", "") for c in line.strip().strip("|").split(" | ")]
            if len(cells) >= 5:
                table.append(dict(image=cells[0], role=cells[1], selected=cells[2], where=cells[3], note=cells[4]))
        elif found and line.startswith("<sub>"):
            break
    return table

def matches(row_image, image):
    # A loose bundle image is named with its extension in a storyboard (`image="tab-home.png"`).
    row_image = re.sub(r"\.(png|pdf|svg|jpe?g)$", "", row_image.replace("systemName:", "").strip(), flags=re.I)
    a, b = loose(row_image), loose(image)
    b_last = loose(image.split("/")[-1])
    return a and (a == b or a.endswith(b_last) or b.endswith(a))

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("appsrc")
    parser.add_argument("--apps", default=os.path.join(here, "..", "Reports", "real-apps", "apps.json"))
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    apps = json.load(open(args.apps))["apps"]
    print("| app | bar icons (apps.json) | found, same role | other role | missed | resolved to an image set | selected images paired | other custom images the scan puts in bars | missed icons |")
    print("|---|---|---|---|---|---|---|---|---|")
    for app in apps:
        if args.only and app["name"] not in args.only:
            continue
        folder = os.path.join(args.appsrc, app["name"])
        if not os.path.isdir(folder):
            continue
        table = rows(args.binary, folder)
        total = same = other = resolved = 0
        missed, selected_total, selected_found, used_rows = [], 0, 0, set()
        for bar in app["bars"]:
            role = bar["role"][0].lower() + bar["role"][1:]
            for item in bar["items"]:
                total += 1
                hits = [i for i, r in enumerate(table) if matches(r["image"], item["image"]) and not r["note"].startswith("system")]
                if any(not table[i]["note"] for i in hits):
                    resolved += 1
                used_rows.update(hits)
                if any(table[i]["role"] == role for i in hits):
                    same += 1
                elif hits:
                    other += 1
                else:
                    missed.append(item["image"])
                if item.get("selectedImage") and item["selectedImage"] != item["image"]:
                    selected_total += 1
                    if any(matches(table[i]["selected"], item["selectedImage"]) for i in hits if table[i]["selected"]):
                        selected_found += 1
        extra = len({loose(r["image"]) for i, r in enumerate(table) if i not in used_rows and not r["note"]})
        print(f"| {app['name']} | {total} | {same} | {other} | {len(missed)} | {resolved} | {selected_found} of {selected_total} | {extra} | {', '.join(missed) or '–'} |")

if __name__ == "__main__":
    main()
