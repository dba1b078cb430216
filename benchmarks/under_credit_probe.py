"""A probe for a gate not built: would routing every finalized partial answer that holds a sentence no
concept read catch the honest answers the rubric under-credits silently, and at what routing cost?

Usage: python benchmarks/under_credit_probe.py SET/answers.yaml:ASSIGNMENT ...
"""

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from autograder.lesson.registry import lesson  # noqa: E402
from autograder.rubric import load_rubric, score_answer  # noqa: E402
from autograder.rubric.reading import prepare  # noqa: E402
from benchmarks.blind_rubric import normalized  # noqa: E402


def probe(path: str, assignment: str) -> str:
    rubric = load_rubric(lesson(assignment).rubric)
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    routed = gated = gated_under = under = 0
    for raw in data["answers"]:
        item = normalized(raw)
        context = {"blank": item.get("blank", ""), "checks_passed": item.get("checks_passed")}
        scored = score_answer(rubric, item["question"], item["answer"] or "", context=context)
        if scored.needs_review:
            routed += 1
            continue
        is_under = raw.get("expected_points", 0) - scored.points > 0.5  # a silent under-credit
        under += is_under
        read = {m["sentence"].strip() for m in scored.matched}
        unread = [
            s for s in prepare(item["answer"] or "", rubric) if s.raw.strip() not in read and len(s.text) > 6
        ]
        if 0 < scored.points < scored.max_points and not scored.veto and unread:
            gated += 1
            gated_under += is_under
    name = Path(path).parent.name
    return (
        f"{name} ({assignment}): routed {routed}, silent under-credits {under}; "
        f"the gate would route {gated} more, {gated_under} of them under-credits"
    )


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        print(probe(*argument.split(":")))
