"""One class graded as N slices on N machines (`grade --shard K/N`), and the slices merged back (`merge`).

A shard is a slice of the folder's submissions in their discovery order (sorted by
name): shard K of N takes every Nth one, starting at the Kth, so each machine gets
a balanced, deterministic share and the slices of one folder never overlap. Each
shard's grading folder holds a manifest (``shard.json``) that says which slice it
graded, of which roster, under which batch settings. ``merge`` accepts the shards
only when they are exactly the N slices of one roster graded alike (same
assignment, seed, backend and whether notebooks ran); anything else is refused
with what to do, since a merged gradebook with a student missing or graded twice
would look complete.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from autograder.errors import UsageError
from autograder.pipeline import store

MANIFEST = "shard.json"
# What every shard of one class must share; the seed above all (the hidden inputs come from it).
SHARED = ("assignment", "seed", "backend", "execute")


@dataclass(frozen=True)
class Shard:
    k: int  # 1-based, like Slurm's array index and a workflow matrix written 1..N
    n: int

    def __str__(self) -> str:
        return f"{self.k}/{self.n}"

    def take(self, items: list) -> list:
        return [item for index, item in enumerate(items) if index % self.n == self.k - 1]


def parse_shard(text: str) -> Shard:
    k, slash, n = text.partition("/")
    if not (slash and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise UsageError(f"--shard takes K/N with 1 <= K <= N (e.g. --shard 2/4), not {text!r}")
    return Shard(int(k), int(n))


def write_manifest(out: Path, shard: Shard, state: dict, roster: list[str]) -> None:
    """What this shard graded: its slice of the roster, and the batch settings it graded under."""
    shared = {key: state[key] for key in SHARED}
    store.write_json(out / MANIFEST, shared | {"shard": str(shard), "roster": roster})


def _manifest(folder: Path) -> tuple[Shard, dict]:
    data = store.read_json(folder / MANIFEST)
    if not data:
        raise UsageError(
            f"{folder} holds no {MANIFEST}: was it graded with `grade ... --shard K/N --out {folder}`?"
        )
    return parse_shard(data["shard"]), data


def _check_alike(manifests: dict[Path, tuple[Shard, dict]]) -> None:
    (first, (shard0, data0)), *rest = manifests.items()
    for folder, (shard, data) in rest:
        for key in (*SHARED, "roster"):
            if data[key] != data0[key]:
                what = "submissions" if key == "roster" else key
                raise UsageError(
                    f"shards disagree on {what}: {first} and {folder} were graded differently; "
                    "grade every shard of a class from the same folder with the same --seed and --backend"
                )
        if shard.n != shard0.n:
            raise UsageError(f"{first} is shard {shard0} but {folder} is shard {shard}: one N for all shards")


def _check_complete(manifests: dict[Path, tuple[Shard, dict]]) -> None:
    seen: dict[int, Path] = {}
    for folder, (shard, _) in manifests.items():
        if shard.k in seen:
            raise UsageError(
                f"shard {shard} given twice ({seen[shard.k]} and {folder}); name each shard once"
            )
        seen[shard.k] = folder
    n = next(iter(manifests.values()))[0].n
    missing = [f"{k}/{n}" for k in range(1, n + 1) if k not in seen]
    if missing:
        raise UsageError(
            f"missing shard(s) {', '.join(missing)} of {n}: grade them (`grade ... --shard K/N`) "
            "and name every shard's folder"
        )


def _check_graded(folder: Path, shard: Shard, roster: list[str]) -> list[str]:
    """The shard's own students, each with a grade file (a shard stopped half-way has not finished)."""
    mine = shard.take(roster)
    absent = [student for student in mine if not store.grade_path(folder, student).is_file()]
    if absent:
        raise UsageError(
            f"shard {shard} in {folder} has no grade for {', '.join(absent[:5])}"
            f"{' …' if len(absent) > 5 else ''}: run that shard again to finish it"
        )
    return mine


def merge(folders: list[Path], out: Path) -> tuple[dict, list[str]]:
    """Copy every shard's grades (and any TA decisions) into ``out``; returns the shared settings and roster."""
    if not folders:
        raise UsageError("merge needs the grading folder of every shard")
    resolved = [folder.resolve() for folder in folders]
    if out.resolve() in resolved:
        raise UsageError(f"--out {out} is one of the shards: merge into a folder of its own")
    if len(set(resolved)) != len(resolved):
        raise UsageError("a shard folder is named twice")
    manifests = {folder: _manifest(folder) for folder in folders}
    _check_alike(manifests)
    _check_complete(manifests)
    data = next(iter(manifests.values()))[1]
    roster, shared = data["roster"], {key: data[key] for key in SHARED}
    ordered = sorted(manifests.items(), key=lambda item: item[1][0].k)
    slices = {
        folder: _check_graded(folder, shard, roster) for folder, (shard, _) in ordered
    }  # before writing
    with store.exclusive(out):
        old = store.read_json(out / "batch.json")
        if old and old.get("assignment") != shared["assignment"]:
            raise UsageError(f"{out} holds grades of {old.get('assignment')}, not {shared['assignment']}")
        store.write_json(out / "batch.json", shared)
        for folder, students in slices.items():
            for student in students:
                grade = store.read_json(store.grade_path(folder, student))
                store.write_json(store.grade_path(out, student), grade)
                review = store.review_path(folder, student)
                if review.is_file():  # a TA decided on a shard's folder: the decision travels with the grade
                    store.review_path(out, student).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(review, store.review_path(out, student))
    return shared, roster
