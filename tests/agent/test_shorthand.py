from vidmem.agent.query.shorthand import plain_words

QUOTE = "\x000\x00"  # quoted words are held out as a slot before shorthand is read


def test_typed_shorthand_is_spelt_out() -> None:
    assert plain_words("wat did u c at the quay b4 lunch") == "what did you see at the quay before lunch"
    assert plain_words("who spoke 1st abt the van, wren n odile?") == "who spoke first about the van, wren and odile?"
    assert plain_words("where did i go after the place w/ the sign") == "where did i go after the place with the sign"


def test_a_date_keeps_its_1st() -> None:
    assert plain_words("what did i see on june 1st") == "what did i see on june 1st"
    assert plain_words("who came 1st on the 1st") == "who came first on the 1st"


def test_spoken_fillers_go_but_a_verb_like_stays() -> None:
    assert plain_words(f"um so when wren said {QUOTE} uh what was like in view") == \
        f"so when wren said {QUOTE} what was in view"
    assert plain_words("which of these did i like most") == "which of these did i like most"
    assert plain_words("what thing was in front of me, what was it?") == "what thing was in front of me?"
    assert plain_words("who was it?") == "who was it?"


def test_the_wearer_in_the_third_person_is_me() -> None:
    assert plain_words("Where was the camera wearer when Wren spoke?") == "Where was I when Wren spoke?"
    assert plain_words("who talked with the wearer at the quay?") == "who talked with me at the quay?"
    assert plain_words("what was in the wearer's view at the quay?") == "what was in my view at the quay?"
    assert plain_words("My uncle wears the camera. When did he first reach the quay, and who met him there?") == \
        "When did I first reach the quay, and who met me there?"
    # no one is said to wear the camera: "he" is someone else
    assert plain_words("Where was Wren when he called?") == "Where was Wren when he called?"


def test_spoken_contractions_are_spelt_out() -> None:
    assert plain_words("so wren said somethin' about the van - what'd wren say, y'know?") == \
        "so wren said something about the van - what did wren say?"
    assert plain_words("how many times'd i end up at the quarry?") == "how many times did i end up at the quarry?"
    assert plain_words("what time'd i get there? gonna need it") == "what time did i get there? going to need it"
    assert plain_words("I'd like to know where I was") == "I'd like to know where I was"  # "I'd" is no question


def test_words_of_address_go() -> None:
    assert plain_words("Could you tell me, love, where I was?") == "Could you tell me, where I was?"
    assert plain_words("where did ines go, mate?") == "where did ines go?"
    assert plain_words("Dear, who spoke first?") == "who spoke first?"
    assert plain_words("which of my dear friends spoke?") == "which of my dear friends spoke?"


def test_colloquial_going_and_seeing_in_plain_words() -> None:
    assert plain_words("how often did i pop over to the dairy") == "how often did i go to the dairy"
    assert plain_words("when I swung by the forge") == "when I went to the forge"
    assert plain_words("what time did I rock up at the quarry") == "what time did I arrive at the quarry"
    assert plain_words("the last time I was down the pub") == "the last time I was at the pub"
    assert plain_words("which did I first lay eyes on") == "which did I first see"
    assert plain_words("what lay before me then") == "what lay in front of me then"
    assert plain_words("who spoke before me?") == "who spoke before me?"  # a time, not a view


def test_old_words_in_plain_words() -> None:
    assert plain_words("Whither did I wander after the depot?") == "where did I wander after the depot?"
    assert plain_words("Where am I wont to see Wren?") == "Where do I usually see Wren?"
    assert plain_words("Pray tell, when did mine eyes first fall on the kite?") == \
        "when did my eyes first fall on the kite?"
    assert plain_words("Which was first spoken of at the silo, pray?") == "Which was first mentioned at the silo?"
    assert plain_words("Who spake about the hour of noon?") == "Who spoke around noon?"


def test_a_question_in_capitals_is_read_in_lower_case() -> None:
    assert plain_words("WHERE DID I PARK THE van ON MONDAY?") == "where did i park the van on monday?"
    assert plain_words("WHO SPOKE AT THE quay STOP NAME ONLY STOP") == "who spoke at the quay? name only."
    assert plain_words("WHERE WAS THE BUS STOP SIGN?") == "where was the bus stop sign?"
    # an acronym or two is no shouting
    assert plain_words("Did I see the USB stick at the ATM?") == "Did I see the USB stick at the ATM?"


def test_run_together_and_short_forms_of_a_busy_adult() -> None:
    assert plain_words("which did i goto first") == "which did i go to first"
    assert plain_words("who spoke the last time i was @ the quay") == "who spoke the last time i was at the quay"
    assert plain_words("how many times did i go 2 the quay") == "how many times did i go to the quay"
    assert plain_words("which of the quay or the silo did i reach firstly") == \
        "which of the quay or the silo did i reach first"
    assert plain_words("what was in view the 1st time wren spoke") == "what was in view the first time wren spoke"
    assert plain_words("what did i see on the 1st") == "what did i see on the 1st"  # a date


def test_plain_verbs_for_seeing_saying_and_talking() -> None:
    assert plain_words("who spoke where I came across the kettle") == "who spoke where I saw the kettle"
    assert plain_words(f"where was I as Wren voiced {QUOTE}") == f"where was I as Wren said {QUOTE}"
    assert plain_words("how many conversations did Wren contribute to on Monday?") == \
        "how many conversations did Wren speak in on Monday?"
    assert plain_words("how many chats were ones where Wren did some of the talking?") == \
        "how many chats were ones where Wren spoke?"


def test_a_learners_order_and_tense_around_the_first_time() -> None:
    assert plain_words("what was in view the time first I heard Wren") == "what was in view the first time I heard Wren"
    assert plain_words("what was in view first time I heard Wren") == "what was in view the first time I heard Wren"
    assert plain_words("who spoke the last time I am at the silo") == "who spoke the last time I was at the silo"
    assert plain_words("What thing the last time I was at the silo was in view?") == \
        "What thing was in view the last time I was at the silo?"
    assert plain_words(f"What was in view in moment when Wren said {QUOTE}?") == \
        f"What was in view at the moment when Wren said {QUOTE}?"
    # "the very first time", "for the first time": already whole
    assert plain_words("what was in view the very first time I heard Wren") == \
        "what was in view the very first time I heard Wren"


def test_formal_words_for_speaking_and_occasions() -> None:
    assert plain_words("in how many conversations did Wren take part as a speaker?") == \
        "in how many conversations did Wren speak?"
    assert plain_words("what was in view on the final occasion that I was at the silo?") == \
        "what was in view on the final time I was at the silo?"
