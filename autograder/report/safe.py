"""Handling what students control: their paths, the HTML they make, the text we print and export.

Four small guards, each for one way a submission could reach beyond its own grade:
- paths: a file is opened one component at a time with O_NOFOLLOW, so no symbolic
  link anywhere below the submissions folder can point the grader at another
  student's notebook (or at a FIFO that would hang it);
- HTML: every page a student or TA opens is rebuilt from an allowlist (bleach), with
  no script, event handler, javascript: URL or embedded frame, and a
  Content-Security-Policy that forbids scripts and remote loads should anything slip;
- CSV: a text cell that a spreadsheet would run as a formula is neutralized (OWASP);
- terminal: control characters are shown as escapes, never sent to the terminal.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import stat
import threading
from pathlib import Path

import bleach

# --- paths ---------------------------------------------------------------------------------------

CLOEXEC = getattr(os, "O_CLOEXEC", 0)
# O_PATH needs no read permission on a folder, only the right to pass through it (Linux).
DIR_FLAGS = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | CLOEXEC  # NONBLOCK: a FIFO must not hang us


class UnsafePath(OSError):
    """A path that leaves its folder (a symbolic link, '..') or names something other than a file."""


def _step(fd: int, part: str, shown: str, last: bool) -> int:
    """Open one component beneath ``fd``; its lstat names the problem, O_NOFOLLOW closes the race."""
    if part in ("", ".", ".."):
        raise UnsafePath(f"{shown}: the path leaves its folder")
    before = os.stat(part, dir_fd=fd, follow_symlinks=False)
    if stat.S_ISLNK(before.st_mode):
        raise UnsafePath(f"{shown} is a symbolic link")
    if last and not stat.S_ISREG(before.st_mode):
        raise UnsafePath(f"{shown} is not a regular file")
    opened = os.open(part, FILE_FLAGS if last else DIR_FLAGS, dir_fd=fd)
    now = os.fstat(opened)
    if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino):  # swapped between the two calls
        os.close(opened)
        raise UnsafePath(f"{shown} changed while it was being opened")
    return opened


def open_beneath(path: Path, root: Path) -> int:
    """A read-only fd of the regular file ``path``, no link followed anywhere below ``root``.

    ``root`` itself is the instructor's choice and may be reached through links.
    """
    parts = Path(path).relative_to(root).parts
    if not parts:
        raise UnsafePath(f"{path} is a folder, not a file")
    fd = os.open(root, DIR_FLAGS & ~os.O_NOFOLLOW)
    try:
        for depth, part in enumerate(parts):
            nxt = _step(fd, part, "/".join(parts[: depth + 1]), depth == len(parts) - 1)
            os.close(fd)
            fd = nxt
        return fd
    except BaseException:
        os.close(fd)
        raise


def read_beneath(path: Path, root: Path) -> bytes:
    with os.fdopen(open_beneath(path, root), "rb") as file:
        return file.read()


def digest_beneath(path: Path, root: Path) -> str:
    """sha256 of the file, read in chunks: a 10 GB file is hashed, never held in memory."""
    sha = hashlib.sha256()
    with os.fdopen(open_beneath(path, root), "rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            sha.update(chunk)
    return sha.hexdigest()


# --- HTML ----------------------------------------------------------------------------------------

TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "details",
    "div", "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "kbd", "li", "mark",
    "ol", "p", "pre", "s", "samp", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody",
    "td", "tfoot", "th", "thead", "tr", "u", "ul",
}  # fmt: skip
ATTRIBUTES = {"*": {"class", "id", "title"}, "a": {"href", "name"}, "img": {"alt", "width", "height"}}
ATTRIBUTES |= {"td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}, "ol": {"start"}}
DATA_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*\Z")
# Why no style attribute: position:fixed from a markdown answer could paint a fake score over ours.
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
SANITIZED = f'<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'


def _attribute(tag: str, name: str, value: str) -> bool:
    """Images only from the page itself (data:), so no tracking pixel and no GET to another site."""
    if tag == "img" and name == "src":
        return bool(DATA_IMAGE.match(value))
    if name == "href":  # bleach then allows only the protocols below: never javascript:
        return tag == "a" and not value.strip().lower().startswith("data:")
    return name in ATTRIBUTES["*"] or name in ATTRIBUTES.get(tag, ())


_local = threading.local()  # a bleach Cleaner is not thread-safe, and a batch grades in threads


def clean_fragment(markup: str) -> str:
    """Body HTML with everything outside the allowlist removed (its text kept, as text)."""
    if not hasattr(_local, "cleaner"):
        protocols = {"http", "https", "mailto", "data"}
        _local.cleaner = bleach.Cleaner(tags=TAGS, attributes=_attribute, protocols=protocols, strip=True)
    return _local.cleaner.clean(markup)


def page(title: str, body: str, styles: list[str] = ()) -> str:
    """A whole page: our head (CSP first), the given style sheets, the cleaned body."""
    css = "".join(f"<style>\n{sheet}\n</style>\n" for sheet in styles)
    head = f"{SANITIZED}<title>{html.escape(title)}</title>\n{css}</head>\n"
    return f"{head}<body>\n{clean_fragment(body)}\n</body>\n</html>\n"


def clean_page(markup: str, title: str) -> str:
    """nbconvert's page rebuilt: the template's style sheets from its head, the body cleaned.

    A student's text appears only inside <body>, after the template's own head, so
    the style sheets before the first "<body" are the template's; the scripts there
    (MathJax, from a CDN) are dropped, and math shows as its TeX source.
    """
    if markup.startswith(SANITIZED):
        return markup  # made by page() already
    start = markup.find("<body")
    head, body = (markup[:start], markup[start:]) if start >= 0 else ("", markup)
    styles = re.findall(r"<style[^>]*>(.*?)</style>", head, flags=re.S | re.I)
    return page(title, body, [sheet for sheet in styles if "</" not in sheet])


# --- CSV and terminal ----------------------------------------------------------------------------

# OWASP's list, and the full-width forms that some spreadsheets in CJK locales read as the same.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(value):
    """Text a spreadsheet could run as a formula gets a leading ' (OWASP); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


# C0, DEL, C1, and the bidirectional controls that reorder what a terminal shows (Trojan Source).
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def terminal(text: str, keep_newlines: bool = False) -> str:
    r"""Control characters as visible escapes (ESC as \x1b); newlines kept only where asked."""

    def escape(match: re.Match) -> str:
        char = match.group()
        if keep_newlines and char == "\n":
            return char
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"

    return CONTROL.sub(escape, str(text))
