"""Answer synthesis from working memory: justification first, then the answer, with citations.

Two answerers share one output: `LLMAnswerer` (`chat_answerer`: a chat model reads the numbered evidence)
and `EvidenceAnswerer` (`scorer`: no model; options scored against the evidence by terms, speakers, counts
and times). `types` holds what they produce, `evidence` how working memory becomes numbered evidence.
"""

from vidmem.agent.answer.chat_answerer import LLMAnswerer, choice_schema, evidence_check, margin, open_schema
from vidmem.agent.answer.evidence import Citer, number_evidence, picked, target_subtasks
from vidmem.agent.answer.scorer import EvidenceAnswerer, Similarity, minilm_similarity
from vidmem.agent.answer.types import Answer, Citation, Decision, Evidence
from vidmem.agent.options import LETTERS, option_lines, parse_choice

__all__ = ["LETTERS", "Answer", "Citation", "Citer", "Decision", "Evidence", "EvidenceAnswerer", "LLMAnswerer",
           "Similarity", "choice_schema", "evidence_check", "margin", "minilm_similarity", "number_evidence",
           "open_schema", "option_lines", "parse_choice", "picked", "target_subtasks"]
