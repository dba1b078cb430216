"""Take hidden tests out of what a student sees.

nbgrader's ClearHiddenTests empties the hidden region of a test cell's source, but
a failing hidden test's traceback still quotes its lines. Before feedback is
generated, the tracebacks of test cells are cut down to the error line itself.
"""

from __future__ import annotations

from pathlib import Path

import nbformat


def scrub_test_tracebacks(path: Path) -> int:
    """Rewrite the executed notebook in place; returns how many tracebacks were cut."""
    nb = nbformat.read(path, as_version=4)
    cut = 0
    for cell in nb.cells:
        if cell.cell_type != "code" or not cell.metadata.get("nbgrader", {}).get("grade"):
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
                cut += 1
    nbformat.write(nb, path)
    return cut
