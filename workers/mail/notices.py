"""What each mail says (issue 4, "Out"): invitation, your turn, reminder, move applied,
move rejected, game over, and the answers to commands and bad mail. Each returns a
compose.Mail for one seat of a loaded game (service.play.Game)."""
from __future__ import annotations

from service.play import Game
from service.web.seats import LINK_DAYS, seat_link_path
from workers.mail import compose, reply_address
from workers.mail.compose import Mail
from workers.mail.config import MailConfig


def blank(game: Game, seat: int, subject: str, config: MailConfig) -> Mail:
    record = game.record
    return Mail(game_id=record.id, game_name=game.type.name, seat=seat,
                seat_name=record.seats[seat].name, to=record.seats[seat].email,
                version=game.snapshot.version, subject=subject,
                reply_to=reply_address.make(config.secret, config.domain, record.id, seat,
                                           game.snapshot.version))


def notations(game: Game, seat: int) -> list[str]:
    snap = game.snapshot
    if snap.status != "active" or seat not in snap.to_act:
        return []
    engine = game.type.engine
    return [engine.format(m) for m in engine.legal_moves(game.state, seat)]


def board(game: Game, seat: int) -> str:
    return game.type.engine.render_text(game.state, seat)


def add_turn(mail: Mail, game: Game, seat: int) -> Mail:
    """The board and, if the seat must act, its legal moves and how to reply."""
    mail.add("The board", board(game, seat))
    moves = notations(game, seat)
    if moves:
        mail.add("Your legal moves", compose.shorten_moves(moves))
        mail.quick_replies = moves if len(moves) <= compose.FULL_LIST_UP_TO else []
        mail.add("", "Reply with your move (one per line, above the quoted text).")
    elif game.snapshot.status == "finished":
        mail.add("", "The game is over.")
    else:
        waiting = ", ".join(game.record.seats[s].name for s in game.snapshot.to_act)
        mail.add("", f"Not your move now. Waiting for: {waiting or 'nobody'} "
                     f"(the game is {game.snapshot.status}).")
    return mail


def page_link(mail: Mail, game: Game, seat: int, config: MailConfig) -> Mail:
    """The seat's web page (the board drawn), by a link that signs it in for LINK_DAYS."""
    link = config.public_url + seat_link_path(config.page_key, game.record.id, seat)
    return mail.add("Your page", f"{link}\n(the board as a picture; this link signs you in "
                                 f"for {LINK_DAYS} days: do not forward it)")


def invitation(game: Game, seat: int, config: MailConfig) -> Mail:
    names = ", ".join(f"{s.name} (seat {i})" for i, s in enumerate(game.record.seats))
    mail = blank(game, seat, "You are invited to a game", config)
    mail.add("Welcome", f"You play {game.type.name} with {names}.\n"
                        f"Game id {game.record.id}; options: {options_text(game.record.options)}.\n"
                        "You can play by replying to these mails, or over the API.")
    if fair := game.record.fairness:
        mail.add("Fair cards", f"Commitment to the seed: {fair['commitment']} (SHA-256 of "
                 "seed:salt; both are shown when the game ends, to check the shuffle)." +
                 ("\nThe game's creator chose the seed (a development server): whoever "
                  "knows it can foretell every card." if fair["seed_chosen_by_client"] else ""))
    return add_turn(page_link(mail, game, seat, config), game, seat)


def options_text(options: dict) -> str:
    return ", ".join(f"{name} {value}" for name, value in options.items()) or "none"


def your_turn(game: Game, seat: int, config: MailConfig, played: list[dict] = ()) -> Mail:
    """`played`: the log entries of the turn just applied, as this seat may see them
    (service.play.redacted_log)."""
    mail = blank(game, seat, "Your turn", config)
    if played:
        mail.add("Just played", "\n".join(
            f"  {game.record.seats[entry['seat']].name}: {entry['notation']}" for entry in played))
    return add_turn(page_link(mail, game, seat, config), game, seat)


def reminder(game: Game, seat: int, config: MailConfig, deadline: str | None) -> Mail:
    mail = blank(game, seat, "Reminder: your turn", config)
    mail.add("Reminder", "The game is waiting for your move." +
             (f"\nDeadline: {deadline}." if deadline else ""))
    return add_turn(mail, game, seat)


def applied(game: Game, seat: int, turn: dict, config: MailConfig) -> Mail:
    engine = game.type.engine
    played = "\n".join(f"  {engine.format(m)}" for m in turn["moves"])
    mail = blank(game, seat, "Your move was applied", config)
    mail.add("Applied", f"Played at version {turn['expected_version']}:\n{played}")
    return add_turn(mail, game, seat)


def rejected(game: Game, seat: int, turn: dict, config: MailConfig) -> Mail:
    mail = blank(game, seat, "Your move was rejected", config)
    return add_turn(mail.add("Rejected", refusal_text(game, turn)), game, seat)


def refusal_text(game: Game, refusal: dict) -> str:
    lines = [f"Reason: {refusal.get('reason', 'refused')}"]
    if refusal.get("rule"):
        lines.append(f"Rule: {refusal['rule']}")
    if refusal.get("field"):
        lines.append(f"At: {refusal['field']}")
    if refusal.get("options"):
        lines.append("Possible there:\n" + compose.shorten_moves(
            [option_text(game, o) for o in refusal["options"]]))
    lines.append("Nothing was changed.")
    return "\n".join(lines)


def option_text(game: Game, option) -> str:
    if isinstance(option, dict) and "action" in option:
        return game.type.engine.format(option)
    return str(option)


def game_over(game: Game, seat: int, config: MailConfig) -> Mail:
    result = game.snapshot.result or {}
    scores = result.get("scores", [])
    names = [s.name for s in game.record.seats]
    lines = [f"  {names[i]}: {score}" for i, score in enumerate(scores)]
    places = [f"  {place}. {', '.join(names[s] for s in group)}"
              for place, group in enumerate(result.get("ranking", []), start=1)]
    mail = blank(game, seat, "Game over", config)
    mail.add("Final scores", "\n".join(lines) or "(no scores)")
    mail.add("Ranking", "\n".join(places) or "(no ranking)")
    return mail.add("The board", board(game, seat))
