"""rq jobs: resolve a turn, send mail, remind, take mail in. Jobs take ids only."""
