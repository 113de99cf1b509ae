"""Who was heard at a place or moment, asked without options (`answer/open_who.py`)."""

from __future__ import annotations

from vidmem.agent.answer.open_who import join_names, open_people
from vidmem.agent.answer.types import Evidence
from vidmem.agent.query.types import Anchor, Query
from vidmem.retrieval.types import Hit

# each line's candidate speakers, as the answerer's voice reading would give them
VOICES: dict[str, dict[str, float]] = {
    "Shall we sit by the water?": {"me": 0.6, "Juno": 0.08},  # the wearer, with a faint guess of a name
    "Yes, the bench is free.": {"Ottilie": 0.9},
    "I brought the thermos.": {"Bram": 0.7},
    "Lovely, pass it over.": {"me": 0.6, "Juno": 0.08},
    "Careful, it is hot.": {"Bram": 0.35, "Look Bram": 0.3},
}


def line(n: int, text: str, relevance: float = 0.6, step: int = 1) -> Evidence:
    return Evidence(n, Hit("audio", 1, 100.0 + n, 102.0 + n, 1.0, text), relevance, step, "audio_search")


def voices(ev: Evidence) -> dict[str, float]:
    return dict(VOICES.get(ev.hit.text, {}))


def nobody(ev: Evidence) -> list[str]:
    return []


def lines() -> list[Evidence]:
    return [line(i, text) for i, text in enumerate(VOICES)]


def test_everyone_heard_about_as_surely_is_named_and_the_wearer_last() -> None:
    names, share, cited = open_people(Query(text="who spoke there?", intent="who"), lines(), voices, nobody)
    assert names == ["Bram", "Ottilie", "me"]
    assert 0 < share <= 1 and cited and cited[0].hit.text in {"I brought the thermos.", "Careful, it is hot."}
    assert join_names(names) == "Bram, Ottilie and me"


def test_a_faint_guess_on_many_lines_never_adds_up_to_a_person() -> None:
    names, _, _ = open_people(Query(text="who spoke there?", intent="who"), lines(), voices, nobody)
    assert "Juno" not in names and "Look Bram" not in names  # a misheard "Look Bram" is Bram


def test_other_than_me_leaves_out_the_wearers_lines_and_their_names() -> None:
    query = Query(text="who spoke there?", intent="who", excludes_wearer=True)
    names, _, cited = open_people(query, lines(), voices, nobody)
    assert "me" not in names and names[:2] == ["Bram", "Ottilie"]
    assert all("me" not in VOICES[e.hit.text] for e in cited)


def test_two_places_put_who_was_heard_at_both_first() -> None:
    evidence = [line(0, "Yes, the bench is free.", 0.9, step=1), line(1, "Yes, the bench is free.", 0.9, step=1),
                line(2, "I brought the thermos.", 0.4, step=1), line(3, "Careful, it is hot.", 0.4, step=3)]
    query = Query(text="who spoke at the pier and the gym?", intent="who", terms=["pier", "gym"],
                  places=["pier", "gym"], both=["pier", "gym"])
    names, _, _ = open_people(query, evidence, voices, nobody)
    assert names[0] == "Bram"


def test_right_before_a_moment_is_one_person() -> None:
    query = Query(text="who spoke there?", intent="who",
                  anchor=Anchor(relation="before", text="I left the pier", kind="place"))
    names, _, _ = open_people(query, lines(), voices, nobody)
    assert len(names) == 1


def test_who_said_some_words_is_one_person() -> None:
    query = Query(text="who said the thermos is hot?", intent="who", terms=["thermos", "hot"])
    assert len(open_people(query, lines(), voices, nobody)[0]) == 1


def test_a_face_without_a_name_only_when_nobody_named_was_seen() -> None:
    def faces(ev: Evidence) -> list[str]:
        return ["Person 4"]

    assert "Person 4" not in open_people(Query(text="who spoke there?", intent="who"), lines(), voices, faces)[0]
    alone = open_people(Query(text="who spoke there?", intent="who"), [line(0, "…")], voices, faces)[0]
    assert alone == ["Person 4"]
