"""The steps behind build.py (the entry point stays at the top level, as the design card names it):
one module per step, standard library only, so a fresh machine runs them before anything is installed."""
