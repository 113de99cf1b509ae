"""What a question asks for, read by meaning: the nearest example questions (MiniLM) decide the kind;
the question's form ("how many", a leading "when" / "where" / "who") fixes the answer type where it is
unambiguous; the chat model is asked only when neither is sure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.query.examples import EXAMPLES, KINDS
from vidmem.agent.query.types import Modality
from vidmem.agent.state import Intent

Embed = Callable[[list[str]], np.ndarray]  # texts → L2-normalised rows

# the answer type a question's form leaves no doubt about (its first words, or a counting phrase)
_FORMS: list[tuple[re.Pattern[str], Intent]] = [
    # "number of visits to the pier" counts (a plural after it); "the number of the platform" is a what
    (re.compile(r"\bhow (?:many|often)\b|\bcount (?:the|how)\b|\bnumber of (?:separate |different |distinct )?"
                r"(?!the\b|this\b|that\b)\w+s\b"), "how_many"),
    (re.compile(r"^(?:(?:about |around |roughly |approximately )?when\b|"
                r"(?:(?:about |around |roughly |approximately )?at )?(?:about |around |roughly |approximately )?"
                r"what (?:time|hour)\b|"
                r"at what point\b|"
                r"(?:what|which) (?:was|is) the (?:earliest|latest) time\b|"
                r"(?:on )?(?:which|what) (?:day|date|weekday)\b|"
                r"how (?:late|early)\b)"),
     "when"),
    (re.compile(r"^(?:where\b|(?:in |at |to )?(?:which|what) (?:place|room|location|shop|building|spot)s?\b|"
                # "what was the location when …"
                r"(?:what|which) (?:was|is) the (?:place|room|location|spot)\b(?! (?:called|named)\b)|"
                # typed as into a search box: "place where rosa said …"
                r"(?:the )?(?:place|spot|location|room) (?:where|at which|in which)\b)"),
     "where"),
    (re.compile(r"^(?:who|whom|whose)\b|^(?:with|to) whom\b|"
                # "which person", "which of my friends", "which one of the speakers", "which of them said"
                r"^(?:which|what)(?: one)?(?: of)? (?:(?:my|the|our|these|those) )?(?:other )?"
                r"(?:persons?|people|individuals?|friends?|colleagues?|speakers?|voices?|guys?|them|us)\b"), "who"),
    (re.compile(r"^which\b.*\b(?:first|earliest|last|latest|most recently|earlier|later)\b"), "order"),
    # typed as into a search box: "object in view, last visit to the temple"
    (re.compile(r"^(?:the )?(?:objects?|things?|items?)\b(?! (?:did|do|does|was|were)\b)"), "what"),
    (re.compile(r"^(?:did|was|were|is|are|have|has|do|does)\b"), "yes_no"),
]
_LEAD_IN = re.compile(r"^(?:(?:hey|hi|yo|so|ok(?:ay)?|well|quick (?:one|question|q))\b\s*[,:!—-]?\s*)*"
                      # "Out of these, kindly tell me which …": the list the question ends with is what is chosen from
                      r"(?:(?:out of|among(?:st)?|from|of) (?:these|those|the following|them)(?: (?:people|persons|"
                      r"places|things|objects|items|ones|options|words))?\s*,\s*(?=\w))?"
                      # where the answer is to be looked for: "Going back over the footage, …", "In the recordings: …"
                      r"(?:(?:(?:going|looking|searching) (?:back )?(?:over|through|at|by)|going by|judging by|"
                      r"according to|based on|from|in|on) "
                      r"(?:the|my|this|that|these) (?:footage|recordings?|videos?|tapes?|clips?)(?: from\b)?"
                      r"\s*[,:]?\s*)?"
                      r"(?:(?:do|can|could|would|might|will) you (?:please |kindly )?(?:remember|tell me|recall|"
                      r"remind me(?: of)?|help me (?:remember|recall)|find(?: out)?|check|look up|work out|"
                      r"figure out|say|confirm|verify|pull up|establish|determine)|"
                      r"(?:would|could) you be so kind,? as to (?:tell|remind) me|"
                      r"(?:do )?(?:you )?reckon (?:you )?(?:can|could) (?:tell me|say)|"
                      r"i(?: (?:wonder|was wondering)|'m wondering| am wondering)(?: if| whether) (?:you|anyone) "
                      r"(?:could|would|can|might|may|will)? ?(?:happen to )?(?:tell me|remind me|know|recall|remember|"
                      r"say)|"
                      r"could i trouble you to (?:tell|remind) me|"
                      r"(?:is|would) it (?:be )?possible (?:for you )?to (?:tell|remind) me|"
                      r"i(?:'d| would| should) be (?:(?:ever so|so|very|really|most|truly|awfully|extremely) )?"
                      r"(?:grateful|glad|obliged|thankful|happy) (?:to know|to learn|if you (?:could|would|can) "
                      r"(?:tell|remind) me)|i was wondering|i(?:'d| would) love to know|"
                      # an imperative that only asks: "Look up what Rosa said …" (not "Find the moment …")
                      r"(?:look up|find out|check|work out|figure out|search for|show me|establish|determine|ascertain|"
                      r"confirm|verify|clarify)"
                      r"(?=\s+(?:who|whom|whose|what|which|where|when|how)\b)|"
                      r"(?:kindly )?tell me(?: one thing)?|remind me(?: of)?|"
                      r"help me (?:remember|recall|find(?: out)?|work out|figure out)|"
                      r"(?:i )?need(?: to know)?(?=\s+(?:who|whom|whose|what|which|where|when|how)\b)|"
                      r"i(?:'m| am) (?:trying to|keen to|wondering|not sure)(?: (?:remember|recall|work out|figure out|"
                      r"find out|know))?|i need to (?:know|remember|find out)|"
                      r"i (?:wonder|forgot)|i (?:can't|cannot|can not|don't|do not) (?:remember|recall)|any idea|"
                      r"please|kindly|"
                      # "do you know who …" asks who (not whether you know); "do you know Rosa?" is kept
                      r"(?:(?:do|does|would) (?:you|anyone)(?: happen to)?|(?:you|anyone)) know"
                      r"(?=\s*,?\s*(?:(?:in|at|on|to|from) )?(?:who|whom|whose|what|which|where|when|how)\b)|"
                      r"(?:i|we)(?:'d| would)? (?:like|want) to know)?\s*,?\s*", re.I)
# a setting set off by a comma before the question proper: "At the pharmacy, where did Kofi say …", "Around
# 2:05 pm, which day …", "Yesterday afternoon, what …" (a phrase without a question word or a verb of its own;
# "When I was at …, what …" is an anchor clause, read by the question reader)
_SETTING = re.compile(r"^(?:(?:at|in|on|around|about|near|during|inside|outside|by|from|over|according to)\s"
                      r"[^,?]{1,60}?|"
                      r"(?:yesterday|today|tonight|earlier|this|last)\b[^,?]{0,40}?),\s*(?=\w)", re.I)
_WH = re.compile(r"\b(?:who|whom|whose|what|which|where|when|how)\b", re.I)


def strip_lead_in(text: str) -> str:
    """The question without a lead-in that only asks for it ("Remind me, …", "Can you tell me …"): its verbs and
    "me" are not part of what is asked ("remind" is no speech verb of the question, "me" no person in it)."""
    return _LEAD_IN.sub("", text.strip())


def strip_lead(text: str) -> str:
    """The question without what only leads into it: "remind me", "can you tell me", a setting before a comma
    ("At the pharmacy, where did Kofi say …" → "where did Kofi say …"). A setting is dropped only when the rest
    is itself a question (starts with a question word)."""
    out = _LEAD_IN.sub("", text.strip())
    setting = _SETTING.match(out)
    if setting is not None and not _WH.search(setting[0]) and _WH.match(out[setting.end():]):
        out = out[setting.end():]
    return _LEAD_IN.sub("", out)


@dataclass(frozen=True)
class IntentReading:
    kind: str  # a key of KINDS
    intent: Intent
    modalities: tuple[Modality, ...]
    confidence: float  # margin of the best kind over the next, in cosine
    source: str  # rules | examples | llm
    sure: bool
    scores: dict[str, float] = field(default_factory=dict)


_WHAT_THING = re.compile(r"^(?:what|which)\b(?! (?:person|people|individual|friend|place|room|location|time|day)s?\b)")


def ruled_out(text: str) -> set[Intent]:
    """Answer types the wording excludes: "what …" / "which …" asks for a thing, words or an order — not
    for a person, place or time (those have their own forms: "which person", "what place", "what time")."""
    low = strip_lead(text).lower()
    return {"who", "where", "when"} if _WHAT_THING.search(low) else set()


def question_form(text: str) -> Intent | None:
    """The answer type the question's wording fixes, or None ("what …" can be many things)."""
    low = strip_lead(text).lower()
    for pattern, intent in _FORMS:
        if pattern.search(low):
            return intent
    return None


class IntentReader:
    """Nearest example questions per kind, in the text embedder's space (MiniLM in lite)."""

    def __init__(self, embed: Embed, config: AgentConfig = DEFAULT, top: int = 2,
                 shape: Callable[[str], str] | None = None, bank: Embed | None = None) -> None:
        """`shape` rewrites a question before embedding (both the bank's and the asked ones): keeping its form
        and function words and masking its topic, so neighbours are found by what is asked, not about what.
        `bank` turns the example questions into their shaped vectors (default: shape, then `embed`; a cached
        one spares a new process the work)."""
        self.embed = embed
        self.config = config
        self.top = top
        self.shape = shape or (lambda text: text)
        kinds, texts = zip(*((k, t) for k, ts in EXAMPLES.items() for t in ts), strict=True)
        self.kinds = np.array(kinds)
        self.bank = bank(list(texts)) if bank else embed([self.shape(t) for t in texts])

    def scores(self, text: str) -> dict[str, float]:
        sims = self.bank @ self.embed([self.shape(text)])[0]
        out = {}
        for kind in KINDS:
            mine = np.sort(sims[self.kinds == kind])[::-1][: self.top]
            out[kind] = float(mine.mean()) if len(mine) else -1.0
        return out

    def read(self, text: str, form: Intent | None = None, cues: dict[str, float] | None = None,
             excluded: set[Intent] | None = None) -> IntentReading:
        """`form` (from `question_form`) narrows the kinds to those of that answer type; `cues` add what the
        question's words say outright (a speech verb, a written thing) to the neighbours' scores."""
        scores = self.scores(strip_lead(text))
        for kind, bonus in (cues or {}).items():
            scores[kind] = scores.get(kind, 0.0) + bonus
        excluded = (ruled_out(text) | (excluded or set())) if form is None else set()
        allowed = [k for k in KINDS if (form is None or KINDS[k][0] == form) and KINDS[k][0] not in excluded] \
            or list(KINDS)
        ranked = sorted(allowed, key=lambda k: -scores[k])
        best = ranked[0]
        margin = scores[best] - scores[ranked[1]] if len(ranked) > 1 else 1.0
        intent, modalities = KINDS[best]
        if form is not None and intent != form:
            intent = form
        # the question's form fixes the answer type; the examples then only pick which evidence it points at
        sure = form is not None or margin >= self.config.intent_margin
        return IntentReading(best, intent, modalities, round(margin, 4), "rules" if form else "examples", sure,
                             {k: round(v, 4) for k, v in scores.items()})


@lru_cache(maxsize=1)
def shared_intent_reader() -> IntentReader:
    from vidmem.agent.query.reader import question_shape
    from vidmem.models.embedding_cache import cached_rows, source_id
    from vidmem.models.language import nlp_id
    from vidmem.models.minilm_numpy import query_text_embedder
    from vidmem.models.text_embedding import minilm_id

    embedder = query_text_embedder()  # a question's few texts need no torch

    def embed(texts: list[str]) -> np.ndarray:
        return np.asarray(embedder.embed(texts), dtype=np.float32)

    def shaped(texts: list[str]) -> np.ndarray:
        return embed([question_shape(t) for t in texts])

    # the bank's vectors depend on the examples, both models and the shaping code: all are in the key
    key = "|".join([minilm_id(), nlp_id(), source_id(question_shape)])
    return IntentReader(embed, shape=question_shape, bank=lambda texts: cached_rows(key, texts, shaped))


def kinds_of(intent: Intent) -> Sequence[str]:
    return [k for k, (i, _) in KINDS.items() if i == intent]
