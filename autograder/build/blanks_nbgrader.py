"""nbgrader's ClearSolutions, taught the course's inline ``# BLANK(name): answer | todo`` markers."""

from nbgrader.preprocessors import ClearSolutions

from autograder.build.blanks import MARKER, clear_blanks


class BlankSolutions(ClearSolutions):
    """Blank only the marked answers of a solution cell; cells without markers behave as in nbgrader."""

    def _replace_solution_region(self, cell, language):
        if cell.cell_type == "code" and any(MARKER.search(line) for line in cell.source.splitlines()):
            cell.source = clear_blanks(cell.source)
            return True
        return super()._replace_solution_region(cell, language)
