"""Where answers from place visits: the names a visit goes by against each option, the visit the moment
falls in, the place most moments happened at ("usually"), the first arrival at a named place, and which
named place came first. Names and places are made up for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from vidmem.agent.answer import EvidenceAnswerer, number_evidence
from vidmem.agent.answer.places import where_scores
from vidmem.agent.query import Query
from vidmem.agent.state import MemoryEntry, Plan, Subtask
from vidmem.retrieval.types import Hit
from vidmem.timeline import Clock

T0 = datetime(2026, 5, 4, 8, 0, tzinfo=UTC).timestamp()


def visit(t0: float, t1: float, place_id: int, *names: tuple[str, float], score: float = 1.0) -> Hit:
    return Hit("place", 1, T0 + t0, T0 + t1, score, f"at {names[0][0] if names else f'P{place_id}'}",
               extra={"place": names[0][0] if names else f"P{place_id}", "place_id": place_id,
                      "names": [{"name": n, "weight": w, "kind": "test"} for n, w in names]})


def line(t: float, text: str, speaker: str) -> Hit:
    return Hit("audio", 1, T0 + t, T0 + t + 2, 1.0, text, speaker=speaker)


def memory(*entries: tuple[str, list[Hit]]) -> list[MemoryEntry]:
    return [MemoryEntry(i, tool, hits, [(h.t0, h.t1) for h in hits], [], [0.8] * len(hits))
            for i, (tool, hits) in enumerate(entries)]


def no_paraphrase(a: list[str], b: list[str]) -> np.ndarray:
    return np.zeros((len(a), len(b)), dtype=np.float32)


def answer(question: Query, options: list[str], plan: Plan, *entries: tuple[str, list[Hit]]) -> str | None:
    return EvidenceAnswerer(similarity=no_paraphrase, clock=Clock(T0)).decide(
        question, options, plan, number_evidence(memory(*entries))).choice


def after_sign(words: str) -> Plan:
    """"where did I go next after the place with the … sign": the sign, then the visits after it."""
    return Plan(intent="where", subtasks=[
        Subtask(goal="sign", tool="text_search", args={"query": words}, pick="best"),
        Subtask(goal="after", tool="place_search", args={"query": "*"}, ref=0, relation="after")])


def test_the_visit_covering_the_line_names_the_place_its_own_arrival_line_first() -> None:
    # the line fell in a visit of a cluster the Library calls "greenhouse"; that visit itself was greeted
    # "Okay, the pier." — and the window just touches the visit before, at the chapel
    places = [visit(0, 60, 1, ("pier", 0.8), ("greenhouse", 0.45), score=0.9),
              visit(-60, 0, 2, ("chapel", 0.7), score=0.1)]
    plan = Plan(intent="where", subtasks=[
        Subtask(goal="line", tool="audio_search", args={"query": "ferry late"}, pick="best"),
        Subtask(goal="where", tool="place_search", args={"query": "*"}, ref=0, relation="during")])
    options = ["A. greenhouse", "B. chapel", "C. pier", "D. bakery"]
    got = answer(Query(text="where was I when Ines said the ferry is late", intent="where"), options, plan,
                 ("audio_search", [line(20, "The ferry is late.", "Ines")]), ("place_search", places))
    assert got == "C"


def test_partial_names_and_no_names() -> None:
    station = [visit(0, 60, 1, ("train station", 0.8))]
    q = Query(text="where was I", intent="where")
    scores, _ = where_scores(["bus stop", "station", "harbour"], q, number_evidence(memory(("place_search", station))),
                             [], lambda e, who: 0.0, no_paraphrase)
    assert scores[1] > 0 and scores[0] == scores[2] == 0
    unnamed = [visit(0, 60, 3)]
    assert where_scores(["bus stop"], q, number_evidence(memory(("place_search", unnamed))), [],
                        lambda e, who: 0.0, no_paraphrase) is None  # the scorer's word matching decides


def test_usually_counts_the_moments_with_the_person_at_each_place() -> None:
    from vidmem.agent.speakers import SpeakerDirectory, SpeakerInfo

    places = [visit(0, 100, 1, ("bakery", 0.8)), visit(100, 200, 2, ("pier", 0.8)),
              visit(200, 300, 1, ("bakery", 0.8)), visit(300, 400, 3, ("museum", 0.8))]
    lines = [line(10, "hi there", "Ines"), line(150, "nice boats", "Ines"), line(160, "so many gulls", "Ines"),
             line(170, "look at that one", "Ines"), line(250, "fresh bread", "Ines"),
             line(310, "quiet here", "Tomasz"), line(320, "the old vase", "Tomasz"), line(330, "yes", "Tomasz")]
    plan = Plan(intent="where", subtasks=[
        Subtask(goal="lines", tool="audio_search", args={"query": "the", "speaker": "Ines"}, about=["Ines"]),
        Subtask(goal="places", tool="place_search", args={"query": "*"})])
    options = ["A. bakery", "B. pier", "C. museum", "D. chapel"]
    answerer = EvidenceAnswerer(similarity=no_paraphrase, speakers=SpeakerDirectory([
        SpeakerInfo(1, "Ines", {"Ines": 1.0}, 5), SpeakerInfo(2, "Tomasz", {"Tomasz": 1.0}, 3)]))
    ev = number_evidence(memory(("audio_search", lines), ("place_search", places)))
    usually = Query(text="where do i usually run into ines", intent="where", usually=True)
    assert answerer.decide(usually, options, plan, ev).choice == "B"  # three of her five lines


def test_first_arrival_is_the_start_of_the_first_visit_of_the_named_place() -> None:
    chapel = [visit(7 * 3600, 7 * 3600 + 60, 2, ("chapel", 0.7)), visit(2 * 3600, 2 * 3600 + 60, 2, ("chapel", 0.7))]
    frame = Hit("visual", 1, T0 + 1800, T0 + 1803, 0.9, "church, bell cote")  # looks like one, earlier
    plan = Plan(intent="when", subtasks=[Subtask(goal="g", tool="place_search", args={"query": "chapel"}),
                                         Subtask(goal="g", tool="visual_search", args={"query": "chapel"})])
    options = ["A. 08:30", "B. 10:00", "C. 15:00", "D. 12:10"]
    q = Query(text="what time did i get to the chapel", intent="when", places=["chapel"])
    assert answer(q, options, plan, ("place_search", chapel), ("visual_search", [frame])) == "B"


def test_which_named_place_came_first() -> None:
    plan = Plan(intent="order", subtasks=[Subtask(goal=p, tool="place_search", args={"query": p})
                                          for p in ("pier", "bakery", "museum")])
    found = [("place_search", [visit(5000, 5060, 1, ("pier", 0.8)), visit(900, 960, 1, ("pier", 0.2), score=0.1)]),
             ("place_search", [visit(3000, 3060, 2, ("bakery", 0.8))]),
             ("place_search", [])]
    q = Query(text="which of these places did i go to first", intent="order", ordinal="first")
    # a weak match of the pier (another name heard at its cluster) does not count as being there
    assert answer(q, ["A. pier", "B. bakery", "C. museum"], plan, *found) == "B"


def test_heard_like_compares_an_option_with_a_misheard_line_by_sound() -> None:
    from vidmem.agent.answer.places import heard_like

    assert heard_like("lighthouse", "Here we are at the light house.") == 1.0
    assert heard_like("quayside", "Made it to the key side.") >= 0.75  # spaces dropped, sounds compared
    assert heard_like("orchard", "Made it to the key side.") < 0.75


def test_an_unnamed_visit_is_compared_by_the_line_heard_on_arriving() -> None:
    q = Query(text="where was I", intent="where")
    unnamed = visit(0, 60, 3)
    unnamed.extra["heard"] = "We just pulled up at the old tannery."  # the recogniser gave no place name
    scores, support = where_scores(["granary", "tannery", "quarry"], q,
                                   number_evidence(memory(("place_search", [unnamed]))), [], lambda e, who: 0.0,
                                   no_paraphrase)
    assert scores[1] > 0 and scores[0] == scores[2] == 0 and support[1]
    # a name the visit goes by outranks a line that only sounds like another option
    named = visit(0, 60, 4, ("quarry", 0.8))
    named.extra["heard"] = "We just pulled up at the old tannery."
    scores, _ = where_scores(["granary", "tannery", "quarry"], q, number_evidence(memory(("place_search", [named]))),
                             [], lambda e, who: 0.0, no_paraphrase)
    assert scores[2] > scores[1] > 0


def test_a_name_heard_one_letter_off_counts_for_the_option_spelt_most_like_it() -> None:
    q = Query(text="where was I", intent="where")
    misheard = visit(0, 60, 5)
    misheard.extra["names"] = [{"name": "bier", "weight": 0.9, "kind": "arrival line"}]  # "pier" as heard
    ev = number_evidence(memory(("place_search", [misheard])))
    scores, support = where_scores(["granary", "pier", "quarry"], q, ev, [], lambda e, who: 0.0, no_paraphrase)
    assert scores[1] > 0 and scores[0] == scores[2] == 0 and support[1]
    # two options about as like it: neither is taken for it
    assert where_scores(["pier", "beer", "quarry"], q, ev, [], lambda e, who: 0.0, no_paraphrase) is None


def test_where_next_skips_a_scene_cut_off_the_next_place_that_goes_by_no_name() -> None:
    # after the sign at the market: a one-second scene of an unnamed cluster, then a visit whose cluster is
    # mostly called the beach and once the garden, then the unnamed cluster again
    def shown(t0: float, t1: float, place_id: int) -> Hit:
        hit = visit(t0, t1, place_id, ("street sign / HOT COFFEE", 0.2))
        hit.extra["names"][0]["kind"] = "what it shows"
        return hit

    places = [visit(0, 35, 1, ("market", 1.0)), shown(35, 35, 6), visit(36, 50, 2, ("beach", 0.6), ("garden", 0.2)),
              shown(51, 55, 6)]
    plan = after_sign("parking")
    options = ["A. museum", "B. garden", "C. gym"]
    question = Query(text="where did I go next after the place with the parking sign?", intent="where", next=True)
    assert answer(question, options, plan, ("text_search", []), ("place_search", places)) == "B"


def test_where_next_is_not_another_cluster_going_by_the_name_of_the_place_left() -> None:
    # the harbour's visits fell into two clusters (the pictures changed as the wearer walked along it): the
    # second is still the harbour, so the place gone to next is the one after it
    places = [visit(0, 20, 4, ("harbor", 1.0)), visit(21, 38, 3, ("harbour", 0.6)), visit(39, 60, 1, ("library", 0.9))]
    plan = after_sign("soup")
    options = ["A. harbour", "B. library", "C. market"]
    question = Query(text="where did I go next after the spot with the soup poster?", intent="where", next=True)
    assert answer(question, options, plan, ("text_search", []), ("place_search", places)) == "B"


def test_frames_at_another_place_than_the_moments_visit_do_not_say_where_it_was() -> None:
    # the line fell in a visit nothing names; the view's window reaches into the next visit, a harbour
    # whose frames carry that place's name: they say where I went next, not where I was
    here = visit(0, 30, 3)
    inside = Hit("visual", 1, T0 + 10, T0 + 12, 0.8, "shelves of a bookshop", extra={"place": "P3", "place_id": 3})
    after = Hit("visual", 1, T0 + 35, T0 + 37, 0.8, "boats, pier", extra={"place": "harbour", "place_id": 5})
    plan = Plan(intent="where", subtasks=[
        Subtask(goal="line", tool="audio_search", args={"query": "toaster price"}, pick="best"),
        Subtask(goal="where", tool="place_search", args={"query": "*"}, ref=0, relation="during"),
        Subtask(goal="view", tool="visual_search", args={"query": "place"}, ref=0, relation="around")])
    options = ["A. harbour", "B. bookshop", "C. chapel"]
    q = Query(text="at which place did i say the toaster was cheap", intent="where")
    found = (("audio_search", [line(8, "The toaster was cheap.", "me")]), ("place_search", [here]),
             ("visual_search", [after, inside]))
    assert answer(q, options, plan, *found) == "B"
    # with no visit found for the moment, every frame in the window still counts
    assert answer(q, options, plan, found[0], ("place_search", []), found[2]) == "A"


def test_a_moment_at_a_place_with_no_name_prefers_the_options_naming_no_other_place() -> None:
    # the line fell in a visit of place 3, which nothing names; the Library knows the mill and the quay elsewhere
    plan = Plan(intent="where", subtasks=[
        Subtask(goal="line", tool="audio_search", args={"query": "kite string"}, pick="best"),
        Subtask(goal="where", tool="place_search", args={"query": "*"}, ref=0, relation="during")])
    said = ("audio_search", [line(10, "Is the kite string long enough?", "Wen")])
    options = ["A. mill", "B. quay", "C. tannery", "D. orchard"]
    known = {1: "mill", 2: "quay"}

    def pick(*places: Hit, names: dict[int, str] = known) -> str | None:
        return EvidenceAnswerer(similarity=no_paraphrase, clock=Clock(T0), place_names=names).decide(
            Query(text="where was I when Wen asked about the kite string?", intent="where"), options, plan,
            number_evidence(memory(said, ("place_search", list(places))))).choice

    assert pick(visit(0, 60, 3)) in {"C", "D"}
    # a visit of a named place is answered by its name, as before
    assert pick(visit(0, 60, 2, ("quay", 0.6))) == "B"
    # nothing known elsewhere, or every option named elsewhere: nothing to prefer, the first option as before
    assert pick(visit(0, 60, 3), names={}) == "A"
    assert pick(visit(0, 60, 3), names={1: "mill", 2: "quay", 4: "tannery", 5: "orchard"}) == "A"


def test_where_i_went_first_or_last_is_the_earliest_or_latest_visit_not_the_best_named() -> None:
    # the day's visits as found: the quay best named, the mill first (after a one-frame glimpse as the file
    # starts), the orchard last
    visits = [visit(600, 660, 2, ("quay", 0.9)), visit(0, 0, 5, ("tannery", 0.3)), visit(1, 60, 1, ("mill", 0.8)),
              visit(3600, 3700, 3, ("orchard", 0.8), score=0.5)]
    plan = Plan(intent="where", subtasks=[Subtask(goal="where", tool="place_search", args={"query": "*"})])
    answerer = EvidenceAnswerer(similarity=no_paraphrase, clock=Clock(T0))

    def where(ordinal: str | None) -> str:
        query = Query(text="where did I go?", intent="where", ordinal=ordinal)  # type: ignore[arg-type]
        return answerer.decide(query, [], plan, number_evidence(memory(("place_search", visits)))).text

    assert where("first") == "mill" and where("last") == "orchard" and where(None) == "quay"


def test_how_long_i_was_at_a_place_is_the_length_of_its_visits() -> None:
    visits = [visit(0, 300, 2, ("quay", 0.9)), visit(302, 600, 2, ("quay", 0.9)), visit(3600, 3720, 2, ("quay", 0.9))]
    plan = Plan(intent="when", subtasks=[Subtask(goal="visits", tool="place_search", args={"query": "quay"})])
    query = Query(text="how long was I at the quay?", intent="when", places=["quay"], how_long=True)
    answer = EvidenceAnswerer(similarity=no_paraphrase, clock=Clock(T0)).decide(
        query, [], plan, number_evidence(memory(("place_search", visits))))
    # back-to-back visits are one stay: 10 minutes, then 2 more
    assert answer.text.startswith("about 12 minutes (2 visits: day 1, 08:00:00 to 08:10:00")
