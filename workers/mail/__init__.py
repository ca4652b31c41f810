"""Play by e-mail (DESIGN.md, "Mail"): out-going notifications, the reply address,
and the intake of moves by reply. The rq jobs that use this are in workers/notify.py,
workers/clock.py and workers/deadline_policy.py; the intake in workers/mail/intake.py."""
