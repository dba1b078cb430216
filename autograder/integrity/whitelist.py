"""What a blank may hold, checked on the syntax tree before any of it runs.

A value blank takes a literal: a number, ``float('inf')``, ``-math.inf``,
``torch.inf``... An expression blank takes the kernel's own names, arithmetic,
comparisons and the ``tl`` functions the lesson allows. Nothing else is ever
substituted into the trusted template: no calls beyond those, no imports, no
attribute chains, so a blank cannot run the student's code in the grader.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from autograder.build.blanks import BLANK

FLOAT_WORDS = {"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan"}
CONSTANT_ATTRIBUTES = {(m, c) for m in ("math", "torch", "np", "numpy") for c in ("inf", "nan")}
ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


@dataclass(frozen=True)
class BlankRule:
    """What one blank may hold: ``kind`` is "value" or "expression"."""

    kind: str = "value"
    names: frozenset[str] = field(default_factory=frozenset)  # expression blanks: the kernel's names
    tl_functions: frozenset[str] = field(default_factory=frozenset)  # expression blanks: allowed tl.*


@dataclass(frozen=True)
class Verdict:
    """Whether an answer may be substituted, and the reason shown when it may not."""

    allowed: bool
    reason: str = ""
    review: bool = False  # the value depends on code the grader does not run: a TA decides


def check(answer: str, rule: BlankRule) -> Verdict:
    """Decide whether ``answer`` is a form the blank may hold."""
    if answer.strip() in ("", BLANK):
        return Verdict(False, "空没有填写（仍是 ______）")
    try:
        tree = ast.parse(answer.strip(), mode="eval")
    except SyntaxError:
        return Verdict(False, f"`{answer}` 不是一个 Python 表达式")
    node = tree.body
    if isinstance(node, ast.Constant) and node.value is None:
        return Verdict(
            False,
            "None 不是数值：GPU 上被 mask 的 lane 会是未定义值，只是解释器碰巧填 0，所以不给分",
        )
    ok = _value(node) if rule.kind == "value" else _expression(node, rule)
    if ok:
        return Verdict(True)
    if _only_constants(node):  # a string, a bool, a tuple...: wrong whatever runs around it
        return Verdict(False, f"`{answer}` 不是数值")
    return Verdict(
        False,
        f"`{answer}` 的值取决于评分程序不运行的代码（变量、调用或属性），已交给助教核对；"
        "请直接写字面值（数字、float('inf')、-math.inf、torch.inf 等）",
        review=True,
    )


def _only_constants(node: ast.AST) -> bool:
    return all(not isinstance(n, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)) for n in ast.walk(node))


def _value(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _value(node.operand)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return (node.value.id, node.attr) in CONSTANT_ATTRIBUTES
    if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
        return _value(node.left) and _value(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("float", "int"):
        if node.keywords or len(node.args) != 1:
            return False
        arg = node.args[0]
        return _float_text(arg) if node.func.id == "float" and _is_str(arg) else _number(arg)
    return False


def _is_str(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _number(node.operand)
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _float_text(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    text = node.value.strip().lower()
    if text in FLOAT_WORDS:
        return True
    try:
        float(text)
    except ValueError:
        return False
    return len(text) <= 32


def _expression(node: ast.AST, rule: BlankRule) -> bool:
    if _value(node):
        return True
    if isinstance(node, ast.Name):
        return node.id in rule.names
    if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
        return _expression(node.left, rule) and _expression(node.right, rule)
    if isinstance(node, ast.UnaryOp):
        return _expression(node.operand, rule)
    if isinstance(node, ast.Compare):
        return all(_expression(part, rule) for part in [node.left, *node.comparators])
    if isinstance(node, ast.BoolOp):
        return all(_expression(part, rule) for part in node.values)
    if isinstance(node, ast.Call) and _is_tl_function(node.func, rule):
        parts = [*node.args, *(keyword.value for keyword in node.keywords)]
        return all(keyword.arg for keyword in node.keywords) and all(_expression(p, rule) for p in parts)
    return False


def _is_tl_function(func: ast.AST, rule: BlankRule) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "tl"
        and func.attr in rule.tl_functions
    )
