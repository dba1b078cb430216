"""autograder/report/wording.py: a Chinese name for every id a student can see, and code kept as code."""

from __future__ import annotations

import pytest

from autograder.integrity.cells import VETO_LOOSENED
from autograder.integrity.runrecord import VETO_UNRUN
from autograder.lesson.registry import assignments, lesson
from autograder.report import wording


@pytest.mark.parametrize("assignment", assignments())
def test_every_part_of_every_lesson_has_a_chinese_name(assignment):
    """Does each part id a lesson's spec declares (code_normal, Q1...) have a Chinese name?"""
    for part in lesson(assignment).spec.parts:
        assert part.id in wording.PARTS, part.id
        assert wording.CJK.search(wording.PARTS[part.id])


def test_every_veto_and_status_has_a_chinese_name():
    """Do the three veto rules and the four statuses of results.json have Chinese names?"""
    assert {VETO_LOOSENED, VETO_UNRUN, "wrong_causal_chain"} == set(wording.VETOES)
    assert set(wording.STATUS) == {"pass", "fail", "pending_review", "error"}


def test_an_id_with_no_name_yet_is_shown_as_code():
    """Is an id nobody has named yet shown in code font, never as bare English prose?"""
    assert wording.name(wording.PARTS, "Q1") == "问题 1"
    assert wording.name(wording.PARTS, "code_speed") == "<code>code_speed</code>"


def test_code_in_chinese_text_is_set_in_code_font():
    """Are backticked spans, hint calls, float("-inf"), tl functions and snake_case names in code font, and the rest escaped?"""
    html = wording.prose(
        '用 `other=0.0` 与 hint("other", 2)；float("-inf") 是 tl.max 的单位元；n_cols < 2 & ______'
    )
    assert "<code>other=0.0</code>" in html and '<code>hint("other", 2)</code>' in html
    assert '<code>float("-inf")</code>' in html and "<code>tl.max</code>" in html
    assert "<code>n_cols</code> &lt; 2 &amp; <code>______</code>" in html


def test_plain_text_keeps_code_in_backticks():
    """Does the plain rendering (Gradescope) drop markup, keep inline code in backticks and a diff on its own lines?"""
    text = wording.plain("改动：<pre><code>-a\n+b</code></pre>见 <code>x_y</code>&lt;1<br>下一行")
    assert text == "改动：\n-a\n+b\n见 `x_y`<1\n下一行"
