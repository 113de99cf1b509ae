"""Deciding a place's name from lines said on arriving and signs read there (no models: the rules alone)."""

from __future__ import annotations

from vidmem.ingest.place_naming import (
    LEAD_S,
    MIN_CONFIDENCE,
    Mention,
    Sign,
    Visit,
    decide_place_name,
    name_places,
    visit_of,
)

WEARER, FRIEND = 1, 2
VISITS = [Visit(1, 10, 0, 100), Visit(1, 20, 101, 200), Visit(1, 10, 300, 400), Visit(2, 30, 0, 100)]


def said(t: float, phrase: str, head: str | None = None, *, speaker: int = WEARER, weight: float = 0.8,
         video: int = 1) -> Mention:
    return Mention(video, int(t * 10), t, phrase, head or phrase, weight, "arrival", speaker, f"we're at the {phrase}")


def test_a_line_just_before_a_scene_starts_names_the_new_scene() -> None:
    assert visit_of(said(101 - LEAD_S / 2, "x"), VISITS) == VISITS[1]
    assert visit_of(said(50, "x"), VISITS) == VISITS[0]
    assert visit_of(said(250, "x"), VISITS) is None  # between visits, far from both
    assert visit_of(said(50, "x", video=2), VISITS) == VISITS[3]  # times of another file never mix


def test_agreement_across_visits_names_a_place_and_raises_confidence() -> None:
    once = dict((p, (n, c)) for p, n, c, _ in name_places([10], [said(5, "bakery")], VISITS, [], WEARER))
    twice = dict((p, (n, c)) for p, n, c, _ in name_places(
        [10], [said(5, "bakery"), said(305, "old bakery", "bakery")], VISITS, [], WEARER))
    assert once[10][0] == "bakery" and twice[10][0] in ("bakery", "old bakery")
    assert twice[10][1] > once[10][1]
    # repeating the name within one visit is one piece of evidence, not several
    chatty = dict((p, c) for p, _, c, _ in name_places(
        [10], [said(5, "bakery"), said(8, "bakery"), said(12, "bakery")], VISITS, [], WEARER))
    assert chatty[10] == once[10][1]


def test_contradicting_names_lower_confidence_and_the_majority_wins() -> None:
    mentions = [said(5, "bakery"), said(305, "bakery"), said(310, "kitchen", speaker=FRIEND, weight=0.5)]
    (_, name, confidence, evidence), = name_places([10], mentions, VISITS, [], WEARER)
    alone = name_places([10], mentions[:2], VISITS, [], WEARER)[0][2]
    assert name == "bakery" and confidence is not None and alone is not None and confidence < alone
    assert {e["name"] for e in evidence} == {"bakery", "kitchen"}


def test_a_sign_names_a_silent_place_less_surely_and_supports_a_spoken_name() -> None:
    # place 10 is silent and shows its own sign on both visits; place 30 hears "bakery" and shows "BAKERY"
    signs = [Sign(10, 1, 20, "FRESH BREAD", 0.95), Sign(10, 1, 40, "FRESH BREAD", 0.95),
             Sign(10, 1, 320, "FRESH BREAD", 0.97), Sign(30, 2, 20, "BAKERY", 0.9)]
    places = {p: (n, c, e) for p, n, c, e in name_places(
        [10, 30], [said(5, "bakery", video=2)], VISITS, signs, WEARER)}
    assert places[10][0] == "fresh bread"
    assert places[10][1] is not None and places[10][1] < places[30][1]
    assert any(e["kind"] == "sign agreeing" for e in places[30][2])
    spoken_only = name_places([30], [said(5, "bakery", video=2)], VISITS, [], WEARER)[0][2]
    assert places[30][1] > spoken_only


def test_a_notice_in_view_once_or_at_several_places_names_none() -> None:
    once = [Sign(20, 1, 120, "WET FLOOR", 0.95), Sign(20, 1, 150, "WET FLOOR", 0.97)]  # one visit, read twice
    everywhere = [Sign(10, 1, 20, "EXIT", 0.95), Sign(10, 1, 320, "EXIT", 0.95), Sign(20, 1, 120, "EXIT", 0.95)]
    named = {p: n for p, n, _, _ in name_places([10, 20], [], VISITS, once + everywhere, WEARER)}
    assert named == {10: None, 20: None}
    # the same texts on a place's every visit, and nowhere else, name it
    own = [Sign(10, 1, 20, "EXIT", 0.95), Sign(10, 1, 320, "EXIT", 0.95)]
    assert name_places([10], [], VISITS, own, WEARER)[0][1] == "exit"


def test_unclear_signs_and_long_text_are_not_names() -> None:
    long_text = "please keep this door closed at all times thank you"
    signs = [Sign(20, 1, 120, "OPEN", 0.4), Sign(20, 1, 130, long_text, 0.99)]
    assert name_places([20], [], VISITS, signs, WEARER)[0][1] is None


def test_someone_elses_line_and_a_line_late_in_the_visit_weigh_less() -> None:
    own = decide_place_name([_item(0.8)], [])[1]
    assert own is not None and own >= MIN_CONFIDENCE
    (_, _, other, _), = name_places([10], [said(5, "bakery", speaker=FRIEND)], VISITS, [], WEARER)
    (_, _, late, _), = name_places([10], [said(80, "bakery")], VISITS, [], WEARER)
    (_, _, early, _), = name_places([10], [said(5, "bakery")], VISITS, [], WEARER)
    assert other is not None and late is not None and early is not None
    assert other < early and late < early


def test_a_longer_name_takes_in_its_short_form() -> None:
    mentions = [said(5, "train station", "train station"), said(305, "station", "station")]
    (_, name, _, _), = name_places([10], mentions, VISITS, [], WEARER)
    assert name in ("train station", "station")
    (_, _, together, _), = name_places([10], mentions, VISITS, [], WEARER)
    (_, _, single, _), = name_places([10], mentions[:1], VISITS, [], WEARER)
    assert together is not None and single is not None and together > single


def _item(weight: float) -> dict:
    return {"name": "bakery", "group": "bakery", "kind": "arrival line", "weight": weight, "t": 0.0, "text": ""}
