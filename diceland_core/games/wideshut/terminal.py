def terminal(players, bots=None, seed=0, lang="en", input=None, output=None):
    raise NotImplementedError
