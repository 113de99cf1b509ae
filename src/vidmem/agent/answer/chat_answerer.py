"""The chat answerer: a chat model reads the numbered evidence (and the evidence scorer's per-option check)
and writes the justification first, then the answer."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, Field, create_model

from vidmem.agent.analyzer import speaker_name
from vidmem.agent.answer.evidence import Citer
from vidmem.agent.answer.scorer import EvidenceAnswerer
from vidmem.agent.answer.types import Decision, Evidence
from vidmem.agent.config import DEFAULT
from vidmem.agent.options import LETTERS, option_body, option_lines, parse_choice
from vidmem.agent.query.types import Query
from vidmem.agent.state import Plan
from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.retrieval.types import Hit

_UNKNOWN = re.compile(r"\b(unknown|cannot (?:be )?(?:determine|tell|answer)|not enough (?:evidence|information)|"
                      r"no evidence|does not (?:say|show|support))\b", re.I)


ANSWER_SYSTEM = """You answer questions about a person's recorded video memory, using ONLY the numbered
evidence (times, transcripts, frame descriptions, graph relations). "near:" in a frame lists what was held
or close to the camera. First write the justification: one or two sentences that cite evidence numbers
like [2]. Then the answer: {final}"""
FINAL_OPEN = "a short answer, or UNKNOWN when the evidence does not support one."
FINAL_MC = ("one of the options, copied exactly (always choose one). An automatic check of the options "
            "against the evidence is given: it is usually right about which option the evidence supports; "
            "overrule it only when the evidence clearly shows otherwise, and say why.")
MAX_EVIDENCE_LINES = DEFAULT.max_evidence_lines
JUSTIFICATION_CHARS = DEFAULT.justification_chars


def choice_schema(options: Sequence[str]) -> type[BaseModel]:
    """Justification before answer (the schema makes the model reason first; a grammar enforces it), and
    the answer one of the option lines themselves: a small model maps its reasoning to the wrong letter
    far more often than to the wrong line."""
    lines = tuple(option_lines(options))
    return create_model("ChoiceReply", justification=(str, Field(max_length=JUSTIFICATION_CHARS)),
                        answer=(Literal[lines], ...))  # type: ignore[valid-type]


class OpenReply(BaseModel):
    justification: str = Field(max_length=JUSTIFICATION_CHARS)
    answer: str = Field(max_length=200)


def reply_text(data: BaseModel | None, text: str) -> str:
    """A schema reply as the text `read` parses; a model that ignored the schema keeps its own text."""
    if isinstance(data, OpenReply):
        return f"{data.justification.strip()}\nAnswer: {data.answer.strip()}"
    if data is not None and hasattr(data, "justification") and hasattr(data, "answer"):
        letter = str(data.answer).split(".", 1)[0].strip()
        return f"{str(data.justification).strip()}\nThe answer is ({letter})."
    return text


def evidence_check(decision: Decision, options: Sequence[str]) -> str:
    """The evidence scorer's reading, in words the model can weigh (it may disagree, with a reason)."""
    if not options:
        if decision.abstained:
            return "Automatic check: no evidence clearly answers the question."
        refs = " ".join(f"[{e.number}]" for e in decision.cited)
        return f"Automatic check: the best-matching evidence reads {decision.text!r} {refs}".rstrip()
    lines = ["Automatic check of each option against the evidence (0 = no support, higher = more):"]
    for i, line in enumerate(option_lines(options)):
        score = decision.option_scores[i] if i < len(decision.option_scores) else 0.0
        support = decision.option_support[i] if i < len(decision.option_support) else []
        refs = " ".join(f"[{e.number}]" for e in sorted(support, key=lambda e: -e.relevance)[:3])
        lines.append(f"{line}: {score:.2f}" + (f" from {refs}" if refs else ""))
    if decision.choice is not None and decision.option_scores and max(decision.option_scores) > 0:
        lines.append(f"The check favours {option_lines(options)[LETTERS.index(decision.choice)]}.")
    return "\n".join(lines)


class LLMAnswerer:
    """The chat model reads the numbered evidence and, with `hints`, the evidence scorer's per-option check
    (a small model weighs a stated check far better than it matches labels to options itself); it writes
    the justification first, then the answer."""

    def __init__(self, chat: ChatModel, *, max_tokens: int = 200,
                 images: Callable[[Hit], bytes | None] | None = None, max_images: int = 4,
                 fallback: EvidenceAnswerer | None = None, hints: bool = True) -> None:
        self.chat = chat
        self.max_tokens = max_tokens
        self.images = images
        self.max_images = max_images
        self.fallback = fallback or EvidenceAnswerer()
        self.hints = hints

    def _line(self, ev: Evidence, citer: Citer) -> str:
        line = citer.line(ev)
        if ev.hit.modality == "audio" and not speaker_name(ev.hit):
            voices = self.fallback.voices(ev.hit)
            if voices:  # unnamed voice: say who it may be, with how sure
                line += " (voice may be " + ", ".join(f"{n} {w:.0%}" for n, w in sorted(
                    voices.items(), key=lambda kv: -kv[1])) + ")"
        return line

    def prompt(self, query: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer) -> tuple[list[ChatMessage], Decision | None]:
        checked = self.fallback.decide(query, options, plan, evidence) if self.hints else None
        shown = list(evidence)
        if len(shown) > MAX_EVIDENCE_LINES:  # what the check leaned on first, then the most relevant
            leaned = {e.number for e in (checked.cited if checked else [])}
            leaned |= {e.number for support in (checked.option_support if checked else []) for e in support[:2]}
            ranked = sorted(shown, key=lambda e: (e.number not in leaned, -e.relevance))
            shown = sorted(ranked[:MAX_EVIDENCE_LINES], key=lambda e: e.number)
        lines = "\n".join(self._line(e, citer) for e in shown) or "(no evidence found)"
        user = f"Evidence:\n{lines}\n\nQuestion: {query.text}"
        if options:
            user += "\nOptions:\n" + "\n".join(option_lines(options))
        if checked is not None:
            user += "\n\n" + evidence_check(checked, options)
        frames: tuple[bytes, ...] = ()
        if self.images is not None:
            picked = [self.images(e.hit) for e in shown if e.hit.thumbnail][: self.max_images]
            frames = tuple(b for b in picked if b)
        messages = [ChatMessage("system", ANSWER_SYSTEM.format(final=FINAL_MC if options else FINAL_OPEN)),
                    ChatMessage("user", user, frames)]
        return messages, checked

    def decide(self, query: Query, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence],
               citer: Citer) -> Decision:
        messages, checked = self.prompt(query, options, plan, evidence, citer)
        tokens = (0, 0)
        try:
            result = self.chat.chat(messages, schema=choice_schema(options) if options else OpenReply,
                                    max_tokens=self.max_tokens)
            reply = reply_text(result.data, result.text).strip()
            tokens = (result.usage.prompt_tokens, result.usage.completion_tokens)
        except ChatError as exc:  # no valid reply even after the re-prompt: read() falls back, saying so
            reply = f"(no valid reply: {exc})"
        decision = self.read(reply, options, plan, evidence, citer, query, checked)
        decision.tokens_in, decision.tokens_out = tokens
        return decision

    def read(self, reply: str, options: Sequence[str], plan: Plan, evidence: Sequence[Evidence], citer: Citer,
             query: Query | None = None, checked: Decision | None = None) -> Decision:
        by_number = {e.number: e for e in evidence}
        cited = [by_number[int(n)] for n in dict.fromkeys(re.findall(r"\[(\d+)\]", reply)) if int(n) in by_number]
        final = re.search(r"(?:^|\n)\s*(?:final\s+)?answer\s*:\s*(.+)\s*$", reply, re.I)
        if options and final is None:  # "… [1].\nThe answer is (C)." ends the justification too
            final = re.search(r"(?:^|\n)\s*the answer is\b[^\n]*$", reply, re.I)
        justification = reply[: final.start()].strip() if final else reply
        if options:
            choice = parse_choice(reply, options)
            if choice is None:  # an unreadable reply still has to pick: the evidence check does, and says so
                decided = checked or self.fallback.decide(query or Query(text=""), options, plan, evidence)
                decided.justification = f"(model reply unreadable) {decided.justification}"
                return decided
            body = option_body(options[LETTERS.index(choice)]) if LETTERS.index(choice) < len(options) else ""
            agrees = checked is not None and checked.choice == choice
            conf = max(checked.confidence, 0.5) if agrees and checked else (0.7 if cited else 0.5)
            if checked is not None and not agrees:
                conf = min(conf, 0.5)  # the model overruled the evidence check: less sure
            return Decision(f"The answer is ({choice}). {body}".strip(), choice, round(conf, 3),
                            cited[:3] or list(evidence[:1]), justification)
        text = final[1].strip() if final else reply.splitlines()[-1].strip() if reply else ""
        if not evidence or not text or _UNKNOWN.search(text):
            return Decision("The evidence does not support an answer.", None, 0.0, cited[:3],
                            justification or "No supporting evidence.", abstained=True)
        return Decision(text, None, 0.7 if cited else 0.4, cited[:3] or list(evidence[:1]), justification)
