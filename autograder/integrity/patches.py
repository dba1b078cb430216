"""Monkeypatches found by what the code does: a write into torch, numpy, triton, IPython or builtins.

Reading never counts: ``print(vars(torch.testing))`` or ``eval('2 ** 10')`` is a
student exploring. A write counts however the module is reached: an alias,
``importlib.import_module``, ``__import__``, ``getattr``, ``sys.modules``,
``vars()`` or ``__dict__``; and through ``setattr``, ``__dict__.update``,
``mock.patch`` or ``set_custom_exc``. Settings (``torch.backends.cudnn.benchmark
= True``) and literal values cannot make a failing check pass, so they are not
patches. Code the grader cannot read (``exec`` of a built string) goes to a TA.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from autograder.integrity.code_norm import strip_magics

MODULES = {"torch", "numpy", "triton", "IPython", "builtins", "course", "autograder", "unittest", "math"}
MODULES |= {"nbgrader", "pytest", "sys.modules"}
# The names a fresh notebook binds to those modules (the release's set-up cell and Python itself).
START = {name: name for name in MODULES} | {"np": "numpy", "tl": "triton", "__builtins__": "builtins"}
START |= {"record": "course", "runtime": "course", "bench": "course", "viz": "course", "mock": "unittest"}
START |= {"sys": "sys"}
SETTINGS = ("torch.backends", "matplotlib")  # writes here change speed or looks, never a verdict
WRITER_METHODS = {"update", "__setitem__", "setdefault", "pop", "__setattr__", "__delattr__", "clear"}
# IPython's hooks: a transformer or an event callback rewrites or watches every later cell, checks too
HOOK_METHODS = {"append", "insert", "extend", "register", "add", "__iadd__"}
PATCHERS = {"patch", "setattr", "delattr", "set_custom_exc"}


@dataclass(frozen=True)
class Patch:
    line: int
    code: str  # the statement that did the write
    target: str  # what it writes into, e.g. "torch"
    certain: bool  # False: dynamic code the grader could not read


def _dotted(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:  # noqa: BLE001 - a malformed node is simply not a name
        return ""


class Resolver:
    """Which guarded module, if any, an expression refers to (not what a call of it returns)."""

    def __init__(self):
        self.env = dict(START)

    def module(self, node: ast.AST) -> str:
        if isinstance(node, ast.Name):
            return self.env.get(node.id, "")
        if isinstance(node, ast.Attribute):
            base = self.module(node.value)
            return "sys.modules" if base == "sys" and node.attr == "modules" else base
        if isinstance(node, ast.Subscript):
            base = self.module(node.value)
            if base == "sys.modules":
                return _root(_constant(node.slice))
            return base if base != "sys" else ""
        if isinstance(node, ast.Call):
            return self._accessor(node)
        return ""

    def _accessor(self, call: ast.Call) -> str:
        name = _dotted(call.func)
        first = call.args[0] if call.args else None
        if name in ("importlib.import_module", "import_module", "__import__", "builtins.__import__"):
            return _root(_constant(first))
        if name in ("getattr", "vars", "builtins.getattr", "builtins.vars") and first is not None:
            return self.module(first)
        if name in ("sys.modules.get", "sys.modules.__getitem__"):
            return _root(_constant(first))
        if name == "get_ipython" or name.endswith(".get_ipython"):
            return "IPython"
        return ""

    def learn(self, node: ast.AST) -> None:
        """Record the aliases a statement binds: `tt = torch.testing`, `import torch as t`, loops."""
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = _root(alias.name)
                if root:
                    self.env[alias.asname or alias.name.split(".")[0]] = root
        elif isinstance(node, ast.ImportFrom) and _root(node.module or ""):
            self.env |= {a.asname or a.name: _root(node.module) for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            found = self.module(node.value)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in (t for t in targets if isinstance(t, ast.Name)):
                if found:
                    self.env[target.id] = found
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name):
            items = node.iter.elts if isinstance(node.iter, (ast.Tuple, ast.List)) else [node.iter]
            found = next((m for m in map(self.module, items) if m), "")
            if found:
                self.env[node.target.id] = found


def _constant(node) -> str:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def _root(name: str) -> str:
    root = (name or "").split(".")[0]
    return root if root in MODULES else ""


def _is_setting(target: ast.AST, value: ast.AST | None) -> bool:
    return _dotted(target).startswith(SETTINGS) or isinstance(value, ast.Constant)


def _writes(node: ast.AST, resolver: Resolver) -> str:
    """The guarded module a statement or call writes into; "" when it writes into none."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        value = getattr(node, "value", None)
        for target in _flatten(targets):
            if _rebinds_namespace(target, resolver, value):
                return "the notebook's names"
            if isinstance(target, (ast.Attribute, ast.Subscript)) and not _is_setting(target, value):
                found = resolver.module(target.value)
                if found:
                    return found
    if isinstance(node, ast.Call):
        return _writing_call(node, resolver)
    return ""


def _rebinds_namespace(target: ast.AST, resolver: Resolver, value: ast.AST | None) -> bool:
    """`globals()['torch'] = fake`: the locked cells would then call the student's object."""
    if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Call)):
        return False
    if _dotted(target.value.func) not in ("globals", "locals"):
        return False
    return _constant(target.slice) in START and not (value is not None and resolver.module(value))


def _top_level_rebinds(tree: ast.Module, resolver: Resolver) -> list[Patch]:
    """`torch = Fake()` or `record = Fake()` at the top of a cell: the test cell would use them."""
    found = []
    for node in tree.body:
        if not isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = [t.id for t in _flatten(targets) if isinstance(t, ast.Name) and t.id in START]
        if names and resolver.module(node.value) != START[names[0]]:
            found.append(Patch(node.lineno, _short(_dotted(node)), f"the name `{names[0]}`", True))
    return found


def _writing_call(call: ast.Call, resolver: Resolver) -> str:
    func, name = call.func, _dotted(call.func).split(".")[-1]
    first = call.args[0] if call.args else None
    if name in ("setattr", "delattr", "__setattr__", "__delattr__") and first is not None:
        if len(call.args) < 3 or not isinstance(call.args[2], ast.Constant):
            return resolver.module(first) if not isinstance(func, ast.Attribute) else _owner(func, resolver)
    if isinstance(func, ast.Attribute) and name in WRITER_METHODS:
        owner = func.value
        if isinstance(owner, ast.Attribute) and owner.attr == "__dict__":
            return resolver.module(owner.value)
        if isinstance(owner, ast.Call) and _dotted(owner.func) == "vars" and owner.args:
            return resolver.module(owner.args[0])
        if resolver.module(owner) == "sys.modules" or _dotted(owner) == "sys.modules":
            return "sys.modules"
    if name == "patch" or _dotted(func).endswith(("patch.object", "patch.dict", "monkeypatch.setattr")):
        target = _constant(first) or (resolver.module(first) if first is not None else "")
        return _root(target) or target
    if name == "set_custom_exc":
        return "IPython"
    if isinstance(func, ast.Attribute) and name in HOOK_METHODS and resolver.module(func.value) == "IPython":
        return "IPython"
    return ""


def _owner(func: ast.Attribute, resolver: Resolver) -> str:
    return resolver.module(func.value)


def _flatten(targets) -> list[ast.AST]:
    flat = []
    for target in targets:
        flat += _flatten(target.elts) if isinstance(target, (ast.Tuple, ast.List)) else [target]
    return flat


def find_patches(source: str, resolver: Resolver | None = None, line_offset: int = 0) -> list[Patch]:
    """Every write into a guarded module in one cell's code."""
    resolver = resolver or Resolver()
    try:
        tree = ast.parse(strip_magics(source))
    except SyntaxError:
        return []
    found = _top_level_rebinds(tree, resolver) if line_offset == 0 else []
    for node in ast.walk(tree):
        resolver.learn(node)
    for node in ast.walk(tree):
        line = line_offset + getattr(node, "lineno", 0)
        target = _writes(node, resolver)
        if target:
            found.append(Patch(line, _short(_dotted(node)), target, True))
        found += _dynamic(node, resolver, line)
    return found


def _dynamic(node: ast.AST, resolver: Resolver, line: int) -> list[Patch]:
    """exec/eval/compile: a constant string is read like any code; a built one goes to a TA."""
    if not (isinstance(node, ast.Call) and _dotted(node.func) in ("exec", "eval", "compile")):
        return []
    text = _constant(node.args[0]) if node.args else ""
    if text:
        return find_patches(text, resolver, line - 1)
    return [Patch(line, _short(_dotted(node)), "dynamic code", False)]


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
