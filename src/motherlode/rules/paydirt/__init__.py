"""Pay Dirt: rules and component data for the gold-mining game of auctions, ore and winter."""
