"""What each mail says (issue 4, "Out"): invitation, your turn, reminder, move applied,
move rejected, game over, and the answers to commands and bad mail. Each returns a
compose.Mail for one seat of a loaded game (service.play.Game)."""
from __future__ import annotations

import html
import re

from service import seating
from service.drawing import boards
from service.games.presentation import Words, fitted
from service.games.speech import _, say, speech
from service.mail.config import MailConfig
from service.play import Game, is_abandoned, legal_moves
from service.seat_links import LINK_DAYS, seat_link_path
from service.store import WAITING
from workers.mail import compose, german, happened, movelist, reply_address, words
from workers.mail.compose import Mail


def blank(game: Game, seat: int, subject: str, config: MailConfig) -> Mail:
    """A mail to the seat's address; with a reply address acting for the seat, but to the
    former holder of a resigned seat (a spectator now, service/seating.py)."""
    record = game.record
    held = seating.viewer(record, seat) is not None
    return Mail(watching=not held, game_id=record.id, game_name=game.type.name, seat=seat,
                seat_name=record.seats[seat].name, to=record.seats[seat].email,
                version=game.snapshot.version, subject=subject, language=speech().language,
                epoch=None if game.snapshot.status == WAITING else seating.epoch(record, seat),
                reply_to=reply_address.make(config.secret, config.domain, record.id, seat,
                                            game.snapshot.version, seating.epoch(record, seat))
                if held else None)


def seats_with_mail(game: Game) -> list[int]:
    """The seats with an address whose holders play them: not a resigned seat's, whose
    former holder is told only that it resigned and how the game ended (`every_address`)."""
    return [seat for seat in every_address(game) if not seating.resigned(game.record, seat)]


def every_address(game: Game) -> list[int]:
    """The seats with an address, a resigned one's too (told as a spectator)."""
    return [seat for seat, entry in enumerate(game.record.seats) if entry.email]


def notations(game: Game, seat: int) -> list[str]:
    """The seat's legal moves as it types them (movelist.typed), all of them."""
    return [movelist.typed(game.type.engine.format(m)) for m in legal_moves(game, seat)]


def said(game: Game) -> Words:
    """The game's presentation seam for its players (issue 27)."""
    return game.type.presented([s.name for s in game.record.seats])


def board(game: Game, seat: int) -> str:
    """The board and the seat's situation in words, each line within the mail's width;
    a resigned seat's former holder is shown the spectator's (service/seating.py)."""
    return fitted(said(game).view(game.state, seating.viewer(game.record, seat)))


def named(game: Game, notation: str) -> str:
    """Moves as typed with each seat they name by its player's name ("develop 2H Bert"),
    which a reply may type back (intake.resolve_named)."""
    return words.seats_named(notation, [s.name for s in game.record.seats])


def listed(game: Game, text: str) -> str:
    """Listed moves (each indented) as the reader writes them: players by name (`named`),
    in the reader's words (`spoken`)."""
    return spoken(game, named(game, text))


def spoken(game: Game, text: str) -> str:
    """Listed moves for a German reader in German words (german.listed), each read back
    as the same move; for any other as they are."""
    return german.listed(game.type, text, game.record.seats) if speech().language == "de" else text


def in_words(game: Game, text: str) -> str:
    """An engine's text with players by name and identifiers by their printed names."""
    return said(game).text(text)


def add_board(mail: Mail, game: Game, seat: int) -> Mail:
    """The board as text, and for the HTML part as a picture (or, for a game not drawn
    yet, its facts as a table)."""
    public = game.type.engine.view(game.state, None)["public"]
    names = [s.name for s in game.record.seats]
    picture = boards.board_svg(game.type.id, public, names)
    if picture:
        mail.picture_svg = str(picture)
        alt = re.search(r"<desc[^>]*>(.*?)</desc>", mail.picture_svg, re.DOTALL)
        mail.picture_alt = html.unescape(alt.group(1)) if alt else _("The board")
    else:
        mail.facts = boards.facts(public, len(names))
    return mail.add(_("The board"), board(game, seat))


def add_turn(mail: Mail, game: Game, seat: int) -> Mail:
    """The board and, if the seat must act, its legal moves and how to reply (never to
    a resigned seat's former holder: the bot's moves are not its)."""
    add_board(mail, game, seat)
    moves = [] if mail.watching else legal_moves(game, seat)
    if moves:
        text, playable = movelist.summary(game.type, game.state, seat, moves)
        mail.add(_("Your legal moves"), listed(game, text))
        mail.quick_replies = {listed(game, "  " + move).strip(): cost for move, cost in playable.items()}
        mail.add("", _("Reply with your move (one per line, above the quoted text)."))
    elif game.snapshot.status == "finished":
        mail.add("", _("The game is over."))
    else:
        waiting = ", ".join(game.record.seats[s].name for s in game.snapshot.to_act)
        mail.add("", _("Not your move now. Waiting for: {waiting} (the game is {status}).").format(
            waiting=waiting or _("nobody"), status=status_word(game.snapshot.status)))
    return mail


def ignored(lines: list[str]) -> tuple[str, str]:
    """The section naming the lines of a player's mail that were neither move nor
    command (issue 20, finding 2)."""
    return (_("Lines ignored"), _("These lines of your mail are neither a move nor a command, "
                                  "so they were ignored:") + "\n" + "\n".join(f"  {line}" for line in lines))


def status_word(status: str) -> str:
    """A game's status (the API's identifier) in the reader's words."""
    return {"active": _("active"), "finished": _("finished"), "paused": _("paused")}.get(status, status)


def page_link(mail: Mail, game: Game, seat: int, config: MailConfig) -> Mail:
    """The seat's web page (the board drawn), by a link that signs it in for LINK_DAYS;
    none to a resigned seat's former holder (it would sign it in to the bot's seat)."""
    if mail.watching:
        return mail
    link = config.public_url + seat_link_path(config.page_key, game.record, seat)
    mail.page_url = link
    return mail.add(_("Your page"), link + "\n" + _(
        "(the board as a picture; this link signs you in for {days} days: do not forward it)").format(
        days=LINK_DAYS))


def invitation(game: Game, seat: int, config: MailConfig) -> Mail:
    names = ", ".join(s.name for s in game.record.seats)
    mail = blank(game, seat, _("You are invited to a game"), config)
    mail.starts_thread = True
    mail.add(_("Welcome"), _("You play {game} with {names}.\nGame id {id}; options: {options}.\n"
                             "You can play by replying to these mails, or over the API.").format(
        game=game.type.name, names=names, id=game.record.id, options=said(game).options(game.record.options)))
    if fair := game.record.fairness:
        mail.add(_("Fair cards"), _("Commitment to the seed: {commitment} (SHA-256 of seed:salt; both "
                                    "are shown when the game ends, to check the shuffle).").format(
            commitment=fair["commitment"]) +
                 ("\n" + _("The game's creator chose the seed (a development server): whoever "
                            "knows it can foretell every card.") if fair["seed_chosen_by_client"] else ""))
    return add_turn(page_link(mail, game, seat, config), game, seat)


def your_turn(game: Game, seat: int, config: MailConfig, played: list[dict] = ()) -> Mail:
    """`played`: the log entries since the seat's last turn, as this seat may see them
    (service.play.redacted_log), at the top (issue 14)."""
    mail = blank(game, seat, _("Your turn"), config)
    if played:
        mail.add(_("Since your last turn"), since_last_turn(game, played))
    return add_turn(page_link(mail, game, seat, config), game, seat)


def since_last_turn(game: Game, played: list[dict]) -> str:
    """Each move since the seat's last turn in words, with what it cost and scored."""
    return happened.since_text(played, said(game),
                               lambda entry: named(game, movelist.typed(entry["notation"])))


def moved(game: Game, seat: int, config: MailConfig, played: list[dict]) -> Mail:
    """For a seat that chose a mail after every move: what was just played."""
    mover = game.record.seats[played[0]["seat"]].name if played else _("A player")
    mail = blank(game, seat, _("{player} moved").format(player=mover), config)
    mail.add(_("Just played"), since_last_turn(game, played))
    return add_turn(mail, game, seat)


def reminder(game: Game, seat: int, config: MailConfig, deadline: str) -> Mail:
    mail = blank(game, seat, _("Reminder: your turn"), config)
    mail.add(_("Reminder"), _("The game is waiting for your move.\nYour deadline: {deadline}").format(
        deadline=deadline))
    return add_turn(mail, game, seat)


def applied(game: Game, seat: int, turn: dict, config: MailConfig) -> Mail:
    engine = game.type.engine
    played = "\n".join(f"  {named(game, movelist.typed(engine.format(m)))}" for m in turn["moves"])
    mail = blank(game, seat, _("Your move was applied"), config)
    over = game.snapshot.status != "active" or seat not in game.snapshot.to_act
    mail.add(_("Applied"), _("Played at version {version}:").format(version=turn["expected_version"])
             + f"\n{played}" + ("\n" + _("This ended your turn.") if over else ""))
    return add_turn(mail, game, seat)


def rejected(game: Game, seat: int, turn: dict, config: MailConfig) -> Mail:
    mail = blank(game, seat, _("Your move was rejected"), config)
    return add_turn(mail.add(_("Rejected"), refusal_text(game, turn)), game, seat)


def refusal_text(game: Game, refusal: dict) -> str:
    if refusal.get("field") == "expected_version" and "current_version" in refusal:
        return moved_on(refusal["expected_version"], refusal["current_version"]) + "\n" + _(
            "Nothing was changed.")
    reason = said(game).reason(refusal.get("reason_message") or refusal.get("reason", ""))
    lines = [_("Reason: {reason}").format(reason=plain(reason))]
    if refusal.get("rule"):
        lines.append(_("Rule: {rule}").format(rule=rule_text(game, refusal["rule"])) + refused_move(game, refusal))
    if refusal.get("field"):
        lines.append(_("At: {place}").format(place=field_text(refusal["field"])))
    if refusal.get("options"):
        lines.append(_("Possible there:") + "\n" + compose.shorten_moves(
            [option_text(game, o) for o in refusal["options"]]))
    lines.append(_("Nothing was changed."))
    return "\n".join(lines)


def moved_on(answered: int, now: int) -> str:
    """A stale reply in words (issue 27), not "expected_version 2 but the game is at 8"."""
    return _("The game has moved on since your mail: it is now at move {now} (your mail answered "
             "move {answered}). Reply to the newest mail, which lists your moves now.").format(
        now=now, answered=answered)


def problem_text(game: Game, refused, answered: int) -> str:
    """Why the platform refused a turn by mail, in words: a stale mail, a game not
    taking turns, not the seat's move; otherwise the reason itself in words."""
    status = game.snapshot.status
    if refused.slug == "stale-version":
        return moved_on(answered, refused.extra.get("current_version", game.snapshot.version))
    if refused.slug == "game-not-active":
        return {"finished": _("The game is over: nothing more can be played."),
                "paused": _("The game is paused: no move can be played until its admin resumes it.")
                }.get(status, _("The game does not take moves now (it is {status}).").format(
                    status=status_word(status)))
    if refused.slug == "not-your-move":
        waiting = ", ".join(game.record.seats[s].name for s in game.snapshot.to_act) or _("nobody")
        return _("It is not your move now: the game waits for {waiting}.").format(waiting=waiting)
    return in_words(game, detail(refused))


def after_the_end(game: Game) -> str:
    """The friendly answer to moves mailed to a finished game (issue 27)."""
    result = game.snapshot.result or {}
    names = [s.name for s in game.record.seats]
    if is_abandoned(result):
        return _("This game is over, so nothing was played.") + "\n" + abandoned_text(game)
    return (_("This game is over, so nothing was played; thank you for playing!\nFinal scores:") + "\n"
            + "\n".join(score_lines(game, result))
            + "\n" + "\n".join(ranking_lines(result.get("ranking", []), result.get("scores", []), names)))


PY_LIST = re.compile(r"\[((?:'[^'\[\]]*'(?:, )?)+)\]")


def plain(text: str) -> str:
    """An engine's or the platform's reason as a player reads it: a Python list
    (`['a', 'b']`, in reasons the API shares) written as "a, b" (issue 20, finding 6)."""
    return PY_LIST.sub(lambda found: found.group(1).replace("'", ""), text)


def detail(refused) -> str:
    """The platform's refusal (a Problem) as its reader reads it: in the reader's
    language where its detail is a message (speech.Said), lists written plain."""
    return plain(say(refused.detail))


def rule_text(game: Game, rule: str) -> str:
    """The rule's English name with the rulebook's (German) heading beside it."""
    english = dict(game.type.rule_names).get(rule)
    return _("{english} (rulebook: {rule})").format(english=english, rule=rule) if english else rule


def refused_move(game: Game, refusal: dict) -> str:
    """The refused move named in English beside the rule (often the German rulebook's
    heading), e.g. ", for: build bolton cotton_mill card=bolton"."""
    found = re.match(r"moves\[(\d+)\]", refusal.get("field") or "")
    moves = refusal.get("moves") or []
    if found is None or int(found.group(1)) >= len(moves):
        return ""
    try:
        return _(", for: {move}").format(move=named(game, movelist.typed(game.type.engine.format(moves[int(found.group(1))]))))
    except Exception:                   # a move the engine cannot even write down
        return ""


def field_text(field: str) -> str:
    """`moves[1].card` as a player reads it: "your move 2, its card" (issue 20, finding 6)."""
    found = re.fullmatch(r"moves\[(\d+)\](?:\.(\w+))?", field)
    if found is None:
        return field.replace("_", " ")
    number, part = int(found.group(1)) + 1, found.group(2)
    return _("your move {number}").format(number=number) + (
        _(", its {part}").format(part=part.replace("_", " ")) if part else "")


def option_text(game: Game, option) -> str:
    if isinstance(option, dict) and "action" in option:
        return named(game, movelist.typed(game.type.engine.format(option)))
    return str(option)


def abandoned_text(game: Game) -> str:
    """A game its players ended by vote, in words."""
    result = game.snapshot.result
    agreed = ", ".join(game.record.seats[s].name for s in result["agreed"])
    return _("The players ended the game unfinished after {moves}: {agreed} agreed. It has no "
             "scores and no ranking, and is recorded as abandoned.").format(
        moves=compose.moves_counted(result["version"]), agreed=agreed)


def ranking_lines(ranking: list[list[int]], scores: list, names: list[str]) -> list[str]:
    """The places, saying where equal scores were told apart by the rules' tie-break
    and where a place is shared (issue 20, finding 6)."""
    def score(seat):
        return scores[seat] if seat < len(scores) else None
    lines, ties = [], False
    for place, group in enumerate(ranking, start=1):
        line = f"  {place}. {', '.join(names[s] for s in group)}"
        if len(group) > 1:
            line, ties = line + " " + _("(shared: equal also on the tie-break)"), True
        elif place > 1 and score(group[0]) is not None and score(group[0]) == score(ranking[place - 2][0]):
            line, ties = line + " " + _("(equal score: placed by the tie-break)"), True
        lines.append(line)
    if ties:
        lines.append(_("Equal scores are told apart by the tie-break in the game's rules "
                       "(its rulebook's end of game); still equal, the place is shared."))
    return lines


def game_over(game: Game, seat: int, config: MailConfig, played: list[dict] = ()) -> Mail:
    """The scores with their parts, the ranking, every move since the seat's last turn
    (`played`, as for "your turn"), the board, and the seed and salt with how to check
    them against the commitment the invitation gave (issue 27; README "Checking the
    shuffle")."""
    result = game.snapshot.result or {}
    scores = result.get("scores", [])
    names = [s.name for s in game.record.seats]
    ranking = result.get("ranking", [])
    if is_abandoned(result):            # ended by vote (service/end_votes.py)
        mail = blank(game, seat, _("Game over: abandoned"), config)
        mail.add(_("Abandoned"), abandoned_text(game))
    else:
        mail = blank(game, seat, _("Game over"), config)
        mail.add(_("Final scores"), "\n".join(score_lines(game, result)) or _("(no scores)"))
        mail.add(_("Ranking"), "\n".join(ranking_lines(ranking, scores, names)) or _("(no ranking)"))
    if played:
        mail.add(_("Since your last turn"), since_last_turn(game, played))
    add_board(mail, game, seat)
    if fair := game.record.fairness:
        mail.add(_("Check the shuffle"), shuffle_check(game, fair, config))
    return mail


def score_lines(game: Game, result: dict) -> list[str]:
    """Each seat's score with its parts: "  Ada: 42 (during play 30, money 12)"."""
    scores, names = result.get("scores", []), [s.name for s in game.record.seats]
    parts = result.get("breakdown", [{}] * len(scores))
    return [f"  {names[i]}: {score}" + (f" ({said(game).breakdown(parts[i])})" if parts[i] else "")
            for i, score in enumerate(scores)]


def shuffle_check(game: Game, fair: dict, config: MailConfig) -> str:
    """The seed and salt, now public, and the two checks anyone can make (README,
    "Checking the shuffle")."""
    record = game.record
    return _("Seed: {seed}\nSalt: {salt}\nCommitment given at the start: {commitment}\n"
             "To check the shuffle: 1. the SHA-256 of seed:salt equals the commitment, e.g. "
             "{command}\n2. replaying the game's log from the seed with the engine gives the same "
             "game: see \"Checking the shuffle\" in the service's README; the log is at {log}").format(
        seed=record.seed, salt=fair["salt"], commitment=fair["commitment"],
        command=f"printf '%s' '{record.seed}:{fair['salt']}' | sha256sum",
        log=f"{config.public_url}/v1/games/{record.id}/log")
