"""Tests for course.viz: the lesson figures and the lane plot. No pixel comparisons (fonts differ by machine)."""

import re

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from course import viz  # noqa: E402

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def test_reduction_levels_absorb_padding():
    """Does the tree for N = 100 halve 128 lanes in 7 levels while pure-padding lanes shrink 28 -> 0?"""
    levels = viz.reduction_levels(100, 128)
    assert [level["lanes"] for level in levels] == [128, 64, 32, 16, 8, 4, 2, 1]
    assert [level["padding"] for level in levels] == [28, 14, 7, 3, 1, 0, 0, 0]
    assert levels[-1] == {"lanes": 1, "real": 0, "mixed": 1, "padding": 0}
    assert all(level["real"] + level["mixed"] + level["padding"] == level["lanes"] for level in levels)


def test_reduction_levels_without_padding():
    """Is a power-of-two width drawn with no padding at any level?"""
    assert all(level["padding"] == level["mixed"] == 0 for level in viz.reduction_levels(128, 128))


@pytest.mark.parametrize("name", ["padded-lanes.png", "reduction-tree.png"])
def test_committed_figures_are_small_pngs(name):
    """Are the lesson's figures committed as PNG files under 200 KB, as lesson.py links them?"""
    path = viz.LESSON05_IMG / name
    assert path.read_bytes()[:8] == PNG_MAGIC
    assert path.stat().st_size < 200 * 1024
    assert f"img/{name}" in (viz.LESSON05_IMG.parent / "lesson.py").read_text(encoding="utf-8")


def test_main_regenerates_both_figures(tmp_path, capsys):
    """Does `python -m course.viz DIR` write both figures, each under 200 KB?"""
    assert viz.main([str(tmp_path)]) == 0
    for name in ("padded-lanes.png", "reduction-tree.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == PNG_MAGIC and len(data) < 200 * 1024
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("build", [viz.padded_lanes_figure, viz.reduction_tree_figure])
def test_english_labels_without_cjk_font(build, monkeypatch):
    """Without a CJK font, do the figures carry no Chinese text (which would render as empty boxes)?"""
    monkeypatch.setattr(viz.common, "cjk_font", lambda: None)  # where label() looks it up
    fig = build()
    assert texts(fig) and not [t for t in texts(fig) if CJK.search(t)]
    matplotlib.pyplot.close(fig)


@pytest.mark.skipif(viz.cjk_font() is None, reason="no CJK font installed here")
def test_chinese_labels_with_cjk_font():
    """With a CJK font installed, is the figure titled in Chinese (图 5-1)?"""
    fig = viz.padded_lanes_figure()
    assert any(t.startswith("图 5-1") for t in texts(fig))
    matplotlib.pyplot.close(fig)


@pytest.mark.skipif(viz.cjk_font() is None, reason="no CJK font installed here")
def test_cjk_font_found_despite_a_stale_font_cache(monkeypatch):
    """Is a CJK font installed after matplotlib built its font cache still found (from the font files)?"""
    manager = viz.common.font_manager.fontManager
    monkeypatch.setattr(manager, "ttflist", [f for f in manager.ttflist if f.name not in viz.CJK_FAMILIES])
    monkeypatch.setitem(matplotlib.rcParams, "font.family", ["sans-serif"])
    assert viz.cjk_font.__wrapped__() in viz.CJK_FAMILIES
    assert matplotlib.rcParams["font.family"][0] == "sans-serif"  # CJK comes after, as a fallback


def test_plot_lanes_reports_the_loaded_padding():
    """Does plot_lanes name the lane counts and show what the padding lanes really hold?"""
    lanes = np.concatenate([np.arange(1.0, 101.0), np.ones(28)])  # other=1.0: the wrong identity
    fig = viz.plot_lanes(lanes, n_cols=100, identity_label="0.0")
    joined = "\n".join(texts(fig))
    assert "128" in joined and "100" in joined and "28" in joined
    assert "0.0" in joined and "1.0" in joined  # the expected identity and the value actually loaded


def test_plot_lanes_accepts_torch_and_infinite_identity():
    """Does plot_lanes take a torch tensor whose padding is -inf (max's identity) without failing?"""
    torch = pytest.importorskip("torch")
    lanes = torch.cat([torch.randn(5), torch.full((3,), float("-inf"))])
    fig = viz.plot_lanes(lanes, n_cols=5, identity_label='float("-inf")')
    assert any("-inf" in t for t in texts(fig))


def test_plot_lanes_names_another_stage():
    """Can plot_lanes label its lanes as a later stage than the load (lesson 7's exp(x - max) lanes)?"""
    fig = viz.plot_lanes([0.5, 1.0, 0.0, 0.0], n_cols=2, value_label="exp(x - max)")
    assert "exp(x - max)" in texts(fig)


def test_plot_lanes_rejects_more_columns_than_lanes():
    """Is n_cols larger than the number of lanes refused with a clear error?"""
    with pytest.raises(ValueError, match="n_cols"):
        viz.plot_lanes(np.zeros(8), n_cols=9)


# The pictures a student calls with their own N and BLOCK (issue 12): each renders, with either font.
STUDENT_FIGURES = [
    (viz.padded_lanes_figure, {"n_cols": 37, "block": 64, "other": 1.0}),
    (viz.reduction_steps_figure, {"n_cols": 100, "block": 128, "op": "sum", "other": 1.0}),
    (viz.reduction_steps_figure, {"n_cols": 10, "block": 16, "op": "max", "other": 0.0}),
    (viz.tiles_figure, {"n_cols": 1000, "block": 256}),
    (viz.online_softmax_figure, {"n_cols": 700, "block": 128}),
    (viz.traffic_figure, {"n_rows": 1024, "n_cols": 777}),
    (viz.second_mask_figure, {"n_cols": 100, "block": 128, "fill": 1.0}),
    (viz.second_mask_figure, {"n_cols": 6, "block": 8, "values": [1, 2, 3, 4, 5, 6], "fill": None}),
]


@pytest.mark.parametrize("cjk", [True, False])
@pytest.mark.parametrize(("build", "kwargs"), STUDENT_FIGURES)
def test_student_figures_render(build, kwargs, cjk, monkeypatch, tmp_path):
    """Does each figure render to a PNG for the student's own N and BLOCK, with English labels without a CJK font?"""
    if not cjk:
        monkeypatch.setattr(viz.common, "cjk_font", lambda: None)
    fig = build(**kwargs)
    path = viz._save(fig, tmp_path / "f.png")
    assert path.read_bytes()[:8] == PNG_MAGIC
    if not cjk:
        assert not [t for t in texts(fig) if CJK.search(t)]


def test_reduction_steps_show_where_a_wrong_identity_enters():
    """With other=1.0 the sum ends 28 too high and the first wrong partial mixes real and padding lanes;
    with the identity nothing is wrong."""
    right = viz.reduction_steps(None, 100, 128, "sum")
    assert right[-1]["values"][0] == 5050 and not any(viz._wrong(level).any() for level in right)
    wrong = viz.reduction_steps(None, 100, 128, "sum", other=1.0)
    assert wrong[-1]["values"][0] == 5050 + 28
    depth = next(d for d, level in enumerate(wrong) if viz._wrong(level).any())
    first = wrong[depth]
    lane = int(np.nonzero(viz._wrong(first))[0][0])
    span = 128 // first["values"].size
    assert 0 < first["real"][lane] < span  # real and padding lanes meet there


def test_max_with_zero_padding_and_the_student_row():
    """A max over the student's all-negative row with other=0.0 gives 0.0; with -inf the row's max."""
    row = [-3.5, -7.2, -1.8]
    assert viz.reduction_steps(row, 3, 4, "max", other=0.0)[-1]["values"][0] == 0.0
    assert viz.reduction_steps(row, 3, 4, "max")[-1]["values"][0] == -1.8


def test_online_softmax_steps_end_at_the_exact_sum():
    """Does the running max end at the row's max and the rescaled sum at sum(exp(x - max))?"""
    row = np.random.default_rng(1).normal(size=300) * 4
    last = viz.online_softmax_steps(row, 64)[-1]
    assert last["m"] == row.max()
    assert np.isclose(last["d"], np.exp(row - row.max()).sum())


def test_softmax_traffic_is_8mn_plus_4m_against_2mn():
    """Do the traffic bars add up to (8MN + 4M) elements naive and 2MN fused?"""
    traffic = viz.softmax_traffic(16, 100, element_size=1)
    assert sum(r + w for _, r, w in traffic["naive"]) == 8 * 16 * 100 + 4 * 16
    assert sum(r + w for _, r, w in traffic["fused"]) == 2 * 16 * 100


def test_traffic_figure_takes_a_lesson_s_own_title():
    """Can a lesson title the traffic bars as its numbered figure (图 7-2), and is the default title kept?"""
    titled = viz.traffic_figure(64, 100, title="图 7-2：显存流量")
    assert titled.axes[0].get_title() == "图 7-2：显存流量"
    assert "M = 64" in viz.traffic_figure(64, 100).axes[0].get_title()


def test_bad_shapes_are_refused_in_chinese():
    """Is a BLOCK that is no power of two, or N > BLOCK, refused with a Chinese message?"""
    with pytest.raises(ValueError, match="2 的幂"):
        viz.reduction_steps_figure(10, 12)
    with pytest.raises(ValueError, match="N <= BLOCK"):
        viz.reduction_steps(None, 200, 128)
    with pytest.raises(ValueError, match="N <= BLOCK"):
        viz.second_mask_steps(None, 9, 8)


def test_second_mask_steps_of_the_lessons_worked_example():
    """For [1, 3, 5, 7, 9] in 8 lanes: do the padding lanes become -mean = -5 after x - mean, giving variance
    23 unmasked and 8 once the second mask puts 0.0 back (lesson 6's 图 6-1)?"""
    steps = viz.second_mask_steps(None, 5, 8)
    assert steps["loaded"].tolist() == [1, 3, 5, 7, 9, 0, 0, 0] and steps["mean"] == 5
    assert steps["centered"][5:].tolist() == [-5, -5, -5]
    assert steps["var_unmasked"] == 23 and steps["var"] == steps["var_true"] == 8
    assert viz.second_mask_steps(None, 5, 8, fill=None)["var"] == 23


def test_second_mask_steps_of_the_prediction_row():
    """Without the second mask, does [1, 2, 3, 4, 5, 6] in 8 lanes give 7.0 (true variance 17.5 / 6): the
    number lesson 6's prediction cell checks against the kernel?"""
    steps = viz.second_mask_steps([1, 2, 3, 4, 5, 6], 6, 8, fill=None)
    assert steps["var"] == pytest.approx(7.0) and steps["var_true"] == pytest.approx(17.5 / 6)


def test_second_mask_with_a_wrong_fill_adds_the_fill_squared_per_padding_lane():
    """Does a fill of 1.0 add (BLOCK - N) * 1.0^2 / N = 0.28 to the variance for N = 100 (the mean plays no part)?"""
    steps = viz.second_mask_steps(None, 100, 128, fill=1.0)
    assert steps["var"] - steps["var_true"] == pytest.approx(0.28)


def test_second_mask_figure_names_the_unmasked_and_the_true_variance():
    """Does the picture of the missing mask say 23 where the variance should be 8?"""
    joined = "\n".join(texts(viz.second_mask_figure(5, 8, fill=None)))
    assert "23" in joined and "8" in joined and "-5" in joined
