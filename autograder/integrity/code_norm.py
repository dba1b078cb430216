"""Undo the edits that cannot change what a cell does, so two cells can be compared by meaning.

Used by the blank reader. A cell is parsed without its IPython magics; a def is
compared after its docstrings and stray string statements are dropped, calls of
known Triton functions have their arguments written as sorted keywords, the
blank's argument is replaced by one placeholder, and local names are renamed in
order of first appearance (``vals`` and ``values`` are the same variable).
"""

from __future__ import annotations

import ast
import builtins
import copy

# Parameter order of the Triton functions whose arguments students write positionally.
SIGNATURES = {
    "load": ("pointer", "mask", "other", "boundary_check", "padding_option", "cache_modifier"),
    "store": ("pointer", "value", "mask", "boundary_check", "cache_modifier", "eviction_policy"),
    "where": ("condition", "x", "y"),
    "full": ("shape", "value", "dtype"),
    "sum": ("input", "axis", "keep_dims"),
    "max": ("input", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims"),
    "min": ("input", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims"),
    "arange": ("start", "end"),
}
PLACEHOLDER = "__blank__"


def strip_magics(source: str) -> str:
    """The cell as Python: IPython magics, shell lines and `x?` become empty lines, so line numbers hold."""
    lines = source.splitlines()
    if lines and lines[0].startswith("%%"):  # a cell magic: its body is still the student's Python
        lines[0] = ""
    return "\n".join("" if _ipython_only(line) else line for line in lines)


def _ipython_only(line: str) -> bool:
    text = line.strip()
    return text.startswith(("%", "!")) or (text.endswith("?") and text[:-1].replace(".", "").isidentifier())


def _signature(call: ast.Call) -> tuple[str, ...] | None:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, (ast.Name, ast.Attribute)):
        owner = ast.unparse(func.value)
        if owner in ("tl", "triton.language"):
            return SIGNATURES.get(func.attr)
    return None


def slot_of(call: ast.Call) -> dict[str, ast.AST]:
    """Each argument of a call by parameter name (positional ones through the known signature)."""
    names = _signature(call)
    slots: dict[str, ast.AST] = {}
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred) or names is None or index >= len(names):
            slots[f"#{index}"] = arg
        else:
            slots[names[index]] = arg
    slots |= {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg}
    return slots


class _Canonical(ast.NodeTransformer):
    def __init__(self, blank: str):
        self.blank = blank

    def visit_Call(self, node: ast.Call) -> ast.Call:
        self.generic_visit(node)
        slots = slot_of(node)
        blanked = {name for name, value in slots.items() if _is_name(value, self.blank)}
        positional = [
            ast.Name(PLACEHOLDER, ast.Load()) if name in blanked else value
            for name, value in slots.items()
            if name.startswith("#")
        ]  # a blank where no signature names the parameter (tl.cast's first) is still the blank
        keywords = [
            ast.keyword(arg=name, value=ast.Name(PLACEHOLDER, ast.Load()) if name in blanked else value)
            for name, value in sorted(slots.items())
            if not name.startswith("#")
        ]
        node.args, node.keywords = positional, keywords + [k for k in node.keywords if not k.arg]
        return node

    def visit_Expr(self, node: ast.Expr):
        if isinstance(node.value, ast.Constant) or _is_print(node.value):
            return None  # a docstring or a debugging print changes no value the kernel computes
        return self.generic_visit(node)


PRINTS = {"print", "tl.device_print", "tl.static_print", "triton.language.device_print"}


def _is_print(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) in PRINTS


def _is_name(node, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _fill_empty_bodies(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and field == "body" and not body:
                body.append(ast.Pass())


def _rename_locals(tree: ast.AST) -> None:
    for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        _rename_in(func)


def _rename_in(func: ast.FunctionDef) -> None:
    args = func.args
    order = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
    order += [a.arg for a in (args.vararg, args.kwarg) if a]
    order += [n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    mapping: dict[str, str] = {}
    for name in order:
        mapping.setdefault(name, f"_v{len(mapping)}")
    for node in ast.walk(func):
        if isinstance(node, ast.arg) and node.arg in mapping:
            node.arg = mapping[node.arg]
        elif isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]


def normalize(node: ast.AST, blank: str) -> ast.AST:
    """A copy of a def (or module) with every edit that cannot change its behaviour undone."""
    tree = _Canonical(blank).visit(copy.deepcopy(node))
    _fill_empty_bodies(tree)
    _rename_locals(tree)
    return ast.fix_missing_locations(tree)


def normalize_student(node: ast.AST, sites: list[tuple[str, str, int]]) -> ast.AST:
    """Like ``normalize``, with the student's value at each blank site replaced by the placeholder."""
    tree = copy.deepcopy(node)
    counters: dict[str, int] = {}
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = ast.unparse(call.func).replace("triton.language.", "tl.")
        nth = counters.get(name, 0)
        counters[name] = nth + 1
        for site_call, slot, site_nth in sites:
            if site_call == name and site_nth == nth:
                _blank_slot(call, slot)
    return normalize(tree, PLACEHOLDER + "_in")


def _blank_slot(call: ast.Call, slot: str) -> None:
    names = _signature(call) or ()
    placeholder = ast.Name(PLACEHOLDER + "_in", ast.Load())
    if slot.startswith("#"):  # positional, of a call whose signature the reader does not know
        index = int(slot[1:])
        if index < len(call.args) and not isinstance(call.args[index], ast.Starred):
            call.args[index] = placeholder
        return
    if slot not in slot_of(call):  # an argument left out is still the blank: it reads as None
        call.keywords.append(ast.keyword(arg=slot, value=placeholder))
    for index, _ in enumerate(call.args):
        if index < len(names) and names[index] == slot:
            call.args[index] = placeholder
    for keyword in call.keywords:
        if keyword.arg == slot:
            keyword.value = placeholder


def canonical_dump(node: ast.AST) -> str:
    return ast.dump(node, annotate_fields=True, include_attributes=False)


def protected_names(tree: ast.Module) -> set[str]:
    """Names the cell's defs read from outside themselves: rebinding one changes what the code does."""
    free = set()
    for func in (n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        local = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
        local |= {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        free |= {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        free -= local
    return free | (free & set(dir(builtins)))
