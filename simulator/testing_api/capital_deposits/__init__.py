"""Testing API resolvers of the `capital_deposits` family (`domain/capital_deposits/`): the
bank's decisions on a case and its documents (`capital_deposits`)."""
