"""What only frames a question goes; what it could need stays (made-up names, places and wording)."""

from __future__ import annotations

import pytest

from vidmem.agent.query.discourse import join_parts
from vidmem.agent.query.framing import is_afterthought, unframed


@pytest.mark.parametrize(("framed", "plain"), [
    # a label before a colon that tells nothing
    ("Pop quiz: who spoke first at the depot?", "who spoke first at the depot?"),
    ("Keep it short, I'm late already: where was I at noon?", "where was I at noon?"),
    ("For the hundredth time: how many trips to the quarry?", "how many trips to the quarry?"),
    # an apology before "but"
    ("Apologies, I'm sure you've told me, but what did Wren say about the ferry?",
     "what did Wren say about the ferry?"),
    # asking on someone's behalf, at the start or after "and"
    ("Our neighbour keeps asking where I parked the van.", "where I parked the van."),
    ("Wren mentioned a date, and my uncle wants to know: which day is the party?",
     "Wren mentioned a date. which day is the party?"),
    # a pseudo-cleft: an embedded question, or a thing to be named
    ("All I'm asking is who waved at me by the silo", "who waved at me by the silo"),
    ("The detail I'm missing is the place I parked on Friday.", "tell me the place I parked on Friday."),
    # a reason after the question
    ("who was at the depot yesterday, so I can thank them?", "who was at the depot yesterday?"),
    # someone asking before the question; the question said again; the wearer being where the camera is
    ("Our lodger asked me and I couldn't answer. Where did I park?", "Where did I park?"),
    ("what did the poster at the quay say? or what was written there, i mean", "what did the poster at the quay say?"),
    ("who talked at both the quay and the silo while I was there?", "who talked at both the quay and the silo?"),
    # a manager's shorthand: a label, the thing, a slash, what is asked of it
    ("Q: trips to the silo on Monday / how many separate ones?", "how many separate trips to the silo on Monday?"),
    ("Q: last stop at the quay / object in view?", "object in view, last stop at the quay?"),
    ("Q: first arrival at the depot / rough time?", "first arrival at the depot, rough time?"),
    ("Item: after the place with the blue door / next stop?",
     "where did I go next after the place with the blue door?"),
    ("Re the ferry: what did Wren say / approx. 10:12 on Monday?",
     "what did Wren say about the ferry around 10:12 on Monday?"),
    # an apology that says when the asker gets muddled; the day going on
    ("I always get names wrong when I'm sleepy, but who waved at the quay?", "who waved at the quay?"),
    ("I was going about my day and someone said hello. Who?", "someone said hello. Who?"),
    # a letter's greeting and signing off; a polite request; an exclamation and an intensified question word
    ("Dear helper, please let me know who waved at the quay. Kind regards, Pablo", "who waved at the quay."),
    ("To whom it may concern: I am writing to enquire where I parked the van. Yours sincerely.",
     "where I parked the van."),
    ("Golly, where on earth was I at when Wren phoned?", "where was I when Wren phoned?"),
    # rehearsing an answer: the question asked of the asker
    ("If my brother asks me how many trips I made to the silo, what should I tell him?",
     "how many trips I made to the silo?"),
    ("People are bound to ask who spoke first at the depot — what's my answer?", "who spoke first at the depot?"),
    # a slip put right; an aside that says nothing; a story broken off for the question
    ("when did I leave — no, sorry, get to — the quarry?", "when did I get to the quarry?"),
    ("what did I hold the last — no, the first — time I saw Wren?", "what did I hold the first time I saw Wren?"),
    ("who said — hang on, let me think — the ferry is late?", "who said the ferry is late?"),
    ("I was at the quay and saw a poster — wait, what did it say?",
     "I was at the quay and saw a poster. what did it say?"),
    ("what did I see on the very first occasion I met Wren?", "what did I see the very first time I met Wren?"),
    # exclamations that ask nothing; "whose voice"; a name or a place set first and pointed back at
    ("What a day! Who waved at the quay?! Here we go!", "Who waved at the quay?"),
    ("Someone shouted 'ahoy', and I needed a name. Whose voice was it?", "Someone shouted 'ahoy'. who was it?"),
    ("Pablo — the last time I heard them laugh, where was I?", "the last time I heard Pablo laugh, where was I?"),
    ("The silo — I drove there on Monday. When did I first get there?",
     "I drove to the silo on Monday. When did I first get to the silo?"),
    # a form filled in
    ("1) place: the silo 2) visit: the first one on Monday 3) what I need: the thing in my hand",
     "what was the thing in my hand the first time I was at the silo on Monday?"),
    ("1) choices: van, kite or drum 2) what I need: which one I saw last", "which of van, kite or drum I saw last?"),
    ("1) topic: the ferry 2) what I need: what Wren said about it", "what Wren said about the ferry?"),
    # what is looked at, limited to or set before the question
    ("Look at that poster at the quay! What did it say?", "that poster at the quay: What did it say?"),
    ("Sticking to my final trip to the silo: who was there?", "who was there on my last trip to the silo?"),
    ("The depot, around 9 am on Monday. Someone was whistling. Who?",
     "Someone was whistling at the depot, around 9 am on Monday. Who?"),
    ("Stay calm, I told myself. Who spoke first at the depot?", "Who spoke first at the depot?"),
    # doubting one's memory first; a sentence that only says the asker forgot
    ("I have a feeling I'm mixing up the poster at the quay — what did it really say?",
     "what did the poster at the quay say?"),
    ("I think I'm remembering the order wrong — which of the silo or the quay did I really reach first?",
     "which of the silo or the quay did I reach first?"),
    ("There was a poster at the quay. I read it, but it slipped my mind. What did it say?",
     "There was a poster at the quay. What did it say?"),
    # a show's host introducing the question ("today" is the show's)
    ("Tonight on the podcast, we're asking: who waved at the quay?", "who waved at the quay?"),
    ("On this week's episode: where did I park the van?", "where did I park the van?"),
    ("Welcome back, everyone! Today's question: how many trips to the silo?", "how many trips to the silo?"),
    # words to someone else in the room between dashes; a question begun again after them
    ("Who waved at the quay — no, leave the dog alone! — on Monday?", "Who waved at the quay on Monday?"),
    ("Which of the quay, the silo or the depot — sit still, please — did I reach first?",
     "Which of the quay, the silo or the depot did I reach first?"),
    ("Did Wren wave at the quay and — honey, not now — and at the silo?", "Did Wren wave at the quay and at the silo?"),
    ("What did the poster at the silo — hands off, please — what did it say?",
     "What did the poster at the silo — what did it say?"),
    # a log entry's framing
    ("Captain's log, supplemental. Who waved at the quay? End log.", "Who waved at the quay?"),
    # a sentence with a gap for the answer, as the question it asks
    ("Fill in the blank with a number: I went to the silo ____ separate times on Monday.",
     "how many separate times I went to the silo on Monday?"),
    ("Fill in the blank with one of the kite, the van or the lamp: the first of them I saw was ____.",
     "which of the kite, the van or the lamp was the first of them I saw?"),
    ("Complete the sentence: on Monday, Wren said ____.", "what Wren said on Monday?"),
    ("Fill in the blank: I first got to the depot at about ____.", "at about what time I first got to the depot?"),
    # the topic first, the question word last
    ("As for the quay, the person who spoke there is who?", "who is the person who spoke at the quay?"),
    ("As for the kite, the van or the lamp, the one I saw first is which?",
     "which of the kite, the van or the lamp is the one I saw first?"),
    ("As for Wren, the place where I usually see Wren is where?", "where I usually see Wren?"),
])
def test_the_frame_goes(framed: str, plain: str) -> None:
    assert unframed(framed) == plain


@pytest.mark.parametrize("kept", [
    # a label that sets a time or a place is a setting, not a frame
    "On Tuesday at the depot: who spoke first?",
    "Wren and Pablo: which of them spoke first?",
    # "but" after what happened
    "I was at the quarry, but who did I see there?",
    # someone in the footage asking is no one asking on the wearer's behalf
    "Pablo asked me where the van is. What did I answer?",
    # "since" that sets a moment
    "what did I hold since Wren arrived?",
    # a greeting that names someone in the footage, a "no" that answers, dashes around a setting
    "Dear Wren said hello at the depot. Who answered?",
    "Did Pablo say no — or yes — to the ferry?",
    "who spoke — at the depot on Monday — before me?",
    # a doubt that is the question itself
    "I think I saw Wren at the quay. Where did I see Pablo?",
])
def test_what_the_question_needs_stays(kept: str) -> None:
    assert unframed(kept) == kept


def test_an_afterthought_goes_but_a_setting_after_the_question_stays() -> None:
    assert is_afterthought("I'm putting together a diary.", [])
    assert is_afterthought("Just the number, please.", [])
    assert not is_afterthought("It was at the depot.", [])
    assert not is_afterthought("It was Pablo, I think.", ["pablo"])
    assert not is_afterthought("The quarry", [])
    assert join_parts("Where did I leave the drill? I'm putting together a diary.") == \
        "Where did I leave the drill?"
