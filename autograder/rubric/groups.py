"""Answer groups for TAs: routed answers to one question, grouped by similarity, decided once.

As Gradescope's answer groups do, one decision serves every answer in a group. The
answers are compared as character n-grams (2 to 4 characters, which suits Chinese
text without a word segmenter) weighted by TF-IDF, and grouped by average-linkage
clustering on cosine distance. Answers identical after normalization always share
a group. Everything is deterministic: the same answers always give the same groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.rubric.textnorm import normalize

DISTANCE = 0.6  # cosine distance under which two answers are read as saying the same thing


@dataclass
class AnswerGroup:
    """Answers to one question that a TA can decide together."""

    question: str
    number: int  # 1-based, in order of size (largest first)
    members: list[str] = field(default_factory=list)  # keys of the answers (student ids)
    example: str = ""  # the answer nearest the group's centre, shown to the TA

    @property
    def id(self) -> str:
        return f"{self.question}-{self.number}"


def canonical(text: str) -> str:
    """The form under which two answers count as identical (and a TA decision is reused)."""
    return " ".join(normalize(text).split()) or "(空)"


def group_answers(question: str, answers: dict[str, str], distance: float = DISTANCE) -> list[AnswerGroup]:
    """Group the answers (key -> text) of one question; largest groups first."""
    by_text: dict[str, list[str]] = {}
    for key in sorted(answers):
        by_text.setdefault(canonical(answers[key]), []).append(key)
    texts = sorted(by_text)
    labels = _cluster(texts, distance)
    clusters: dict[int, list[str]] = {}
    for text, label in zip(texts, labels, strict=True):
        clusters.setdefault(label, []).append(text)
    ordered = sorted(clusters.values(), key=lambda group: (-sum(len(by_text[t]) for t in group), group[0]))
    groups = []
    for number, members in enumerate(ordered, 1):
        keys = sorted(key for text in members for key in by_text[text])
        example = max(members, key=lambda text: len(by_text[text]))
        groups.append(AnswerGroup(question, number, keys, answers[by_text[example][0]]))
    return groups


def _cluster(texts: list[str], distance: float) -> list[int]:
    if len(texts) < 2:
        return [0] * len(texts)
    from sklearn.cluster import AgglomerativeClustering  # imported here: grading never needs it
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectors = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)).fit_transform(texts).toarray()
    model = AgglomerativeClustering(
        n_clusters=None, metric="cosine", linkage="average", distance_threshold=distance
    )
    return list(model.fit_predict(vectors))
