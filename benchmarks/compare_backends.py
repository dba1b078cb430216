"""Do two blind-suite runs (say CUDA and the interpreter) give every student the same grade?

    python benchmarks/compare_backends.py RESULTS_A.json RESULTS_B.json

Compares, case by case, what benchmarks/blind_code.py recorded: code points, the blank
read, vetoes, findings and status. Prints the differences and exits 1 when there are any.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def differences(a: dict, b: dict) -> list[str]:
    found = []
    for case in sorted(set(a["cases"]) | set(b["cases"])):
        got_a, got_b = a["cases"].get(case, {}).get("got"), b["cases"].get(case, {}).get("got")
        if got_a != got_b:
            found.append(f"{ascii(case)}: {a['backend']} {got_a} != {b['backend']} {got_b}")
    return found


def main(argv: list[str]) -> int:
    a, b = (json.loads(Path(path).read_text(encoding="utf-8")) for path in argv[:2])
    found = differences(a, b)
    cases = len([c for c in a["cases"] if not c.startswith("_")])
    print(f"{a['backend']} vs {b['backend']}: {cases - len(found)}/{cases} cases graded the same")
    print("\n".join(found))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
