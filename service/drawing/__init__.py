"""The boards drawn as SVG from a game's public state: one module per game, shared by
the players' pages (service/web) and the mail's picture (workers/mail/html_part.py)."""
