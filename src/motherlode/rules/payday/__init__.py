"""Pay Day: the month, the mail, the bargains and the rules of the modern edition (in progress)."""
