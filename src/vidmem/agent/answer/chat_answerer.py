"""The chat answerer: the evidence scorer answers when it is sure; when it is not, a chat model reads the
compacted, numbered evidence (with the scorer's per-option support) and picks the answer and the lines that
show it.

Its justification is built from the lines it picked, quoted as the evidence writes them: it cites only lines
the model was given and names speakers exactly as the transcript does (a small model asked to explain in
its own words mixes up who said what). The model writes only line numbers and the answer, a few tokens.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, create_model

from vidmem.agent.answer.evidence import Citer
from vidmem.agent.answer.scorer import EvidenceAnswerer
from vidmem.agent.answer.types import Decision, Evidence
from vidmem.agent.config import DEFAULT, AgentConfig
from vidmem.agent.options import LETTERS, option_body, option_lines
from vidmem.agent.query.types import Query
from vidmem.agent.state import Plan
from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.retrieval.types import Hit

_UNKNOWN = re.compile(r"\b(unknown|cannot (?:be )?(?:determine|tell|answer)|not enough (?:evidence|information)|"
                      r"no evidence|does not (?:say|show|support))\b", re.I)

# One fixed system prompt for every question (the options and the reply's form go in the user message):
# llama.cpp keeps the state it computed for a prompt's start, so this part is computed once per process.
ANSWER_SYSTEM = """You answer questions about a person's recorded video from numbered evidence lines: \
what was said (with the speaker as transcribed), what was seen in frames ("near:" lists what was held or \
close to the camera) and relations found in the video. Use only the evidence. Reply with the numbers of the \
lines that support the answer, then the answer."""
FINAL_MC = "Answer with one of the options, copied exactly."
FINAL_OPEN = "Answer in a few words, or UNKNOWN when the evidence does not say."
_SAID = {"audio": "said", "visual": "seen", "graph": "relation", "segment": "scene"}
MAX_EVIDENCE_LINES = DEFAULT.max_evidence_lines
JUSTIFICATION_CHARS = DEFAULT.justification_chars


def _lines_field(numbers: Sequence[int]) -> dict[str, Any]:
    """The reply's cited line numbers: only numbers of lines shown, one or two of them."""
    if not numbers:
        return {}
    return {"lines": (list[Literal[tuple(numbers)]],  # type: ignore[misc, valid-type]
                      Field(min_length=1, max_length=DEFAULT.chat_cited_lines))}


class _ChoiceForm(BaseModel):
    # the reply's form in a few tokens, the same for every question, so it extends the fixed prompt start
    # (the options and line numbers are in the user message; the grammar allows only those)
    REPLY_FORM: ClassVar[str] = '{"lines": [the numbers of one or two lines that show the answer], ' \
                                '"answer": "the option line, copied exactly"}'


class _OpenForm(BaseModel):
    REPLY_FORM: ClassVar[str] = '{"lines": [the numbers of one or two lines that show the answer], ' \
                                '"answer": "a few words, or UNKNOWN"}'


def choice_schema(options: Sequence[str], numbers: Sequence[int] = ()) -> type[BaseModel]:
    """The lines first (choosing what supports an answer is the model's reasoning; a grammar keeps the order
    and allows only the numbers shown), then the answer as one of the option lines themselves: a small model
    maps its reasoning to the wrong letter far more often than to the wrong line."""
    lines = tuple(option_lines(options))
    return create_model("ChoiceReply", __base__=_ChoiceForm, **_lines_field(numbers),
                        answer=(Literal[lines], ...))  # type: ignore[valid-type]


def open_schema(numbers: Sequence[int] = ()) -> type[BaseModel]:
    return create_model("OpenReply", __base__=_OpenForm, **_lines_field(numbers),
                        answer=(str, Field(max_length=DEFAULT.chat_open_answer_chars)))


def margin(decision: Decision) -> float:
    """How far the scorer's best option leads the next (0 when nothing supports any option)."""
    ordered = sorted(decision.option_scores, reverse=True)
    if not ordered or ordered[0] <= 0:
        return 0.0
    return ordered[0] - (ordered[1] if len(ordered) > 1 else 0.0)


def evidence_check(decision: Decision, options: Sequence[str]) -> str:
    """The evidence scorer's reading in a line the model can weigh: each option's support and its lines."""
    if not options:
        if decision.abstained:
            return "Word matching found no line that answers the question."
        refs = " ".join(f"[{e.number}]" for e in decision.cited)
        return f"Word matching points to {refs}.".strip()
    parts = []
    for i, letter in enumerate(LETTERS[:len(options)]):
        score = decision.option_scores[i] if i < len(decision.option_scores) else 0.0
        support = decision.option_support[i] if i < len(decision.option_support) else []
        refs = " ".join(f"[{e.number}]" for e in sorted(support, key=lambda e: -e.relevance)[:2])
        parts.append(f"{letter} {score:.2f}" + (f" from {refs}" if refs else ""))
    return "Support found by word matching: " + ", ".join(parts) + "."


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text))


_PIECES = re.compile(r"\d|[^\W\d_]+|[^\w\s]")


def approx_tokens(text: str) -> int:
    """About how many tokens a chat model's tokenizer makes of `text`: a word, a digit or a punctuation mark
    each (Qwen's tokenizer splits numbers into digits; the evidence lines' clock times are most of their
    tokens). On two dev prompts' evidence it counted 276 and 290 where Qwen's tokenizer made 306 and 319;
    4 characters a token said 174 and 181."""
    return len(_PIECES.findall(text))


REPLY_SLACK = 1.25  # approx_tokens undercounts Qwen's tokens by about a tenth; a cut reply costs a re-prompt


def reply_tokens(options: Sequence[str], cap: int) -> int:
    """The tokens a valid multiple-choice reply needs at most (two line numbers and the longest option line,
    in the grammar's JSON), within `cap`: a generation bound no longer than the reply itself."""
    longest = max(option_lines(options), key=approx_tokens)
    reply = '{"lines": [999, 999], "answer": "' + longest + '"}'
    return min(cap, int(approx_tokens(reply) * REPLY_SLACK) + 4)


class LLMAnswerer:
    """Multiple choice: the scorer's answer when its best option leads by `config.chat_margin` or more (no
    model call), else the model's. Open questions: the model, unless the scorer found nothing relevant.
    `Decision.decided_by` (and the trace) says which answered."""

    def __init__(self, chat: ChatModel, *, max_tokens: int | None = None,
                 images: Callable[[Hit], bytes | None] | None = None, max_images: int = 4,
                 fallback: EvidenceAnswerer | None = None, hints: bool = True,
                 config: AgentConfig = DEFAULT) -> None:
        self.chat = chat
        self.config = config
        self.max_tokens = max_tokens or config.chat_max_tokens
        self.images = images
        self.max_images = max_images
        self.fallback = fallback or EvidenceAnswerer()
        self.hints = hints

    # -- the prompt ----------------------------------------------------------------------------

    def _line(self, ev: Evidence, citer: Citer) -> str:
        hit = ev.hit
        when = f"day {citer.clock.day(hit.t0)} {citer.clock.clock(hit.t0)}"
        text = " ".join(hit.text.split())[: self.config.chat_line_chars]
        if hit.modality == "audio":
            who = hit.speaker or "someone"
            line = f"[{ev.number}] {when} {who} said: \"{text}\""
            # who it may be, leaving out a name the label already says ("Rosa? (Speaker 3, …)")
            voices = {n: w for n, w in self.fallback.voices(hit).items() if n not in _words(who)}
            if voices:  # a voice not named for sure: who it may be, and how likely
                line += " (voice may be " + ", ".join(f"{n} {w:.0%}" for n, w in sorted(
                    voices.items(), key=lambda kv: -kv[1])[:2]) + ")"
            return line
        return f"[{ev.number}] {when} {_SAID.get(hit.modality, hit.modality)}: {text}"

    def shown(self, evidence: Sequence[Evidence], checked: Decision | None, citer: Citer) -> list[Evidence]:
        """The evidence the model reads: repeated lines once, what the scorer leaned on first, then the most
        relevant, within `config.chat_evidence_tokens` (counted by `approx_tokens`)."""
        leaned: set[int] = set()
        if checked is not None:
            leaned = {e.number for e in checked.cited}
            leaned |= {e.number for support in checked.option_support for e in
                       sorted(support, key=lambda e: -e.relevance)[:2]}
        ranked = sorted(evidence, key=lambda e: (e.number not in leaned, -e.relevance, e.number))
        seen: set[tuple[str, str, str]] = set()
        out: list[Evidence] = []
        budget = self.config.chat_evidence_tokens
        for ev in ranked:
            key = (ev.hit.modality, ev.hit.speaker or "", _norm(ev.hit.text))
            if key in seen:
                continue
            cost = approx_tokens(self._line(ev, citer)) + 1
            if out and (cost > budget or len(out) >= MAX_EVIDENCE_LINES):
                continue
            seen.add(key)
            out.append(ev)
            budget -= cost
        return sorted(out, key=lambda e: e.number)

    def prompt(self, question: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer, checked: Decision | None = None) -> tuple[list[ChatMessage], list[Evidence]]:
        if checked is None and self.hints:
            checked = self.fallback.decide(question, options, plan, evidence)
        shown = self.shown(evidence, checked, citer)
        lines = "\n".join(self._line(e, citer) for e in shown) or "(no evidence found)"
        # the question as asked; the scorer reads the typed query
        user = f"Evidence:\n{lines}\n\nQuestion: {question.text}"
        if options:
            user += "\nOptions:\n" + "\n".join(option_lines(options))
        if checked is not None and self.hints:
            user += "\n" + evidence_check(checked, options)
        user += "\n" + (FINAL_MC if options else FINAL_OPEN)
        frames: tuple[bytes, ...] = ()
        if self.images is not None:
            picked = [self.images(e.hit) for e in shown if e.hit.thumbnail][: self.max_images]
            frames = tuple(b for b in picked if b)
        return [ChatMessage("system", ANSWER_SYSTEM), ChatMessage("user", user, frames)], shown

    # -- deciding ------------------------------------------------------------------------------

    def decide(self, question: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer) -> Decision:
        checked = self.fallback.decide(question, options, plan, evidence)
        lead = margin(checked)
        if options and lead >= self.config.chat_margin:
            checked.decided_by = "scorer"
            checked.justification += f" (evidence scorer: its best option leads by {lead:.2f}; no model call)"
            return checked
        if not options and checked.abstained:
            checked.decided_by = "scorer"
            return checked  # nothing relevant was found: the model would only guess
        messages, shown = self.prompt(question, options, plan, evidence, citer, checked)
        numbers = [e.number for e in shown]
        schema = choice_schema(options, numbers) if options else open_schema(numbers)
        try:
            bound = reply_tokens(options, self.max_tokens) if options else self.max_tokens
            result = self.chat.chat(messages, schema=schema, max_tokens=bound)
        except ChatError as exc:  # no valid reply even after the re-prompt: the scorer answers, saying so
            checked.decided_by = "scorer"
            checked.justification = f"(no valid model reply: {exc}) {checked.justification}"
            return checked
        decision = self.read(result.data, options, shown, citer, checked)
        decision.tokens_in, decision.tokens_out = result.usage.prompt_tokens, result.usage.completion_tokens
        return decision

    def read(self, data: BaseModel | None, options: Sequence[str], shown: Sequence[Evidence], citer: Citer,
             checked: Decision) -> Decision:
        """The model's reply as a Decision; the justification quotes the lines it picked."""
        by_number = {e.number: e for e in shown}
        numbers = list(getattr(data, "lines", []) or [])
        cited = [by_number[n] for n in dict.fromkeys(numbers) if n in by_number]
        answer = str(getattr(data, "answer", "") or "").strip()
        if options:
            lines = option_lines(options)
            if answer not in lines:  # cannot happen with a schema-checked reply; the scorer answers if it does
                checked.decided_by = "scorer"
                checked.justification = f"(model reply unreadable) {checked.justification}"
                return checked
            index = lines.index(answer)
            choice = LETTERS[index]
            agrees = checked.choice == choice
            conf = max(checked.confidence, 0.5) if agrees else 0.5  # overruling the scorer: less sure
            return Decision(f"The answer is ({choice}). {option_body(options[index])}".strip(), choice,
                            round(conf, 3), cited or checked.cited, self.justify(cited, citer, f"option {choice}"),
                            option_scores=checked.option_scores, option_support=checked.option_support,
                            decided_by="model", scorer_choice=checked.choice)
        if not shown or not answer or _UNKNOWN.search(answer):
            return Decision("The evidence does not support an answer.", None, 0.0, cited,
                            self.justify(cited, citer, "no answer") if cited else "No supporting evidence.",
                            abstained=True, decided_by="model")
        return Decision(answer, None, 0.7 if cited else 0.4, cited or list(shown[:1]),
                        self.justify(cited, citer, "the answer"), decided_by="model")

    def justify(self, cited: Sequence[Evidence], citer: Citer, what: str) -> str:
        """One sentence quoting the cited lines as the evidence writes them (speaker labels included)."""
        if not cited:
            return f"The model chose {what} without citing a line."
        quotes = []
        for ev in cited[: self.config.chat_cited_lines]:
            hit = ev.hit
            when = f"day {citer.clock.day(hit.t0)} {citer.clock.clock(hit.t0)}"
            text = " ".join(hit.text.split())
            if len(text) > self.config.chat_quote_chars:
                text = text[: self.config.chat_quote_chars - 1].rstrip() + "…"
            if hit.modality == "audio":
                quotes.append(f"[{ev.number}] {hit.speaker or 'someone'} at {when}: “{text}”")
            else:
                quotes.append(f"[{ev.number}] {_SAID.get(hit.modality, hit.modality)} at {when}: {text}")
        return f"{' and '.join(quotes)} supports {what}."[:JUSTIFICATION_CHARS]
