"""houji."""
