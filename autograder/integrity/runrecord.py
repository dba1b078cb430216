"""The seed's third veto, "把未运行结果说成实测": a run claimed without the record of one.

Evidence of a run is what the notebook itself saved: execution counts and the
lines printed by ``course.record``. A claim is either that record or words in the
answers ("实测", "I ran it"). A student who declares "仅静态审查" claims nothing.
Each check in the record carries the hash of the code it ran on: a record that
describes other code than the submitted one goes to a TA (the student may have
edited after running), and a veto is raised only when the record describes the
submitted code and the grader's run of that code contradicts it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from course.record import RECORD_MARK, STATIC_ONLY, blank_hash, code_hash

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
    checks: list[dict] = field(default_factory=list)  # the record's checks, with the code they ran on
    record_count: int | None = None  # the record cell's execution count
    code_hash: str = ""  # the submitted exercise cell's hash
    blank_hash: str = ""

    def passed_checks(self) -> list[dict]:
        return [check for check in self.checks if check.get("status") == "passed"]

    def about_submitted_code(self) -> bool | None:
        """Whether the passed checks ran on the submitted code; None when the record has no hashes."""
        hashed = [check for check in self.passed_checks() if check.get("code")]
        if not hashed or not self.code_hash:
            return None
        return all(check["code"] == self.code_hash for check in hashed)


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


def _checks(lines: list[str]) -> list[dict]:
    found = []
    for line in lines:
        text = line[len(RECORD_MARK) :].strip()
        if text.startswith("{"):
            try:
                entry = json.loads(text)
            except ValueError:
                continue
            found.append(entry) if isinstance(entry, dict) and "check" in entry else None
    return found


def _legacy_passed(lines: list[str], visible_checks: tuple[str, ...]) -> bool:
    """A record printed before checks carried their code: a plain line naming a visible check passed.

    The check names come from the lesson's spec (what its test cells pass to record.passed), so no
    lesson's display text is written here; a record only ever names a check once it has passed.
    """
    plain = [line for line in lines if not line[len(RECORD_MARK) :].strip().startswith("{")]
    return any(name in line for line in plain for name in visible_checks)


def gather(
    student, test_cell_id: str, answers_text: str, exercise_source: str = "", visible_checks: tuple = ()
) -> RunEvidence:
    lines, record_executed, tests_executed, record_count = [], False, False, None
    for cell in student.cells:
        if cell.cell_type != "code":
            continue
        text = outputs_text(cell)
        found = [line for line in text.splitlines() if line.startswith(RECORD_MARK)]
        if found:
            lines += found
            record_executed = record_executed or cell.get("execution_count") is not None
            record_count = cell.get("execution_count")
        if cell.metadata.get("nbgrader", {}).get("grade_id") == test_cell_id:
            tests_executed = cell.get("execution_count") is not None
    checks = _checks(lines)
    if checks:
        passed = any(check.get("status") == "passed" for check in checks)
    else:
        passed = _legacy_passed(lines, tuple(visible_checks))
    return RunEvidence(
        lines,
        record_executed,
        tests_executed,
        passed,
        STATIC_ONLY in answers_text,
        _claim_sentence(answers_text),
        checks,
        record_count,
        code_hash(exercise_source) if exercise_source else "",
        blank_hash(exercise_source) if exercise_source else "",
    )


def unrun_claims(evidence: RunEvidence, check_failed: bool | None) -> list[str]:
    """Evidence sentences for the veto; empty when every claim is backed by a run."""
    found = []
    if evidence.record_lines and not evidence.record_executed:
        found.append("the run record is present but its cell was never executed (typed-in output)")
    if evidence.claims_check_passed and not evidence.tests_executed:
        found.append("the run record says the visible check passed, but the test cell was never executed")
    if evidence.claims_check_passed and check_failed and evidence.about_submitted_code():
        found.append(
            "the run record says the visible check passed on the submitted code, "
            "but the grader's run of the same check on this code fails it"
        )
    if evidence.text_claim and not evidence.record_lines and not evidence.static_only:
        found.append(
            f"the answers claim a measured run (“{evidence.text_claim}”) but the notebook holds no run record"
        )
    return found


def record_doubts(evidence: RunEvidence, check_failed: bool | None) -> list[str]:
    """What a TA should look at: a record that does not describe the submitted code."""
    doubts = []
    for check in evidence.passed_checks():
        if check.get("code") and evidence.code_hash and check["code"] != evidence.code_hash:
            blank = (
                "the blank changed too"
                if check.get("blank") != evidence.blank_hash
                else "the blank is the same"
            )
            doubts.append(
                f"the record says “{check['check']}” passed at run {check.get('run')}, on code {check['code']}; "
                f"the submitted exercise cell is {evidence.code_hash} ({blank}): it was edited after the check ran"
            )
        run, shown = check.get("run"), evidence.record_count
        if isinstance(run, int) and isinstance(shown, int) and run >= shown:
            doubts.append(f"the record cell ran at {shown}, but says “{check['check']}” passed at run {run}")
    if evidence.claims_check_passed and not evidence.checks:
        # today's record prints each check with the hash of its code: a bare claim was typed in or is old
        doubts.append(
            "the run record claims a passed check but carries no code hash (typed in, or made by an old version)"
        )
    elif evidence.claims_check_passed and check_failed and evidence.about_submitted_code() is None:
        doubts.append(
            "the run record (without code hashes) says the visible check passed; the grader's run fails it"
        )
    return doubts
