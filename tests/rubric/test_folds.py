"""autograder/rubric/folds.py: typing slips, folded before any pattern reads them."""

from autograder.rubric.folds import fold_typos
from autograder.rubric.textnorm import normalize


def test_ime_homophones_fold_only_where_the_context_is_clear():
    """Is 天 read as 填 before a value, and left alone in 今天 and after a count?"""
    assert fold_typos("other 天成 0.0") == "other 填成 0.0"
    assert fold_typos("今天 0 点交作业，3 天后复查") == "今天 0 点交作业，3 天后复查"
    assert fold_typos("单位圆，密次") == "单位元，幂次"


def test_homophones_of_mask_variance_and_identity_fold():
    """Are 眼码, 放差 and 但位元 (IME slips of 掩码, 方差 and 单位元, none of them a word) folded?"""
    assert fold_typos("算放差之前要再眼码一次，0 是但位元") == "算方差之前要再掩码一次，0 是单位元"


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
    assert (
        fold_typos("单位元(幺元)") == "单位元(单位元)"
    )  # 幺元 itself folds to the lesson's word; the gloss stays a gloss
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


def test_homophones_of_precision_divide_and_mean_fold_beside_arithmetic():
    """Are 经度, 初一 and 均指 read as 精度, 除以 and 均值 before the arithmetic, and left alone as a longitude, a date
    and 'all refer to'? (lesson 6 blind v30 l6v30-q2-017)"""
    assert (
        fold_typos("fp16 的经度不够，初一 BLOCK_SIZE 的话均指会变小")
        == "fp16 的精度不够，除以 BLOCK_SIZE 的话均值会变小"
    )
    assert fold_typos("东经度数，初一那天，均指同一件事") == "东经度数，初一那天，均指同一件事"
    assert fold_typos("真是的原素只有 N 个") == "真实的元素只有 N 个"


def test_homophones_of_lesson_7_fold():
    """Are 分木, 指树, 因位, 最大直 and 平一 read as 分母, 指数, 因为, 最大值 and 平移, while 最大直径 stays?
    (lesson 7 blind v29 l7v29-q2-021)"""
    assert fold_typos("因位分木同乘 e^{−m}，指树在 [0,1]，减去最大直，所以平一不改变结果") == (
        "因为分母同乘 e^{−m}，指数在 [0,1]，减去最大值，所以平移不改变结果"
    )
    assert fold_typos("圆的最大直径") == "圆的最大直径"


def test_other_names_of_the_identity_fold():
    """Are 幺元 and 恒等元 read as 单位元, the lesson's own word?"""
    assert fold_typos("max 的幺元是 −∞，加法的恒等元是 0") == "max 的单位元是 −∞，加法的单位元是 0"


def test_homophones_of_the_v34_classes_fold():
    """Are 锁以, 醉大, 基存器, 线存, 规约 and 均植 (IME slips, none a word in a kernel's story) folded?"""
    assert (
        fold_typos("锁以醉大值对，基存器里不读线存，两次规约，均植")
        == "所以最大值对，寄存器里不读显存，两次归约，均值"
    )


def test_homophones_of_the_v54_class_fold():
    """Are 军值 and 单位员 folded to 均值 and 单位元, while 单位员工 (a work unit's staff) is left alone?"""
    assert fold_typos("除以 N 军值是对的，0 是加法的单位员") == "除以 N 均值是对的，0 是加法的单位元"
    assert fold_typos("单位员工") == "单位员工"


def test_homophone_of_the_v55_class_folds():
    """Is 偏打 (no word) folded to 偏大?"""
    assert fold_typos("方差会偏打") == "方差会偏大"


def test_homophones_of_the_v68_class_fold():
    """Are 天充 and 方插 (no words) folded to 填充 and 方差, while 填充 and 插入 stay as they are?"""
    assert (
        fold_typos("输入的时候天充的是 0，所以算方插之前要再 mask")
        == "输入的时候填充的是 0，所以算方差之前要再 mask"
    )
    assert fold_typos("填充值插入到方差之前") == "填充值插入到方差之前"


def test_homophones_of_the_v85_class_fold():
    """Are 方茬, 平房 after a value squared, 求合 as a step and 出以 before a count folded (lesson 6 blind v85), while the
    bungalow (住在平房里), 组合 and 溢出以后 stay as they are?"""
    assert (
        fold_typos("每个空 lane 多加一个 mean 的平房，方茬就偏大了，所以再求合之前要出以真实的列数")
        == "每个空 lane 多加一个 mean 的平方，方差就偏大了，所以再求和之前要除以真实的列数"
    )
    assert fold_typos("他住在平房里，需求合理") == "他住在平房里，需求合理"
    assert fold_typos("exp 溢出以后就是 inf") == "exp 溢出以后就是 inf"


def test_round86_homophones_of_the_v250_and_v251_classes_fold():
    """Are 付无穷, 检去, 一出 after exp, 接过 before what stays unchanged and 因未 before what the clause is about folded
    (lesson 7 blind v250 l7v250-ex-016, v251 l7v251-ex-007), while 接过来, 因未能 and 一出错 stay as they are?"""
    assert (
        fold_typos(
            "因未 28 个 padding lane 都进了分木；改成付无穷就过了。检去最大值是防止 exp 一出，接过不变。"
        )
        == "因为 28 个 padding lane 都进了分母；改成负无穷就过了。减去最大值是防止 exp 溢出，结果不变。"
    )
    assert (
        fold_typos("他接过来一看，因未能按时提交，exp 一出错就停")
        == "他接过来一看，因未能按时提交，exp 一出错就停"
    )


def test_round92_homophone_of_the_v264_class_folds():
    """Is 事 read as 是 between an adverb and a value (lesson 7 blind v264 l7v264-q1-021, 'exp之后又事0'), while 就事论事
    and 事情 stay as they are?"""
    assert fold_typos("exp之后又事0，-∞两样都满足") == "exp之后又是0，-∞两样都满足"
    assert fold_typos("就事论事，这事0点前做完") == "就事论事，这事0点前做完"


def test_round93_homophones_of_the_v267_class_fold():
    """Are 所已, 田 before a value and 付数 after 全是 folded (lesson 7 blind v267 l7v267-q1-016), while 农田, 油田 and 支付数额
    stay as they are?"""
    assert (
        fold_typos("田负无穷的话它不会当上最大值，所已两次都跟没有它一样。如果田0.0：一行全是付数的时候")
        == "填负无穷的话它不会当上最大值，所以两次都跟没有它一样。如果填0.0：一行全是负数的时候"
    )
    assert (
        fold_typos("农田 3 亩，油田 2 口，支付数额都是付数据") == "农田 3 亩，油田 2 口，支付数额都是付数据"
    )


def test_round94_taiwan_words_of_the_v268_class_fold():
    """Are Taiwan's 頻寬 and 位元組 read as 带宽 and 字节 (lesson 7 blind v268 l7v268-q3-014, '受記憶體頻寬限制', '搬的位元組數')?"""
    assert (
        fold_typos("受记忆体频宽限制，时间跟搬的位元组数成正比") == "受内存带宽限制，时间跟搬的字节数成正比"
    )


def test_round97_homophones_of_the_v276_class_fold():
    """Are 因未 before the real values, 方岔, 剪 after two numbers, 平房 before its mean, 处以 before zero
    and 复数 after 防 folded (lesson 6 blind v276 l6v276-q2-004, -q3-006)?"""
    assert (
        fold_typos(
            "因未真实的数只有 N 个。两个很大的数剪一下，平房的平均是 1e8，方岔不对，tl.maximum 是防复数的，eps 防止处以 0"
        )
        == "因为真实的数只有 N 个。两个很大的数减一下，平方的平均是 1e8，方差不对，tl.maximum 是防负数的，eps 防止除以 0"
    )


def test_round97_words_beside_the_v276_homophones_stay():
    """Do 因未实际运行, 剪一下头发, the granary's 平房仓, 处以罚款 and a complex 复数 stay as they are?"""
    text = "因未实际运行；理发剪一下头发；平房仓的平均粮温；处以罚款；开方得到复数域的值"
    assert fold_typos(text) == text


def test_round98_homophones_of_the_v277_class_fold():
    """Are 平放和, 类加 and 设入 before what rounding does folded (lesson 6 blind v277 l6v277-q2-001), while 平放和竖放 and
    假设入参 stay as they are?"""
    assert (
        fold_typos("平放和很容易溢出成 inf，类加的时候小的项也会被设入掉")
        == "平方和很容易溢出成 inf，累加的时候小的项也会被舍入掉"
    )
    text = "箱子平放和竖放都行，假设入参为 x"
    assert fold_typos(text) == text


def test_round99_homophone_of_the_v279_class_folds():
    """Is 平放 after 的 folded (lesson 6 blind v279 l6v279-q1-015, '多加一个 mean 的平放'), while a thing laid flat (的平放在)
    stays?"""
    assert fold_typos("多加一个 mean 的平放，方差就偏大了") == "多加一个 mean 的平方，方差就偏大了"
    assert fold_typos("电池的平放在架子上") == "电池的平放在架子上"
