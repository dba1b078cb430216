"""autograder/integrity/code_norm.py: comparing code by what it does."""

import ast

from autograder.integrity.code_norm import canonical_dump, normalize, slot_of, strip_magics


def _same(a: str, b: str) -> bool:
    return canonical_dump(normalize(ast.parse(a), "______")) == canonical_dump(
        normalize(ast.parse(b), "______")
    )


def test_positional_and_keyword_arguments_of_tl_load_are_one_slot():
    """Does `tl.load(p, m, 0.0)` give the same slots as `tl.load(p, mask=m, other=0.0)`?"""
    positional = slot_of(ast.parse("tl.load(p, m, 0.0)", mode="eval").body)
    keywords = slot_of(ast.parse("tl.load(p, other=0.0, mask=m)", mode="eval").body)
    assert {k: ast.unparse(v) for k, v in positional.items()} == {
        k: ast.unparse(v) for k, v in keywords.items()
    }


def test_renamed_locals_and_docstrings_compare_equal():
    """Are a consistent rename and a docstring ignored, and a changed operator not?"""
    base = "def f(a):\n    b = a + 1\n    return b\n"
    assert _same(base, 'def f(x):\n    """doc"""\n    y = x + 1\n    return y\n')
    assert not _same(base, "def f(a):\n    b = a - 1\n    return b\n")


def test_magics_become_empty_lines():
    """Do magics, shell lines and `obj?` disappear without moving line numbers?"""
    text = "%matplotlib inline\n!nvidia-smi\ntorch.sum?\nx = 1\n"
    assert strip_magics(text).splitlines() == ["", "", "", "x = 1"]
    assert strip_magics("%%time\nx = 1").splitlines() == ["", "x = 1"]
