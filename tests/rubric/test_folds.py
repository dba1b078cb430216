"""autograder/rubric/folds.py: typing slips and numbers in words, folded before any pattern reads them."""

from autograder.rubric.folds import chinese_numerals, fold_typos


def test_ime_homophones_fold_only_where_the_context_is_clear():
    """Is 天 read as 填 before a value, and left alone in 今天 and after a count?"""
    assert fold_typos("other 天成 0.0") == "other 填成 0.0"
    assert fold_typos("今天 0 点交作业，3 天后复查") == "今天 0 点交作业，3 天后复查"
    assert fold_typos("单位圆，密次") == "单位元，幂次"


def test_numbers_in_words_read_as_digits_but_words_stay_words():
    """Are 八十八点七二 and 五倍 mn read as numbers, while 一个, 第一 and 十分 stay words?"""
    assert chinese_numerals("超过八十八点七二就溢出") == "超过88.72就溢出"
    assert chinese_numerals("读五倍 mn") == "读5mn"
    assert chinese_numerals("一个 lane，第一步，十分重要") == "一个 lane，第一步，十分重要"
