"""What every game shares: the game protocol and registry, dice over any
faces, one error tree with translated messages, records, replay, bots and the
simulator.  Nothing here knows any game's rules."""
