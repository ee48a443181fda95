"""Solvers: exact searches that answer "can this position still be won?" for one-player games.

Pure Python and the standard library only, like the rest of `engines/`: a solver runs in the app's
thinking worker (a child process) and on the command line (`cardtable solve`).
"""
