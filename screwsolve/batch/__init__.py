"""Work over many files: the shared walk over claims, `check`, `grade`, file discovery,
caches, and child processes with limits.
"""
