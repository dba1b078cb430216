"""autograder/rubric/folds.py: typing slips and numbers in words, folded before any pattern reads them."""

from autograder.rubric.folds import chinese_numerals, fold_typos
from autograder.rubric.textnorm import normalize


def test_ime_homophones_fold_only_where_the_context_is_clear():
    """Is 天 read as 填 before a value, and left alone in 今天 and after a count?"""
    assert fold_typos("other 天成 0.0") == "other 填成 0.0"
    assert fold_typos("今天 0 点交作业，3 天后复查") == "今天 0 点交作业，3 天后复查"
    assert fold_typos("单位圆，密次") == "单位元，幂次"


def test_homophones_of_mask_variance_and_identity_fold():
    """Are 眼码, 放差 and 但位元 (IME slips of 掩码, 方差 and 单位元, none of them a word) folded?"""
    assert fold_typos("算放差之前要再眼码一次，0 是但位元") == "算方差之前要再掩码一次，0 是单位元"


def test_numbers_in_words_read_as_digits_but_words_stay_words():
    """Are 八十八点七二 and 五倍 mn read as numbers, while 一个, 第一 and 十分 stay words?"""
    assert chinese_numerals("超过八十八点七二就溢出") == "超过88.72就溢出"
    assert chinese_numerals("读五倍 mn") == "读5mn"
    assert chinese_numerals("一个 lane，第一步，十分重要") == "一个 lane，第一步，十分重要"


def test_a_traffic_formula_in_words_reads_as_the_formula():
    """Are M and N side by side (spaced, ×, *, 乘) the product mn, and 加 / 除以 between terms that hold them + and /,
    while 加 and 除以 beside anything else (x 加 0, 除以 n_cols, max 加 m, 加 1e-5) stay words?"""
    assert chinese_numerals("读 5 m n 加 2 m") == "读 5 mn + 2 m"
    assert chinese_numerals("读 5m×n，写 3 m * n") == "读 5mn，写 3 mn"
    assert chinese_numerals("(8 m n 加 4 m) 除以 (2 m n)") == "(8 mn + 4 m) / (2 mn)"
    assert chinese_numerals("x 加 0 不变，除以 n_cols，max 加 m，eps 加 1e-5") == (
        "x 加 0 不变，除以 n_cols，max 加 m，eps 加 1e-5"
    )
    assert chinese_numerals("i am not sure, m is the row max") == "i am not sure, m is the row max"


def test_shi_ce_typed_with_the_wrong_ce_folds():
    """Are 实侧 and 预侧 (IME slips of 实测 and 预测) folded, while 侧 in a real word (侧面, 一侧) stays?"""
    assert fold_typos("实侧快 5 倍，预侧 4 倍") == "实测快 5 倍，预测 4 倍"
    assert fold_typos("从侧面看，左侧一列") == "从侧面看，左侧一列"


def test_a_key_term_corrected_in_brackets_reads_as_the_correction():
    """Is a key term mistyped and corrected at once in brackets ('访存首限（受限）', '会一出（溢出）') read as the
    correction (its first or its second character kept: '访存受线（受限）'), while a gloss of a longer word ('单位元（幺元）'), two contrasting words ('上溢（下溢）', '显存（内存）'),
    a correction into no key term and an English gloss stay as typed?"""
    assert fold_typos("访存首限(受限)") == "访存受限"
    assert fold_typos("exp 会一出(溢出)") == "exp 会溢出"
    assert fold_typos("访存受线(受限)") == "访存受限"
    assert fold_typos("上溢(上限)") == "上溢(上限)"
    assert fold_typos("单位(单元)") == "单位(单元)"
    assert fold_typos("单位元(幺元)") == "单位元(幺元)"
    assert fold_typos("不会上溢(下溢)") == "不会上溢(下溢)"
    assert fold_typos("读显存(内存)") == "读显存(内存)"
    assert fold_typos("一出(戏出)") == "一出(戏出)"
    assert fold_typos("访存受限(memory-bound)") == "访存受限(memory-bound)"


def test_a_count_times_the_shape_symbols_in_code_reads_as_the_formula():
    """Does a traffic formula written as code ('5*M*N + 2*M', '(8*M*N + 4*M) / (2*M*N)') read as 5mn + 2m, the way it is
    written by hand, while a decimal, another symbol or a size in bytes after the sign stays as written?"""
    assert normalize("naive_read = 5*M*N + 2*M") == "naive_read = 5mn + 2m"
    assert normalize("pred = (8*M*N + 4*M) / (2*M*N)") == "pred = (8mn + 4m) / (2mn)"
    assert normalize("读 5 × M × N") == "读 5mn"
    assert normalize("3.4*m") == "3.4*m"
    assert normalize("2*max") == "2*max"
    assert normalize("5 × 64 MB") == "5 × 64 mb"
    assert normalize("4 * mask") == "4 * mask"


def test_homophones_of_variance_digits_and_square_root_fold_beside_arithmetic():
    """Are 方查, 树字, 相剪, 抵销 and 田充 folded, and 平放 / 开放 / 剪 read as 平方 / 开方 / 减 only beside a step of the
    arithmetic, while 对外开放 and 把书平放 stay?"""
    assert fold_typos("方查，有效树字全部抵销，相剪，田充") == "方差，有效数字全部抵消，相减，填充"
    assert fold_typos("先剪均值再平放，不然开放得到 NaN") == "先减均值再平方，不然开方得到 NaN"
    assert fold_typos("对外开放的接口，把书平放在桌上，剪刀") == "对外开放的接口，把书平放在桌上，剪刀"


def test_taiwan_memory_folds():
    """Is 記憶體 (Taiwan's word for memory, 记忆体 after t2s) read as 内存?"""
    assert fold_typos("不读记忆体") == "不读内存"
