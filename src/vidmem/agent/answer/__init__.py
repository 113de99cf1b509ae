"""Answer synthesis from working memory: justification first, then the answer, with citations.

Two answerers share one output: `LLMAnswerer` (`chat_answerer`: a chat model reads the numbered evidence)
and `EvidenceAnswerer` (`scorer`: no model; options scored against the evidence by terms, speakers, counts
and times). `types` holds what they produce, `evidence` how working memory becomes numbered evidence.
"""

from vidmem.agent.answer.chat_answerer import LLMAnswerer, OpenReply, choice_schema, evidence_check, reply_text
from vidmem.agent.answer.evidence import Citer, number_evidence, picked, target_subtasks
from vidmem.agent.answer.scorer import EvidenceAnswerer, Similarity, minilm_similarity
from vidmem.agent.answer.types import Answer, Citation, Decision, Evidence
from vidmem.agent.options import LETTERS, option_lines, parse_choice

__all__ = ["LETTERS", "Answer", "Citation", "Citer", "Decision", "Evidence", "EvidenceAnswerer", "LLMAnswerer",
           "OpenReply", "Similarity", "choice_schema", "evidence_check", "minilm_similarity", "number_evidence",
           "option_lines", "parse_choice", "picked", "reply_text", "target_subtasks"]
