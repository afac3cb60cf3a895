// The wire types (AppInfo, Problem, ErrorCode, …) are part of the SDK's API.
@_exported import PlayhouseAPI
