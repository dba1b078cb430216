"""course/lessons/*/claims.yaml: every claim a lesson makes points at evidence that exists.

The tables are checked for form only: the quote is in the lesson, the file or test it cites exists, a
run's key names a value in its JSON. Whether the value supports the sentence is for the reviewer.
"""

import ast
import json
from pathlib import Path

import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
TABLES = sorted((REPO_ROOT / "course" / "lessons").glob("*/claims.yaml"))
KINDS = {"run", "test", "doc"}
FIELDS = {"id", "quote", "kind", "source", "key", "note"}


def _claims(table: Path) -> list[dict]:
    return yaml.safe_load(table.read_text(encoding="utf-8"))


def _lesson_lines(table: Path) -> list[str]:
    """lesson.py beside the table, one string per line, with the comment prefix '# ' (or a bare '#') removed."""
    lines = (table.parent / "lesson.py").read_text(encoding="utf-8").splitlines()
    return ["" if line == "#" else line[2:] if line.startswith("# ") else line for line in lines]


def _is_url(source: str) -> bool:
    return source.startswith(("https://", "http://"))


def resolve(doc, key: str):
    """The value at a dotted key; a number indexes a list, and a dict key may itself hold dots ("sum_other_1.0")."""
    parts = key.split(".")
    while parts:
        if isinstance(doc, list):
            doc, parts = doc[int(parts[0])], parts[1:]
            continue
        # the longest run of parts that names a key: keys such as "sum_other_1.0" contain dots
        for n in range(len(parts), 0, -1):
            name = ".".join(parts[:n])
            if isinstance(doc, dict) and name in doc:
                doc, parts = doc[name], parts[n:]
                break
        else:
            raise KeyError(f"{key}: no key {parts[0]!r} here")
    return doc


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


CLAIMS = [
    pytest.param(table, claim, id=f"{table.parent.name}:{claim.get('id')}")
    for table in TABLES
    for claim in _claims(table)
]


def test_every_lesson_has_a_claims_table():
    """Does lesson 5, the lesson whose claims were measured, carry a claims table?"""
    assert REPO_ROOT / "course" / "lessons" / "05-row-sum-padding" / "claims.yaml" in TABLES


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.parent.name)
def test_claim_ids_are_unique(table):
    """Can every claim of a table be named by its id alone?"""
    ids = [claim["id"] for claim in _claims(table)]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


@pytest.mark.parametrize(("table", "claim"), CLAIMS)
def test_claim_has_known_fields_and_kind(table, claim):
    """Is the claim a run, test or doc, with an id, quote, source and note, and no stray fields?"""
    assert set(claim) <= FIELDS, set(claim) - FIELDS
    assert {"id", "quote", "kind", "source", "note"} <= set(claim)
    assert claim["kind"] in KINDS
    assert all(
        isinstance(claim[field], str) and claim[field].strip() for field in ("id", "quote", "source", "note")
    )


@pytest.mark.parametrize(("table", "claim"), CLAIMS)
def test_quote_appears_verbatim_in_its_lesson(table, claim):
    """Does every claim quote appear verbatim in one line of its lesson (comment prefix removed)?"""
    assert "\n" not in claim["quote"]
    assert any(claim["quote"] in line for line in _lesson_lines(table)), claim["quote"]


@pytest.mark.parametrize(("table", "claim"), CLAIMS)
def test_source_exists(table, claim):
    """Is a doc claim backed by a documentation URL, and a run or test claim by a file that is in the repo?"""
    source = claim["source"]
    if claim["kind"] == "doc":
        assert _is_url(source), source
    else:
        assert not _is_url(source) and (REPO_ROOT / source).is_file(), source


@pytest.mark.parametrize(("table", "claim"), [c for c in CLAIMS if c.values[1]["kind"] == "run"])
def test_run_key_resolves_in_its_json(table, claim):
    """Does a run claim's key name a value that the committed JSON really holds?"""
    assert claim["source"].endswith(".json") and claim.get("key")
    doc = json.loads((REPO_ROOT / claim["source"]).read_text(encoding="utf-8"))
    value = resolve(doc, claim["key"])
    # one value, or a list of plain values (the distinct values a set of lanes held): not a whole section
    leaves = value if isinstance(value, list) else [value]
    assert not any(isinstance(v, (dict, list)) for v in leaves), f"{claim['key']} is a whole section"


@pytest.mark.parametrize(("table", "claim"), [c for c in CLAIMS if c.values[1]["kind"] == "test"])
def test_test_key_names_a_function_in_the_file(table, claim):
    """Does a test claim name a test function that exists in the cited file under tests/?"""
    path = REPO_ROOT / claim["source"]
    assert path.is_relative_to(REPO_ROOT / "tests") and path.suffix == ".py", claim["source"]
    assert claim.get("key", "").startswith("test_") and claim["key"] in _test_functions(path), claim.get(
        "key"
    )


def test_resolve_walks_lists_and_dotted_names():
    """Does the key walker index lists by number and find dict keys that contain dots?"""
    doc = {"results": [{"gbps": 1.5}], "identities": {"sum_other_1.0": {"ok": True}}}
    assert resolve(doc, "results.0.gbps") == 1.5
    assert resolve(doc, "identities.sum_other_1.0.ok") is True
    with pytest.raises(KeyError):
        resolve(doc, "identities.sum_other_2.0.ok")
