"""The mail rules the API, the pages and the mail jobs share (DESIGN.md, "Mail"): consent
and the suppression list, the rate limits, each seat's settings, the mail secret and the
mail queue. Sending and taking mail in are in workers/mail/."""
