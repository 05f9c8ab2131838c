"""The seed inputs of each app and the command line that runs one mutant of a seed.

Texts are kept as latin-1 strings, so that every byte (invalid UTF-8 included) survives a
decode/encode round trip unchanged.
"""
import glob
import os
import re
from dataclasses import dataclass, field

APPS = ("relcp_sim", "relcp_dcs", "relcp_lcp", "relcp_geom")

# The OpenMPI environment of scripts/mpi_env.sh (and RELCP_MPI_ENVIRONMENT in cmake/).
MPI_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_MCA_mpi_yield_when_idle": "1",
}

LCP_SOLVERS = ("lemke", "dantzig", "pgs", "psor", "minmap", "fischer", "ip", "bbpgd", "apgd", "mprgp")


@dataclass
class Seed:
    app: str
    path: str          # absolute path of the shipped file
    kind: str          # yaml, dat, mtx
    text: str          # latin-1 decoded content
    partner: str = ""  # mtx: the other file of the (M, q) pair
    role: str = ""     # mtx: matrix or vector
    extra: dict = field(default_factory=dict)

    @property
    def name(self):
        return os.path.basename(self.path)


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("latin-1")


def classify_scenario(path, text):
    """relcp_sim scenarios have a top-level `simulation:`, relcp_dcs ones a `problem:`."""
    if re.search(r"^problem\s*:", text, re.M):
        return "relcp_dcs"
    if re.search(r"^simulation\s*:", text, re.M):
        return "relcp_sim"
    base = os.path.basename(path)
    return "relcp_dcs" if base.startswith(("dlcp_", "stewart_")) else "relcp_sim"


def discover(root):
    """Every seed, grouped by app: {app: [Seed, ...]} (sorted paths, so runs are repeatable)."""
    seeds = {app: [] for app in APPS}
    for path in sorted(glob.glob(os.path.join(root, "configs", "*.yaml"))
                       + glob.glob(os.path.join(root, "configs", "small", "*.yaml"))):
        text = read_text(path)
        app = classify_scenario(path, text)
        seeds[app].append(Seed(app, path, "yaml", text))
    lcp_dir = os.path.join(root, "examples", "lcp")
    for path in sorted(glob.glob(os.path.join(lcp_dir, "*.dat"))):
        seeds["relcp_lcp"].append(Seed("relcp_lcp", path, "dat", read_text(path)))
    for matrix in sorted(glob.glob(os.path.join(lcp_dir, "*_M.mtx"))):
        vector = matrix[: -len("_M.mtx")] + "_q.mtx"
        if os.path.exists(vector):
            seeds["relcp_lcp"].append(Seed("relcp_lcp", matrix, "mtx", read_text(matrix), vector, "matrix"))
            seeds["relcp_lcp"].append(Seed("relcp_lcp", vector, "mtx", read_text(vector), matrix, "vector"))
    # The valid relcp_geom inputs (the bad_* ones are the app's own error tests).
    for path in sorted(glob.glob(os.path.join(root, "tests", "apps", "relcp_geom", "*.yaml"))):
        if os.path.basename(path).startswith("bad_"):
            continue
        text = read_text(path)
        seed = Seed("relcp_geom", path, "yaml", text)
        seed.extra["bodies"] = len(re.findall(r"^\s*-\s*shape\s*:", text, re.M))
        seeds["relcp_geom"].append(seed)
    return seeds


def _numbers_of(text, key):
    return re.findall(r"^\s*%s\s*:\s*(\S+)" % key, text, re.M)


def _run_bounds(seed_text, mutant_text):
    """Unchanged (steps, end_time, dt) lines in the mutant: the run may be bounded by --set."""
    return all(_numbers_of(seed_text, k) == _numbers_of(mutant_text, k) for k in ("steps", "end_time", "dt"))


def _first_shape(text):
    m = re.search(r"shape\s*:\s*([A-Za-z_]+)", text)
    return m.group(1) if m else ""


def command(seed, mutant_path, mutant_text, binaries, outdir, rng):
    """(argv, mode, extra environment) that runs the mutant. rng draws the run mode."""
    app = seed.app
    exe = binaries[app]
    if app == "relcp_sim":
        argv = [exe, mutant_path, "--quiet", "--output", outdir]
        if rng.random() < 0.5 or not _run_bounds(seed.text, mutant_text):
            return argv + ["--dry-run"], "dry-run", dict(MPI_ENV)
        if _numbers_of(seed.text, "steps"):
            return argv + ["--set", "simulation.steps=3"], "steps=3", dict(MPI_ENV)
        dt = float(_numbers_of(seed.text, "dt")[0])
        return argv + ["--set", "simulation.end_time=%r" % (3 * dt)], "end_time=3dt", dict(MPI_ENV)
    if app == "relcp_dcs":
        return [exe, mutant_path, "-o", outdir], "run", {}
    if app == "relcp_lcp":
        solver = rng.choice(("default",) * 4 + LCP_SOLVERS)
        opts = [] if solver == "default" else ["--solver", solver]
        if seed.kind == "dat":
            return [exe, "solve", mutant_path] + opts, "solve " + solver, {}
        if seed.role == "matrix":
            return [exe, "solve", "--matrix", mutant_path, "--vector", seed.partner] + opts, "solve " + solver, {}
        return [exe, "solve", "--matrix", seed.partner, "--vector", mutant_path] + opts, "solve " + solver, {}
    # relcp_geom: snsd needs two bodies; multisphere decomposes the first one.
    if seed.extra.get("bodies", 0) >= 2 and rng.random() < 0.7:
        return [exe, "snsd", mutant_path], "snsd", {}
    count = "1" if _first_shape(mutant_text) == "sphere" else rng.choice(("1", "3", "5", "7", "13"))
    return [exe, "multisphere", mutant_path, "--count", count], "multisphere", {}
