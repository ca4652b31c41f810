"""`pbem bench WHAT`: figures from one run on this machine, one module for each thing
measured: `engine` (an engine alone), `api` (turns over HTTP through the queue),
`durability` (the same play on a Redis that fsyncs), `streams` (open event streams),
`storage` (Redis bytes per game), `pages` (the board pages' render time and weight),
`bot` (a bot against random play). `figures` and `running` are what they share: the game
measured and the figures' print, a real service started and stopped whole."""
