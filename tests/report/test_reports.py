"""autograder/report/reports.py (and safe.py's HTML and CSV guards): what a student wrote never runs in a report."""

from __future__ import annotations

import csv
import io
import re
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser

import pytest

from autograder.lesson.registry import lesson
from autograder.report import reports, safe

LESSON = lesson("lesson05-row-sum")
PARTS = {part.id: part.points for part in LESSON.spec.parts}

PAYLOADS = (
    "<script>alert('s')</script>",
    "<img src=x onerror=alert('i')>",
    "<a href='javascript:alert(1)'>link</a>",
    "<a href=' JaVaScRiPt:alert(1)'>spaced</a>",
    "<iframe src='https://evil.example/'></iframe>",
    "<object data='x.swf'></object><embed src='x.swf'>",
    "<svg onload=alert('v')></svg>",
    "<div style='position:fixed;top:0' onclick='alert(2)'>fake score 10/10</div>",
    "<img src='https://tracker.example/p.png'>",
    "<a href='data:text/html,<script>alert(3)</script>'>data</a>",
    "<style>body { display: none }</style>",
)
DANGEROUS_TAGS = {
    "script",
    "iframe",
    "object",
    "embed",
    "svg",
    "style",
    "frame",
    "base",
    "form",
    "link",
    "meta",
}


class _Live(HTMLParser):
    """Collects what a browser would act on: tags that run or load things, handlers, script and remote URLs."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found += [tag] if tag in DANGEROUS_TAGS else []
        for name, value in attrs:
            url = re.sub(r"\s", "", value or "").lower()
            if name.startswith("on") or url.startswith(("javascript:", "vbscript:")):
                self.found.append(f"{tag} {name}={value}")
            if name == "src" and not url.startswith("data:image/"):
                self.found.append(f"{tag} src={value}")
            if name == "href" and url.startswith("data:"):
                self.found.append(f"{tag} href={value}")


def _live(markup: str) -> list[str]:
    """Live markup in a page's body (its head holds our CSP and style sheets) or in a fragment."""
    parser = _Live()
    parser.feed(markup[markup.find("<body") :] if "<body" in markup else markup)
    return parser.found


def _grade(text: str) -> tuple[dict, dict]:
    parts = {
        name: {"detail": [text], "needs_review": False, "max_points": top} for name, top in PARTS.items()
    }
    entry = {
        "student": "mallory",
        "total": 3.0,
        "max": 10,
        "passed": False,
        "status": "error",
        "parts": {name: 0.5 for name in PARTS},
        "vetoes": [{"rule": "wrong_causal_chain", "evidence": text}],
        "needs_review": False,
        "errors": [text],
        "reviewed_by": "",
    }
    return entry, {"label": text, "parts": parts, "nbgrader": {}}


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_fragment_cleaner_removes_every_live_payload(payload):
    """Does each payload (script, on*=, javascript:, iframe/object/embed, style, remote image) lose its live part?"""
    cleaned = safe.clean_fragment(f"<p>before</p>{payload}<p>after</p>")
    assert _live(cleaned) == [] and "before" in cleaned and "after" in cleaned


def test_nbgrader_page_is_rebuilt_without_live_markup():
    """Does nbgrader's page keep its template CSS, math text and inline figures, and lose scripts and handlers?"""
    png = "data:image/png;base64,iVBORw0KGgo="
    page = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>x</title>"
        "<style type='text/css'>div.cell { margin: 0 }</style>"
        "<script src='https://cdn.example/mathjax.js'></script></head>"
        f"<body><div class='cell'><p>单位元 $x \\oplus e = x$</p>{''.join(PAYLOADS)}"
        f"<img src='{png}'><a href='#top'>top</a></div></body></html>"
    )
    cleaned = safe.clean_page(page, "lesson05-row-sum (mallory)")
    assert _live(cleaned) == [] and "<script" not in cleaned
    assert "div.cell { margin: 0 }" in cleaned and "单位元 $x \\oplus e = x$" in cleaned
    assert f'src="{png}"' in cleaned and 'href="#top"' in cleaned
    assert safe.clean_page(cleaned, "again") == cleaned  # cleaning twice changes nothing


def test_write_all_cleans_an_nbgrader_page_from_an_older_grade(tmp_path):
    """Is an unsafe nbgrader page kept in an older grade file cleaned when the reports are written?"""
    entry, grade = _grade("ok")
    grade["nbgrader"]["feedback_html"] = "<html><head></head><body><script>alert(1)</script>hi</body></html>"
    reports.write_all(
        tmp_path, {"assignment": "lesson05-row-sum", "students": [entry]}, {"mallory": grade}, LESSON
    )
    page = (tmp_path / "feedback" / "mallory.nbgrader.html").read_text(encoding="utf-8")
    assert page.startswith(safe.SANITIZED) and "<script" not in page and "hi" in page


def _csv_rows(entries: list[dict], tmp_path) -> list[list[str]]:
    reports.write_csv(tmp_path / "grades.csv", {"students": entries}, list(PARTS))
    text = (tmp_path / "grades.csv").read_bytes().decode("utf-8")  # bytes: a CR in a cell stays a CR
    return text, list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r", "＝", "＠"])
def test_formula_cells_are_neutralized(tmp_path, start):
    """Does a student or error cell that begins with = + - @ TAB CR (or a full-width =, @) get a leading quote?"""
    entry, _ = _grade("x")
    entry |= {"student": f'{start}HYPERLINK("http://evil")', "errors": [f"{start}1+2"]}
    text, rows = _csv_rows([entry], tmp_path)
    header, row = rows
    assert row[0] == f'\'{start}HYPERLINK("http://evil")' and row[-1] == f"'{start}1+2"
    assert row[header.index("total")] == "3.0"  # numbers stay numbers


def test_every_data_cell_is_quoted(tmp_path):
    """Is every cell of every data row quoted, so a comma or newline in a name cannot make a new cell?"""
    entry, _ = _grade("x")
    entry |= {"student": "a,b", "errors": ["line 1\nline 2"]}
    text, rows = _csv_rows([entry], tmp_path)
    assert text.startswith("student,code_normal")  # our fixed header, as before
    data_line = text.split("\r\n", 1)[1]
    assert data_line.startswith('"a,b","0.5"') and len(rows[1]) == len(rows[0])
    assert rows[1][-1] == "line 1\nline 2"


def test_pages_cleaned_in_threads_at_once_stay_whole():
    """Does cleaning pages in several threads at once (a batch with --jobs) give every page whole?"""
    cells = "".join(
        f"<div class='cell'><div class='input'><pre><span>x = {i}</span></pre></div>"
        f"<div class='output'><pre>out {i} &lt;b&gt;</pre></div></div>"
        for i in range(400)
    )
    pages = [f"<html><head></head><body>{cells}<p>end {n}</p></body></html>" for n in range(2)]
    expected = [safe.clean_page(page, "t") for page in pages]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda i: safe.clean_page(pages[i % 2], "t") == expected[i % 2], range(12)))
    assert all(results)


@pytest.mark.parametrize(
    ("status", "vetoes", "shown"),
    [
        ("fail", [{"rule": "loosened_checks", "evidence": "e"}], "一票否决"),
        ("pending_review", [], "待助教复核"),
    ],
)
def test_gradescope_says_vetoed_or_pending(status, vetoes, shown):
    """Does Gradescope's results.json show a vetoed or pending student as such, not only a score?"""
    entry, grade = _grade("x")
    entry |= {"status": status, "vetoes": vetoes, "errors": []}
    page = reports.gradescope(entry, grade)
    assert shown in page["output"] and page["extra_data"]["status"] == status


def test_gradescope_names_are_chinese_and_its_extra_data_keeps_the_ids():
    """Do the part and veto names a student reads on Gradescope come in Chinese, with the stable ids kept in extra_data?"""
    entry, grade = _grade("the kernel run crashed (exit 1): boom | RuntimeError: x")
    entry |= {
        "status": "fail",
        "vetoes": [{"rule": "loosened_checks", "evidence": "cell test_row_sum_normal was deleted"}],
    }
    result = reports.gradescope(entry, grade)
    names = [test["name"] for test in result["tests"]]
    assert names[:2] == ["代码：常规输入", "代码：边界输入"] and names[-1] == "一票否决：删除或放宽了检查"
    assert result["tests"][0]["output"].startswith("kernel 运行崩溃（退出码 1）")
    assert "单元格 `test_row_sum_normal` 被删除了" in result["tests"][-1]["output"]
    assert result["extra_data"] == {"status": "fail", "vetoes": ["loosened_checks"]}


def test_the_csv_keeps_the_stable_ids(tmp_path):
    """Does the instructor's CSV keep part ids, status words and veto rules as they are in results.json?"""
    entry, _ = _grade("x")
    entry |= {"status": "fail", "vetoes": [{"rule": "loosened_checks", "evidence": "e"}]}
    _, rows = _csv_rows([entry], tmp_path)
    header, row = rows
    assert header[1:3] == ["code_normal", "code_boundary"]
    assert row[header.index("status")] == "fail" and row[header.index("vetoes")] == "loosened_checks"


def test_a_routed_part_that_could_change_the_verdict_is_pending():
    """Is a 7.5-point student with a routed 2-point answer pending_review, with passed false?"""
    parts = {
        name: {"points": float(top), "max_points": float(top), "source": "rubric", "needs_review": False}
        for name, top in PARTS.items()
    }
    parts["Q1"] |= {"points": 0.0, "needs_review": True}
    parts["code_explanation"]["points"] = 0.5  # settled parts: 7.5, so Q1 decides
    grade = {"student": "s", "parts": parts, "vetoes": [], "findings": [], "errors": [], "harness_error": ""}
    entry = reports.final(grade, None, LESSON.spec.pass_rule)
    assert entry["status"] == "pending_review" and entry["passed"] is False and entry["needs_review"]
