"""The seed's third veto, "把未运行结果说成实测": a run claimed without the record of one.

Evidence of a run is what the notebook itself saved: execution counts and the
lines printed by ``course.record``. A claim is either that record or words in the
answers ("实测", "I ran it"). A student who declares "仅静态审查" claims nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from course.record import RECORD_MARK, STATIC_ONLY

VETO_UNRUN = "unrun_claimed_as_measured"
CLAIM_WORDS = re.compile(
    r"实测|实际运行|运行结果|运行输出|跑通|测得|\bmeasured\b|\bI ran\b|\bran it\b|\bmy run\b", re.I
)
NEGATION = re.compile(r"没有|未|无法|不能|没|not|never|couldn'?t|cannot|can't|didn'?t", re.I)


@dataclass(frozen=True)
class RunEvidence:
    record_lines: list[str]  # RECORD_MARK lines found in saved outputs
    record_executed: bool  # the record cell has an execution count
    tests_executed: bool  # the visible test cell has an execution count
    claims_check_passed: bool  # the record says the visible check passed
    static_only: bool  # the student declared "仅静态审查"
    text_claim: str  # the sentence in the answers that claims a measured run, "" when none


def outputs_text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif "data" in output:
            parts.append(str(output["data"].get("text/plain", "")))
    return "".join(parts)


def _claim_sentence(text: str) -> str:
    for sentence in re.split(r"[。！？!?\n]|\.\s", text):
        hit = CLAIM_WORDS.search(sentence)
        if hit and not NEGATION.search(sentence[: hit.start()]):
            return sentence.strip()[:200]
    return ""


def gather(student, test_cell_id: str, answers_text: str) -> RunEvidence:
    lines, record_executed, tests_executed = [], False, False
    for cell in student.cells:
        if cell.cell_type != "code":
            continue
        text = outputs_text(cell)
        found = [line for line in text.splitlines() if line.startswith(RECORD_MARK)]
        if found:
            lines += found
            record_executed = record_executed or cell.get("execution_count") is not None
        if cell.metadata.get("nbgrader", {}).get("grade_id") == test_cell_id:
            tests_executed = cell.get("execution_count") is not None
    passed = any("已通过的检查" in line and "可见检查" in line for line in lines)
    return RunEvidence(
        lines,
        record_executed,
        tests_executed,
        passed,
        STATIC_ONLY in answers_text,
        _claim_sentence(answers_text),
    )


def unrun_claims(evidence: RunEvidence, harness_failed_normal: bool) -> list[str]:
    """Evidence sentences for the veto; empty when every claim is backed by a run."""
    found = []
    if evidence.record_lines and not evidence.record_executed:
        found.append("the run record is present but its cell was never executed (typed-in output)")
    if evidence.claims_check_passed and not evidence.tests_executed:
        found.append("the run record says the visible check passed, but the test cell was never executed")
    if evidence.claims_check_passed and harness_failed_normal:
        found.append(
            "the run record says the visible check passed, but the grader's run of this code fails it"
        )
    if evidence.text_claim and not evidence.record_lines and not evidence.static_only:
        found.append(
            f"the answers claim a measured run (“{evidence.text_claim}”) but the notebook holds no run record"
        )
    return found
