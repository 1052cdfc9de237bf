"""Tournaments in a server: the announcement with its Join and Leave buttons,
the director that starts them, opens their rounds' games and records their
results, and the words and pictures of their tables. The logic of formats,
pairings and tie-breaks is the top-level ``tournaments`` package; what is
kept is storage's; the commands are ``bot/cogs/tournament.py``."""
