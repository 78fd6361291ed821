import Foundation
package import GRDB

/// Opens the project's SQLite files one way: created with mode 0600 (they hold full IMEIs),
/// WAL through a GRDB `DatabasePool`, a 30 s busy timeout, `synchronous = NORMAL`, and the
/// schema brought up to date. Blocks the calling thread. Callers wrap the error in their own
/// stable code.
package enum PrivateSQLite {
    /// Why the file could not be made or opened.
    package struct OpenError: Error {
        package let message: String
        package let cause: (any Error)?
    }

    package static func open(path: String, label: String, migrator: DatabaseMigrator) throws(OpenError) -> DatabasePool {
        let fd = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw OpenError(message: "cannot create \(path): \(String(cString: strerror(errno)))", cause: nil)
        }
        close(fd)
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
            return pool
        } catch {
            throw OpenError(message: "cannot open the database \(path)", cause: error)
        }
    }
}
