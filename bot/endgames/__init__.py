"""The bot's side of practical endgames (``/endgame``): what a try is and when
it ends (``tries.py``), and the words of a member's progress (``progress.py``).
The set itself is the ``endgames`` package; the command is ``bot/cogs/endgame.py``."""
