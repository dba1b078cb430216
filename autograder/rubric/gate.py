"""The confidence gate: a verdict is only as good as the share of the answer the rubric's patterns read.

A clause whose claim about memory or hardware (the rubric's `claim_topics`), or whose words for a concept
the answer was not given, no pattern read sends the answer to a TA rather than letting it be scored
silently (score.py flags it `unread`).
"""

from __future__ import annotations

import functools
import re

from autograder.rubric.negation import is_hypothetical, is_negated
from autograder.rubric.text import disowned
from autograder.rubric.textnorm import clause_spans

# Characters the gate keeps outside a clause: clause boundaries, so negation and condition scopes end.
_KEEP = ",;:、→"
# A likeness earlier in the clause ("padding 就像 DMA 为对齐 burst 补的字节"): the words after it are the analogy's, no
# claim about the kernel.
_LIKENESS = re.compile(r"(?:就像|好像|好比|如同|类似于|像是|\bjust\s+like\b)[^,;:。]*$")


def unread(q, sentences, rubric, missing) -> list[tuple[str, str]]:
    """[(topic, sentence)]: the clauses that say something the rubric cannot judge, once every span any
    of its patterns reads is taken out. What is left may assert a claim worth checking (one of the
    rubric's `claim_topics`: memory, hardware; denied or imagined, it is no claim), or hold the words of
    a concept the answer was not given (`missing`, each with its `topic`): a right idea in words the
    patterns do not know. Either way the scorer cannot be sure of its verdict."""
    readers = _readers(q, rubric)
    found = []
    # A belief the student reports only to reject it ("常见的误解是：…。这是错的。") is no claim of theirs.
    sentences = [s for i, s in enumerate(sentences) if not disowned(sentences, i)]
    for s in sentences:
        if s.text.rstrip().endswith(":"):
            continue  # a lead-in ("分三段说（按一个 lane 的生命周期）：") names what follows, it claims nothing
        present = [p for p in readers if _edge_sensitive(p.pattern) or p.search(s.text)]
        for start, end in clause_spans(s.text):
            left = _residue(s.text, present, start, end)
            claims = (t for t in rubric.claim_topics if _asserted(t, left, s.text, rubric.language))
            topic = next((t.pattern for t in claims), None)
            topic = topic or next((c.id for c in missing if any(t.search(left) for t in c.topic)), None)
            if topic:
                found.append((topic, s.raw))
                break
    return found


def _asserted(topic: re.Pattern, left: str, sentence: str, language) -> bool:
    """A topic word left unread that the sentence asserts: its negator may be a span a reader took out
    ("不读显存"), so negation and conditions are judged on the sentence itself."""
    return any(
        not is_negated(sentence, m.start(), m.end(), language, refute=False)
        and not is_hypothetical(sentence, m.start(), language)
        and not _LIKENESS.search(sentence, 0, m.start())
        for m in topic.finditer(left)
    )


def _readers(q, rubric) -> list[re.Pattern]:
    """Every pattern that reads something: concepts, misconceptions, premises, facts, benign
    descriptions, outcomes, claims, pass conditions and wrong statements of them."""
    patterns = [p for c in q.concepts for p in c.patterns] + [p for m in q.misconceptions for p in m.patterns]
    patterns += [p for v in q.valid_premises + rubric.facts for p in v.patterns]
    patterns += [*rubric.benign, *rubric.outcomes, *q.claims]
    return patterns + [p for c in rubric.pass_conditions.values() for p in (*c.patterns, *c.false_claims)]


# What can make a pattern match inside a clause and nowhere in the whole sentence: an end, a boundary or a look-ahead
# seen at the clause's end, or an atomic or possessive part cut short there.
_EDGE_SENSITIVE = re.compile(r"\$|\\[ZbB]|\(\?[=!>]|[*+?}]\+")


@functools.cache
def _edge_sensitive(source: str) -> bool:
    """Whether a pattern may match in a clause though not in its whole sentence. Any other pattern that finds nothing in
    the sentence finds nothing in its clauses, so the gate skips it there: a rubric holds hundreds of readers and a
    sentence a few clauses."""
    return _EDGE_SENSITIVE.search(source) is not None


def _residue(sentence: str, readers: list[re.Pattern], start: int, end: int) -> str:
    """The sentence with everything outside the clause [start, end) and every span a reader matches
    inside it blanked out (kept in place, so negations before a word can still be seen)."""
    chars = [c if start <= i < end or c in _KEEP else " " for i, c in enumerate(sentence)]
    for pattern in readers:
        for match in pattern.finditer(sentence, start, end):
            chars[match.start() : match.end()] = " " * (match.end() - match.start())
    return "".join(chars)
