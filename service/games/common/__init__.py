"""Rules shared by more than one game, each in a small rule-named module."""
