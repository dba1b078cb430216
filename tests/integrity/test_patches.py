"""autograder/integrity/patches.py: a monkeypatch is a write into a guarded module, however it is reached."""

import pytest

from autograder.integrity.patches import find_patches

HONEST = {
    "reading torch.testing": "print(sorted(vars(torch.testing))[:3])",
    "a backend setting": "torch.backends.cudnn.benchmark = True",
    "eval of arithmetic": "eval('2 ** 10')",
    "print options": "print(torch.__version__)\ntorch.set_printoptions(precision=3)",
    "tensor attributes": "x = torch.randn(3)\nx.requires_grad = True\ny = torch.zeros(2)\ny[0] = 5",
    "imports again": "import torch\nimport numpy as np\nimport triton.language as tl",
    "matplotlib settings": "import matplotlib.pyplot as plt\nplt.rcParams['font.size'] = 12",
    "a local named torch in a function": "def f():\n    torch = 1\n    return torch",
}
PATCHES = {
    "importlib": "import importlib\nimportlib.import_module('torch').testing.assert_close = lambda *a, **k: None",
    "alias": "tt = torch.testing\ntt.assert_close = print",
    "getattr and setattr": "setattr(getattr(torch, 'testing'), 'assert_close', lambda *a, **k: None)",
    "vars item": "vars(torch.testing)['assert_close'] = print",
    "__dict__ update": "torch.testing.__dict__.update(assert_close=print)",
    "sys.modules": "import sys\nsys.modules['torch'].testing.assert_close = print",
    "builtins": "import builtins\nbuiltins.print = lambda *a: None",
    "IPython through an alias": "ip = get_ipython()\nip.showtraceback = lambda *a, **k: None",
    "set_custom_exc": "get_ipython().set_custom_exc((Exception,), lambda *a: None)",
    "exec of a constant": "exec('torch.testing.assert_close = print')",
    "record replaced": "class R:\n    def passed(self, c):\n        pass\nrecord = R()",
    "globals item": "globals()['torch'] = None",
    "mock.patch": "from unittest import mock\nmock.patch('torch.testing.assert_close').start()",
    "numpy.testing": "import numpy as np\nnp.testing.assert_allclose = lambda *a, **k: None",
    "loop variable": "for m in (torch.testing,):\n    m.assert_close = print",
    "an input transformer": "get_ipython().input_transformers_post.append(lambda lines: [])",
    "an AST transformer": "ip = get_ipython()\nip.ast_transformers.append(object())",
}


@pytest.mark.parametrize("case", HONEST)
def test_reading_and_settings_are_not_patches(case):
    """Does code that only reads a module, or sets a harmless setting, go unflagged?"""
    assert find_patches(HONEST[case]) == []


@pytest.mark.parametrize("case", PATCHES)
def test_writes_are_found_however_they_are_reached(case):
    """Is a write into a guarded module found, certain, with the line that did it?"""
    (patch,) = find_patches(PATCHES[case])
    assert patch.certain and patch.line == PATCHES[case].count("\n") + 1 - (case == "record replaced") * 0


def test_built_code_goes_to_a_ta():
    """Is exec of a string the grader cannot read reported as uncertain rather than vetoed?"""
    (patch,) = find_patches("code = 'torch.testing.' + 'assert_close = print'\nexec(code)")
    assert not patch.certain and patch.line == 2
