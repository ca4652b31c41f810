"""Issue 31: a refusal is read in the reader's language. Each game's engine refuses
moves with a message (speech.Said: its catalogue id and values), whose English is the
reason the API and the stored rejections always carried; a German reader reads it
through the presentation seam (Words.reason) in German, with the German rulebook's
names, and no English sentence of the catalogue is left in it.

The refusals are provoked at random positions of a seeded game of each game: moves
legal elsewhere in the game, legal moves with a field changed or dropped, unknown
actions and a seat not to act; the families (the modules that refuse) each game must
reach are listed, so a family that is never provoked fails the test."""
from __future__ import annotations

import json
import random

import pytest

from service import i18n
from service.games.base import IllegalMove, NotationError
from service.games.registry import game_types
from service.games.speech import Said, say
from tests.i18n.catalogue import english_in

NAMES = ["Ada", "Bert", "Cleo", "Dara"]
# game, options, seats, and the refusals that must be among those provoked: one
# message of each module that refuses (its rulebook heading in the comment)
GAMES = {
    "brass-lancashire": ({"length": "introductory"}, 3, {
        "it is not seat {seat}'s turn: waiting for {to_act}",             # SPIELZUG
        "not possible now; possible now: {actions}",                       # AKTIONEN
        "a {card} card does not let you build a {industry} in {location}",  # AKTION: BAUEN
        "no card {card} in your hand (you hold {cards})",                  # cards: Karten
        "the line {link} is already taken",                                # AKTION: VERBINDEN
        "{industry!r} is not an industry",                                 # AKTION: ENTWICKELN
        "a loan is £10, £20 or £30 (amount=10|20|30)",                     # AKTION: KREDIT
        "{mill!r} is not one of your unflipped cotton mills",              # AKTION: VERKAUFEN
        "{action} takes no {key}; it takes {allowed}",                     # the move's shape
    }),
    "age-of-industry": ({"map": "germany"}, 3, {
        "it is not your turn",                                             # SPIELABLAUF
        "no such space: {space}",                                          # AKTION: INDUSTRIE BAUEN
        "no such rail link: {link}",                                       # AKTION: EISENBAHNSTRECKE BAUEN
        "no such tile is left on your display",                            # AKTION: ENTWICKLUNG
        "sell from one of your unflipped cotton mills or goods factories",  # AKTION: WAREN VERKAUFEN
        "the face-up cards are {cards}",                                   # AKTION: ZWEI KARTEN ZIEHEN
        "loans are taken and repaid in your own turn, or repaid just before the interest",  # KREDITE
    }),
    "industry": ({}, 3, {
        "it is not your turn; waiting for seat {seat}",                    # Spielablauf
        "space must be one of the available spaces {spaces}",              # Phase 3. Auktion
        "a bid must be higher than {bid}",
        "it is not your turn to develop",                                  # Phase 4. Entwicklung
        "{action} takes no {key}; it takes {allowed}",
    }),
    "ultimate-railroads": ({"board": "russia"}, 3, {
        "it is not your turn",                                             # SPIELABLAUF
        "no such action space is open to you this round",                  # ARBEITER EINSETZEN
        "{action} takes no {key}; it takes {allowed}",
    }),
}


def bad_moves(legal: list[dict], seen: list[dict], chooser: random.Random) -> list[dict]:
    """Moves a seat may get wrong: one legal elsewhere in the game, a legal one with a
    field changed to another legal move's value, a nonsense value or left out, with a
    field too many, and an unknown action."""
    actions = {m["action"] for m in legal}
    elsewhere = [m for m in seen if m["action"] not in actions]
    out = chooser.sample(seen, min(len(seen), 12)) + chooser.sample(elsewhere, min(len(elsewhere), 4))
    for move in chooser.sample(legal, min(len(legal), 6)):
        for key in [k for k in move if k != "action"]:
            others = [m[key] for m in seen if key in m and m[key] != move[key]]
            out += [{**move, key: chooser.choice(others)}] if others else []
            out += [{**move, key: nonsense(move[key])}, {k: v for k, v in move.items() if k != key}]
        out.append({**move, "colour": "red"})
    return out + [{"action": "dance"}, *ASKED]


# moves a random game seldom offers early: asked at every position
ASKED = [{"action": "sell", "mill": "koeln.1", "outlet": "koeln.market"},      # Age of Industry
         {"action": "end_sale"}]


def nonsense(value):
    """A value of the same type that names nothing of the game."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return 7
    return ["nowhere"] if isinstance(value, list) else "nowhere"


def provoked(type_id: str, options: dict, seats: int, seed: int = 31) -> dict[str, list[IllegalMove]]:
    """The refusals of a seeded random game, by message id."""
    engine, chooser = game_types()[type_id].engine, random.Random(seed)
    state, seen, found = engine.setup(options, seats, seed), [], {}
    for _step in range(120):
        acting = engine.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = engine.legal_moves(state, seat)
        seen += [m for m in legal if m not in seen][:20]
        others = [s for s in range(seats) if s not in acting]
        trials = [(seat, m) for m in bad_moves(legal, seen, chooser)] + [(s, legal[0]) for s in others[:1]]
        for who, move in trials:
            try:
                engine.apply(state, who, move)
            except IllegalMove as refused:
                found.setdefault(getattr(refused.reason, "msgid", str(refused.reason)), []).append(refused)
        state, _events = engine.apply(state, seat, chooser.choice(legal))
    return found


@pytest.mark.parametrize("type_id", GAMES)
def test_every_refusal_is_said_in_german_without_an_english_sentence(type_id):
    """Each refusal provoked is a message (never a bare English text); its English, said
    again from its stored message, is the reason as the API carries it; in German it is
    another text, with no English sentence of the catalogue in it."""
    options, seats, families = GAMES[type_id]
    found = provoked(type_id, options, seats)
    assert sorted(families - set(found)) == []
    for msgid, refusals in found.items():
        for refused in refusals[:3]:
            assert isinstance(refused.reason, Said), (msgid, refused.reason)
            stored = json.loads(json.dumps(refused.as_dict()))      # as a rejected turn keeps it
            with i18n.speaking("en"):
                assert say(stored["reason_message"]) == stored["reason"] == str(refused.reason)
            with i18n.speaking("de"):        # the seam reads the names of the reader's language
                german = game_types()[type_id].presented(NAMES[:seats]).reason(stored["reason_message"])
                assert german != game_types()[type_id].presented(NAMES[:seats]).text(stored["reason"]), msgid
            assert english_in(german) == [], (msgid, german)
    assert len(found) >= len(families)


def test_a_refusal_names_the_german_rulebook_words_and_plurals():
    """Brass (AKTION: BAUEN): the German reader reads the German industry name;
    Age of Industry (AKTION: ZWEI KARTEN ZIEHEN): "Karte" for 1, "Karten" for more
    (ngettext, the catalogue's plural forms)."""
    brass = game_types()["brass-lancashire"]
    refused = Said("you have no {industry} tile left", industry="cotton_mill")
    with i18n.speaking("de"):
        assert brass.presented(NAMES[:2]).reason(refused.as_dict()) == \
            "du hast kein Plättchen Baumwollspinnerei mehr"
    for number, german in ((1, "ziehe 1 Karte"), (2, "ziehe 2 Karten")):
        draw = Said(("draw {number} card", "draw {number} cards"), number=number)
        with i18n.speaking("de"):
            assert say(json.loads(json.dumps(draw.as_dict()))) == german
        assert draw == f"draw {number} card" + "s" * (number != 1)


# a line of each game's notation that does not read, and why (each notation.py)
UNREADABLE = {"brass-lancashire": ["", "dance", "build bolton", "loan x", "pass colour=red", "develop"],
              "age-of-industry": ["", "dance", "build koeln.1", "develop dance 1 discard x", "draw x y z",
                                  "rail nowhere", "keep", "repay now"],
              "industry": ["", "auction 99", "bid x", "dance"],
              "ultimate-railroads": ["", "dance", "place", "place coins 1q", "pass now"]}


@pytest.mark.parametrize("type_id", UNREADABLE)
def test_a_line_that_does_not_read_is_said_in_german(type_id):
    """A reply's line that is no move of the game's notation: the engine's NotationError
    is a message too, said in German by mail (workers/mail/intake.py)."""
    engine = game_types()[type_id].engine
    for line in UNREADABLE[type_id]:
        with pytest.raises(NotationError) as unread:
            engine.parse(line)
        message = unread.value.args[0]
        assert isinstance(message, Said), (line, message)
        with i18n.speaking("de"):
            german = say(json.loads(json.dumps(message.as_dict())))
        assert german != str(message) and english_in(german) == [], (line, german)
