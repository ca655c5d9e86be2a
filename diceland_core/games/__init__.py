"""The games: one package each, registering itself with
:func:`diceland_core.core.registry.register` when imported."""
