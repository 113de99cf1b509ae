"""Speech speed figures: real-time factors of transcription and voice embedding on 2 cores, and transcript
search latency with the incremental FTS5 index at 100k utterances against rebuilding a bm25s index per query.

    .venv/bin/python bench/speech.py [--utterances 100000] [--queries 30]
    .venv/bin/python bench/speech.py --wer CORPUS [--beams 5,1]   (CORPUS: a `vidmem devdata make` folder)

Real-time factor = processing seconds / audio seconds (below 1 is faster than real time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
THREADS = 2

LINES = [
    ("piper:en_US-joe-medium", "Good morning everyone, let's get started with the weekly planning meeting."),
    ("flite:slt", "Hi, I'm Carol. I booked the train tickets to Edinburgh for Friday morning."),
    ("flite:awb", "The hotel costs two hundred pounds per night, and breakfast is included."),
    ("piper:en_US-joe-medium", "Thanks. Can somebody check when the museum opens on Saturday?"),
    ("flite:slt", "The museum opens at nine thirty, and the tickets are cheaper online."),
    ("flite:awb", "I left the spare keys under the green flower pot next to the door."),
]


def speech_audio(repeats: int) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """About `repeats` × 25 s of three synthetic voices, with the span of each line."""
    from vidmem.devdata.speech import voice_from_key

    clips = [(voice_from_key(key).synthesize(text)) for key, text in LINES]
    parts, spans, t = [], [], 0.0
    pause = np.zeros(8000, dtype=np.float32)
    for _ in range(repeats):
        for clip in clips:
            clip = (0.6 * clip / max(float(np.abs(clip).max()), 1e-6)).astype(np.float32)
            parts += [clip, pause]
            spans.append((t, t + clip.size / 16_000))
            t += (clip.size + pause.size) / 16_000
    return np.concatenate(parts), spans


def bench_models(repeats: int) -> None:
    import torch

    from vidmem.ingest.stages.audio import stream_words
    from vidmem.models.voices import ResemblyzerEmbedder
    from vidmem.models.whisper import FasterWhisperTranscriber

    torch.set_num_threads(THREADS)
    audio, spans = speech_audio(repeats)
    seconds = audio.size / 16_000
    transcriber = FasterWhisperTranscriber.lite(cpu_threads=THREADS)
    list(transcriber.transcribe(audio[: 16_000 * 5]))  # warm-up
    chunks = ((i / 16_000, audio[i: i + 16_000 * 30]) for i in range(0, audio.size, 16_000 * 30))
    began = time.perf_counter()
    words = list(stream_words(transcriber, chunks))
    elapsed = time.perf_counter() - began
    print(f"transcription (Whisper base int8, beam 5, VAD, word times, {THREADS} threads): "
          f"{seconds:.0f} s of speech in {elapsed:.1f} s → real-time factor {elapsed / seconds:.3f} "
          f"({len(words)} words)")
    embedder = ResemblyzerEmbedder()
    embedder.embed([audio[: 16_000 * 2]])  # warm-up (librosa's first call compiles)
    clips = [audio[int(a * 16_000): int(b * 16_000)] for a, b in spans]
    began = time.perf_counter()
    embedder.embed(clips)
    elapsed = time.perf_counter() - began
    spoken = sum(b - a for a, b in spans)
    print(f"voice embedding (Resemblyzer, {THREADS} threads): {len(clips)} utterances, {spoken:.0f} s of speech "
          f"in {elapsed:.1f} s → real-time factor {elapsed / spoken:.3f}")


def bench_beams(corpus_dir: Path, beams: list[int], threads: list[int]) -> None:
    """WER against a generated corpus's truth and CPU seconds of transcription, per Whisper beam size and
    thread count (CPU seconds count every thread, spinning ones included)."""
    import json
    import re

    import jiwer

    from vidmem.ingest.stages.audio import stream_words
    from vidmem.media import iter_audio
    from vidmem.models.whisper import CPU_THREADS, FasterWhisperTranscriber

    truth = json.loads((corpus_dir / "truth.json").read_text())
    videos = sorted({u["video"] for u in truth["utterances"]})

    def words(text: str) -> str:
        return " ".join(re.findall(r"[a-z0-9']+", text.lower()))

    reference = " ".join(words(u["text"]) for v in videos for u in truth["utterances"] if u["video"] == v)
    seconds = sum(u["offset"][1] - u["offset"][0] for u in truth["utterances"])
    print(f"{corpus_dir}: {len(videos)} files, {len(truth['utterances'])} lines, {seconds:.0f} s of speech")
    figures: dict[tuple[int, int], float] = {}
    for beam, count in [(b, t) for b in beams for t in threads or [CPU_THREADS]]:
        transcriber = FasterWhisperTranscriber.lite(cpu_threads=count, beam_size=beam)
        list(transcriber.transcribe(np.zeros(16_000, dtype=np.float32)))  # warm-up
        cpu, wall = time.process_time(), time.perf_counter()
        hypothesis = " ".join(words(w.text) for v in videos
                              for w, _ in stream_words(transcriber, iter_audio(corpus_dir / v, 30.0)))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        wer = jiwer.wer(reference, hypothesis)
        figures[(beam, count)] = cpu
        print(f"  beam {beam}, {count} threads: WER {wer:.3f}  CPU {cpu:.1f} s  wall {wall:.1f} s  "
              f"({cpu / seconds:.3f} CPU-s per second of speech)")
    (first, a), (last, b) = next(iter(figures.items())), list(figures.items())[-1]
    if len(figures) > 1:
        print(f"  CPU ratio (beam, threads) {first} / {last}: {a / b:.2f}")


def corpus(n: int, seed: int = 0) -> list[str]:
    """Utterance-like texts: Zipf-distributed words from a 20k vocabulary, 4–20 words each."""
    rng = np.random.default_rng(seed)
    syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "si", "po", "de", "va", "zu", "bre", "sto", "gla", "fen"]
    vocab = list(dict.fromkeys("".join(rng.choice(syllables, size=rng.integers(1, 4))) + str(i % 7)
                                for i in range(20_000)))
    ranks = np.minimum(rng.zipf(1.3, size=n * 20) - 1, len(vocab) - 1)
    out, pos = [], 0
    for length in rng.integers(4, 21, size=n):
        out.append(" ".join(vocab[r] for r in ranks[pos: pos + length]))
        pos += length
    return out


def bench_search(n: int, queries: int) -> None:
    import bm25s

    from vidmem.store import Catalog, NewVideo
    from vidmem.store.speech import SpeechStore, UtteranceRow

    texts = corpus(n)
    rng = np.random.default_rng(1)
    # queries as people type them: 2–3 key words of one utterance, not the corpus's 100 commonest words
    counts: dict[str, int] = {}
    for text in texts:
        for word in text.split():
            counts[word] = counts.get(word, 0) + 1
    common = set(sorted(counts, key=lambda w: -counts[w])[:100])
    query_texts = []
    while len(query_texts) < queries:
        keys = [w for w in texts[int(rng.integers(0, n))].split() if w not in common]
        if len(keys) >= 2:
            query_texts.append(" ".join(keys[:3]))
    with tempfile.TemporaryDirectory() as folder:
        catalog = Catalog(Path(folder) / "catalog.sqlite")
        store = SpeechStore(catalog)
        per_video = 1000
        began = time.perf_counter()
        for v in range(0, n, per_video):
            with catalog.transaction():
                video_id = catalog.insert_video(NewVideo(f"sha{v}", f"/v{v}.wav".encode(), f"v{v}.wav", 1, 3600.0,
                                                         False, True, None, None, None, v * 3600.0, "option"))
                rows = [UtteranceRow(i, v * 3600.0 + i, v * 3600.0 + i + 2, text)
                        for i, text in enumerate(texts[v: v + per_video])]
                store.replace_utterances(video_id, rows)
        insert_s = time.perf_counter() - began
        print(f"FTS5: {n} utterances inserted in {insert_s:.1f} s with the index kept by triggers "
              f"({1000 * insert_s / (n / per_video):.0f} ms per file of {per_video})")
        store.search_text(query_texts[0])  # warm the page cache
        latencies = []
        for query in query_texts:
            began = time.perf_counter()
            hits = store.search_text(query, limit=10)
            latencies.append(time.perf_counter() - began)
            assert hits, query
        fts_ms = 1000 * statistics.median(latencies)
        print(f"FTS5 query of key words (top 10 of {n}): median {fts_ms:.2f} ms, max {1000 * max(latencies):.2f} ms "
              f"over {len(latencies)} queries")
        # worst case: every query word is among the commonest, so most of the index is scored
        ranked = sorted(common, key=lambda w: -counts[w])
        worst = []
        for i in range(5):
            began = time.perf_counter()
            store.search_text(" ".join(ranked[i * 3: i * 3 + 3]), limit=10)
            worst.append(time.perf_counter() - began)
        print(f"FTS5 query of the commonest words (matches most of the index): median "
              f"{1000 * statistics.median(worst):.0f} ms")
        catalog.close()
    rebuild = []
    for query in query_texts[: max(3, queries // 10)]:
        began = time.perf_counter()
        retriever = bm25s.BM25()
        retriever.index(bm25s.tokenize(texts, stopwords=None, show_progress=False), show_progress=False)
        retriever.retrieve(bm25s.tokenize([query], stopwords=None, show_progress=False), k=10, show_progress=False)
        rebuild.append(time.perf_counter() - began)
    rebuild_ms = 1000 * statistics.median(rebuild)
    print(f"bm25s rebuilt per query (index {n} texts + retrieve): median {rebuild_ms:.0f} ms over {len(rebuild)}")
    print(f"ratio: rebuilding per query is {rebuild_ms / fts_ms:,.0f}x slower than the incremental FTS5 index")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--utterances", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=4, help="speech length: repeats × ~25 s")
    parser.add_argument("--skip-models", action="store_true")
    parser.add_argument("--wer", type=Path, default=None, help="a generated corpus: WER and CPU per beam size")
    parser.add_argument("--beams", default="5,1", help="beam sizes compared by --wer")
    parser.add_argument("--threads", default="", help="CTranslate2 thread counts compared by --wer (default: "
                        "the ingest's fixed count)")
    args = parser.parse_args()
    if args.wer:
        bench_beams(args.wer, [int(b) for b in args.beams.split(",")],
                    [int(t) for t in args.threads.split(",") if t])
        return
    print(f"speech bench on {os.cpu_count()} visible cores, models limited to {THREADS} threads", file=sys.stderr)
    if not args.skip_models:
        bench_models(args.repeats)
    bench_search(args.utterances, args.queries)


if __name__ == "__main__":
    main()
