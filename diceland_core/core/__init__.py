"""What every game shares: the game protocol and registry, dice over any
faces, one error tree with translated messages, records, replay and undo,
bots, the terminal's console and the simulator.  Nothing here knows any
game's rules."""
