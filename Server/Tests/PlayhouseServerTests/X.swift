import Testing
import VaporTesting
@testable import PlayhouseServer
@Test func x() {}
