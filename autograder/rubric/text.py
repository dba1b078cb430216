"""Readings of an answer's wording: what it hedges, reports or romanizes.

`is_unsure`: a misconception stated with a hedge ("可能", "maybe") or reported as someone else's
("有人说", "很多人以为") may be the student's belief or one it is about to reject: a veto there is a
TA's call. `is_romanized`: Chinese typed as toneless pinyin ("yin wei x+0=x suo yi ...") holds the
right ideas in a form no pattern reads, so it is scored as far as it goes and sent to a TA.
"""

from __future__ import annotations

import re

from autograder.rubric.premises import Sentence

_HEDGED = re.compile(
    r"可能|也许|大概|或许|好像|似乎|不确定|我猜|我觉得|[?？]|\bmaybe\b|\bperhaps\b|\bprobably\b|\bmight\b|"
    r"\bi\s+(?:think|guess|believe)\b|\bnot\s+sure\b"
)
# A quoted saying followed at once by a verdict on it. A check's message the student reports ('上报"每行之和"不对',
# '显示「mean」错了': lesson 7 blind v83 l7v83-ex-018) is a result, not a saying.
_QUOTED = r"(?<!报)(?<!显示)(?<!提示)(?<!输出)[\"「『][^\"「」『』]{2,80}[\"」』]\s*"
_QUOTED_VERDICT = (
    rf"{_QUOTED}(?:(?:这种说法|这个说法|的说法|这句话|这种理解)?\s*(?:是错的|是错误的|不对|不成立|错了)"
    r"|(?:is|was)\s+(?:wrong|false|incorrect|a\s+myth)\b)"
)
_REPORTED = re.compile(
    r"有(?:的)?(?:人|同学)(?:会|可能|也许)?(?:说|认为|以为|觉得|相信|误以为|主张|担心)|(?:很多|不少|有些|一些|部分)(?:人|同学)|"
    r"有(?:的)?(?:人|同学)的(?:理由|说法|想法|理解|解释)|"
    # A habit someone else has ("有人会顺手填 0.0（第 5 课 sum 的单位元）"): reported (lesson 7 blind v244 l7v244-ex-018).
    r"有(?:的)?(?:人|同学)(?:会|可能|也许|常常?|容易)?(?:顺手|随手|习惯性?地?|下意识地?|想当然地?)|"
    # A fill someone would make ("有人会填 0.0，觉得 mask 掉的 lane 不算": lesson 7 blind v259 l7v259-ex-019), with a modal.
    r"有(?:的)?(?:人|同学)(?:会|可能|也许|常常?|容易)\s*(?:填|写成?|用|选)|"
    r"常见的?(?:误解|错误|说法)|据说|容易(?:错|搞错|弄错|误解)的?(?:理解|说法|想法)|"
    # An easy mistake named ("容易有的误解：『…』", "容易犯的错误是…", "An easy mistake is …"): reported.
    r"容易(?:有|犯|出现|产生|陷入)的?(?:误解|错误|误区|错觉)|\b(?:an?\s+)?(?:easy|tempting)\s+(?:mistake|misconception)\s+is\b|错误的?(?:理解|说法|想法)(?:是|:)|"
    # A roommate's, a TA's or a common saying, or the student's own earlier belief (我以为, I first thought): the
    # student reports it, often to refute it (lesson 5 blind v14: "我室友说…", "常听到的说法是…", "我以为…").
    r"(?:室友|舍友|朋友|别人|旁人|老师|助教|网上|师兄|师姐|学长|学姐|隔壁|同事|组员|队友|同组的?人?)(?:也)?(?:说|认为|觉得|以为|讲|告诉我)|"
    # Someone named before, then as 他 or 她 ("我跟师兄讨论了一下午。他说…，我不同意": lesson 6 blind v257; 其他说法 is none).
    r"(?<![其吉])(?:他|她)们?(?:也)?(?:说|认为|觉得|以为|告诉我)|"
    r"(?:常|经常|常常|总)?(?:听到|听过)的?(?:说法|解释)|常见的?\s*(?:一个|一种)\s*说法|(?:常|经常|常常|总)?听(?:别)?人(?:说|讲)|有(?:的)?(?:人|同学)(?:会)?[^。]{0,20}?(?:类推|推断|联想|套用)|容易(?:让人)?(?:得出|得到)[^。]{0,60}?的?结论|(?:一种|有一种|流行的|常见)\s*说法(?:是|认为)?|"
    # A cause someone gives the result ("有人把融合的 4 倍解释成『少启动了 kernel』"): reported.
    r"有(?:的)?(?:人|同学)(?:会)?把[^。]{0,30}?(?:解释成|解释为|说成|归因于|归结为|理解成|理解为|当成|看成)|"
    # 下意识 and 当时 too ("所以我下意识以为 Triton 里 mask 也一直跟着数据": lesson 6 blind v130 l6v130-q1-007).
    r"我\s*(?:一开始|起初|原来|之前|本来|曾经|最初|下意识地?|当时)?\s*(?:还)?\s*(?:以为|误以为)|"
    # The student's own earlier view, with a word of time ("我一开始觉得单遍挺好的。但…"), and the post above in a forum
    # thread ("楼上说的：'…'", "@Tony 说…").
    r"我\s*(?:一开始|起初|原来|之前|本来|曾经|最初|刚开始)\s*(?:还|也)?\s*(?:觉得|认为|想的是)|楼上\s*(?:说的|说|的说法)|@\w+\s*说|"
    # A first suspicion of a root-cause report ("D4 根因分析：初步怀疑 x² ≈ 1e8 溢出——验证排除": lesson 6 blind v166
    # l6v166-q3-016 was vetoed for the cause it ruled out), with its word of time; a bare 怀疑 is a hedge, not a report.
    r"(?:初步|起初|一开始|最初|开始时)\s*(?:我)?\s*(?:还)?\s*(?:怀疑|猜测|以为)|"
    r"\bmy\s+(?:roommate|friend|classmate)\s+(?:said|says|thinks|thought)\b|"
    r"\b(?:a|one|another)\s+(?:roommate|friend|classmate|labmate|student)\s+(?:said|says|told\s+me|thinks|thought|claimed|claims)\b|"
    r"\bi\s+(?:first|initially|originally)\s+(?:thought|assumed)\b|\bi\s+(?:thought|assumed)\s+that\b|"
    r"\ba\s+common\s+(?:claim|explanation|story|take|view|belief|answer)\b|"
    r"\bsome\s+(?:people|students|say)\b|\b(?:people|students|many|most\s+people)\s+(?:often\s+|usually\s+|commonly\s+|sometimes\s+|tend\s+to\s+)?(?:say|think|believe|claim|assume)\b|\bcommon\s+(?:mistake|misconception)\b|"
    r"\bone\s+(?:might|could|may)\s+(?:think|say|believe)\b|\b(?:it'?s|it\s+is)\s+tempting\s+to\b|"
    # A tempting or popular explanation the student goes on to answer ("A tempting explanation is …").
    r"\b(?:a|the)\s+(?:tempting|popular|naive|obvious)\s+(?:explanation|answer|claim|story|guess)\b|"
    # One of several sayings the student answers in turn ("第一种说…：不对", "另一种说法是…").
    r"(?:第[一二三四1-4]|另一|有一)\s*种\s*说(?:法)?|"
    # The next misconception of a list the student answers in turn ("另一误解：转 fp32 是为了提速。不对，…": lesson 6
    # blind v152 l6v152-q2-001 was vetoed for the belief it refuted).
    r"(?:第[一二三四1-4]|另一|又一|还有一)\s*(?:个|种|类)?\s*(?:常见的?|典型的?)?\s*(?:误解|误区)|"
    # A saying quoted and called wrong at once ("“两遍法更慢所以单遍更好”是错的：…", '"x is y" is a myth'): the
    # student cites it to reject it (lesson 6 blind v12 l6v12-q3-002).
    rf"{_QUOTED_VERDICT}"
)
# Sayings rejected all at once, then quoted one by one ("常听到两种说法，都不对。一是 '…'。二是 '…'。": lesson 6 blind
# v148 l6v148-q2-002): each quoted item is a saying the student has already turned down.
_ENUMERATED_SAYING = re.compile(
    r"^\W*(?:其?[一二三四]|第\s*[一二三四1-4]\s*(?:种|个|条)?\s*(?:说法)?)\s*(?:是|:)\s*[\"「『]"
)
_ALL_REJECTED = re.compile(
    r"(?:说法|看法|理解|误解|观点)[^。]{0,6}?,?\s*(?:都|全都|全)\s*(?:不对|是错的|错了|不成立)\W*$"
)


# A sentence that opens by turning against what came before: "有人觉得 0 够小。但……", or that is a verdict on
# it ("常见的误解是：…。这是错的。", "That is wrong.").
_TURN = re.compile(
    r"^\W*(?:但是?|可是|然而|不过|其实|实际上|事实上|\bbut\b|\bhowever\b|\bactually\b|\bin\s+fact\b)"
    # "还有人说：只要数据小于 65504，fp16 就够了。这也不对：…" (lesson 6 blind v119 l6v119-q2-003): 也 or 都 before the verdict.
    # A verdict of half ("这个说法不全对": lesson 7 blind v248 l7v248-q3-022): the student still sets the saying aside.
    r"|^\W*(?:这|那|这个|那个|这种|此)?\s*(?:说法|看法|理解|想法)?\s*(?:(?:也|都|同样)?\s*(?:是错的|是错误的|不对|错了|不成立|并不成立|是误解)"
    r"|(?:也)?\s*(?:不全对|不完全对|并不全对|只对了一半|只说对了一半))"
    r"|^\W*(?:this|that)(?:'s|\s+is)\s+(?:wrong|not\s+true|incorrect|false|a\s+myth)\b"
    # The student's own verdict, labelled ("我的结论：不对。": lesson 7 blind v129 l7v129-q1-011), or an earlier belief
    # seen through later ("后来读了第 2 节才明白不是这样": lesson 6 blind v130 l6v130-q1-007).
    r"|^\W*我的\s*(?:结论|判断|看法|回答)\s*(?:是)?\s*:?\s*(?:这)?\s*(?:是错的|是错误的|不对|错了|不成立)"
    r"|^\W*(?:后来|现在|直到)[^,;:。]{0,20}?(?:才|终于)\s*(?:明白|知道|发现|意识到|搞懂|弄懂)\s*(?:了)?\s*(?:不是这样|并非如此|不对|是错的|这是错的)"
    # "It does not: 1e8 is far inside fp32's range." A bare denial of its own, before a colon or the end.
    r"|^\W*(?:it|this|that)\s+(?:does|do|is|will)(?:\s+not|n't)\s*(?:[:,;]|$)"
    # "有人担心 '减最大值会带来偏差'。不会：…" (lesson 7 blind v10 l7v10-q2-024): the same denial in Chinese.
    r"|^\W*(?:并)?(?:不会|不是的|没有的事|不)\s*(?:[:,;]|$)"
    # Not the (main) reason: "常听到的解释是『…』。对大矩阵这不是主因：…", "在大矩阵上这不是主因", "That is not the main reason."
    r"|^\W*(?:(?:对|在)[^,;:。]{0,12}?)?(?:这|那|这个|那个|这种说法|这个说法|此)\s*(?:并)?\s*(?:不是|并非|不算)\s*"
    r"(?:主因|主要原因|主要的原因|真正的?原因|原因|关键)"
    r"|^\W*(?:this|that)(?:'s|\s+is)\s+not\s+the\s+(?:(?:main|real|whole|actual)\s+)?(?:reason|cause|story)\b"
    # A verdict on several sayings at once ("两者都不对", "Both are wrong"), or one called a coincidence ("That
    # happens to give 128 here, but …", "这只是巧合").
    r"|^\W*(?:这|以上)?\s*(?:两者|二者|两种|两个|几种|它们|这些|以上)\s*(?:说法|理解|想法)?\s*(?:都|全|均)\s*(?:是错的|是错误的|不对|错了|不成立)"
    # A bare verdict on all of them ("都不对：…").
    r"|^\W*(?:都|全都|全|均)\s*(?:是错的|是错误的|不对|错了|不成立)"
    r"|^\W*(?:both|all)\s+(?:of\s+them\s+)?are\s+(?:wrong|false|incorrect)\b|^\W*neither\s+(?:of\s+them\s+)?is\s+(?:right|true|correct)\b"
    r"|^\W*(?:this|that|it)\s+(?:only\s+|just\s+|merely\s+)?happens\s+to\b|^\W*(?:这|那)\s*(?:只|只是|不过是|纯属)\s*(?:个)?\s*(?:巧合|碰巧)"
)
# A reported saying answered in its own sentence after a colon ("第一种说 '…'：不对，…").
# Also after a comma when a colon or the end follows the verdict ("常见的说法是 '…'，不对：…", "…就能修好，不行"),
# with a contrast before it ("容易得出 '…' 的结论，但不对：…").
_ANSWERED = re.compile(
    r":\s*(?:这|那)?\s*(?:也|都)?\s*(?:不对|是错的|错了|不成立)\s*(?:[,;:]|$)"
    r"|,\s*(?:但|但是|可是|然而)?\s*(?:这|那)?\s*(?:也|都)?\s*(?:其实)?\s*(?:不对|是错的|错了|不成立|不行)\s*(?:[:;]|$)"
    # The student's own disagreement after the comma ("他说除以 BLOCK_SIZE 也差不多，我不同意。": lesson 6 blind v257).
    r"|,\s*(?:但|但是|可是|然而)?\s*我\s*(?:(?:并|完全)?\s*不(?:同意|赞同|认同)|(?:觉得|认为)\s*(?:这|那)?\s*(?:也)?\s*(?:不对|是错的|不成立))\s*(?:[,:;]|$)"
    # A dash before the verdict ("有人说 '…'——也不对", "'…'——和是对的，个数不对", "有人以为…——实测…，不是性能问题",
    # "——不是这样" (lesson 6 blind v8 l6v8-q2-005)).
    r"|--[^。]{0,60}?(?:不对|是错的|错了|不成立|不是这样|并非如此|不是[^,;:。]{0,6}(?:问题|原因)"
    # A suspicion ruled out by a check ("——验证排除", "——排查后否定").
    r"|(?:验证|核实|核查|排查|检查|实验|实测)\s*(?:后|之后)?\s*(?:已|被|就)?\s*(?:排除|否定|推翻))\s*(?:[,;:。]|$)"
    # "有人说 centered_other 填什么都行，反正 tl.sum 会跳过 masked lane——其实 tl.sum 不看 mask" (lesson 6 blind v90 l6v90-ex-025).
    r"|--\s*(?:但|可是|然而)?\s*(?:其实|事实上|实际上)"
    # A counterexample answers it ("有人说 '0 最小，填 0 也行'，反例：…", "…, counterexample: …").
    r"|,\s*(?:一个|举个|举一个)?\s*反例\s*(?:是|就是)?\s*:|,\s*(?:a|one)?\s*counter-?example\s*:"
    # A saying quoted and called wrong right after its closing quote.
    rf"|{_QUOTED_VERDICT}"
    # A reply after the colon that ends in the student's own obligation ("有人说 'fp16 够用'：…，所以必须在 fp32 里累加").
    r"|[\"”']\s*:[^。]{0,80}?(?:所以|因此)\s*(?:必须|一定要|还是要|还是得)"
)
# A toneless pinyin syllable: optional initial, then a final.
_SYLLABLE = re.compile(
    r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ang|eng|ing|ong|iao|ian|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|ve|er|"
    r"a|o|e|i|u|v)"
)
# Short English words that are also syllables: they prove nothing either way.
_ENGLISH = frozenset(
    "a i o an in on no so to go he we me be ma man can ban fan pan ran tan sun run bun fun hang long "
    "song gang bin pin tin sin din ding zen ye yo hi ha he she die tie pie lie sue cue due hue you".split()
)
_LATIN = re.compile(r"(?<![a-z_.])[a-z]+(?![a-z_(])")
_CJK = re.compile(r"[\u3400-\u9fff]")


def is_unsure(text: str) -> bool:
    """Whether a normalized sentence hedges or reports someone else's claim."""
    return bool(_HEDGED.search(text)) or is_reported(text)


def is_reported(text: str) -> bool:
    """Whether a normalized sentence reports a claim as someone else's ("很多同学会…", "有人说…")."""
    return bool(_REPORTED.search(text))


def disowned(sentences: list[Sentence], index: int) -> bool:
    """Whether sentence `index` reports someone else's claim that the next sentence turns against
    ("有人会觉得 0 已经很小了。但……", "…。这是错的。") or that the sentence itself answers after a colon
    ("第一种说 '…'：不对"): the student states the belief only to reject it."""
    following = sentences[index + 1].text if index + 1 < len(sentences) else ""
    text = sentences[index].text
    if _ENUMERATED_SAYING.match(text) and any(_ALL_REJECTED.search(s.text) for s in sentences[:index]):
        return True
    return is_reported(text) and bool(_TURN.search(following) or _ANSWERED.search(text))


def is_romanized(text: str) -> bool:
    """Whether a normalized answer is written mostly in pinyin: many syllables, few Chinese characters."""
    words = _LATIN.findall(text)
    pinyin = [w for w in words if w not in _ENGLISH and _SYLLABLE.fullmatch(w)]
    return len(pinyin) >= 8 and len(pinyin) >= 0.4 * len(words) and len(_CJK.findall(text)) < len(pinyin)
