"""autograder/rubric/numerals.py: numbers and formulas in words, folded before any pattern reads them."""

from autograder.rubric.numerals import chinese_numerals


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
