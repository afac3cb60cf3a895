import Foundation

/// How `client.lists` keeps and syncs the player's shopping lists (``ListsAPI``).
public struct ListsOptions: Sendable {
    /// How the lists follow the server's changes while the app is in the foreground (in the
    /// background they do not: ``PlayhouseClient/Configuration/appLifecycle``).
    public enum Polling: Sendable, Equatable {
        /// A long poll that the server answers as soon as something changes (the default).
        case longPoll
        /// A plain read every this many seconds (the seed's `pollRate`).
        case every(TimeInterval)
        /// Only when the app calls ``ListsAPI/sync()``.
        case manual
    }

    /// Where the local stores live: `lists-<player id>.sqlite` for each player who signed in on
    /// this device, `lists-userless.sqlite` for the lists kept before anyone signs in. Nil: a
    /// `Playhouse/lists-<client id>` folder in Application Support.
    public var directory: URL?
    public var polling: Polling
    /// Keeps the lists of the signed-out ("userless") store whoever signs in, and pauses syncing
    /// (the seed's `ignoreAttachedUser`).
    public var ignoresSignedInPlayer: Bool
    /// Whether syncing starts by itself when the client is made (false: at the first call of
    /// ``ListsAPI``).
    public var startsAtLaunch: Bool

    public init(directory: URL? = nil, polling: Polling = .longPoll, ignoresSignedInPlayer: Bool = false, startsAtLaunch: Bool = false) {
        self.directory = directory
        self.polling = polling
        self.ignoresSignedInPlayer = ignoresSignedInPlayer
        self.startsAtLaunch = startsAtLaunch
    }
}

/// Where syncing stands (``ListsAPI/syncStatus()``).
public struct ListSyncStatus: Sendable, Equatable {
    /// Operations made on this device that the server has not answered yet.
    public var pendingOperations: Int
    /// The last failure, until a sync succeeds.
    public var lastError: PlayhouseError?
    /// When the next try is due after a failure; nil while none is waiting.
    public var nextTry: Date?
    /// When the lists last heard from the server.
    public var lastSynced: Date?
    /// Whether a signed-in player's lists are synced now (false: the userless lists, or paused).
    public var isSyncing: Bool

    public init(pendingOperations: Int, lastError: PlayhouseError?, nextTry: Date?, lastSynced: Date?, isSyncing: Bool) {
        self.pendingOperations = pendingOperations
        self.lastError = lastError
        self.nextTry = nextTry
        self.lastSynced = lastSynced
        self.isSyncing = isSyncing
    }
}

/// What changed in the lists the app sees: lists or items added, removed and modified (a list
/// counts as modified when its items change). Posted as `Notification.Name.playhouseListsDidChange`
/// and `Notification.Name.playhouseListItemsDidChange`, and given by ``ListsAPI/changes()``.
public struct ListsChange: Sendable, Equatable {
    public var addedLists: [ShoppingList] = []
    public var removedLists: [ShoppingList] = []
    public var modifiedLists: [ShoppingList] = []
    public var addedItems: [ListItem] = []
    public var removedItems: [ListItem] = []
    public var modifiedItems: [ListItem] = []

    public init(addedLists: [ShoppingList] = [], removedLists: [ShoppingList] = [], modifiedLists: [ShoppingList] = [],
                addedItems: [ListItem] = [], removedItems: [ListItem] = [], modifiedItems: [ListItem] = []) {
        self.addedLists = addedLists
        self.removedLists = removedLists
        self.modifiedLists = modifiedLists
        self.addedItems = addedItems
        self.removedItems = removedItems
        self.modifiedItems = modifiedItems
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        addedLists.isEmpty && removedLists.isEmpty && modifiedLists.isEmpty && addedItems.isEmpty && removedItems.isEmpty && modifiedItems.isEmpty
    }
}

extension Notification.Name {
    /// Lists were added, removed or modified. `userInfo`: ``ListsAPI/addedKey``, ``ListsAPI/removedKey``,
    /// ``ListsAPI/modifiedKey``, each a `[ShoppingList]`. Posted from the SDK's sync, not on the main
    /// queue: observe with `queue: .main` to update the UI.
    public static let playhouseListsDidChange = Notification.Name("PlayhouseListsDidChange")
    /// Items were added, removed or modified. `userInfo`: the same keys, each a `[ListItem]`. Posted as the lists' notification is.
    public static let playhouseListItemsDidChange = Notification.Name("PlayhouseListItemsDidChange")
}
