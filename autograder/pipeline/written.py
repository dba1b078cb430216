"""The steps that read what the student wrote: the written answers, the run record's claims, the seed's
third pass condition and the hints asked for. Part of the list of steps in autograder/pipeline/grade.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autograder.integrity import cells as integrity
from autograder.integrity import runrecord
from autograder.pipeline.policy import Part, Veto
from autograder.rubric import pass_condition, score_answer, ta_labels
from course.hints import parse_hint_records

if TYPE_CHECKING:  # grade.py imports these steps: its classes are only named here
    from autograder.pipeline.grade import Context, Grade

EMPTY_ANSWERS = {"", "YOUR ANSWER HERE"}


def _cells(nb) -> dict:
    return {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells if c.metadata.get("nbgrader")}


def answer_text(cell) -> str:
    text = (cell.source if cell is not None else "").strip()
    return "" if text in EMPTY_ANSWERS else text


def _context(ctx: Context, grade: Grade, nb) -> dict:
    """What the note is checked against: the submitted blank, and whether the student's checks passed."""
    record = runrecord.gather(nb, "", "", visible_checks=ctx.lesson.spec.visible_checks)
    passed = record.claims_check_passed if record.record_lines else None
    return {"blank": ", ".join(b["answer"] for b in grade.blanks), "checks_passed": passed}


def step_rubric(ctx: Context, grade: Grade, nb) -> str:
    """Score each written answer; returns all answer text (for the run-claim check).

    An answer a TA already decided (identical after normalization) takes the TA's points.
    A veto on an answer that is also routed is uncertain: a TA confirms it first.
    """
    cells, texts, context = _cells(nb), [], _context(ctx, grade, nb)
    for grade_id, part_name in ctx.lesson.spec.answer_parts().items():
        text = answer_text(cells.get(grade_id))
        texts.append(text)
        label = ta_labels.lookup(ctx.labels, grade_id, text) if text else None
        if label:
            grade.answers[grade_id] = {"points": label.points, "answer": text, "ta_label": label.reviewer}
            grade.parts[part_name] = Part(label.points, _max(ctx, part_name), "ta", False, [label.note])
            grade.vetoes += [Veto("wrong_causal_chain", f"{grade_id}: TA label")] if label.veto else []
            continue
        score = score_answer(ctx.rubric, grade_id, text, context=context)
        grade.answers[grade_id] = score.to_dict() | {"answer": text}
        detail = score.feedback + [f"未答到：{m}" for m in score.missing]
        grade.parts[part_name] = Part(
            score.points, _max(ctx, part_name), "rubric", score.needs_review, detail
        )
        for mis in (m for m in score.misconceptions if m.get("veto")):
            evidence = f"{grade_id}: {mis['id']}: “{mis['sentence']}”"
            grade.vetoes.append(Veto("wrong_causal_chain", evidence, certain=not score.needs_review))
    return "\n".join(texts)


def _max(ctx: Context, part: str) -> float:
    """A part's maximum as the spec declares it (the build refuses a rubric.yaml that disagrees)."""
    return float(ctx.lesson.spec.part(part).points)


def step_run_record(ctx: Context, grade: Grade, nb, answers_text: str) -> None:
    """Claims of a run against the evidence: the record's code hash, and the grader's run of the check.

    The record speaks of the visible check, so it is held against nbgrader's run of that same
    check on the submitted code, never against the hidden inputs (a student whose `None` passed
    the visible check on the interpreter did see it pass).
    """
    graded = [
        g for g, c in _cells(ctx.release).items() if c.cell_type == "code" and c.metadata["nbgrader"]["grade"]
    ]
    test_cell = graded[0]
    exercise = _cells(nb).get(ctx.lesson.spec.exercise.cell)
    source, checks = exercise.source if exercise else "", ctx.lesson.spec.visible_checks
    evidence = runrecord.gather(nb, test_cell, answers_text, source, visible_checks=checks)
    grade.run_record = evidence.record_lines
    check_failed = _check_failed(grade, test_cell)
    for sentence in runrecord.unrun_claims(evidence, check_failed):
        grade.vetoes.append(Veto(runrecord.VETO_UNRUN, sentence))
    for sentence in runrecord.record_doubts(evidence, check_failed):
        grade.findings.append(integrity.Finding("run-record-mismatch", sentence, "", "record", review=True))


def _check_failed(grade: Grade, test_cell: str) -> bool | None:
    """Whether the grader's run of the visible check fails this code: nbgrader's run of the notebook when it
    ran; else the harness's rerun of the same shapes, which needs no executed notebook (``--no-execute``)."""
    scores = grade.nbgrader.get("test_scores") or {}
    if grade.nbgrader.get("ran") and test_cell in scores:
        return scores[test_cell] == 0
    return grade.visible_check_failed


def step_pass_condition(ctx: Context, grade: Grade) -> None:
    """The seed's third condition: a correctness boundary and a performance trade-off named somewhere.

    Read by patterns, so it is never a silent fail: a condition not found for sure goes to a TA.
    """
    answers = {question: answer.get("answer", "") for question, answer in grade.answers.items()}
    grade.pass_conditions = pass_condition(ctx.rubric, answers)
    words = {"boundary": "一个正确性边界", "tradeoff": "一个性能取舍"}
    for name, found in grade.pass_conditions.items():
        if name in words and found is not True:
            state = "没有找到" if found is False else "无法确定是否指出了"
            grade.findings.append(
                integrity.Finding(
                    "pass-condition", f"书面回答中{state}{words[name]}", "", "answers", review=True
                )
            )


def step_hints(grade: Grade, nb) -> None:
    text = "".join(runrecord.outputs_text(cell) for cell in nb.cells if cell.cell_type == "code")
    grade.hints = [list(record) for record in parse_hint_records(text)]
