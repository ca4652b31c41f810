"""The kinds of event a game tells its players across games (service/feed.py writes
them to the players' streams, service/webhooks.py delivers them to the webhooks)."""
from __future__ import annotations

STARTED, YOUR_TURN, OVER = "game-started", "your-turn", "game-over"
MESSAGE = "message"         # a word said at a game's table (service/messages.py)
REMATCH = "rematch"         # a seat of a finished game's rematch (service/history.py)
CHALLENGE = "challenge"     # a seat reserved for the player in a new game (service/challenges.py)
DECLINED = "challenge-declined"     # a challenged player declined: its seat is open now
END_PROPOSED = "end-proposed"   # a seat proposes to end the game unfinished (service/end_votes.py)
END_AGREED = "end-agreed"       # a seat agrees to the proposal
END_REFUSED = "end-refused"     # a seat refuses it: the proposal is withdrawn
TAKEN_OVER = "seat-taken-over"  # a replacement took a running game's seat (service/replacement.py)
TAKE_BACK = "take-back"     # a take-back asked for, refused or applied (service/takeback.py)
