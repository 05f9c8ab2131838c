"""Summary table, summary.json, runs.csv, and the saved failing mutants with reproducers."""
import csv
import difflib
import json
import os
import re
import shlex
import shutil

from . import verdict

TABLE_COLUMNS = (("ok", "ok/0"), ("exit 2", "exit 2"), ("exit 3", "exit 3"),
                 ("message without line/key", "no line/key"), ("stdout not JSON", "not JSON"),
                 ("crash", "crash"), ("hang", "hang"), ("memory bomb", "memory"), ("disk bomb", "disk"),
                 ("bad exit code", "bad exit"), ("internal error", "internal"), ("bad message", "bad message"))


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def class_key(rec):
    """Failures and soft findings with the same app, outcome and message shape are one class."""
    msg = rec["message"]
    for f in rec["files"]:
        msg = msg.replace(f, "FILE").replace(os.path.basename(f), "FILE")
    msg = re.sub(r"'[^']*'|\"[^\"]*\"", "'S'", msg)
    msg = re.sub(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\b(?:nan|inf)\b", "N", msg)
    if rec["outcome"] in ("hang", "memory bomb", "disk bomb") or not msg:
        msg = "seed %s" % os.path.basename(rec["seed"])
    if rec["outcome"] == "crash":
        msg = "%s; %s; seed %s" % (rec["detail"], msg, os.path.basename(rec["seed"]))
    return "%s | %s | %s" % (rec["app"], rec["outcome"], msg[:200])


def counts(records, apps):
    table = {app: {o: 0 for o in verdict.OUTCOMES} for app in apps}
    for rec in records:
        table[rec["app"]][rec["outcome"]] += 1
    return table


def table_text(table):
    cols = [(k, h) for k, h in TABLE_COLUMNS if any(row[k] for row in table.values())
            or k in ("ok", "exit 2", "exit 3")]
    widths = [max(len(h), 6) for _, h in cols]
    out = ["%-11s %6s  " % ("app", "runs") + "  ".join(h.rjust(w) for (_, h), w in zip(cols, widths))]
    total = {k: 0 for k in verdict.OUTCOMES}
    for app, row in table.items():
        for k, v in row.items():
            total[k] += v
        out.append("%-11s %6d  " % (app, sum(row.values()))
                   + "  ".join(str(row[k]).rjust(w) for (k, _), w in zip(cols, widths)))
    out.append("%-11s %6d  " % ("all", sum(total.values()))
               + "  ".join(str(total[k]).rjust(w) for (k, _), w in zip(cols, widths)))
    return "\n".join(out)


def reproducer(rec, folder):
    """A shell line that reruns the saved mutant from its folder."""
    argv = [folder + "/" + os.path.basename(a) if a in rec["files"] else a for a in rec["argv"]]
    argv = [folder + "/out" if a == rec["outdir"] else a for a in argv]
    env = "source scripts/mpi_env.sh && " if rec["app"] == "relcp_sim" else ""
    return env + " ".join(shlex.quote(a) for a in argv)


def save_failure(rec, mutant_text, seed, out_dir):
    folder = os.path.join(out_dir, "failures", "%05d-%s-%s" % (rec["id"], rec["app"],
                                                              rec["outcome"].replace(" ", "_").replace("/", "_")))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, os.path.basename(rec["mutant"])), "wb") as f:
        f.write(mutant_text.encode("latin-1"))
    if seed.partner:
        shutil.copy(seed.partner, folder)
    with open(os.path.join(folder, "stderr.txt"), "w") as f:
        f.write(rec["stderr"])
    with open(os.path.join(folder, "stdout.txt"), "w") as f:
        f.write(rec["stdout"])
    diff = difflib.unified_diff(seed.text.splitlines(True), mutant_text.splitlines(True),
                                fromfile=seed.path, tofile="mutant", n=1)
    with open(os.path.join(folder, "mutation.txt"), "w", encoding="utf-8", errors="backslashreplace") as f:
        f.write("seed: %s\noutcome: %s (%s)\noperators:\n" % (seed.path, rec["outcome"], rec["detail"]))
        f.write("".join("  %s\n" % op for op in rec["ops"]))
        f.write("\n" + "".join(l if len(l) < 400 else l[:400] + "...\n" for l in diff))
    line = reproducer(rec, ".")
    with open(os.path.join(folder, "repro.sh"), "w") as f:
        f.write("#!/bin/bash\n# %s: %s (%s)\ncd \"$(dirname \"$0\")\"\nmkdir -p out\n" % (rec["app"], rec["outcome"], rec["detail"]))
        if rec["app"] == "relcp_sim":
            f.write("export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
                    "OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1\n")
        f.write(line.replace("source scripts/mpi_env.sh && ", "") + "\n")
    os.chmod(os.path.join(folder, "repro.sh"), 0o755)
    return folder


CSV_FIELDS = ("id", "app", "seed", "mode", "outcome", "detail", "returncode", "wall_s", "peak_rss_mib",
              "operators", "message")


def write_csv(records, path):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore")
        w.writeheader()
        for rec in records:
            row = dict(rec, operators=" ; ".join(rec["ops"]), wall_s="%.3f" % rec["wall"],
                       peak_rss_mib="%.1f" % (rec["peak_rss_kib"] / 1024))
            w.writerow(row)


def classes(records, include_soft=True):
    wanted = verdict.FAILURES + (verdict.SOFT if include_soft else ())
    groups = {}
    for rec in records:
        if rec["outcome"] in wanted:
            groups.setdefault(class_key(rec), []).append(rec)
    return groups


def summary(records, apps, config, out_dir):
    table = counts(records, apps)
    groups = classes(records)
    data = {
        "config": config,
        "counts": table,
        "failures": sum(1 for r in records if r["outcome"] in verdict.FAILURES),
        "soft": sum(1 for r in records if r["outcome"] in verdict.SOFT),
        "classes": [
            {"key": key, "app": recs[0]["app"], "outcome": recs[0]["outcome"], "count": len(recs),
             "message": recs[0]["message"], "detail": recs[0]["detail"], "first_id": recs[0]["id"],
             "seed": recs[0]["seed"], "operators": recs[0]["ops"],
             "folder": recs[0].get("folder", ""), "reproducer": recs[0].get("reproducer", ""),
             "ids": [r["id"] for r in recs][:50]}
            for key, recs in sorted(groups.items(), key=lambda kv: (kv[1][0]["outcome"] in verdict.SOFT, kv[0]))
        ],
    }
    if out_dir:
        with open(os.path.join(out_dir, "summary.json"), "w") as f:
            json.dump(data, f, indent=1)
    return data
