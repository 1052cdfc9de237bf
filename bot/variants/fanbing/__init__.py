"""fanbing."""
