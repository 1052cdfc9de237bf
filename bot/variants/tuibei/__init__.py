"""tuibei."""
