// The wire types (AppInfo, Problem, ErrorCode, …) are part of the SDK's API, and so are the game
// definitions and the fairness algorithm (GameDefinition, FairOutcomeSource) that verify bets.
@_exported import GameMath
@_exported import PlayhouseAPI
