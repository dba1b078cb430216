"""A student's whole flow in a real browser: JupyterLab on the student package, driven by Chromium.

For each lesson (5, 6 and 7), JupyterLab serves a temporary copy of release/<lesson>/ alone (the
notebook, img/ and the student package course/), with the student configuration of course/lab-config/ (nbgrader's instructor
tools off). Playwright drives Debian's Chromium (tests/browser/setup.sh installs it; Playwright's own
browser download is never used). The test, as a student would:

1. opens the notebook and checks that no instructor tool is in sight;
2. fills the blanks with the right answers in the editor, runs all cells on the interpreter, and sees the
   visible check pass (a word in green), the figures render, and a hint appear when asked for;
3. clicks nbgrader's Validate and sees success;
4. puts a wrong value in a blank, runs all again, and sees the Chinese diagnosis; Validate fails with it.

Screenshots of each step go to artifacts/browser/ (gitignored; $COURSE_BROWSER_ARTIFACTS moves them).
Without Chromium or Playwright the test is skipped, unless $COURSE_REQUIRE_BROWSER=1 (.ci/run sets it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # about a minute and a half per lesson

REPO_ROOT = Path(__file__).resolve().parents[2]
BLANK = "______"


@dataclass(frozen=True)
class Flow:
    """One lesson's flow: what the student types, and what the page must then show."""

    assignment: str
    blanks: tuple[tuple[str, str], ...]  # (text of the blank's editor line, the right answer), in order
    passed: str  # a green line of the visible check once it passes
    hint: str  # the commented hint call the student uncomments
    wrong: tuple[str, str, str]  # (text of the filled line, the right answer in it, a wrong one)
    diagnosis: tuple[str, ...]  # what the failed check says
    playground: str  # text of the playground cell


FLOWS = {
    "lesson05-row-sum": Flow(
        "lesson05-row-sum",
        ((f"other={BLANK}", "0.0"),),
        "row_sum 可见检查：通过",
        'hint("other", 1)',
        ("mask=mask, other=0.0)", "0.0", "1.0"),
        ("形状 4×100（N = 100，BLOCK = 128）的检查未通过", "128 − 100", 'hint("other", 2)', "1×1"),
        "OTHER = 1.0",
    ),
    "lesson06-mean-var": Flow(
        "lesson06-mean-var",
        ((f"tl.cast({BLANK}", "n_cols"), (f"x - mean, {BLANK}", "0.0")),
        "rstd 通过",
        'hint("centered_other", 1)',
        ("tl.cast(n_cols, tl.float32)", "n_cols", "BLOCK_SIZE"),
        ("形状 4×100（N = 100，BLOCK = 128）上，mean 的检查未通过", "100/128", 'hint("divisor", 2)', "1×1"),
        "FILL = 1.0",
    ),
    "lesson07-softmax": Flow(
        "lesson07-softmax",
        ((f"other={BLANK}", 'float("-inf")'), (f"shift={BLANK}", "row_max")),
        "每行之和 通过",
        'hint("other", 1)',
        ('other=float("-inf"))', 'float("-inf")', "0.0"),
        ("形状 4×100（N = 100，BLOCK = 128）上，softmax 的检查未通过", 'hint("other", 2)', "1×1"),
        "OTHER = 0.0",
    ),
}
ARTIFACTS = Path(os.environ.get("COURSE_BROWSER_ARTIFACTS", REPO_ROOT / "artifacts" / "browser"))
REQUIRED = os.environ.get("COURSE_REQUIRE_BROWSER") == "1"
RUN_TIMEOUT_MS = 180_000
ANSWERS = (  # what a student types into the answer cells; Validate only asks that they are answered
    "因为 BLOCK_SIZE 必须是 2 的幂，多出的 lane 被 mask 挡住并填入加法单位元 0.0，所以求和不变。",
    "N = 100 时 BLOCK_SIZE = 128，多出 28 个 padding lane，它们填 0.0 不改变和。",
    "max 的单位元是 -inf，因为 max(x, -inf) = x；填 0.0 时全为负数的行会错成 0。",
)
# Lab settings for a test: every cell kept in the page (no virtual scrolling), no news pop-up.
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": '{"windowingMode": "none"}',
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": '{"fetchNews": "false"}',
}


def _missing(why: str):
    if REQUIRED:
        pytest.fail(f"{why} ($COURSE_REQUIRE_BROWSER=1; run tests/browser/setup.sh)")
    pytest.skip(why)


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        _missing("no chromium on PATH")
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module", params=list(FLOWS))
def flow(request) -> Flow:
    return FLOWS[request.param]


@pytest.fixture(scope="module")
def lab(tmp_path_factory, flow):
    """JupyterLab serving a copy of the release folder alone; yields (url, folder)."""
    root = tmp_path_factory.mktemp("student")
    folder = root / flow.assignment
    shutil.copytree(REPO_ROOT / "release" / flow.assignment, folder)
    config = root / "jupyter-config"
    shutil.copytree(REPO_ROOT / "course" / "lab-config", config)
    settings = root / "lab-settings"
    for name, text in SETTINGS.items():
        plugin, file = name.rsplit("/", 1)
        (settings / plugin).mkdir(parents=True, exist_ok=True)
        (settings / plugin / file).write_text(text, encoding="utf-8")
    port, token = _free_port(), "student-flow"
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "USER"}
    env = {k: v for k, v in os.environ.items() if k in keep}  # no PYTHONPATH, no backend forced
    env |= {
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(root / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "JUPYTER_DATA_DIR": str(root / "data"),  # no kernel spec or extension of this user: the venv's own
    }
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1"]
    command += [f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}"]
    if os.getuid() == 0:
        command.append("--allow-root")
    log = open(root / "jupyter.log", "wb")  # closed in finally
    server = subprocess.Popen(command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2).read()
                break
            except OSError:
                if server.poll() is not None or time.time() > deadline:
                    raise RuntimeError((root / "jupyter.log").read_text(errors="replace")[-3000:]) from None
                time.sleep(0.3)
        yield f"{base}/lab/tree/{flow.assignment}.ipynb?token={token}", folder
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def page(lab):
    try:
        from playwright import sync_api
    except ImportError:
        _missing("playwright is not installed (pip install -r requirements.txt)")
    executable = _chromium()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="zh-CN")
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            page.goto(lab[0])
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
            page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=90_000)
            yield page
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "failed.png"))  # what the page showed when it went wrong
            raise
        context.close()
        browser.close()


def shot(page, name: str, target=None) -> Path:
    if target is not None:
        target.scroll_into_view_if_needed()
    lesson = page.url.split("/lab/tree/", 1)[-1].split(".ipynb", 1)[0]
    path = ARTIFACTS / lesson / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    return path


def cell_with(page, text: str):
    return page.locator(".jp-Notebook .jp-CodeCell", has=page.locator(".cm-content", has_text=text)).first


def replace_in_line(page, marker: str, old: str, new: str) -> None:
    """Put the cursor in the editor line holding marker and replace old (in that line) with new."""
    line = page.locator(".jp-Notebook .cm-line", has_text=marker).first
    text = line.inner_text()
    after = len(text) - (text.index(old) + len(old))
    line.click()
    page.keyboard.press("End")
    for _ in range(after):
        page.keyboard.press("ArrowLeft")
    for _ in range(len(old)):
        page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.insert_text(new)
    page.keyboard.press("Escape")


def menu(page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-item", has_text=top).first.click()
    page.locator(".lm-Menu-item", has=page.locator(".lm-Menu-itemLabel", has_text=item)).first.click()


def run_all(page) -> None:
    menu(page, "Run", "Run All Cells")
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='busy']").wait_for(timeout=10_000)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=RUN_TIMEOUT_MS)


def validate(page) -> str:
    """Click nbgrader's Validate (it saves the notebook first) and return the text of its dialog."""
    page.locator(".jp-Notebook-toolbar, .jp-Toolbar").get_by_text("Validate", exact=True).first.click()
    dialog = page.locator(".jp-Dialog")
    dialog.locator(".jp-Dialog-body").wait_for(timeout=RUN_TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.querySelector('.jp-Dialog')?.innerText.includes('Validating')",
        timeout=RUN_TIMEOUT_MS,
    )
    return dialog.inner_text()


def answer_all(page) -> None:
    """Write each answer cell (Q1-Q3, the implementation note) in its editor, as a student does."""
    pending = page.locator(".jp-Notebook .jp-MarkdownCell", has_text="YOUR ANSWER HERE")
    for number in range(pending.count()):
        cell = pending.first
        cell.scroll_into_view_if_needed()
        cell.dblclick()
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(ANSWERS[number % len(ANSWERS)])
        page.keyboard.press("Control+Enter")  # render the cell again
    assert pending.count() == 0


def close_dialog(page) -> None:
    page.locator(".jp-Dialog .jp-Dialog-button").last.click()
    page.locator(".jp-Dialog").wait_for(state="detached")


def test_student_flow(page, flow):
    started = time.time()
    try:
        _flow(page, flow)
    except Exception:
        shot(page, "failed")  # what the page showed when it went wrong
        raise
    print(f"\nbrowser flow {flow.assignment}: {time.time() - started:.1f} s; screenshots in {ARTIFACTS}")


def _flow(page, flow: Flow) -> None:
    # 1. the notebook, with no instructor tool in sight
    shot(page, "01-opened")
    assert page.locator(".lm-MenuBar-item", has_text="Nbgrader").count() == 0
    assert page.get_by_text("Create Assignment").count() == 0 and page.get_by_text("Formgrader").count() == 0
    assert page.get_by_text("生成文件").count() == 0 and page.get_by_text("noqa").count() == 0

    # 2. the right answers typed into the blanks, everything run on the interpreter
    for marker, right in flow.blanks:
        replace_in_line(page, marker, BLANK, right)
    assert page.locator(".cm-line", has_text=flow.wrong[0]).count() == 1
    run_all(page)
    check = cell_with(page, "可见检查")
    passed = check.locator(".jp-OutputArea-output", has_text=flow.passed).locator("[class*='ansi-green']")
    assert passed.count() >= 1, check.inner_text()
    stderr = check.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0, check.inner_text()
    shot(page, "02-check-passed", check)
    assert "backend=interpret" in cell_with(page, "record.show()").inner_text()
    images = page.locator(".jp-OutputArea-output img")
    assert images.count() >= 2  # a picture of the lesson and the playground's
    assert page.evaluate(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')].every(i => i.naturalWidth > 0)"
    )
    playground = cell_with(page, flow.playground)
    assert playground.locator(".jp-OutputArea-output img").count() >= 1, playground.inner_text()
    shot(page, "03-playground-pictures", playground)
    hint_cell = cell_with(page, "去掉行首的")
    replace_in_line(page, f"# {flow.hint}", f"# {flow.hint}", flow.hint)
    hint_cell.click()
    page.keyboard.press("Shift+Enter")
    hint_cell.locator(".jp-OutputArea-output", has_text="[提示记录]").wait_for()
    assert "概念区域" in hint_cell.inner_text()
    shot(page, "04-hint", hint_cell)

    # 3. the written answers, then nbgrader's Validate
    answer_all(page)
    text = validate(page)
    shot(page, "05-validate-success")
    assert "Success" in text, text
    close_dialog(page)

    # 4. a wrong value: the check fails with a Chinese diagnosis, and Validate fails with it
    replace_in_line(page, *flow.wrong)
    run_all(page)
    diagnosis = check.inner_text()
    assert all(phrase in diagnosis for phrase in flow.diagnosis), diagnosis
    assert "Traceback" not in diagnosis and "Greatest absolute difference" not in diagnosis
    assert stderr.count() >= 1
    shot(page, "06-diagnosis", check)
    text = validate(page)
    shot(page, "07-validate-failure")
    assert "Success" not in text and "的检查未通过" in text, text
    close_dialog(page)
