"""The analyzer's ordering of an anchor's transcript lines: a quoted passage cut into two lines is found
whole, though its first sentence alone was said by others too. Names and lines made up for these tests."""

from __future__ import annotations

from vidmem.agent.analyzer import hit_terms, whole_quote_first
from vidmem.agent.state import MemoryEntry
from vidmem.retrieval.types import Hit

T0 = 1_800_000_000.0


def line(t: float, text: str, video: int = 1) -> Hit:
    return Hit("audio", video, T0 + t, T0 + t + 1.5, 1.0, text)


def entry(hits: list[Hit]) -> MemoryEntry:
    return MemoryEntry(0, "audio_search", hits, [(h.t0, h.t1) for h in hits], [str(i) for i in range(len(hits))],
                       [0.9 - 0.1 * i for i in range(len(hits))])


def test_the_passage_said_back_to_back_wins_over_its_first_sentence_alone() -> None:
    hits = [line(10, "Ines, may I join you?"), line(400, "Ines, may I join you?"),
            line(402, "I will wait by the fountain."), line(900, "Ines, may I join you?", video=2)]
    out = whole_quote_first(entry(hits), "ines may join fountain wait")
    # the passage carries every searched word: its lines' relevance is that share, so "the best" is the passage
    assert out.evidence[0].t0 == T0 + 400 and out.relevance[0] == 1.0 and out.sources[0] == "1"
    assert out.relevance[1] == 1.0 and out.evidence[1].t0 == T0 + 402
    assert sorted(h.t0 for h in out.evidence) == sorted(h.t0 for h in hits)  # nothing dropped


def test_lines_far_apart_or_in_other_files_are_not_one_passage() -> None:
    hits = [line(10, "Ines, may I join you?"), line(30, "I will wait by the fountain."),
            line(500, "I will wait by the fountain.", video=2)]
    out = whole_quote_first(entry(hits), "ines may join fountain wait")
    assert out.evidence[0].t0 == T0 + 10  # no moment carries more of the words than the best line alone


def test_place_visits_are_kept_as_the_tool_scored_them() -> None:
    from vidmem.agent.analyzer import gate

    visits = [Hit("place", 1, T0 + 100 * i, T0 + 100 * i + 60, 1.0 if i < 15 else 0.3, f"at P{i}")
              for i in range(20)]
    entry, rejected = gate(0, "place_search", {"query": "*"}, visits, None)
    assert len(entry.evidence) == 20 and not rejected  # every visit, for "where do I usually …"
    assert entry.relevance[0] > entry.relevance[-1] >= 0.3


def test_the_quote_is_the_line_that_spells_it_closest() -> None:
    # the same sentence said to two people; the transcript misheard the asked one's name ("Ondrej" → "Ondrey")
    hits = [line(10, "Hey Maren, did you lock the shed?"), line(300, "Hey Ondrey, did you lock the shed?")]
    words = "hey ondrej lock shed"
    assert whole_quote_first(entry(hits), words).evidence[0].t0 == T0 + 10  # the words alone tie
    out = whole_quote_first(entry(hits), words, quote="Hey Ondrej, did you lock the shed?")
    assert out.evidence[0].t0 == T0 + 300


def test_a_quote_cut_in_two_lines_starts_where_it_is_spelled() -> None:
    hits = [line(10, "Can I come along?"), line(200, "Sure."), line(202, "Can I come along?"),
            line(204, "I will wait at the mill first.")]
    out = whole_quote_first(entry(hits), "come along wait mill",
                            quote="Can I come along? I will wait at the mill first.")
    assert out.evidence[0].t0 == T0 + 202  # not the reply before it, nor the first sentence said alone


def test_a_price_written_in_digits_spells_the_quote_said_in_words() -> None:
    # the recogniser wrote the asked line's price as "$120" and another line's as digits of another number
    hits = [line(10, "Yes, it cost 18 dollars at the fair."), line(300, "Yes, it cost $120 at the fair.")]
    out = whole_quote_first(entry(hits), "cost one hundred twenty dollars fair",
                            quote="Yes, it cost one hundred and twenty dollars at the fair.")
    assert out.evidence[0].t0 == T0 + 300


def test_spellings_alike_leave_the_order_given() -> None:
    # two lines spell the quote about as closely (a misheard word each): the order given (the asked voice first,
    # as the graph puts it) decides, not a point of spelling
    hits = [line(300, "Yes Ilse, the boat leaves from pier too at ten."),
            line(10, "Yes Ilse, the boat leaves from pier 2 a ten.")]
    quote = "Yes Ilse, the boat leaves from pier two at ten."
    assert whole_quote_first(entry(hits), "ilse boat leaves pier", quote=quote).evidence[0].t0 == T0 + 300
    assert whole_quote_first(entry(hits[::-1]), "ilse boat leaves pier", quote=quote).evidence[0].t0 == T0 + 10


def test_numbers_are_compared_as_said() -> None:
    from vidmem.agent.analyzer import spoken

    assert spoken("It cost $2,500, we leave at 4:20.") == \
        "it cost two thousand five hundred dollars, we leave at four twenty."
    assert spoken("Platform 7") == "platform seven"


def test_a_sentence_said_again_is_every_moment_it_was_said() -> None:
    from vidmem.agent.analyzer import said_again

    quote = "Then I will hand it back to Ottilie tomorrow."
    hits = [line(10, "Then I will hand it back to Ottilie tomorrow."),
            line(40, "Then I will hand it back to Bruno tomorrow."),  # another name: another sentence
            line(900, "And I will hand it back to Ottilie tomorrow.", video=2),  # a small word misheard
            line(1500, "Then I will hand it back to Odile tomorrow.", video=3)]  # the name misheard as much
    words = "then hand back ottilie tomorrow"
    assert said_again(entry(hits), words, quote) == [0, 2]
    # the name misheard: only as close a spelling is the same sentence
    assert said_again(entry(hits[1:]), words, quote.replace("Ottilie", "Odile")) == [2]
    # … or the name as the recogniser heard it, alike as names sound ("Iman" for Ivan), not another name
    short = [line(10, "Of course, Ivan."), line(300, "Of course, Iman."), line(600, "Of course, Rosa.")]
    assert said_again(entry(short), "course ivan", "Of course, Ivan.") == [0, 1]
    # typed in lower case, the quote's names are those the heard line capitalises
    assert said_again(entry(short), "course ivan", "of course, ivan.") == [0, 1]


def test_a_sentence_said_once_names_one_moment() -> None:
    from vidmem.agent.analyzer import said_again

    hits = [line(10, "Could you water the ferns, Hal?"), line(300, "Could you water the roses, Hal?")]
    assert said_again(entry(hits), "water ferns hal", "Could you water the ferns, Hal?") == [0]
    assert said_again(entry(hits), "water ferns hal", "could you water the ferns hal") == [0]


def test_a_sentence_saying_other_numbers_is_another_sentence() -> None:
    from vidmem.agent.analyzer import said_again

    # the same words with another platform and time, said by others (the misheard line spells the quote worst)
    hits = [line(10, "Yes, Ilse, the boat leaves from pier to at noon."),
            line(300, "Yes, Ilse, the boat leaves from pier 3 at 615."),
            line(900, "Yes, it ain't no, the boat leaves from pier 8 at 10 .30.")]
    quote = "the boat leaves from pier eight"
    assert said_again(entry(hits), "boat leaves pier eight", quote) == [2]
    assert whole_quote_first(entry(hits), "boat leaves pier eight", quote=quote).evidence[0].t0 == T0 + 900


def test_a_word_found_as_heard_counts_as_the_word_asked_for() -> None:
    line = Hit("audio", 1, 0.0, 2.0, 1.0, "Are we still going to crack on Sunday?",
               extra={"heard_as": {"krakow": "crack"}})
    assert "krakow" in hit_terms(line)
    other = Hit("audio", 1, 0.0, 2.0, 1.0, "See you on Sunday.", extra={"heard_as": {"krakow": "crack"}})
    assert "krakow" not in hit_terms(other)
