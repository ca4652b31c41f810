"""The kinds of event a game tells its players across games (service/feed.py writes
them to the players' streams, service/webhooks.py delivers them to the webhooks)."""
from __future__ import annotations

STARTED, YOUR_TURN, OVER = "game-started", "your-turn", "game-over"
MESSAGE = "message"         # a word said at a game's table (service/messages.py)
REMATCH = "rematch"         # a seat of a finished game's rematch (service/history.py)
TAKE_BACK = "take-back"     # a take-back asked for, refused or applied (service/takeback.py)
