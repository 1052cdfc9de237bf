"""Jieqi's plug-in (both rule sets) and the search in which face-down pieces
stay unknown to both sides, which its strongest levels play and its reviews
weigh by."""

from .plugin import JieqiPlugin

__all__ = ["JieqiPlugin"]
